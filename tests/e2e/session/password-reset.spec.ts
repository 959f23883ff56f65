// A forgotten password, as the member and the owner live it, at 390 and 1280 px: "Forgot
// password?" on the sign-in page, the link by email (the run's own SMTP server), a new password,
// every old session signed out, two-factor still asked, the notice by email; the owner's reset
// link from the Team page, shown once; a used link says so. axe-core at 0 on each new page.
import { type Page, request } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { axeViolations } from "../support/axe";
import { signInAs } from "../support/charge";
import { addMember, ownerApi } from "../support/members";
import { reauth } from "../support/reauth";
import { apiSignIn, finishBrowserSignIn } from "../support/two-factor";

const NEW_PASSWORD = "a freshly chosen passphrase";

async function chooseNewPassword(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("New password again").fill("something else entirely");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText("The two passwords differ")).toBeVisible();
  await page.getByLabel("New password again").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByTestId("reset-done")).toContainText("every session of yours was signed out");
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, role: "anonymous" });

    test("forgot password: the link by email, a new password, the old session signed out, two-factor still asked", async ({
      page,
      baseURL,
      browser,
      mailbox,
    }) => {
      const owner = await ownerApi(baseURL as string);
      const m = await addMember(owner, "support", `forgot${width}`, "Efua Forgetful");
      // Support must use two-factor: the member enrols once, through the API.
      const self = await request.newContext({ baseURL });
      expect((await apiSignIn(self, m.email, m.password)).status).toBe(200);
      await self.dispose();
      // A session the member had elsewhere, which the reset must end.
      const elsewhere = await browser.newContext({ viewport: { width, height: 900 } });
      const old = await elsewhere.newPage();
      await signInAs(old, m.email, m.password);

      await page.goto("/sign-in");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      // The page is loaded whole from the sign-in page: audited as a person uses it, once its
      // button has woken (an audit while it turns from disabled reads its colours halfway).
      await expect(page.getByRole("button", { name: "Send me a reset link" })).toBeEnabled();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel("Email").fill(m.email);
      await page.getByRole("button", { name: "Send me a reset link" }).click();
      await expect(page.getByTestId("reset-asked")).toContainText("If a member of this dashboard has this email");

      const mail = await mailbox.to(m.email, (x) => x.subject === "Reset your Momo Dashboard password");
      const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link).toBeTruthy();
      await chooseNewPassword(page, link as string);
      await mailbox.to(m.email, (x) => x.subject === "Your Momo Dashboard password was reset");

      // The old session is gone; the link worked once; the new password still asks for the code.
      await old.goto("/transactions");
      await expect(old).toHaveURL(/\/sign-in/);
      await elsewhere.close();
      await page.goto(link as string);
      await expect(page.getByRole("heading", { name: "This reset link is no longer valid" })).toBeVisible();
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill(m.email);
      await page.getByLabel("Password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await finishBrowserSignIn(page, m.email, NEW_PASSWORD);
      await expect(page.getByTestId("signed-in-as")).toContainText("Efua Forgetful");
      await owner.dispose();
    });

    test("a stranger's address gets the same words, and no email", async ({ page, mailbox }) => {
      const stranger = `nobody-${width}-${Date.now().toString(36)}@e2e.test`;
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill(stranger);
      await page.getByRole("button", { name: "Send me a reset link" }).click();
      await expect(page.getByTestId("reset-asked")).toContainText("If a member of this dashboard has this email");
      await page.waitForTimeout(1_000);
      await expect(mailbox.to(stranger, () => true, 1_500)).rejects.toThrow();
    });
  });
}

test.describe("the owner's reset link", () => {
  test.use({ role: "owner", permissions: ["clipboard-read", "clipboard-write"] });
  test.beforeEach(async ({ page }) => reauth(page.request));

  for (const width of [390, 1280]) {
    test(`at ${width} px: made on the Team page, shown once, used by the member`, async ({ page, baseURL, browserAs }) => {
      await page.setViewportSize({ width, height: 900 });
      const owner = await ownerApi(baseURL as string);
      const m = await addMember(owner, "staff", `ownerlink${width}`, `Kojo Locked ${width}`);
      await owner.dispose();
      await page.goto("/team");
      await page.getByRole("button", { name: `Make a password reset link for Kojo Locked ${width}` }).click();
      await page.getByRole("button", { name: "Make the link" }).click();
      const shown = page.getByTestId("reset-link");
      await expect(shown).toContainText("shown only once");
      const link = await shown.getByRole("textbox").inputValue();
      expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
      expect(await axeViolations(page)).toEqual([]);

      const other = await browserAs("anonymous", { viewport: { width, height: 900 } });
      const member = await other.newPage();
      await chooseNewPassword(member, link);
      await signInAs(member, m.email, NEW_PASSWORD);
      await other.close();

      await page.goto("/audit");
      await expect(
        page.getByTestId("audit-row").filter({ hasText: "Password reset link made" }).filter({ hasText: m.email }).first(),
      ).toBeVisible();
    });
  }
});
