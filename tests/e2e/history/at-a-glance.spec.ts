// What support reads off the list without opening a charge: the customer's name from the
// directory, the network's reference with a Copy button, a date range in one click, and how
// many rows a page shows — kept in the address like every filter. At 1280 and 390 px.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";

// Made anew by each run of beforeAll: with fullyParallel, one worker may run it more than once
// for this file (each time it comes back to the file), and a tag kept from the first run would
// then match twice the charges (a run saw 52 where the tests count 26).
let tag = "";
let named = "";
let reference = "";
let name = "";

test.beforeAll(async ({ baseURL }) => {
  tag = uniqueDescription("glance");
  named = `${tag} named`;
  const staff = await apiAs("staff", baseURL!);
  // A customer of the directory (a number no other test uses), charged once; 25 charges to a number that is in no directory.
  const phone = `024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  name = `Esi Glance ${phone.slice(-4)}`;
  const added = await staff.post("/api/customers", {
    data: { name, phoneNumber: phone, provider: "mtn" },
    headers: { "Content-Type": "application/json" },
  });
  expect(added.status()).toBe(201);
  reference = (await chargeVia(staff, { amount: "7.00", phone, description: named })).reference!;
  for (let i = 0; i < 25; i++) await chargeVia(staff, { amount: "1.00", phone: "0240000001", description: `${tag} #${i}` });
  await staff.dispose();
});

const rows = (page: Page) => page.getByTestId("charge-row");

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test.describe(label, () => {
    test.use({ viewport: { width, height: 900 } });

    test("searching the customer's name finds their charge, whose description does not name them", async ({ page }) => {
      await page.goto("/transactions");
      await page.getByRole("searchbox", { name: "Search" }).fill(name);
      await page.getByRole("searchbox", { name: "Search" }).press("Enter");
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(named);
      await expect(rows(page).first().getByTestId("customer-name")).toHaveText(name);
    });

    test("a row shows the customer's name and the reference, and Copy copies it without opening the charge", async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto(`/transactions?q=${encodeURIComponent(tag)}`);
      const row = rows(page).filter({ hasText: named });
      await expect(row.getByTestId("customer-name")).toHaveText(name);
      // Only numbers in the directory get a name.
      await expect(
        rows(page)
          .filter({ hasText: `${tag} #0` })
          .getByTestId("customer-name"),
      ).toHaveCount(0);
      await expect(row).toContainText(reference);
      const before = page.url();
      await row.getByRole("button", { name: `Copy reference ${reference}` }).click();
      await expect(page.getByRole("status").filter({ hasText: `Copied reference ${reference}.` })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
      expect(page.url()).toBe(before);
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test("the date presets set From and To in one click, keep the search and say which is chosen", async ({ page }) => {
      await page.goto(`/transactions?q=${encodeURIComponent(tag)}`);
      const presets = page.getByRole("navigation", { name: "Date ranges" });
      await presets.getByRole("link", { name: "Today" }).click();
      await expect(presets.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "true");
      const today = new URL(page.url()).searchParams;
      expect(today.get("from")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(today.get("to")).toBe(today.get("from"));
      expect(today.get("q")).toBe(tag);
      await expect(rows(page)).toHaveCount(26);

      await presets.getByRole("link", { name: "Last 7 days" }).click();
      await expect(presets.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
      const week = new URL(page.url()).searchParams;
      expect(week.get("to")).toBe(today.get("to"));
      const days = (Date.parse(week.get("to")!) - Date.parse(week.get("from")!)) / 86_400_000;
      expect(days).toBe(6);
      await expect(presets.getByRole("link", { name: "Today" })).not.toHaveAttribute("aria-current");
    });

    test("a page size chosen stays in the address, through pages and new filters", async ({ page }) => {
      await page.goto(`/transactions?q=${encodeURIComponent(tag)}`);
      await expect(rows(page)).toHaveCount(26);
      await page.getByRole("link", { name: "Show 25 per page" }).click();
      await expect(page).toHaveURL(/size=25/);
      await expect(rows(page)).toHaveCount(25);
      await page.getByRole("link", { name: "Older →" }).click();
      await expect(rows(page)).toHaveCount(1);
      await expect(page).toHaveURL(/size=25/);
      // Applying a filter keeps the size.
      await page.goto(`/transactions?q=${encodeURIComponent(tag)}&size=25`);
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/size=25/);
      await expect(rows(page)).toHaveCount(25);
      // A size that is not offered is the default.
      await page.goto(`/transactions?q=${encodeURIComponent(tag)}&size=7`);
      await expect(rows(page)).toHaveCount(26);
    });
  });
}
