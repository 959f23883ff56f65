// Insights: the figures include new charges, the period lives in the URL, the charts follow the
// reader's colour scheme, and only owner and support may open the page.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { charge, uniqueDescription } from "../support/charge";
import { formatDay } from "../../../lib/day";

const value = (page: Page, figure: "volume" | "count" | "rate") => page.getByTestId(`summary-${figure}-value`);
const asNumber = (text: string) => Number(text.replace(/[^\d.]/g, "") || "0");
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The summary's figures; an empty period (the page's empty state) reads as zeros. */
async function summary(page: Page) {
  await page.goto("/insights");
  await expect(page.getByTestId("insights-empty").or(value(page, "count"))).toBeVisible();
  if (await page.getByTestId("insights-empty").isVisible()) return { count: 0, volume: 0 };
  return { count: asNumber(await value(page, "count").innerText()), volume: asNumber(await value(page, "volume").innerText()) };
}

/** Computed colours of an element, to compare the two colour schemes. */
const colours = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, text: s.color };
  });

test.describe("as the owner", () => {
  test.use({ role: "owner" });

  test("the summary includes new charges and the presets change the period in the URL", async ({ page }) => {
    // Other tests charge at the same time on the shared ledger: figures only grow, so compare with ≥.
    const before = await summary(page);
    await charge(page, { amount: "7.00", phone: "0240000001", description: uniqueDescription("insights ok") });
    await charge(page, { amount: "3.00", phone: "0240000004", description: uniqueDescription("insights failed") });
    const after = await summary(page);
    expect(after.count).toBeGreaterThanOrEqual(before.count + 2);
    expect(after.volume).toBeGreaterThanOrEqual(before.volume + 7); // the failed 3.00 is not volume
    await expect(value(page, "volume")).toContainText("GH₵");
    await expect(value(page, "rate")).toHaveText(/^\d+(\.\d)?%$/);
    expect(asNumber(await page.getByTestId("outcome-success").innerText())).toBeGreaterThanOrEqual(1);
    expect(asNumber(await page.getByTestId("outcome-failed").innerText())).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("figure", { name: "Charges by day" })).toBeVisible();
    await expect(page.getByRole("img", { name: /number of charges per day/ })).toBeVisible();

    const period = page.getByRole("navigation", { name: "Period" });
    await expect(period.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
    await period.getByRole("link", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(`/insights?from=${daysAgo(6)}&to=${today()}`);
    await expect(period.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
    await expect(value(page, "count")).toBeVisible(); // today's charges are inside the last 7 days
    await period.getByRole("link", { name: "Last 90 days" }).click();
    await expect(page).toHaveURL(`/insights?from=${daysAgo(89)}&to=${today()}`);
    // The custom range shows the period as the app writes days.
    await expect(page.getByLabel("From")).toHaveValue(formatDay(daysAgo(89)));
  });

  // A Pages Router page without the framework's runtime (docs/decisions/lists-without-runtime.md):
  // no script file, a preset shows the header script's bar while its page is on its way, and with
  // JavaScript off the presets and the custom period still change what is shown.
  test("the page loads no script file; a preset shows the bar; with JavaScript off the period still changes", async ({
    page,
    browserAs,
    baseURL,
  }) => {
    const files: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") files.push(r.url());
    });
    await page.goto("/insights");
    await expect(page.getByTestId("insights-period")).toBeVisible();
    expect(files).toEqual([]);
    const seen = await page
      .getByRole("navigation", { name: "Period" })
      .getByRole("link", { name: "Last 7 days" })
      .evaluate((link) => {
        link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
        return document.querySelector("[role=progressbar][aria-label='Opening the page']")?.checkVisibility() ?? false;
      });
    expect(seen).toBe(true);
    await expect(page).toHaveURL(`/insights?from=${daysAgo(6)}&to=${today()}`);
    await expect(page.getByTestId("nav-pending")).toHaveCount(0);

    const context = await browserAs("owner", { baseURL, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const off = await context.newPage();
    await off.goto("/insights");
    await off.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 90 days" }).click();
    await expect(off).toHaveURL(`/insights?from=${daysAgo(89)}&to=${today()}`);
    await off.getByRole("textbox", { name: "From" }).fill(formatDay(daysAgo(13)));
    await off.getByRole("textbox", { name: "To" }).fill(formatDay(daysAgo(0)));
    await off.getByRole("button", { name: "Show" }).click();
    await expect(off.getByTestId("insights-period")).toContainText(formatDay(daysAgo(13)));
    await expect(off.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 7 days" })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
    await context.close();
  });

  test("a period with no charges shows the empty state; bad dates say so and show the default", async ({ page }) => {
    await page.goto("/insights?from=2001-01-01&to=2001-01-31");
    await expect(page.getByTestId("insights-empty")).toContainText("No charges in this period");
    await expect(page.getByTestId("insights-period")).toContainText("1 Jan 2001 – 31 Jan 2001");
    // The custom range shows and takes days as the app writes them, not the browser's mm/dd/yyyy.
    const range = page.getByRole("form", { name: "Custom period" });
    await expect(range.getByLabel("From")).toHaveValue("1 Jan 2001");
    await range.getByLabel("From").fill("3 Jan 2001");
    await range.getByLabel("To").fill("Jan 9, 2001");
    await range.getByRole("button", { name: "Show" }).click();
    await expect(page.getByTestId("insights-period")).toContainText("3 Jan 2001 – 9 Jan 2001");
    await expect(range.getByLabel("To")).toHaveValue("9 Jan 2001");

    await page.goto("/insights?from=2025-02-30&to=someday");
    await expect(page.getByTestId("period-error")).toContainText("like 23 Nov 2026");
    await expect(page.getByTestId("period-error")).toContainText("last 30 days instead");
    await expect(page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 30 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the charts follow the colour scheme: dark mode gives them a dark surface", async ({ page }) => {
    await charge(page, { amount: "4.00", phone: "0240000001", description: uniqueDescription("insights dark") });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/insights");
    const light = await colours(page, "chart-count");
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await colours(page, "chart-count");
    expect(dark.background).not.toBe(light.background);
    expect(dark.text).not.toBe(light.text);
    // The bars change too, so they keep their contrast on the dark card.
    const barFill = () =>
      page
        .getByTestId("chart-count")
        .locator("rect")
        .first()
        .evaluate((el) => getComputedStyle(el).fill);
    const darkBar = await barFill();
    await page.emulateMedia({ colorScheme: "light" });
    expect(await barFill()).not.toBe(darkBar);
  });
});

test.describe("the charts take the width they are given", () => {
  test.use({ role: "owner" });
  const dayLong = (day: string) =>
    new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${day}T00:00:00Z`),
    );

  for (const [width, days] of [
    [390, 30],
    [390, 90],
    [1280, 30],
  ] as const) {
    test(`at ${width} px over ${days} days: no sideways scrolling, and the newest day's bar is on screen`, async ({ page }) => {
      await charge(page, { amount: "5.00", phone: "0240000001", description: uniqueDescription("insights width") });
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/insights?from=${daysAgo(days - 1)}&to=${today()}`);
      for (const id of ["chart-volume", "chart-count"]) {
        const chart = page.getByTestId(id);
        await expect(chart).toBeVisible();
        // Nothing inside the chart scrolls sideways, and the drawing fills the card's width.
        const fit = await chart.evaluate((figure) => {
          const svg = figure.querySelector("svg[role=img]")!.getBoundingClientRect();
          const card = figure.getBoundingClientRect();
          const scrolling = [figure, ...figure.querySelectorAll("*")].filter(
            (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
          ).length;
          return { scrolling, svgLeft: svg.left, svgRight: svg.right, cardLeft: card.left, cardRight: card.right, cardWidth: card.width };
        });
        expect(fit.scrolling).toBe(0);
        expect(fit.svgLeft).toBeGreaterThanOrEqual(fit.cardLeft);
        expect(fit.svgRight).toBeLessThanOrEqual(fit.cardRight);
        expect(fit.svgRight - fit.svgLeft).toBeGreaterThan(fit.cardWidth * 0.7);
        // The newest day: its bar and its label are inside the card and the window.
        for (const mark of [chart.locator(`svg rect[data-day="${today()}"]`), chart.locator(`svg text[data-day="${today()}"]`)]) {
          await expect(mark).toBeVisible();
          const box = (await mark.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(fit.cardLeft);
          expect(box.x + box.width).toBeLessThanOrEqual(Math.min(fit.cardRight, width));
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      // The figures are still there as a table, newest day last.
      const count = page.getByTestId("chart-count");
      await count.getByText("Show the figures").click();
      const table = count.getByRole("table", { name: "Charges per day" });
      await expect(table.getByRole("row")).toHaveCount(days + 1);
      await expect(table.getByRole("row").last()).toContainText(dayLong(today()));
    });
  }
});

test.describe("as support", () => {
  test.use({ role: "support" });

  test("support may open insights", async ({ page }) => {
    const response = await page.goto("/insights");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Period" })).toBeVisible();
  });
});

test("staff may not open insights: the 403 page", async ({ page }) => {
  const response = await page.goto("/insights");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
});
