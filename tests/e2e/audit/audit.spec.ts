// The audit log as the owner reads it: words, not codes, with links to what each entry concerns.
import { readFile } from "node:fs/promises";
import { request, type Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { parse } from "csv-parse/sync";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";
import { addMember, ownerApi } from "../support/members";
import { reauth } from "../support/reauth";

test.use({ role: "owner" });

test("the audit log reads as words, with links to the charge and the team", async ({ page, baseURL }) => {
  const json = { "Content-Type": "application/json" };
  const owner = await ownerApi(baseURL!);
  const m = await addMember(owner, "staff", "audit-words");
  expect((await owner.patch(`/api/team/${m.id}`, { data: { role: "support" }, headers: json })).status()).toBe(204);
  expect((await owner.patch(`/api/team/${m.id}`, { data: { active: false }, headers: json })).status()).toBe(204);
  await owner.dispose();
  const anonymous = await request.newContext({ baseURL });
  expect((await anonymous.post("/api/session", { data: { email: m.email, password: m.password }, headers: json })).status()).toBe(403);
  await anonymous.dispose();
  const staff = await apiAs("staff", baseURL!);
  const c = await chargeVia(staff, { amount: "12.34", phone: "0240000001", description: uniqueDescription("audit-words") });
  await staff.dispose();

  await page.goto("/audit");
  const rows = page.getByTestId("audit-row");
  const created = rows.filter({ hasText: "Charge created" }).filter({ hasText: c.reference! });
  await expect(created).toContainText("GH₵12.34 · Success");
  const roleChange = rows.filter({ hasText: "Role changed" }).filter({ hasText: m.email });
  await expect(roleChange).toContainText("from Staff to Support");
  await expect(rows.filter({ hasText: "Failed sign-in" }).filter({ hasText: m.email })).toContainText("Reason: account deactivated");
  await expect(rows.filter({ hasText: "Member deactivated" }).filter({ hasText: m.email })).toBeVisible();
  // No internal codes or field names.
  for (const code of ["amountMinor", "BANNED_USER", "retryAfterSeconds"]) await expect(page.getByText(code)).toHaveCount(0);

  await roleChange.getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await page.goBack();
  await created.getByRole("link", { name: "View charge" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${c.id}$`));
  await expect(page.getByTestId("reference")).toHaveText(c.reference!);
});

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Filters the log in the form (as a person does) and checks the list and the URL. */
async function filterFor(page: Page, m: { id: string; name: string; email: string }, narrow: boolean) {
  await page.goto("/audit");
  const form = page.getByRole("search", { name: "Filter the audit log" });
  const group = form.getByRole("group", { name: "Filters (0)" });
  // On a phone the filters fold behind their summary; from 640 px they are open.
  if (narrow) {
    await expect(group).not.toHaveAttribute("open");
    await expect(form.locator("select[name=member]")).toBeHidden();
    await group.getByText("Filters (0)").click();
    await expect(group).toHaveAttribute("open");
  }
  await form.locator("select[name=member]").selectOption(m.id);
  await form.locator("select[name=action]").selectOption({ label: "Signed in" });
  // Any business time zone is within a day of UTC's: yesterday to tomorrow holds today there.
  // The calendar's fields (type="date") take and send ISO days.
  await form.getByLabel("From", { exact: true }).fill(isoDay(-1));
  await form.getByLabel("To", { exact: true }).fill(isoDay(1));
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`member=${m.id}&action=sign_in&from=${isoDay(-1)}&to=${isoDay(1)}`));
  const rows = page.getByTestId("audit-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Signed in");
  await expect(rows.first()).toContainText(m.email);
  // The days read back as the calendar's fields hold them.
  await expect(form.locator("input[name=from]")).toHaveValue(isoDay(-1));
  await expect(form.locator("input[name=from]")).toHaveAttribute("type", "date");
  if (narrow) await expect(form.getByRole("group", { name: "Filters (4)" })).not.toHaveAttribute("open");
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width} px: the chain verified, filters by member, event and days, and a CSV export that is itself audited`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height });
    const owner = await ownerApi(baseURL!);
    const m = await addMember(owner, "staff", "audit-filter", `Filter ${width} ${Date.now().toString(36)}`);
    await owner.dispose();
    const them = await request.newContext({ baseURL });
    expect((await them.post("/api/session", { data: { email: m.email, password: m.password } })).status()).toBe(200);
    await them.dispose();

    await filterFor(page, m, width < 640);
    await expect(page.getByTestId("audit-chain")).toContainText(/Chain verified up to .+ Head hash [0-9a-f]{64}/);

    // An export asks for a recent proof (REAUTH_MINUTES); this page's session proves it first.
    await reauth(page.request);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse((await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, ""), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: "Signed in", member: m.email, event_code: "sign_in" });

    await page.goto("/audit?action=audit_exported");
    // The other width's test exports at the same time: find this one's entry by its member (a name no other run uses), not by its place.
    const exported = page.getByTestId("audit-row").filter({ hasText: `Selection: member ${m.name},` });
    await expect(exported).toHaveCount(1);
    await expect(exported).toContainText("Audit log exported (CSV)");
    await expect(exported).toContainText(`Selection: member ${m.name}, event “Signed in”, from ${isoDay(-1)}, to ${isoDay(1)}`);
    await exported.getByRole("link", { name: "Same selection" }).click();
    await expect(page.getByTestId("audit-row")).toHaveCount(1);
  });
}

test("a filter that does not parse is named, left out, and turns the export off", async ({ page, request: api }) => {
  await page.goto("/audit?from=31%20Feb%202026&action=sign_in");
  await expect(page.getByRole("alert").filter({ hasText: "Some filters were not applied" })).toContainText("From: Not a real date");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  await expect(page.getByText("Export CSV is off until every filter is valid")).toBeVisible();
  await reauth(api);
  const refused = await api.get("/api/audit/export?from=31%20Feb%202026");
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.fields).toEqual({ from: "Not a real date" });
});
