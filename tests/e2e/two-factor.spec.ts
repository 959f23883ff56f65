// Two-factor sign-in end to end in Chromium, on a server of its own (the policy test changes
// who must enrol, which must not reach the shared server's other tests): enrolment with the QR
// code and the key the page shows (codes computed with otpauth), recovery codes shown and
// downloaded, sign-in with a code and with a recovery code (once), the owner's policy and reset.
import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { AppServer } from "./support/app-server";
import { startAppServer } from "./support/app-server";
import { signedInApi } from "./support/attack";
import { signInAs } from "./support/charge";
import { axeViolations } from "./support/axe";
import { addMember } from "./support/members";
import { port } from "./support/ports";
import { enrolInBrowser, totpCode } from "./support/two-factor";
import { E2E_PASSWORD, emailOf } from "./support/users";

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

let app: AppServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppServer("two_factor", port(3219), "seed", { E2E_PASSWORD, SWEEP_INTERVAL_SECONDS: "0" });
});
test.afterAll(() => app?.stop());

async function member(role: "staff" | "support", label: string) {
  const owner = await signedInApi(app.base, emailOf("owner"), E2E_PASSWORD);
  const m = await addMember(owner, role, label, `Member ${label}`);
  await owner.dispose();
  return m;
}

async function fresh(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.base, viewport });
  return context.newPage();
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Sign out from the header, or from the small screen's Menu. */
/** axe-core's findings on the page as it is now (the steps a URL alone does not reach). */
const axe = (page: Page) => axeViolations(page);

async function signOut(page: Page) {
  const button = page.getByRole("button", { name: "Sign out" });
  if (!(await button.first().isVisible())) await page.getByRole("button", { name: "Menu" }).click();
  await button.filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
}

for (const [width, viewport] of [
  ["desktop", undefined],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`${width}: enrol from Your profile, download the recovery codes, sign in with a code and with a recovery code once`, async ({
    browser,
  }) => {
    const m = await member("staff", `enrol-${width}`);
    const page = await fresh(browser, viewport);
    await signInAs(page, m.email, m.password);
    await page.goto("/profile");
    await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
    await expect(page).toHaveURL(/\/two-factor$/);
    await page.getByLabel("Your password").fill("not-my-password-at-all");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("The password is incorrect")).toBeVisible();
    await page.getByLabel("Your password").fill(m.password);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("totp-qr")).toBeVisible();
    // The QR code is drawn in the page (SVG), never an image fetched from anywhere.
    expect(await page.locator("img[src*='otpauth'], img[src^='http']").count()).toBe(0);
    const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(await axe(page)).toEqual([]);
    await page.getByLabel("Code from the app").fill(String((Number(totpCode(secret)) + 1) % 1e6).padStart(6, "0"));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByText("The code is incorrect")).toBeVisible();
    await page.getByLabel("Code from the app").fill(totpCode(secret));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    const listed = await page.getByTestId("recovery-codes").getByRole("listitem").allInnerTexts();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download as text file" }).click(),
    ]);
    // The file names whose codes they are and when they were made.
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`momo-dashboard-recovery-codes-${m.email.replace(/[^A-Za-z0-9.-]+/g, "-")}-${today}.txt`);
    const file = readFileSync(await download.path(), "utf8");
    expect(file).toContain(`for ${m.email}, made ${today}`);
    // Nothing easy to misread: no I, l, 1, O or 0, no lower case.
    for (const c of listed) expect(c).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{5}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{5}$/);
    expect(await axe(page)).toEqual([]);
    for (const c of listed) expect(file).toContain(c);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(page).toHaveURL(/\/$/);
    // The key is never shown again.
    await page.goto("/two-factor");
    await expect(page.getByText("Two-factor sign-in is on")).toBeVisible();
    await expect(page.getByTestId("totp-secret")).toHaveCount(0);

    await signOut(page);
    await passwordStep(page, m.email, m.password);
    const code = page.getByLabel("Authenticator code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    expect(await axe(page)).toEqual([]);
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await code.fill(String((Number(totpCode(secret, 1)) + 1) % 1e6).padStart(6, "0"));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByText("The code is incorrect")).toBeVisible();
    await code.fill(totpCode(secret, 1));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL(/\/$/);

    await signOut(page);
    await passwordStep(page, m.email, m.password);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(listed[3]);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await signOut(page);
    await passwordStep(page, m.email, m.password);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(listed[3]);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByText("That recovery code is incorrect or already used")).toBeVisible();
    await page.context().close();
  });
}

test("the owner requires two-factor for staff: a staff member is led to enrolment and can do nothing else; the owner resets them", async ({
  browser,
}) => {
  const owner = await fresh(browser);
  await signInAs(owner, emailOf("owner"), E2E_PASSWORD); // enrols the owner (required by default)
  const m = await member("staff", "policy");
  await owner.goto("/team");
  await owner.getByRole("checkbox", { name: "Staff" }).check();
  await owner.getByRole("button", { name: "Save requirement" }).click();
  await expect(owner.getByText("Two-factor is now required for Owner, Staff, Support")).toBeVisible();

  const staff = await fresh(browser);
  await passwordStep(staff, m.email, m.password);
  await expect(staff).toHaveURL(/\/two-factor$/);
  await expect(staff.getByTestId("signed-in-as")).toHaveCount(0);
  await staff.goto("/charges/new");
  await expect(staff).toHaveURL(/\/two-factor$/);
  const refused = await staff.request.post("/api/charges", { data: {}, headers: { "Content-Type": "application/json" } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe("two_factor_enrolment_required");
  await enrolInBrowser(staff, m.email, m.password);
  await staff.goto("/charges/new");
  await expect(staff.getByRole("heading", { name: "New charge" })).toBeVisible();

  await owner.reload();
  const row = owner.getByTestId("two-factor-member").filter({ hasText: m.email });
  await expect(row).toContainText("On");
  await row.getByRole("button", { name: "Reset two-factor" }).click();
  await owner.getByRole("dialog").getByRole("button", { name: "Reset two-factor" }).click();
  await expect(row).toContainText("Not set up");
  await staff.goto("/transactions");
  await expect(staff).toHaveURL(/\/sign-in/);
  await owner.getByRole("checkbox", { name: "Staff" }).uncheck();
  await owner.getByRole("button", { name: "Save requirement" }).click();
  await expect(owner.getByText("Two-factor is now required for Owner, Support")).toBeVisible();
});

test("joining as support on a phone leads to two-factor set-up without asking again for the password just chosen; a reload asks", async ({
  browser,
}) => {
  const owner = await signedInApi(app.base, emailOf("owner"), E2E_PASSWORD);
  const email = `joiner-${Date.now().toString(36)}@e2e.test`;
  const invited = await owner.post("/api/team/invites", {
    data: { name: "Efua Joiner", email, role: "support" },
    headers: { "Content-Type": "application/json" },
  });
  expect(invited.status()).toBe(201);
  const { path } = await invited.json();
  await owner.dispose();

  const page = await fresh(browser, { width: 390, height: 844 });
  await page.goto(path);
  await page.getByLabel("Choose a password").fill("efua-own-password-1");
  await page.getByRole("button", { name: "Join the team" }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  await expect(page.getByLabel("Your password")).toHaveCount(0);
  // The password was held in the tab's memory only: after a reload the page asks for it.
  await page.reload();
  await expect(page.getByLabel("Your password")).toBeVisible();
  await enrolInBrowser(page, email, "efua-own-password-1");
  await expect(page).toHaveURL(/\/$/);
  await page.context().close();
});
