// The reconciliation queue as support works through it: its count, oldest first, filters in the
// address, pages of 25, and a charge opened from it that keeps Reconcile as the current place.
// Open charges come from the sandbox's 0240000006 (HTTP 500 → unknown, no reference, so the
// sweep leaves them in the queue). Other tests add charges to the same queue at the same time,
// so each test follows its own rows (by description) inside a network it filters on.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";

test.use({ role: "support" });

const OPEN = "0240000006";

async function openCharges(baseURL: string, provider: string, descriptions: string[]) {
  const staff = await apiAs("staff", baseURL);
  const made = [];
  // One after another: their creation times are the order the queue must show.
  for (const description of descriptions) made.push(await chargeVia(staff, { amount: "4.00", phone: OPEN, description, provider }));
  await staff.dispose();
  for (const c of made) expect(c.status).toBe("unknown");
  return made;
}

/** The indexes (in `mine`) of this page's rows that are ours, in the order shown. */
async function ours(page: Page, mine: string[]) {
  const texts = await page.getByTestId("charge-row").allInnerTexts();
  return texts.map((t) => mine.findIndex((d) => t.includes(d))).filter((i) => i >= 0);
}

async function applyFilters(page: Page, choices: Partial<Record<"Status" | "Network" | "Older than" | "Order", string>>) {
  const form = page.getByRole("search", { name: "Filter the queue" });
  for (const [label, option] of Object.entries(choices)) await form.getByLabel(label).selectOption({ label: option });
  await form.getByRole("button", { name: "Apply" }).click();
}

test("the queue says how many charges need a decision, shows the oldest first, and pages 25 at a time", async ({ page, baseURL }) => {
  const tag = uniqueDescription("queue");
  const mine = Array.from({ length: 27 }, (_, i) => `${tag} #${String(i + 1).padStart(2, "0")}`);
  await openCharges(baseURL!, "airteltigo", mine);

  await page.goto("/reconcile");
  await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
  // This server's RECONCILE_PENDING_MINUTES is 1: said in the singular.
  await expect(page.getByText("still pending after 1 minute.")).toBeVisible();
  const count = page.getByTestId("queue-count");
  await expect(count).toHaveText(/^\d+ charges need a decision$/);
  expect(Number((await count.innerText()).split(" ")[0])).toBeGreaterThanOrEqual(27);
  await expect(page.getByRole("table", { name: /charges need a decision, oldest first$/ })).toBeVisible();

  await applyFilters(page, { Network: "AT Money (AirtelTigo)" });
  await expect(page).toHaveURL(/[?&]network=airteltigo/);
  await expect(count).toHaveText(/^\d+ charges need a decision; \d+ match these filters$/);
  const matching = Number(/; (\d+) match/.exec(await count.innerText())![1]);
  expect(matching).toBeGreaterThanOrEqual(27);

  // Forward through every page: 25 rows a page, ours each once, oldest first throughout. Each
  // page is read whole first: the pager comes after the rows in the streamed HTML, and a count
  // taken while it is on its way found no "Next page" in a clean-clone run.
  await page.waitForLoadState("load");
  const firstPage = await page.getByTestId("charge-row").allInnerTexts();
  expect(firstPage).toHaveLength(25);
  await expect(page.getByRole("link", { name: "← Previous page" })).toHaveCount(0);
  const seen = await ours(page, mine);
  const firstOurs = [...seen];
  let pages = 1;
  // Each step waits for the address the link names: from the third page on, an address with
  // `after=` and a Previous link were already there on the page before, and rows read then
  // were that page's again.
  const next = page.getByRole("link", { name: "Next page →" });
  while (await next.count()) {
    const target = new URL((await next.getAttribute("href"))!, page.url()).href;
    await next.click();
    await page.waitForURL(target);
    await expect(page.getByRole("link", { name: "← Previous page" })).toBeVisible();
    await page.waitForLoadState("load");
    pages++;
    seen.push(...(await ours(page, mine)));
  }
  expect(pages).toBe(Math.ceil(matching / 25));
  expect(seen).toEqual(mine.map((_, i) => i));

  // And back: the previous page of the second is the first.
  await page.goto(`/reconcile?network=airteltigo`);
  await page.getByRole("link", { name: "Next page →" }).click();
  await page.getByRole("link", { name: "← Previous page" }).click();
  await expect(page).toHaveURL(/[?&]before=/);
  await expect(page.getByTestId("charge-row")).toHaveCount(25);
  // Ours as on the first page: other tests settle their own open charges meanwhile, so the
  // rows that are not ours may differ.
  expect(await ours(page, mine)).toEqual(firstOurs);

  // Newest first on request: ours, from the last made.
  await applyFilters(page, { Order: "Newest first" });
  await expect(page).toHaveURL(/[?&]order=newest/);
  await expect(page.getByRole("table", { name: /match these filters, newest first$/ })).toBeVisible();
  const newest = await ours(page, mine);
  expect(newest.slice(0, 5)).toEqual([26, 25, 24, 23, 22]);
});

