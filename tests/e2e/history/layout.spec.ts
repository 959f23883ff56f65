// The history's layout: on a phone the filters fold behind "Filters (n)" so the list starts on
// the first screen; on a desktop they stay open. The export sits apart from the filter card.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { clientAddress } from "../support/attack";
import { uniqueDescription } from "../support/charge";

test.use({ role: "support" });

const filterForm = (page: Page) => page.getByRole("search", { name: "Search and filter charges" });

/** The export control (a link, or the disabled button) stands clear of the filter card, below it. */
async function expectExportApart(page: Page, name: "link" | "button") {
  const form = await filterForm(page).boundingBox();
  const exportBox = await page.getByRole(name, { name: "Export CSV" }).boundingBox();
  expect(form && exportBox).toBeTruthy();
  expect(exportBox!.y - (form!.y + form!.height), "space between the filter card and Export CSV").toBeGreaterThanOrEqual(12);
}

async function someCharges(baseURL: string, tag: string, n: number) {
  const staff = await apiAs("staff", baseURL);
  for (let i = 0; i < n; i++) await chargeVia(staff, { amount: "2.00", phone: "0240000001", description: `${tag} #${i}` });
  await staff.dispose();
}

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the filters fold behind Filters (n), and the list starts on the first screen", async ({ page, baseURL }) => {
    const tag = uniqueDescription("phone-filters");
    await someCharges(baseURL!, tag, 2);
    await page.goto(`/transactions?q=${encodeURIComponent(tag)}&status=success&network=mtn`);
    const filters = page.getByRole("group", { name: "Filters (2)" });
    await expect(filters).not.toHaveAttribute("open");
    await expect(page.getByRole("combobox", { name: "Status" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "2 charges", exact: true })).toBeInViewport();
    await expect(page.getByTestId("charge-row").first()).toBeInViewport();
    await expectExportApart(page, "link");

    await filters.getByText("Filters (2)").click();
    await expect(filters).toHaveAttribute("open");
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("success");
    await page.getByRole("combobox", { name: "Network" }).selectOption("");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).not.toHaveURL(/network=mtn/);
    await expect(page.getByRole("group", { name: "Filters (1)" })).not.toHaveAttribute("open");
    await expect(page.getByRole("combobox", { name: "Status" })).toBeHidden();
    await expect(page.getByRole("heading", { name: "2 charges", exact: true })).toBeVisible();
  });

  test("a row's lines say what they are, and a pay link's payment says it came from a pay link", async ({ page, baseURL, browserAs }) => {
    const staff = await apiAs("staff", baseURL!);
    const tag = uniqueDescription("phone-labels");
    const made = await staff.post("/api/payment-requests", {
      data: { amount: "2.00", currency: "GHS", description: tag },
      headers: { "Content-Type": "application/json" },
    });
    expect(made.status()).toBe(201);
    const { path } = (await made.json()).request;
    await chargeVia(staff, { amount: "2.00", phone: "0240000001", description: `${tag} by hand` });
    await staff.dispose();
    const customer = await browserAs("anonymous", {
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
    });
    const payer = await customer.newPage();
    await payer.goto(path);
    await payer.getByLabel("Your mobile money number").fill("0240000001");
    await payer.getByRole("button", { name: "Pay GH₵2.00" }).click();
    await expect(payer.getByRole("heading", { name: "Payment received" })).toBeVisible();
    await customer.close();

    await page.goto(`/transactions?q=${encodeURIComponent(tag)}`);
    const rows = page.getByTestId("charge-row");
    await expect(rows).toHaveCount(2);
    const paid = rows.filter({ hasNotText: "by hand" });
    await expect(paid.locator(".ct-by")).toHaveText("Pay link");
    await expect(rows.filter({ hasText: "by hand" }).locator(".ct-by")).toHaveText("E2E Staff");
    // The labels are the phone's only: CSS before the values, read as "By Pay link", "Reference TXN-…".
    const label = (cell: string) => paid.locator(cell).evaluate((el) => getComputedStyle(el, "::before").content);
    expect(await label(".ct-by")).toBe('"By "');
    expect(await label(".ct-ref")).toBe('"Reference "');
    expect(await label(".ct-desc")).toBe('"For "');
    await paid.locator(".ct-time a").click();
    await expect(page.getByRole("term").filter({ hasText: "Made by" }).locator("xpath=following-sibling::dd[1]")).toHaveText(
      "The customer, from a pay link",
    );
  });

  test("a filter that needs fixing opens them, and the disabled export stays apart too", async ({ page }) => {
    await page.goto("/transactions?from=31+Apr+2026");
    await expect(page.getByRole("group", { name: "Filters (0)" })).toHaveAttribute("open");
    await expect(page.getByLabel("From", { exact: true })).toBeVisible();
    await expectExportApart(page, "button");
  });
});

test.describe("on a desktop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the filters stay open, with no Filters button, and the export sits apart", async ({ page, baseURL }) => {
    const tag = uniqueDescription("desktop-filters");
    await someCharges(baseURL!, tag, 1);
    await page.goto(`/transactions?q=${encodeURIComponent(tag)}&status=success`);
    // Open (so read as expanded), with its summary out of the way.
    await expect(page.getByRole("group", { name: "Filters (1)" })).toHaveAttribute("open");
    await expect(page.getByText("Filters (1)")).toBeHidden();
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("success");
    await expect(page.getByLabel("From", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "1 charge", exact: true })).toBeVisible();
    await expectExportApart(page, "link");
    await page.goto("/transactions?status=bogus");
    await expectExportApart(page, "button");
  });
});
