// The owner's team page, and what its changes do to a member who is signed in right now.
import { expect, request, test } from "@playwright/test";
import { apiAs, chargeVia } from "../support/api";
import { charge, signInAs, uniqueDescription } from "../support/charge";
import { addMember, ownerApi } from "../support/members";
import { stateOf } from "../support/users";

test.use({ storageState: stateOf("owner") });

test("the owner adds a member who can then sign in with their role", async ({ page, browser }) => {
  const email = `new-${Date.now().toString(36)}@e2e.test`;
  await page.goto("/team");
  await page.getByLabel("Name").fill("Akosua Support");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("support");
  await page.getByLabel("First password").fill("short");
  await page.getByRole("button", { name: "Add member" }).click();
  await expect(page.getByText("Use at least 12 characters")).toBeVisible();
  await page.getByLabel("First password").fill("akosua-first-password");
  await page.getByRole("button", { name: "Add member" }).click();
  const row = page.locator(`[data-testid=member-row][data-email="${email}"]`);
  await expect(row).toContainText("Akosua Support");
  await expect(row.getByRole("combobox")).toHaveValue("support");

  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const member = await other.newPage();
  await signInAs(member, email, "akosua-first-password");
  await expect(member).toHaveURL(/\/transactions$/);
  await member.goto("/charges/new");
  await expect(member.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await other.close();
});

test("a deactivated member loses access mid-session, and a role change applies at once", async ({ page, browser, baseURL }) => {
  const owner = await ownerApi(baseURL!);
  const m = await addMember(owner, "staff", "mid-session");
  await owner.dispose();
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const member = await other.newPage();
  await signInAs(member, m.email, m.password);
  await charge(member, { amount: "2.00", phone: "0240000001", description: uniqueDescription("before") });

  // Demoted to support: charging stops at the next request.
  await page.goto("/team");
  const row = page.locator(`[data-testid=member-row][data-email="${m.email}"]`);
  await row.getByRole("combobox").selectOption("support");
  await expect(row.getByRole("combobox")).toHaveValue("support");
  await member.goto("/charges/new");
  await expect(member.getByRole("heading", { name: "Not allowed" })).toBeVisible();

  // Deactivated: the session is gone.
  await row.getByRole("button", { name: "Deactivate" }).click();
  await expect(row).toContainText("Deactivated");
  await member.goto("/transactions");
  await expect(member).toHaveURL(/\/sign-in/);
  expect((await member.request.get("/api/charges")).status()).toBe(401);
  await member.getByLabel("Email").fill(m.email);
  await member.getByLabel("Password").fill(m.password);
  await member.getByRole("button", { name: "Sign in" }).click();
  await expect(member.getByRole("alert").filter({ hasText: "deactivated" })).toContainText("Ask an owner");

  await row.getByRole("button", { name: "Reactivate" }).click();
  await expect(row).toContainText("Active");
  await signInAs(member, m.email, m.password);
  await other.close();
});

test("the last owner cannot demote themselves", async ({ page }) => {
  await page.goto("/team");
  const me = page.locator('[data-testid=member-row][data-email="owner@e2e.test"]');
  await expect(me).toContainText("(you)");
  await me.getByRole("combobox").selectOption("staff");
  await expect(me.getByRole("alert")).toContainText("at least one active owner");
  await page.reload();
  await expect(me.getByRole("combobox")).toHaveValue("owner");
  await expect(me.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
});

test("charges record who made them, and the audit log shows who did what", async ({ page, browser }) => {
  const staff = await browser.newContext({ storageState: stateOf("staff") });
  const staffPage = await staff.newPage();
  const description = uniqueDescription("audited");
  await charge(staffPage, { amount: "4.00", phone: "0240000001", description });
  await expect(staffPage.getByText("E2E Staff (staff@e2e.test)", { exact: true })).toBeVisible();
  await staff.close();

  await page.goto("/transactions");
  await expect(page.getByTestId("charge-row").filter({ hasText: description })).toContainText("E2E Staff");
  await page.goto("/audit");
  const rows = page.getByTestId("audit-row");
  await expect(rows.filter({ hasText: "Charge created" }).filter({ hasText: "staff@e2e.test" }).first()).toBeVisible();
  await expect(rows.filter({ hasText: "Signed in" }).first()).toBeVisible();
  await expect(rows.filter({ hasText: "Member added" }).first()).toBeVisible();
});

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
