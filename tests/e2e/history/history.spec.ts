// Support finds charges: by reference, by phone, by words and filters, shares the URL, pages on.
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";

test.use({ role: "support" });

test("a support member finds a charge by reference and opens its timeline", async ({ page, baseURL }) => {
  const staff = await apiAs("staff", baseURL!);
  const c = await chargeVia(staff, { amount: "12.34", phone: "0240000001", description: uniqueDescription("by-ref") });
  await staff.dispose();
  await page.goto("/transactions");
  await page.getByRole("searchbox", { name: "Search" }).fill(c.reference!);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${c.reference}`));
  const rows = page.getByTestId("charge-row");
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("link").click();
  await expect(page.getByTestId("reference")).toHaveText(c.reference!);
  const timeline = page.getByTestId("timeline-entry");
  await expect(timeline.nth(0)).toContainText("Charge created");
  await expect(timeline.nth(0)).toContainText("by E2E Staff");
  await expect(timeline.nth(1)).toContainText("Sent to the mobile money service");
  await expect(timeline.nth(2)).toContainText("The mobile money service answered");
  // Support reads the exchange's technical detail behind a disclosure.
  await timeline.nth(2).getByText("Technical detail").click();
  await expect(timeline.nth(2)).toContainText("HTTP 200");
  await expect(timeline.nth(2).locator("pre")).toContainText(`"transaction_reference":"${c.reference}"`);
});

test("filters combine, live in the URL, and a shared link shows the same list", async ({ page, baseURL, browserAs }) => {
  const staff = await apiAs("staff", baseURL!);
  const tag = uniqueDescription("filters");
  await chargeVia(staff, { amount: "5.00", phone: "0240000001", description: `${tag} small ok` });
  await chargeVia(staff, { amount: "50.00", phone: "0240000001", description: `${tag} big ok` });
  await chargeVia(staff, { amount: "50.00", phone: "0240000004", description: `${tag} big failed` });
  await chargeVia(staff, { amount: "50.00", phone: "0201234567", provider: "vodafone", description: `${tag} big vodafone` });
  await staff.dispose();

  await page.goto("/transactions");
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByLabel("Status").selectOption("success");
  await page.getByLabel("Network").selectOption("mtn");
  await page.getByLabel("Min amount").fill("10");
  await page.getByRole("button", { name: "Apply" }).click();
  const rows = page.getByTestId("charge-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${tag} big ok`);
  const shared = page.url();
  expect(shared).toContain("status=success");
  expect(shared).toContain("network=mtn");
  expect(shared).toContain("min=10");

  // Someone else opens the link: same filters, same rows.
  const other = await browserAs("owner");
  const otherPage = await other.newPage();
  await otherPage.goto(shared);
  await expect(otherPage.getByTestId("charge-row")).toHaveCount(1);
  await expect(otherPage.getByLabel("Status")).toHaveValue("success");
  await other.close();

  await page.goto(`/transactions?q=${encodeURIComponent(tag)}&network=vodafone`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("vodafone");
  await page.goto(`/transactions?q=${encodeURIComponent(tag)}&max=6`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("small ok");
});

test("a phone number search, bad filter values explained, and an empty result", async ({ page, baseURL }) => {
  // This member's own charge: its number shows whole (another member's would be masked for staff).
  const staff = await apiAs("staff", baseURL!);
  const mine = uniqueDescription("phone-search");
  await chargeVia(staff, { amount: "1.00", phone: "0240000004", description: mine });
  await staff.dispose();
  await page.goto("/transactions?q=%2B233%2024%20000%200004&status=nonsense&from=2026-13-01");
  await expect(page.getByRole("alert").filter({ hasText: "Some filters were not applied" })).toContainText("status: Unknown status");
  await expect(page.getByTestId("charge-row").filter({ hasText: mine })).toContainText("024 000 0004");
  await page.goto("/transactions?q=no-such-words-anywhere-xyz");
  await expect(page.getByText("No charges match these filters.")).toBeVisible();
});

test("pages go older and back newer without losing the filters", async ({ page, baseURL }) => {
  const staff = await apiAs("staff", baseURL!);
  const tag = uniqueDescription("paging");
  for (let i = 0; i < 55; i++) await chargeVia(staff, { amount: "1.00", phone: "0240000001", description: `${tag} #${i}` });
  await staff.dispose();
  await page.goto(`/transactions?q=${encodeURIComponent(tag)}`);
  const rows = page.getByTestId("charge-row");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(`${tag} #54`);
  await page.getByRole("link", { name: "Older →" }).click();
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toContainText(`${tag} #0`);
  expect(page.url()).toContain(`q=${encodeURIComponent(tag).replace(/%20/g, "+")}`);
  await page.getByRole("link", { name: "← Newer" }).click();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(`${tag} #54`);
});

test("the list does not ask the server for every row's result view in advance", async ({ page, baseURL }) => {
  const staff = await apiAs("staff", baseURL!);
  const description = uniqueDescription("no-prefetch");
  const c = await chargeVia(staff, { amount: "1.00", phone: "0240000001", description });
  await staff.dispose();
  const resultViews: string[] = [];
  page.on("request", (r) => {
    if (/\/transactions\/[0-9a-f-]{36}/.test(new URL(r.url()).pathname)) resultViews.push(r.url());
  });
  await page.goto("/transactions");
  const row = page.getByTestId("charge-row").filter({ hasText: description });
  await expect(row).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  expect(resultViews).toEqual([]);
  // Opening one still works: it is fetched when chosen.
  await row.getByRole("link").click();
  await expect(page.getByTestId("reference")).toHaveText(c.reference!);
  expect(resultViews.length).toBeGreaterThan(0);
});
