// Sessions on Your profile and the Team page, at desktop and phone widths: this device and a
// second browser listed; ending one signs that browser out at its next click; "End all other
// sessions"; the owner ends a member's sessions.
import type { Page } from "@playwright/test";
import { type BrowserAs, expect, test } from "../support/fixtures";
import { signInAs } from "../support/charge";
import { addMember, ownerApi } from "../support/members";
import { reauth } from "../support/reauth";

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

/** A browser of its own signed in as this member. */
async function browserOf(browserAs: BrowserAs, baseURL: string, m: { email: string; password: string }, viewport = WIDTHS[0].viewport) {
  const context = await browserAs("anonymous", { baseURL, viewport });
  const page = await context.newPage();
  await signInAs(page, m.email, m.password);
  return { context, page };
}

const rows = (page: Page) => page.getByTestId("session-row");

for (const { name, viewport } of WIDTHS) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test("the list shows this device and another browser; ending it signs that browser out at its next click", async ({
      browserAs,
      baseURL,
    }) => {
      const owner = await ownerApi(baseURL!);
      const m = await addMember(owner, "staff", `sessions-${name}`);
      const here = await browserOf(browserAs, baseURL!, m, viewport);
      const there = await browserOf(browserAs, baseURL!, m);
      await here.page.goto("/profile");
      await expect(rows(here.page)).toHaveCount(2);
      await expect(here.page.locator("[data-testid=session-row][data-current=true]")).toContainText("This device");
      await expect(rows(here.page).first()).toContainText(/Chrome/);
      const width = await here.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, "no sideways scrolling").toBeLessThanOrEqual(viewport.width);

      await here.page
        .locator("[data-testid=session-row][data-current=false]")
        .getByRole("button", { name: /End the session/ })
        .click();
      await expect(rows(here.page)).toHaveCount(1);
      await there.page.goto("/transactions");
      await expect(there.page).toHaveURL(/\/sign-in/);
      await here.page.goto("/transactions");
      await expect(here.page).not.toHaveURL(/\/sign-in/);
      await Promise.all([here.context.close(), there.context.close(), owner.dispose()]);
    });

    test("End all other sessions keeps this one", async ({ browserAs, baseURL }) => {
      const owner = await ownerApi(baseURL!);
      const m = await addMember(owner, "staff", `others-${name}`);
      const here = await browserOf(browserAs, baseURL!, m, viewport);
      const others = [await browserOf(browserAs, baseURL!, m), await browserOf(browserAs, baseURL!, m)];
      await here.page.goto("/profile");
      await expect(rows(here.page)).toHaveCount(3);
      await here.page.getByRole("button", { name: "End all other sessions" }).click();
      await here.page.getByTestId("confirm-dialog").getByRole("button", { name: "End all others" }).click();
      await expect(here.page.getByRole("status", { name: "Notifications" })).toContainText("2 other sessions ended");
      await expect(rows(here.page)).toHaveCount(1);
      for (const o of others) {
        await o.page.reload();
        await expect(o.page).toHaveURL(/\/sign-in/);
      }
      await Promise.all([here.context.close(), ...others.map((o) => o.context.close()), owner.dispose()]);
    });

    test("the owner ends all of a member's sessions from the Team page", async ({ browserAs, baseURL }) => {
      const owner = await ownerApi(baseURL!);
      const m = await addMember(owner, "staff", `ended-${name}`, `Ended ${name}`);
      const member = await browserOf(browserAs, baseURL!, m);
      const ownerContext = await browserAs("owner", { baseURL, viewport });
      const page = await ownerContext.newPage();
      await reauth(page.request);
      await page.goto("/team");
      const row = page.locator(`[data-testid=member-row][data-email="${m.email}"]`);
      await row.getByRole("button", { name: `End sessions of ${m.name}` }).click();
      await page.getByTestId("confirm-dialog").getByRole("button", { name: "End sessions" }).click();
      await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${m.name}: 1 session ended`);
      await member.page.goto("/transactions");
      await expect(member.page).toHaveURL(/\/sign-in/);
      await Promise.all([member.context.close(), ownerContext.close(), owner.dispose()]);
    });
  });
}
