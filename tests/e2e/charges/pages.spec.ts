// The account, the recent charges, and how the pages hold up on a phone.
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { charge, headline, uniqueDescription } from "../support/charge";
import { NAV_PAGES, SETTINGS_PAGES } from "../support/nav";

test.describe("as the owner", () => {
  test.use({ role: "owner" });

  test("the account page shows the upstream's user record, nested values included", async ({ page }) => {
    await page.goto("/account");
    const details = page.getByTestId("account-details");
    await expect(details).toContainText("Sandbox Merchant Ltd");
    await expect(details.getByText("Business name")).toBeVisible();
    await expect(details.getByText("Rate limit")).toBeVisible();
    await expect(details.getByText("Requests per minute")).toBeVisible();
    await expect(details.getByText("Available")).toBeVisible();
  });

  // A Pages Router page without the framework's runtime (docs/decisions/lists-without-runtime.md):
  // no script file, and the same record with JavaScript off.
  test("the account page loads no script file, and shows the record with JavaScript off", async ({ page, browserAs, baseURL }) => {
    const files: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") files.push(r.url());
    });
    await page.goto("/account");
    await expect(page.getByTestId("account-details")).toContainText("Sandbox Merchant Ltd");
    expect(files).toEqual([]);
    const context = await browserAs("owner", { baseURL, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const off = await context.newPage();
    await off.goto("/account");
    await expect(off.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(off.getByTestId("account-details")).toContainText("Requests per minute");
    await context.close();
  });

  test("the account page shows the upstream's amounts as money and its timestamps as the app's times", async ({ page }) => {
    await page.goto("/account");
    const details = page.getByTestId("account-details");
    const row = (label: string) =>
      details
        .locator("div")
        .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
        .last();
    await expect(row("Available")).toHaveText(/^Available\s*GH₵15,230\.50$/);
    await expect(row("Pending")).toContainText("GH₵120.00");
    // In the business's time zone (Africa/Accra, UTC, unless business.spec has it changed for a moment).
    await expect
      .poll(async () => {
        const { business } = await (await page.request.get("/api/business")).json();
        await page.reload();
        const shown = await row("Created at").innerText();
        const expected = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: business.timeZone }).format(
          new Date("2025-03-14T09:26:53Z"),
        );
        return shown.includes(expected) ? "in the business's zone" : `${shown} (expected ${expected})`;
      })
      .toBe("in the business's zone");
    // Counts stay counts; nothing is left in the upstream's raw form.
    await expect(row("Requests per minute")).toHaveText(/^Requests per minute\s*1,000$/);
    await expect(details).not.toContainText("2025-03-14T09:26:53Z");
  });
});

test("the header says TEST for the sandbox's key and never shows the key", async ({ page }) => {
  await page.goto("/charges/new");
  await expect(page.getByTestId("key-mode")).toHaveText("TEST");
  expect(await page.content()).not.toContain("sk_test_momo_sandbox");
});

test("recent charges list the newest first and open the result view", async ({ page }) => {
  const first = uniqueDescription("older");
  const second = uniqueDescription("newer");
  await charge(page, { amount: "1.00", phone: "0240000001", description: first });
  await charge(page, { amount: "2.00", phone: "0240000004", description: second });
  await page.getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  const rows = page.getByTestId("charge-row");
  // The heading comes with the loading state; the rows when the ledger has been read.
  await expect(rows.filter({ hasText: second })).toBeVisible();
  const texts = await rows.allInnerTexts();
  const iNewer = texts.findIndex((t) => t.includes(second));
  const iOlder = texts.findIndex((t) => t.includes(first));
  expect(iNewer).toBeGreaterThanOrEqual(0);
  expect(iNewer).toBeLessThan(iOlder);
  await rows.filter({ hasText: second }).getByRole("link").click();
  await expect(headline(page)).toHaveText("Charge failed");
});

