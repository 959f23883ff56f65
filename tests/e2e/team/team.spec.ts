// The owner's team page, and what its changes do to a member who is signed in right now. Every
// change is asked in a dialog first and told in a toast after.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { charge, signInAs, uniqueDescription } from "../support/charge";
import { reauth } from "../support/reauth";
import { addMember, ownerApi } from "../support/members";

test.use({ role: "owner" });
// Team changes and exports ask for a recent password proof; the saved session may be older.
test.beforeEach(async ({ page }) => reauth(page.request));

const rowOf = (page: Page, email: string) => page.locator(`[data-testid=member-row][data-email="${email}"]`);
/** The app's one toast region: a polite live region. */
const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });

test("a deactivated member loses access mid-session, and a role change applies at once", async ({ page, browserAs, baseURL }) => {
  const owner = await ownerApi(baseURL!);
  const m = await addMember(owner, "staff", "mid-session");
  await owner.dispose();
  const other = await browserAs("anonymous");
  const member = await other.newPage();
  await signInAs(member, m.email, m.password);
  await charge(member, { amount: "2.00", phone: "0240000001", description: uniqueDescription("before") });

  // Demoted to support: charging stops at the next request.
  await page.goto("/team");
  const row = rowOf(page, m.email);
  await row.getByRole("combobox").selectOption("support");
  await page.getByRole("dialog").getByRole("button", { name: "Make Support" }).click();
  await expect(row.getByRole("combobox")).toHaveValue("support");
  // Support requires two-factor (the default policy): the member is led to set it up first.
  await member.goto("/charges/new");
  await expect(member).toHaveURL(/\/two-factor$/);

  // Deactivated: the session is gone.
  await row.getByRole("button", { name: "Deactivate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Deactivate" }).click();
  await expect(row).toContainText("Deactivated");
  await member.goto("/transactions");
  await expect(member).toHaveURL(/\/sign-in/);
  expect((await member.request.get("/api/charges")).status()).toBe(401);
  await member.getByLabel("Email").fill(m.email);
  await member.getByLabel("Password").fill(m.password);
  await member.getByRole("button", { name: "Sign in" }).click();
  await expect(member.getByRole("alert").filter({ hasText: "deactivated" })).toContainText("Ask an owner");

  await row.getByRole("button", { name: "Reactivate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reactivate" }).click();
  await expect(row).toContainText("Active");
  await signInAs(member, m.email, m.password);
  await other.close();
});

