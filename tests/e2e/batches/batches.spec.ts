// Bulk charges in Chromium at desktop and phone widths: staff read a CSV file in the browser, see
// each bad row's problem in place, fix one and drop another, and send the batch for approval;
// they cannot approve it. The owner sees it awaiting approval with a possible duplicate, approves
// it, watches it finish, follows a row to its charge, downloads the results and finds the batch's
// charges in the history.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { parse } from "csv-parse/sync";
import { apiAs } from "../support/api";
import { remember } from "../support/used-text";

const number = (n: number) => `024${String(Math.floor(Math.random() * 1e6) * 10 + n).padStart(7, "0")}`;
const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: staff prepare a batch from a file, fixing and dropping rows; the owner approves it and it finishes`, async ({
    browserAs,
  }) => {
    const tag = `${name}-${Date.now().toString(36)}`;
    const [a, b, c] = [number(1), number(2), number(3)];
    const fees = remember(`Term fees ${tag}`);
    const csv = [
      "Phone,Amount,Description,Reference",
      `${a},10.00,${fees},STU-1`,
      `${b},abc,${fees},STU-2`,
      `${c},12.50,${fees},STU-3`,
      `${c},12.50,${fees},STU-3`,
      `12345,5.00,${fees},STU-4`,
    ].join("\n");

    // Staff: the file is read in the browser; two rows need attention, in place.
    const staff = await browserAs("staff", { viewport: { width, height: 900 } });
    const page = await staff.newPage();
    await page.goto("/batches/new");
    await page.getByLabel("CSV file").setInputFiles({ name: `fees-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByTestId("batch-summary")).toContainText("5 rows");
    await expect(page.getByTestId("batch-summary")).toContainText("2 rows need attention");
    await expect(page.getByText("Enter the amount as a number, like 25.00")).toBeVisible();
    await expect(page.getByText("Enter a 10-digit number such as 024 123 4567")).toBeVisible();
    await expect(page.getByRole("button", { name: /Send \d+ rows for approval/ })).toBeDisabled();
    // Fix the amount of line 3; drop line 6.
    const amount = page.getByLabel("Line 3, Amount");
    await amount.fill("11.00");
    await amount.blur();
    await page.getByRole("button", { name: "Drop line 6" }).click();
    await expect(page.getByTestId("batch-summary")).toContainText("4 rows");
    await expect(page.getByTestId("batch-summary")).toContainText("every row is ready");
    await expect(page.getByTestId("batch-summary")).toContainText("GH₵46.00");
    await expect(page.getByLabel("Name of the batch")).toHaveValue(`fees-${tag}`);
    await noSidewaysScroll(page, width);
    await page.getByRole("button", { name: "Send 4 rows for approval" }).click();
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
    const url = page.url();
    await expect(page.getByTestId("batch-status").first()).toHaveText("Awaiting approval");
    await expect(page.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
    await staff.close();

    // Owner: the possible duplicate (line 4 and 5 charge one number the same amount), then approve.
    const owner = await browserAs("owner", { viewport: { width, height: 900 } });
    const op = await owner.newPage();
    await op.goto(url);
    // Rows keep their line in the file everywhere: line 5 repeats line 4.
    await expect(op.getByTestId("batch-duplicates")).toContainText("Line 5");
    await expect(op.getByTestId("batch-duplicates")).toContainText("same as line 4");
    await op.getByRole("button", { name: "Approve all…" }).click();
    const dialog = op.getByRole("dialog");
    await expect(dialog).toContainText("4 customers are charged GH₵46.00 in all");
    await dialog.getByRole("button", { name: "Approve, duplicates included" }).click();
    await expect(op.getByTestId("batch-status").first()).toHaveText("Finished", { timeout: 30_000 });
    await expect(op.getByRole("progressbar", { name: "Rows sent" })).toHaveAttribute("aria-valuenow", "100");
    await expect(op.getByTestId("batch-counts")).toContainText("Succeeded4");
    await noSidewaysScroll(op, width);

    // A row leads to its charge; the results file has each row's outcome; the history filters by batch.
    await op.reload();
    await op.getByTestId("batch-row-line").first().getByRole("link").click();
    await expect(op).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
    await op.goto(url);
    const download = op.waitForEvent("download");
    await op.getByRole("link", { name: "Download results (CSV)" }).click();
    const file = await (await download).createReadStream();
    let text = "";
    for await (const chunk of file) text += chunk;
    const results = parse(text, { columns: true, bom: true }) as {
      line: string;
      phone: string;
      status: string;
      status_code: string;
      reference: string;
    }[];
    // Line 6 was dropped in the preview: the others keep the file's lines.
    // The number as the screen shows it (text in a spreadsheet), the status by name with its code.
    const shown = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
    expect(results.map((r) => [r.line, r.phone, r.status, r.status_code])).toEqual([
      ["2", shown(a), "Success", "success"],
      ["3", shown(b), "Success", "success"],
      ["4", shown(c), "Success", "success"],
      ["5", shown(c), "Success", "success"],
    ]);
    expect(results.every((r) => r.reference.length > 0)).toBe(true);
    await op.getByRole("link", { name: "Its charges in the history" }).click();
    await expect(op).toHaveURL(/\/transactions\?batch=/);
    await expect(op.getByTestId("batch-filter")).toContainText(`fees-${tag}`);
    await expect(op.getByText(fees)).toHaveCount(4);
    await owner.close();
  });
}

