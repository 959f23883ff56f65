// The audit log as the owner reads it: words, not codes, with links to what each entry concerns.
import { expect, request, test } from "@playwright/test";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";
import { addMember, ownerApi } from "../support/members";
import { stateOf } from "../support/users";

test.use({ storageState: stateOf("owner") });

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
