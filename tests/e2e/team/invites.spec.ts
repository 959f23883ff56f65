// Invitations on the owner's team page: a one-time link the invitee uses to choose their password.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { signInAs } from "../support/charge";
import { reauth } from "../support/reauth";
import { enrolInBrowser } from "../support/two-factor";

test.use({ role: "owner", permissions: ["clipboard-read", "clipboard-write"] });
// Team changes and exports ask for a recent password proof; the saved session may be older.
test.beforeEach(async ({ page }) => reauth(page.request));

/** Invites through the team page; returns the link, as copied. */
async function invite(page: Page, m: { name: string; email: string; role: string }): Promise<string> {
  await page.goto("/team");
  await page.getByLabel("Name", { exact: true }).fill(m.name);
  await page.getByLabel("Email", { exact: true }).fill(m.email);
  await page.getByLabel("Role", { exact: true }).selectOption(m.role);
  await page.getByRole("button", { name: "Create invite link" }).click();
  const shown = page.getByTestId("invite-link");
  await expect(shown).toContainText(`Invite link for ${m.name}`);
  await expect(shown).toContainText("shown only once");
  const link = await shown.getByRole("textbox", { name: "Invite link" }).inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invite\/[A-Za-z0-9_-]{43}$/);
  await shown.getByRole("button", { name: "Copy link" }).click();
  await expect(shown).toContainText("Copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  return link;
}

test("the owner invites a member, who joins with their own password through a link that works once", async ({ page, browserAs }) => {
  const email = `invited-${Date.now().toString(36)}@e2e.test`;
  const link = await invite(page, { name: "Akosua Support", email, role: "support" });
  const pending = page.getByTestId("invite-row").filter({ hasText: email });
  await expect(pending).toContainText("Akosua Support");
  await expect(pending).toContainText(/Expires \d{1,2} \w{3} \d{4}/);

  const other = await browserAs("anonymous");
  const invitee = await other.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Join the team" })).toBeVisible();
  await expect(invitee.getByText("as Support")).toBeVisible();
  await expect(invitee.getByTestId("invite-email")).toHaveText(email);
  await expect(invitee.getByLabel("Your name")).toHaveValue("Akosua Support");
  await invitee.getByLabel("Your name").fill("Akosua Mensah");
  await invitee.getByLabel("Choose a password").fill("short");
  await invitee.getByRole("button", { name: "Join the team" }).click();
  await expect(invitee.getByText("Use at least 12 characters")).toBeVisible();
  await invitee.getByLabel("Choose a password").fill("akosua-own-password");
  await invitee.getByRole("button", { name: "Join the team" }).click();
  // Signed in at once; support requires two-factor, so set up first, then the home page.
  await expect(invitee).toHaveURL(/\/two-factor$/);
  await enrolInBrowser(invitee, email, "akosua-own-password", { justChosen: true });
  await expect(invitee).toHaveURL(/\/$/);
  await expect(invitee.getByTestId("signed-in-as")).toContainText("Akosua Mensah");
  await invitee.goto("/charges/new");
  await expect(invitee.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  await other.close();

  // The link worked once.
  const again = await browserAs("anonymous");
  const second = await again.newPage();
  await second.goto(link);
  await expect(second.getByRole("heading", { name: "This invite has already been used" })).toBeVisible();
  await expect(second.getByRole("button", { name: "Join the team" })).toHaveCount(0);
  await signInAs(second, email, "akosua-own-password");
  await again.close();

  await page.reload();
  await expect(page.getByTestId("invite-row").filter({ hasText: email })).toHaveCount(0);
  const row = page.locator(`[data-testid=member-row][data-email="${email}"]`);
  await expect(row).toContainText("Akosua Mensah");
  await expect(row.getByRole("combobox")).toHaveValue("support");
  await page.goto("/audit");
  const audit = page.getByTestId("audit-row");
  await expect(audit.filter({ hasText: "Member invited" }).filter({ hasText: email }).first()).toBeVisible();
  await expect(audit.filter({ hasText: "Invite accepted" }).filter({ hasText: email }).first()).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a revoked invite's link stops working; an unknown link says it is not valid", async ({ page, browserAs }) => {
    const email = `revoked-${Date.now().toString(36)}@e2e.test`;
    const link = await invite(page, { name: "Yaw Staff", email, role: "staff" });
    // The same email cannot be invited twice while the first link is open.
    await page.getByLabel("Name", { exact: true }).fill("Yaw Again");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Create invite link" }).click();
    await expect(page.getByText("This email already has an open invite")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const pending = page.getByTestId("invite-row").filter({ hasText: email });
    await pending.getByRole("button", { name: `Revoke the invite for ${email}` }).click();
    await expect(pending).toHaveCount(0);

    const other = await browserAs("anonymous", { viewport: { width: 390, height: 844 } });
    const invitee = await other.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { name: "This invite was withdrawn" })).toBeVisible();
    await expect(invitee.getByRole("textbox")).toHaveCount(0);
    // Accepting through the API anyway: refused, 410, and nobody is made.
    const res = await invitee.request.post(`/api/invites/${link.split("/").pop()}`, {
      data: { name: "Yaw", password: "yaw-chosen-password" },
      headers: { Origin: new URL(link).origin },
    });
    expect(res.status()).toBe(410);
    expect((await res.json()).error.code).toBe("invite_revoked");
    await invitee.goto(`${link.slice(0, -4)}abcd`);
    await expect(invitee.getByRole("heading", { name: "This invite link is not valid" })).toBeVisible();
    await invitee.getByRole("link", { name: "Go to sign-in" }).click();
    await expect(invitee).toHaveURL(/\/sign-in/);
    await other.close();
    await page.reload();
    await expect(page.locator(`[data-testid=member-row][data-email="${email}"]`)).toHaveCount(0);
  });
});

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: the page says the link is shown once before it is made, and a lost link is replaced in one click`, async ({
    browserAs,
  }) => {
    const ctx = await browserAs("owner", {
      viewport: { width, height: 900 },
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const page = await ctx.newPage();
    await reauth(page.request);
    await page.goto("/team");
    // This server sends email: the page says the link goes by email, and asks for no private message ready.
    await expect(page.getByTestId("invite-once")).toContainText("The link goes to the new member by email, and is shown once, right here");
    await expect(page.getByTestId("invite-once")).not.toContainText("private message");
    const email = `renew-${name}-${Date.now().toString(36)}@e2e.test`;
    const first = await invite(page, { name: "Efua Staff", email, role: "staff" });
    await page.reload();
    await expect(page.getByTestId("invite-link")).toHaveCount(0); // gone, as said
    const row = page.getByTestId("invite-row").filter({ hasText: email });
    await row.getByRole("button", { name: `A new link for ${email}` }).click();
    const shown = page.getByTestId("invite-link");
    await expect(shown).toContainText("Invite link for Efua Staff");
    await expect(shown).toContainText("It is on its way to them by email");
    await expect(shown).not.toContainText("Copy it now");
    const second = await shown.getByRole("textbox", { name: "Invite link" }).inputValue();
    expect(second).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    // Still one open invite for the email, and the old link no longer works.
    await expect(page.getByTestId("invite-row").filter({ hasText: email })).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const other = await browserAs("anonymous");
    const invitee = await other.newPage();
    await invitee.goto(first);
    await expect(invitee.getByRole("heading", { name: "This invite was withdrawn" })).toBeVisible();
    await invitee.goto(second);
    await expect(invitee.getByLabel("Choose a password")).toBeVisible();
    await other.close();
    await ctx.close();
  });
}
