// Bulk on a phone and at a desk (issue 40.9): a file just read brings its preview into view with a
// status line naming what was read, and the cancel dialog's count of rows not yet sent stays
// current while it is open (it once kept the number it opened with: 198, where the end said 178).
// The cancelled batch's rows charge the sandbox's slow number (it answers after 30 s, past the 3 s
// timeout), so the queue sends them 20 at a time, a few seconds apart, while the dialog is open.
import type { Locator } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiAs } from "../support/api";
import { axeViolations } from "../support/axe";
import { remember } from "../support/used-text";

const SLOW = "0240000005";
const ROWS = 60;
const number = (n: number) => `024${String(Math.floor(Math.random() * 1e6) * 10 + n).padStart(7, "0")}`;

async function boxes(counts: Locator): Promise<Record<string, number>> {
  const labels = await counts.locator("dt").allInnerTexts();
  const values = await counts.locator("dd").allInnerTexts();
  return Object.fromEntries(labels.map((l, i) => [l, Number(values[i].replace(/,/g, ""))]));
}
const waitingIn = async (dialog: Locator) => {
  const text = await dialog.getByTestId("batch-cancel-count").innerText();
  return text.startsWith("No row") ? 0 : Number(/The ([\d,]+) rows? not yet sent/.exec(text)?.[1]?.replace(/,/g, "") ?? Number.NaN);
};

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: a file just read is in view, with a status line saying what was read`, async ({ browserAs }) => {
    const tag = `${name}-${Date.now().toString(36)}`;
    const lines = Array.from({ length: 40 }, (_, i) => `${number(i % 10)},${(10 + i).toFixed(2)},${remember(`Read ${tag}`)} ${i}`);
    lines[5] = `12345,5.00,${remember(`Read ${tag}`)} bad`;
    lines[17] = `${number(7)},abc,${remember(`Read ${tag}`)} bad`;
    const csv = ["phone,amount,description", ...lines].join("\n");
    const staff = await browserAs("staff", { viewport: { width, height: 800 } });
    const page = await staff.newPage();
    await page.goto("/batches/new");
    await page.getByLabel("CSV file").setInputFiles({ name: `read-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    const status = page.getByRole("status").filter({ hasText: "read from" });
    await expect(status).toHaveText(`40 rows read from read-${tag}, 2 need attention.`);
    await expect(status).toBeInViewport();
    // On a phone the preview starts below the fold: the page was scrolled to it.
    if (width < 640) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "2. Check the rows" })).toBeInViewport();
    await expect(page.getByTestId("batch-summary")).toContainText("40 rows");
    await expect(page.getByTestId("batch-summary")).toContainText("2 rows need attention");
    expect(await axeViolations(page)).toEqual([]);
    await staff.close();
  });

  test(`${name}: the cancel dialog's count of rows not yet sent goes down while it is open, and the end agrees`, async ({
    browserAs,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const staff = await apiAs("staff", baseURL!);
    // One number, a different amount on each row: no row repeats another or an earlier charge.
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      phone: SLOW,
      amount: ((700 + i + Math.floor(Math.random() * 50) * 100 + (name === "phone" ? 50 : 0)) / 100).toFixed(2),
      currency: "",
      network: "",
      description: remember(`cancel-${name}-${i}`),
      customer_reference: "",
    }));
    const made = await staff.post("/api/batches", { data: { label: `Cancel ${name} ${Date.now()}`, rows } });
    expect(made.status()).toBe(201);
    const { batch } = (await made.json()) as { batch: { id: string } };
    await staff.dispose();

    const owner = await browserAs("owner", { viewport: { width, height: 900 } });
    const page = await owner.newPage();
    await page.goto(`/batches/${batch.id}`);
    await page.getByRole("button", { name: "Approve…" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Approve and send" }).click();
    const counts = page.getByTestId("batch-counts");
    await expect(counts.locator("div", { hasText: "On their way" }).locator("dd")).not.toHaveText("0", { timeout: 15_000 });

    await page.getByRole("button", { name: "Cancel…" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("batch-cancel-count")).toContainText("not yet sent");
    const opened = await waitingIn(dialog);
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThan(ROWS);
    await expect(dialog.getByTestId("batch-cancel-count")).toContainText("already on their way");
    expect(await axeViolations(page)).toEqual([]);
    // The queue sends the next rows while the dialog stays open: its count follows them.
    await expect.poll(() => waitingIn(dialog), { timeout: 30_000 }).toBeLessThan(opened);
    const shown = await waitingIn(dialog);
    await dialog.getByRole("button", { name: "Cancel the batch" }).click();
    await expect(page.getByTestId("batch-status").first()).toHaveText("Cancelled");
    // The end: the rows the dialog last said were waiting (or fewer, had the queue sent more in
    // the instant before the cancel), and every row in one box.
    const end = await boxes(counts);
    expect(end["Not sent"]).toBeGreaterThan(0);
    expect(end["Not sent"]).toBeLessThanOrEqual(shown);
    expect(Object.values(end).reduce((a, n) => a + n, 0)).toBe(ROWS);
    await owner.close();
  });
}