test("support follow a batch but prepare, approve or stop none", async ({ browserAs, baseURL }) => {
  const origin = { Origin: new URL(baseURL!).origin };
  const staff = await browserAs("staff", { extraHTTPHeaders: origin });
  const made = await staff.request.post("/api/batches", {
    data: { label: "Followed by support", rows: [{ phone: number(4), amount: "2.00", description: remember(`Dues ${Date.now()}`) }] },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()).batch as { id: string };
  await staff.close();

  const support = await browserAs("support", { extraHTTPHeaders: origin });
  const page = await support.newPage();
  await page.goto("/batches");
  await expect(page.getByRole("heading", { name: "Bulk charges" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New bulk charge" })).toHaveCount(0);
  await page.goto(`/batches/${id}`);
  await expect(page.getByRole("progressbar", { name: "Rows sent" })).toBeVisible();
  await expect(page.getByTestId("batch-status").first()).toHaveText("Awaiting approval");
  // Support see numbers whole (they reconcile with the customer), as on charges.
  await expect(page.getByTestId("batch-row-phone")).toHaveCount(1);
  for (const action of ["Approve…", "Approve all…", "Approve without duplicates…", "Reject…", "Pause", "Resume", "Cancel…"]) {
    await expect(page.getByRole("button", { name: action })).toHaveCount(0);
  }
  expect((await page.request.post(`/api/batches/${id}/decision`, { data: { approve: true } })).status()).toBe(403);
  expect((await page.request.post(`/api/batches/${id}/control`, { data: { action: "cancel" } })).status()).toBe(403);
  expect((await page.request.get("/batches/new")).status()).toBe(403);
  await support.close();
});

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: a row in a currency the account does not charge in is named in the preview and refused by the server`, async ({
    browserAs,
    baseURL,
  }) => {
    const tag = `${name}-cur-${Date.now().toString(36)}`;
    const csv = ["phone,amount,currency,description", `${number(4)},5.00,USD,${remember(tag)}`, `${number(5)},5.00,,${remember(tag)}`].join(
      "\n",
    );
    const staff = await browserAs("staff", { viewport: { width, height: 900 } });
    const page = await staff.newPage();
    await page.goto("/batches/new");
    await expect(page.getByText("this account charges in GHS")).toBeVisible();
    await page.getByLabel("CSV file").setInputFiles({ name: `${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByTestId("batch-summary")).toContainText("2 rows · GH₵5.00 to charge · 1 row needs attention");
    // One row: said in the singular everywhere, the button too.
    await expect(page.getByRole("button", { name: "Drop the row that needs attention" })).toBeVisible();
    const usd = page.getByTestId("batch-row").filter({ hasText: "This account charges in GHS only" });
    await expect(usd).toHaveAttribute("data-line", "2");
    // A row with no network names the one its number implies.
    await expect(page.locator('[data-testid=batch-row][data-line="3"]')).toContainText("MTN Mobile Money (from the number)");
    await noSidewaysScroll(page, width);
    if (width < 640) {
      // A phone shows each row as a card: its fields one under another, the problem under its field,
      // the Drop button inside the screen (the cells ran together, "02420000005.00", before).
      const cells = usd.locator("td");
      const [phone, amount, currency] = [
        await cells.nth(0).boundingBox(),
        await cells.nth(1).boundingBox(),
        await cells.nth(2).boundingBox(),
      ];
      expect(amount!.y).toBeGreaterThanOrEqual(phone!.y + phone!.height - 1);
      expect(currency!.y).toBeGreaterThanOrEqual(amount!.y + amount!.height - 1);
      const drop = await usd.getByRole("button", { name: "Drop line 2" }).boundingBox();
      expect(drop!.x + drop!.width).toBeLessThanOrEqual(width);
      await expect(usd).toContainText("Phone");
      await expect(usd).toContainText("Amount");
    }
    // Sent anyway (a script, not the page): refused whole, the cell named, nothing saved.
    const res = await page.request.post("/api/batches", {
      data: {
        label: tag,
        rows: [{ phone: number(4), amount: "5.00", currency: "USD", network: "", description: tag, customer_reference: "" }],
      },
    });
    expect(res.status()).toBe(422);
    expect((await res.json()).error.fields).toEqual({ "rows.0.currency": "This account charges in GHS only" });
    const list = await (await page.request.get(`${baseURL}/batches`)).text();
    expect(list).not.toContain(tag);
    await staff.close();
  });
}

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: the owner approves a batch leaving its possible duplicates out; they are recorded as skipped by them`, async ({
    browserAs,
    baseURL,
  }) => {
    const tag = remember(`skip-${name}-${Date.now().toString(36)}`);
    const [p, q] = [number(6), number(7)];
    const staffApi = await apiAs("staff", baseURL!);
    const cell = (phone: string, amount: string, line: number) => ({
      phone,
      amount,
      currency: "",
      network: "",
      description: tag,
      customer_reference: "",
      line,
    });
    // Line 5: the sandbox's prompt nobody answers, so the batch finishes with one charge still pending.
    const made = await staffApi.post("/api/batches", {
      data: { label: tag, rows: [cell(p, "3.00", 2), cell(q, "4.00", 3), cell(q, "4.00", 4), cell("0240000007", `4.${width % 100}`, 5)] },
    });
    expect(made.status()).toBe(201);
    const { batch } = await made.json();
    await staffApi.dispose();

    const owner = await browserAs("owner", { viewport: { width, height: 900 } });
    const page = await owner.newPage();
    await page.goto(`/batches/${batch.id}`);
    await expect(page.getByTestId("batch-duplicates")).toContainText("same as line 3");
    await page.getByRole("button", { name: "Approve without duplicates…" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("3 customers are charged");
    await expect(dialog).toContainText("is not sent, and recorded as skipped by you");
    await dialog.getByRole("button", { name: "Approve, duplicates left out" }).click();
    await expect(page.getByTestId("batch-status").first()).toHaveText("Finished", { timeout: 30_000 });
    await expect(page.getByTestId("batch-counts")).toContainText("Succeeded2");
    await expect(page.getByTestId("batch-counts")).toContainText("Pending1");
    await expect(page.getByTestId("batch-state")).toHaveText("Finished — 1 row still pending (see Reconcile).");
    await expect(page.getByTestId("batch-state").getByRole("link", { name: "Reconcile" })).toHaveAttribute("href", "/reconcile");
    await expect(page.getByTestId("batch-counts")).toContainText("Skipped duplicates1");
    await page.reload();
    await expect(page.getByTestId("batch-row-line").filter({ hasText: "Skipped: a possible duplicate" })).toContainText("4");
    const chargeLinks = await page.locator('a[href^="/transactions/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(chargeLinks).toHaveLength(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Who left them out, and which lines: in the audit log.
    await page.goto("/audit");
    const entry = page
      .getByTestId("audit-row")
      .filter({ has: page.locator(`a[href="/batches/${batch.id}"]`) })
      .filter({ hasText: "Bulk batch approved" });
    await expect(entry).toContainText("1 possible duplicate left out (line 4)");
    await expect(entry).toContainText("owner@e2e.test");
    // The batch's charges are one entry; each charge's own entry is one link behind it: prepared
    // by staff (the entry's member), approved by the owner.
    const ofBatch = page.getByTestId("audit-row").filter({ has: page.locator(`a[href="/batches/${batch.id}"]`) });
    await expect(ofBatch.filter({ hasText: "3 charges created" })).toHaveCount(1);
    await page.goto(`/audit?batch=${batch.id}`);
    for (const href of chargeLinks) {
      const row = page
        .getByTestId("audit-row")
        .filter({ hasText: "Charge created" })
        .filter({ has: page.locator(`a[href="${href}"]`) });
      await expect(row).toContainText("staff@e2e.test");
      await expect(row).toContainText("From a bulk batch · approved by owner@e2e.test");
    }
    await owner.close();
  });
}