test("an unknown or malformed charge id, and its receipt, answer HTTP 404 with a not-found page", async ({ page, request }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    for (const path of [`/transactions/${id}`, `/transactions/${id}/receipt`]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "See recent charges" })).toBeVisible();
      // The status the server sends, not what the browser shows of it.
      expect((await request.get(path)).status(), path).toBe(404);
    }
  }
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("the form, the result and the list fit without sideways scrolling", async ({ page }) => {
    await charge(page, { amount: "3.00", phone: "0240000001", description: uniqueDescription("phone") });
    await expect(headline(page)).toHaveText("Charge successful");
    for (const path of ["/charges/new", page.url(), "/transactions"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways overflow on ${path}`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("a receipt at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("wraps whole words only and fits the screen", async ({ page, baseURL }) => {
    const staff = await apiAs("staff", baseURL!);
    const description = uniqueDescription("School fees for the second term, paid in full");
    const c = await chargeVia(staff, { amount: "1250.00", phone: "0240000001", description });
    await staff.dispose();
    await page.goto(`/transactions/${c.id}/receipt`);
    await expect(page.getByRole("heading", { name: "Payment receipt" })).toBeVisible();
    await expect(page.getByText("MTN Mobile Money")).toBeVisible();
    await expect(page.getByText(c.id)).toBeVisible();

    const found = await page.evaluate(() => {
      const problems: string[] = [];
      const values = [...document.querySelectorAll("article dd")];
      for (const dd of values) {
        const style = getComputedStyle(dd);
        if (style.wordBreak === "break-all" || style.overflowWrap === "anywhere") problems.push(`breaks anywhere: ${dd.textContent}`);
        if (dd.scrollWidth > dd.clientWidth) problems.push(`overflows its box: ${dd.textContent}`);
        // Each word of each text node lies on one line: the tops of its boxes are one.
        const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) problems.push(`broken mid-word: ${word[0]}`);
          }
        }
      }
      return { problems, values: values.length, overflow: document.documentElement.scrollWidth - window.innerWidth };
    });
    expect(found.values).toBe(6);
    expect(found.problems).toEqual([]);
    expect(found.overflow, "sideways overflow").toBeLessThanOrEqual(0);
  });
});

test.describe("on a 390 px phone, as the owner", () => {
  test.use({ role: "owner", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu reaches every page, and every page fits without sideways scrolling", async ({ page }) => {
    await page.goto("/charges/new");
    const menu = page.getByRole("button", { name: "Menu" });
    const everyPage = [...NAV_PAGES.owner.map(([name]) => ["Main", name]), ...SETTINGS_PAGES.owner.map(([name]) => ["Settings", name])];
    for (const [nav, name] of everyPage) {
      await menu.click();
      const link = page.getByRole("navigation", { name: nav }).getByRole("link", { name, exact: true });
      const href = (await link.getAttribute("href"))!;
      await link.click();
      await expect(page).toHaveURL(href);
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways overflow on ${href}`).toBeLessThanOrEqual(0);
    }
  });
});

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: a successful charge's links stand apart: Save as customer, Printable receipt`, async ({ browserAs, baseURL }) => {
    const staff = await apiAs("staff", baseURL!);
    const c = await chargeVia(staff, { amount: "2.40", phone: "0240000001", description: uniqueDescription(`links-${name}`) });
    await staff.dispose();
    const ctx = await browserAs("owner", { viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`/transactions/${c.id}`);
    const save = page.getByRole("link", { name: "Save as customer" });
    const receipt = page.getByRole("link", { name: "Printable receipt" });
    const [a, b] = [(await save.boundingBox())!, (await receipt.boundingBox())!];
    // On one line with a clear gap between them, or one under the other: never run together.
    const apart = a.x + a.width + 16 <= b.x || a.y + a.height <= b.y;
    expect(apart, `Save as customer ${JSON.stringify(a)}, Printable receipt ${JSON.stringify(b)}`).toBe(true);
    await ctx.close();
  });
}
