// Export XLSX: at 1280 px an owner filters Transactions, clicks the plain *Export XLSX* link
// beside *Export CSV*, and the workbook, read back by SheetJS (not by its writer), holds exactly
// the filtered rows, newest first, every cell text; on a phone both links are there, the page
// passes axe, and a tap on Export XLSX downloads the same rows.
import { readFile } from "node:fs/promises";
import * as XLSX from "@e965/xlsx";
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { axeViolations } from "../support/axe";
import { uniqueDescription } from "../support/charge";
import { reauth } from "../support/reauth";
import { emailOf } from "../support/users";

test.use({ role: "owner" });
// Exports ask for a recent password proof; the saved session may be older.
test.beforeEach(async ({ page }) => reauth(page.request));

type Made = Awaited<ReturnType<typeof chargeVia>>;

let description = "";
let made: Made[] = [];

test.beforeAll(async ({ baseURL }) => {
  description = uniqueDescription("xlsx");
  const staff = await apiAs("staff", baseURL!);
  made = [];
  for (const amount of ["12.50", "0.10", "1234.00"])
    made.push(await chargeVia(staff, { amount, phone: "0240000001", description: `${description} ${amount}` }));
  // Outside the filter: a declined charge with the same words, and another description.
  await chargeVia(staff, { amount: "3.00", phone: "0240000004", description: `${description} declined` });
  await chargeVia(staff, { amount: "5.00", phone: "0240000001", description: uniqueDescription("not-this-xlsx") });
  await staff.dispose();
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the owner filters the history and downloads exactly those rows as XLSX", async ({ page }) => {
    await page.goto("/transactions");
    await page.getByRole("searchbox", { name: "Search" }).fill(description);
    await page.getByLabel("Status").selectOption("success");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]status=success/);
    await expect(page.getByTestId("charge-row")).toHaveCount(3);

    const csvLink = page.getByRole("link", { name: "Export CSV" });
    const link = page.getByRole("link", { name: "Export XLSX" });
    const csvHref = await csvLink.getAttribute("href");
    await expect(link).toHaveAttribute("href", `${csvHref}&format=xlsx`);
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^charges-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = XLSX.read(await readFile(await download.path()), { type: "buffer", cellNF: true });
    expect(book.SheetNames).toEqual(["Charges"]);
    const sheet = book.Sheets.Charges;
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet, { raw: true, defval: "" });

    // Newest first, exactly the three successful charges whose description matches.
    expect(rows.map((r) => r.charge_id)).toEqual(made.map((c) => c.id).reverse());
    expect(rows.map((r) => r.amount)).toEqual(["1234.00", "0.10", "12.50"]);
    for (const r of rows) {
      expect(r).toMatchObject({
        status: "Success",
        status_code: "success",
        currency: "GHS",
        phone: "024 000 0001",
        network_code: "mtn",
        made_by: emailOf("staff"),
      });
      expect(r.description.startsWith(description)).toBe(true);
      expect(r.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(r.time_utc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
    // Amounts and phone numbers are text cells, as a spreadsheet opens them.
    const heading = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0];
    for (const column of ["amount", "phone"]) {
      const cell = sheet[XLSX.utils.encode_cell({ r: 1, c: heading.indexOf(column) })] as XLSX.CellObject;
      expect(cell, column).toMatchObject({ t: "s", z: "@" });
    }
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("both export links are offered beside each other, the page passes axe, and a tap downloads the same rows", async ({ page }) => {
    await page.goto(`/transactions?${new URLSearchParams({ q: description, status: "success" })}`);
    await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();
    const link = page.getByRole("link", { name: "Export XLSX" });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", /[?&]format=xlsx$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent("download"), link.tap()]);
    expect(download.suggestedFilename()).toMatch(/^charges-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = XLSX.read(await readFile(await download.path()), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets.Charges, { raw: true, defval: "" });
    expect(rows.map((r) => r.charge_id)).toEqual(made.map((c) => c.id).reverse());
  });
});
