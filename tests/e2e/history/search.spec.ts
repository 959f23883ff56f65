// Finding charges: part of a reference, the count of what matches, days from the calendar's
// fields (and as the app writes them, in a link), and a long description read in full from the list.
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";

test.use({ role: "support" });

/** A day as the app writes it ("23 Nov 2026"), `offset` days from today (UTC, Ghana's zone). */
const appDay = (offset = 0) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(Date.now() + offset * 86_400_000));
const isoDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("the start of a reference finds its charge; the count says how many match", async ({ page, baseURL }) => {
  const staff = await apiAs("staff", baseURL!);
  const description = uniqueDescription("by-prefix");
  const c = await chargeVia(staff, { amount: "4.00", phone: "0240000001", description });
  await staff.dispose();
  // References count up (TXN-MOMO-…0041, …0042): without its last digit, at most ten share the start.
  const start = c.reference!.slice(0, -1).toLowerCase();
  await page.goto("/transactions");
  await page.getByRole("searchbox", { name: "Search" }).fill(start);
  await page.getByRole("button", { name: "Apply" }).click();
  const rows = page.getByTestId("charge-row");
  await expect(rows.filter({ hasText: description })).toHaveCount(1);
  const n = await rows.count();
  expect(n).toBeLessThanOrEqual(10);
  await expect(page.getByRole("heading", { name: n === 1 ? "1 charge" : `${n} charges`, exact: true })).toBeVisible();

  // The middle of a reference is not its start.
  await page.goto(`/transactions?q=TXN-MOMO-${c.reference!.slice(-8)}`);
  await expect(page.getByText("No charges match these filters.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "0 charges", exact: true })).toBeVisible();
});

test("the count covers every page of a filter, with thousands separators", async ({ page, baseURL }) => {
  const tag = uniqueDescription("count");
  const staff = await apiAs("staff", baseURL!);
  for (let i = 0; i < 3; i++) await chargeVia(staff, { amount: "1.00", phone: "0240000001", description: `${tag} #${i}` });
  await chargeVia(staff, { amount: "1.00", phone: "0240000004", description: `${tag} declined` });
  await staff.dispose();
  await page.goto(`/transactions?q=${encodeURIComponent(tag)}`);
  await expect(page.getByRole("heading", { name: "4 charges", exact: true })).toBeVisible();
  await page.goto(`/transactions?q=${encodeURIComponent(tag)}&status=failed`);
  await expect(page.getByRole("heading", { name: "1 charge", exact: true })).toBeVisible();
  // The whole ledger: a number with its separators, or "More than 10,000".
  await page.goto("/transactions");
  await expect(page.getByRole("heading", { name: /^(\d{1,3}(,\d{3})* charges?|More than 10,000 charges)$/ })).toBeVisible();
});

test("days come from the calendar's fields as ISO days; a link's day as the app writes it is read too; a bad day is named", async ({
  page,
  baseURL,
}) => {
  const staff = await apiAs("staff", baseURL!);
  const description = uniqueDescription("by-day");
  await chargeVia(staff, { amount: "6.00", phone: "0240000001", description });
  await staff.dispose();
  await page.goto("/transactions");
  const from = page.getByLabel("From", { exact: true });
  const to = page.getByLabel("To", { exact: true });
  await expect(from).toHaveAttribute("type", "date");
  await expect(to).toHaveAttribute("type", "date");
  await expect(from).toHaveAccessibleDescription("Pick a day from the calendar");
  await page.getByRole("searchbox", { name: "Search" }).fill(description);
  await from.fill(isoDay());
  await to.fill(isoDay());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("charge-row").filter({ hasText: description })).toHaveCount(1);
  await expect(from).toHaveValue(isoDay());
  await expect(to).toHaveValue(isoDay());
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", new RegExp(`from=${isoDay()}&to=${isoDay()}$`));

  await from.fill(isoDay(1));
  await to.fill("");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No charges match these filters.")).toBeVisible();

  // A link that writes the day as the app does ("23 Nov 2026") still works; the field shows the ISO day.
  await page.goto(`/transactions?q=${encodeURIComponent(description)}&from=${encodeURIComponent(appDay())}`);
  await expect(page.getByTestId("charge-row").filter({ hasText: description })).toHaveCount(1);
  await expect(from).toHaveValue(isoDay());

  for (const [typed, message] of [
    ["31 Apr 2026", "Not a real date"],
    ["11/23/2026", "Use a date like 23 Nov 2026"],
  ]) {
    await page.goto(`/transactions?from=${encodeURIComponent(typed)}`);
    await expect(page.getByRole("alert").filter({ hasText: "Some filters were not applied" })).toContainText(`from: ${message}`);
    // A calendar's field cannot hold what is no day: empty, marked, and the hint says why.
    await expect(from).toHaveValue("");
    await expect(from).toHaveAttribute("aria-invalid", "true");
    await expect(from).toHaveAccessibleDescription(message);
  }
});

for (const width of [1280, 390]) {
  test(`a cut description is there in full on hover and on focus (${width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const description = uniqueDescription("long");
    const full = `${description} ${"for the school fees of the second term, books, uniforms and the bus to town ".repeat(2)}`.slice(0, 140);
    const staff = await apiAs("staff", baseURL!);
    await chargeVia(staff, { amount: "9.00", phone: "0240000001", description: full });
    await staff.dispose();
    await page.goto(`/transactions?q=${encodeURIComponent(description)}`);
    const row = page.getByTestId("charge-row");
    await expect(row).toHaveCount(1);
    const cell = row.getByRole("cell", { name: full });
    await expect(cell).toHaveAttribute("title", full);
    const cut = () => cell.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(await cut(), "the description is cut to one line").toBe(true);

    const link = row.getByRole("link");
    // On a phone the cell says what it is ("For …", app/globals.css), and is read so too.
    await expect(link).toHaveAccessibleDescription(width === 390 ? `For ${full}` : full);
    await link.focus();
    await expect.poll(cut, { message: "the whole description shows while the row has focus" }).toBe(false);
    await link.blur();
    await expect.poll(cut).toBe(true);
  });
}