test("filters on status and age live in the address; a value that does not parse is named and ignored", async ({ page, baseURL }) => {
  const description = uniqueDescription("queue filters");
  await openCharges(baseURL!, "vodafone", [description]);
  const row = page.getByTestId("charge-row").filter({ hasText: description });

  await page.goto("/reconcile?network=vodafone&order=newest");
  await expect(row).toHaveCount(1);
  await applyFilters(page, { Status: "Unknown" });
  await expect(page).toHaveURL(/[?&]status=unknown/);
  await expect(row).toHaveCount(1);
  await applyFilters(page, { Status: "Pending" });
  await expect(page.getByTestId("queue-count")).toHaveText(/; \d+ match these filters$/);
  await expect(row).toHaveCount(0);

  // Made a moment ago: not older than 15 minutes, an hour or a day.
  await applyFilters(page, { Status: "Pending or unknown", "Older than": "15 minutes" });
  await expect(page).toHaveURL(/[?&]age=15m/);
  await expect(page.getByTestId("queue-count")).toBeVisible();
  await expect(row).toHaveCount(0);
  for (const age of ["1h", "1d"]) {
    await page.goto(`/reconcile?network=vodafone&order=newest&age=${age}`);
    await expect(page.getByTestId("queue-count")).toBeVisible();
    await expect(row).toHaveCount(0);
  }
  // The same link, shared, shows the same list and the same choices.
  await page.goto("/reconcile?network=vodafone&status=unknown&order=newest");
  await expect(page.getByLabel("Network")).toHaveValue("vodafone");
  await expect(page.getByLabel("Status")).toHaveValue("unknown");
  await expect(page.getByLabel("Order")).toHaveValue("newest");
  await expect(row).toHaveCount(1);

  await page.goto("/reconcile?network=vodafone&order=newest&age=soon&status=success");
  const alert = page.getByRole("alert").filter({ hasText: "Some filters were not applied" });
  await expect(alert).toContainText("Some filters were not applied");
  await expect(alert).toContainText("Older than: Use an age like 15m, 1h or 1d");
  await expect(alert).toContainText("Status: Only pending and unknown charges are in the queue");
  await expect(row).toHaveCount(1);
});

test("a charge opened from the queue keeps Reconcile current and leads back to the same queue", async ({ page, baseURL }) => {
  const description = uniqueDescription("queue detail");
  const [c] = await openCharges(baseURL!, "mtn", [description]);

  await page.goto("/reconcile?network=mtn&order=newest");
  await page.getByTestId("charge-row").filter({ hasText: description }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/reconcile/${c.id}\\?network=mtn&order=newest$`));
  await expect(page.getByTestId("result-headline")).toHaveText("Outcome unknown");
  await expect(page.getByRole("heading", { name: "Reconcile" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Reconcile" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Transactions" })).not.toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "← Back to the queue" }).click();
  await expect(page).toHaveURL(/\/reconcile\?network=mtn&order=newest$/);
  await expect(page.getByLabel("Network")).toHaveValue("mtn");
  await expect(page.getByTestId("charge-row").filter({ hasText: description })).toHaveCount(1);

  // The same charge under /transactions is the history's, with no way back to the queue.
  await page.goto(`/transactions/${c.id}`);
  await expect(nav.getByRole("link", { name: "Transactions" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "← Back to the queue" })).toHaveCount(0);
});

test("an unknown or malformed id under /reconcile answers HTTP 404", async ({ page }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    const res = await page.goto(`/reconcile/${id}?network=mtn`);
    expect(res?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the queue, its filters and a charge opened from it fit without sideways scrolling", async ({ page, baseURL }) => {
    const description = uniqueDescription("queue phone");
    const [c] = await openCharges(baseURL!, "mtn", [description]);
    for (const path of ["/reconcile?order=newest", `/reconcile/${c.id}?order=newest`]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways overflow on ${path}`).toBeLessThanOrEqual(0);
    }
    await expect(page.getByRole("link", { name: "← Back to the queue" })).toBeVisible();
  });
});
