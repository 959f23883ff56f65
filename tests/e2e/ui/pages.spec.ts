// The account, the recent charges, and how the pages hold up on a phone.
import { expect, test } from "@playwright/test";
import { charge, headline, uniqueDescription } from "../support/charge";
import { stateOf } from "../support/users";

test.describe("as the owner", () => {
  test.use({ storageState: stateOf("owner") });

  test("the account page shows the upstream's user record, nested values included", async ({ page }) => {
    await page.goto("/account");
    const details = page.getByTestId("account-details");
    await expect(details).toContainText("Sandbox Merchant Ltd");
    await expect(details.getByText("Business name")).toBeVisible();
    await expect(details.getByText("Rate limit")).toBeVisible();
    await expect(details.getByText("Requests per minute")).toBeVisible();
    await expect(details.getByText("Available")).toBeVisible();
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

test("an unknown or malformed charge id is a clear not-found page", async ({ page, request }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    await page.goto(`/transactions/${id}`);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    // The page streams (its loading state shows first), so the 404 status is the API's to give.
    expect((await request.get(`/api/charges/${id}`)).status()).toBe(404);
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

test.describe("on a 390 px phone, as the owner", () => {
  test.use({ storageState: stateOf("owner"), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu reaches every page, and every page fits without sideways scrolling", async ({ page }) => {
    await page.goto("/charges/new");
    const menu = page.getByRole("button", { name: "Menu" });
    for (const name of ["New charge", "Transactions", "Reconcile", "Insights", "Account", "Team", "Audit log"]) {
      await menu.click();
      const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
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
