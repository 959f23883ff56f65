// Pausing a running batch, as the owner sees it, at desktop and phone widths. Every row charges the
// sandbox's slow test number (it answers after 30 s, past the 3 s timeout), so the rows the queue
// has already sent are still on their way when Pause is pressed. The page names them, the boxes add
// up to the batch's rows at every look, and no other row leaves while the batch stays paused.
import type { Locator } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiAs } from "../support/api";
import { remember } from "../support/used-text";

const ROWS = 30;
const SLOW = "0240000005";

async function boxes(counts: Locator): Promise<Record<string, number>> {
  const labels = await counts.locator("dt").allInnerTexts();
  const values = await counts.locator("dd").allInnerTexts();
  return Object.fromEntries(labels.map((l, i) => [l, Number(values[i].replace(/,/g, ""))]));
}
const total = (b: Record<string, number>) => Object.values(b).reduce((a, n) => a + n, 0);

for (const { name, width, cents } of [
  { name: "desktop", width: 1280, cents: 100 },
  { name: "phone", width: 390, cents: 500 },
]) {
  test(`${name}: Pause stops every row not yet on its way, names those that were, and the counts add up`, async ({
    browserAs,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const staff = await apiAs("staff", baseURL!);
    // One number, a different amount on each row: no row repeats another or an earlier charge.
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      phone: SLOW,
      amount: ((cents + i + Math.floor(Math.random() * 50) * 100) / 100).toFixed(2),
      currency: "",
      network: "",
      description: remember(`pause-${name}-${i}`),
      customer_reference: "",
    }));
    const made = await staff.post("/api/batches", { data: { label: `Pause ${name} ${Date.now()}`, rows } });
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
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByTestId("batch-status").first()).toHaveText("Paused");
    const state = page.getByTestId("batch-state");
    await expect(state).toContainText("no other row is sent until it is resumed");
    const atPause = await boxes(counts);
    expect(total(atPause)).toBe(ROWS);
    const onTheirWay = atPause["On their way"] + atPause.Unknown;
    expect(onTheirWay).toBeGreaterThan(0);
    expect(atPause.Waiting).toBe(ROWS - onTheirWay);
    if (atPause["On their way"]) await expect(state).toContainText(`already on their way`);

    // The rows on their way time out (unknown); the waiting ones stay waiting, looked at again and again.
    await expect(counts.locator("div", { hasText: "On their way" }).locator("dd")).toHaveText("0", { timeout: 30_000 });
    for (let look = 0; look < 3; look++) {
      await page.waitForTimeout(2_000);
      const now = await boxes(counts);
      expect(total(now)).toBe(ROWS);
      expect(now).toMatchObject({ Waiting: ROWS - onTheirWay, Unknown: onTheirWay });
    }
    await expect(page.getByTestId("batch-sent")).toHaveText(`${onTheirWay} of ${ROWS} rows sent`);
    // Cancelled, the waiting rows are not sent: the queue does not fill with 30 slow charges.
    await page.getByRole("button", { name: "Cancel…" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel the batch" }).click();
    await expect(page.getByTestId("batch-status").first()).toHaveText("Cancelled");
    const end = await boxes(counts);
    expect(end).toMatchObject({ Waiting: 0, "Not sent": ROWS - onTheirWay, Unknown: onTheirWay });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await owner.close();
  });
}
