// The audit log as the owner reads a bulk batch: its charges are one row ("Bulk batch “…”: 3
// charges created", who made it, who approved it, its outcomes), each charge's own entry one link
// behind it; pay links are called pay links. A member of the test's own makes the batch, so the
// log filtered by that member holds only what this test did. At phone and desktop widths, axe at 0.
import { type Page, request } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { axeViolations } from "../support/axe";
import { addMember, ownerApi } from "../support/members";
import { remember } from "../support/used-text";
import { emailOf } from "../support/users";

test.use({ role: "owner" });

const json = { "Content-Type": "application/json" };
const number = (n: number) => `024${String(Math.floor(Math.random() * 1e6) * 10 + n).padStart(7, "0")}`;

async function noAxeViolations(page: Page, label: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page, { label: `${label} (${colorScheme})` })).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}
const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width} px: a bulk batch is one entry with its charges behind it, and a pay link reads as a pay link`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const tag = `${width}-${Date.now().toString(36)}`;
    const owner = await ownerApi(baseURL!);
    const m = await addMember(owner, "staff", "audit-batch", `Batch maker ${tag}`);
    const maker = await request.newContext({ baseURL });
    expect((await maker.post("/api/session", { data: { email: m.email, password: m.password }, headers: json })).status()).toBe(200);

    // Three rows, made by the new member, approved by the owner, sent to the end.
    const label = `Audit fees ${tag}`;
    const rows = [1, 2, 3].map((n) => ({
      phone: number(n),
      amount: `${n}.00`,
      currency: "",
      network: "",
      description: remember(`Audit batch ${tag} ${n}`),
      customer_reference: "",
    }));
    const made = await maker.post("/api/batches", { data: { label, rows }, headers: json });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = ((await made.json()) as { batch: { id: string } }).batch;
    expect((await owner.post(`/api/batches/${id}/decision`, { data: { approve: true }, headers: json })).status()).toBe(200);
    await expect
      .poll(async () => ((await (await owner.get(`/api/batches/${id}`)).json()) as { batch: { status: string } }).batch.status, {
        timeout: 30_000,
      })
      .toBe("completed");
    const link = await maker.post("/api/payment-requests", {
      data: { amount: "2.00", currency: "GHS", description: remember(`Audit pay link ${tag}`) },
      headers: json,
    });
    expect(link.status(), await link.text()).toBe(201);
    await Promise.all([maker.dispose(), owner.dispose()]);

    await page.setViewportSize({ width, height });
    await page.goto(`/audit?member=${m.id}`);
    const entries = page.getByTestId("audit-row");
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
    await expect(page.getByText("A bulk batch's charges are one row here; the CSV export has a line for every entry.")).toBeVisible();
    const batch = entries.filter({ hasText: `Bulk batch “${label}”: 3 charges created` });
    await expect(batch).toHaveCount(1);
    await expect(batch).toContainText(m.email);
    await expect(batch).toContainText("Outcomes: 3 Success");
    await expect(batch).toContainText("GH₵6.00 in all");
    await expect(batch).toContainText(`approved by ${emailOf("owner")}`);
    // Not three "Charge created" lines: the charges are behind the batch's row.
    await expect(entries.filter({ hasText: "Charge created" })).toHaveCount(0);
    await expect(entries.filter({ hasText: "Bulk batch prepared" })).toContainText("3 rows · GH₵6.00");
    const payLink = entries.filter({ hasText: "Pay link created" });
    await expect(payLink).toContainText("GH₵2.00 · Paid once · Works for 7 days");
    await expect(payLink.getByRole("link", { name: "View pay link" })).toBeVisible();
    await expect(page.getByText(/payment request|expiresInDays|amountMinor|reusable:/i)).toHaveCount(0);
    await noSidewaysScroll(page, width);
    await noAxeViolations(page, `the audit log at ${width} px`);

    // Behind the row: each charge's own entry, as written.
    await batch.getByRole("link", { name: "Its 3 entries, one by one" }).click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?member=${m.id}&batch=${id}$`));
    await expect(page.getByTestId("audit-batch")).toContainText(`Each charge bulk batch “${label}” created, one entry each.`);
    await expect(entries).toHaveCount(3);
    for (const amount of ["GH₵1.00", "GH₵2.00", "GH₵3.00"]) {
      await expect(entries.filter({ hasText: "Charge created" }).filter({ hasText: `${amount} · Success` })).toContainText(
        `From a bulk batch · approved by ${emailOf("owner")}`,
      );
    }
    await noSidewaysScroll(page, width);
    await noAxeViolations(page, `one batch's entries at ${width} px`);
    await page.getByRole("link", { name: "The whole log" }).click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?member=${m.id}$`));
    await expect(entries.filter({ hasText: `Bulk batch “${label}”` })).toHaveCount(1);
  });
}