test("the last owner cannot demote themselves: the dialog warns, and the server's refusal is shown", async ({ page }) => {
  await page.goto("/team");
  const me = rowOf(page, "owner@e2e.test");
  await expect(me).toContainText("(you)");
  // As with a person's pick, the list has focus when its value changes.
  await me.getByRole("combobox").focus();
  await me.getByRole("combobox").selectOption("staff");
  const dialog = page.getByRole("dialog", { name: "Change E2E Owner's role?" });
  await expect(dialog).toContainText("From Owner to Staff");
  await expect(dialog).toContainText("You will no longer be able to manage the team.");
  await dialog.getByRole("button", { name: "Make Staff" }).click();
  await expect(dialog).toBeHidden();
  await expect(me.getByRole("alert")).toContainText("The team must keep at least one active owner.");
  await expect(me.getByRole("combobox")).toBeFocused();
  await expect(me.getByRole("combobox")).toHaveValue("owner");
  await expect(toasts(page)).not.toContainText("E2E Owner");
  await page.reload();
  await expect(me.getByRole("combobox")).toHaveValue("owner");
  await expect(me.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
});

test("charges record who made them, and the audit log shows who did what", async ({ page, browserAs }) => {
  const staff = await browserAs("staff");
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

test("a role change asks from → to first; Cancel and Escape change nothing; Confirm saves and says so", async ({ page, baseURL }) => {
  const owner = await ownerApi(baseURL!);
  const m = await addMember(owner, "staff", "ama-role", "Ama Mensah");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/team");
  const row = rowOf(page, m.email);
  const role = row.getByRole("combobox");
  const dialog = page.getByRole("dialog", { name: "Change Ama Mensah's role?" });
  await expect(dialog).toBeHidden();

  // Cancel: the dialog closes, focus is back on the role, and the role is still Staff. (As with
  // a person's pick, the list has focus when its value changes.)
  await role.focus();
  await role.selectOption("support");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("From Staff to Support");
  await expect(dialog).toContainText("Support cannot charge");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(role).toBeFocused();
  await expect(role).toHaveValue("staff");

  // Escape cancels too.
  await role.selectOption("owner");
  await expect(dialog).toContainText("From Staff to Owner");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(role).toBeFocused();
  await expect(role).toHaveValue("staff");
  // Nothing reached the server, nor the audit log.
  const stored = await (await owner.get("/api/team")).json();
  expect(stored.members.find((x: { email: string }) => x.email === m.email).role).toBe("staff");
  await page.reload();
  await expect(rowOf(page, m.email).getByRole("combobox")).toHaveValue("staff");

  // Confirmed: saved, the role shows, focus is back, and a toast says it in the live region.
  await role.focus();
  await role.selectOption("support");
  await dialog.getByRole("button", { name: "Make Support" }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText("Ama Mensah is now Support");
  await expect(role).toHaveValue("support");
  await expect(role).toBeFocused();
  const after = await (await owner.get("/api/team")).json();
  expect(after.members.find((x: { email: string }) => x.email === m.email).role).toBe("support");
  // The toast leaves by itself after a few seconds.
  await expect(toasts(page).getByTestId("toast")).toHaveCount(0, { timeout: 15_000 });
  await owner.dispose();
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("deactivation names the member and asks first; reactivation too; each is told in a toast", async ({ page, baseURL }) => {
    const owner = await ownerApi(baseURL!);
    const m = await addMember(owner, "staff", "ama-active", "Ama Mensah");
    await page.goto("/team");
    const row = rowOf(page, m.email);
    const deactivate = row.getByRole("button", { name: "Deactivate" });
    const ask = page.getByRole("dialog", { name: "Deactivate Ama Mensah?" });

    await deactivate.click();
    await expect(ask).toBeVisible();
    await expect(ask).toContainText("They are signed out at once and can no longer sign in.");
    // The dialog fits the phone's screen.
    const box = (await ask.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    await expect(deactivate).toBeFocused();
    await expect(row).not.toContainText("Deactivated");
    expect((await (await owner.get("/api/team")).json()).members.find((x: { email: string }) => x.email === m.email).active).toBe(true);

    await deactivate.click();
    await ask.getByRole("button", { name: "Deactivate" }).click();
    await expect(ask).toBeHidden();
    await expect(row).toContainText("Deactivated");
    await expect(toasts(page)).toContainText("Ama Mensah is deactivated and signed out");
    const reactivate = row.getByRole("button", { name: "Reactivate" });
    await expect(reactivate).toBeFocused();
    // A toast can be dismissed at once.
    const told = toasts(page).getByTestId("toast").filter({ hasText: "deactivated" });
    await told.getByRole("button", { name: "Dismiss" }).click();
    await expect(told).toHaveCount(0);

    await reactivate.click();
    const again = page.getByRole("dialog", { name: "Reactivate Ama Mensah?" });
    await expect(again).toContainText("They can sign in again with their password, as Staff.");
    await again.getByRole("button", { name: "Reactivate" }).click();
    await expect(again).toBeHidden();
    await expect(row).not.toContainText("Deactivated");
    await expect(toasts(page)).toContainText("Ama Mensah is active again and can sign in");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await owner.dispose();
  });

  // On a slow phone the team is on screen before its code (the page's one island): a press on a
  // member's button, or a role chosen, is held then and made once the code is ready — asked in
  // its dialog as ever, neither lost nor left showing a role nobody saved.
  test("a press and a role chosen before the page's code has arrived are asked once it has", async ({ page, baseURL }) => {
    const owner = await ownerApi(baseURL!);
    const m = await addMember(owner, "staff", "early-press", "Kofi Early");
    const island = page.locator("[data-island][data-ready]");
    const row = rowOf(page, m.email);
    /** Loads the team with its island's code held back until the returned function is called. */
    const loadHeld = async () => {
      let release = () => {};
      const released = new Promise<void>((r) => {
        release = r;
      });
      await page.unroute(/\/islands\/.+\.js$/);
      await page.route(/\/islands\/.+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      // Not "domcontentloaded": that waits for the island's module, which is held.
      await page.goto("/team", { waitUntil: "commit" });
      await expect(row.getByRole("button", { name: "Deactivate" })).toBeVisible();
      return release;
    };

    let release = await loadHeld();
    await row.getByRole("button", { name: "Deactivate" }).click();
    await expect(island).toHaveCount(0);
    release();
    const ask = page.getByRole("dialog", { name: "Deactivate Kofi Early?" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeHidden();
    await expect(row).not.toContainText("Deactivated");

    release = await loadHeld();
    await row.getByRole("combobox").selectOption("support");
    await expect(island).toHaveCount(0);
    release();
    const change = page.getByRole("dialog", { name: "Change Kofi Early's role?" });
    await expect(change).toContainText("From Staff to Support");
    await change.getByRole("button", { name: "Cancel" }).click();
    await expect(change).toBeHidden();
    await expect(row.getByRole("combobox")).toHaveValue("staff");
    const stored = await (await owner.get("/api/team")).json();
    expect(stored.members.find((x: { email: string }) => x.email === m.email)).toMatchObject({ role: "staff", active: true });
    await owner.dispose();
  });
});
