// "Your profile": a member changes their own password. The current one is required, a wrong one
// is named on its field, and the change signs the member out everywhere else.
import type { Page } from "@playwright/test";
import { type BrowserAs, expect, test } from "../support/fixtures";
import { signInAs } from "../support/charge";
import { addMember, ownerApi } from "../support/members";

test.use({ role: "anonymous" });

async function signedIn(browserAs: BrowserAs, email: string, password: string, viewport = { width: 1280, height: 800 }) {
  const context = await browserAs("anonymous", { viewport });
  const page = await context.newPage();
  await signInAs(page, email, password);
  return { context, page };
}

async function fill(page: Page, current: string, next: string, again = next) {
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(again);
  await page.getByRole("button", { name: "Change password" }).click();
}

for (const [label, viewport] of [
  ["a computer", { width: 1280, height: 800 }],
  ["a phone", { width: 390, height: 844 }],
] as const) {
  test(`on ${label}: a member changes their password; their other session ends; only the new password works`, async ({
    baseURL,
    browserAs,
  }) => {
    const owner = await ownerApi(baseURL!);
    const m = await addMember(owner, "staff", `password-${viewport.width}`);
    await owner.dispose();
    const here = await signedIn(browserAs, m.email, m.password, viewport);
    const elsewhere = await signedIn(browserAs, m.email, m.password);

    const { page } = here;
    if (viewport.width > 400) await page.getByRole("link", { name: "Your profile" }).click();
    else await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
    await expect(page.getByText(m.email)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // The form's own checks, then the server's: a wrong current password is named on its field.
    await fill(page, m.password, "a-new-password-123", "a-new-password-124");
    await expect(page.getByText("The two new passwords differ")).toBeVisible();
    await fill(page, "not-my-password-at-all", "a-new-password-123");
    await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("The current password is incorrect")).toBeVisible();

    await fill(page, m.password, "a-new-password-123");
    await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toHaveText(
      "Password changed. You were signed out everywhere else.",
    );
    await expect(page.getByLabel("Current password")).toHaveValue("");
    // This browser carries on with a fresh session…
    await page.goto("/transactions");
    await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
    // …the other one is signed out at its next request.
    await elsewhere.page.goto("/transactions");
    await expect(elsewhere.page).toHaveURL(/\/sign-in/);

    await elsewhere.page.getByLabel("Email").fill(m.email);
    await elsewhere.page.getByLabel("Password").fill(m.password);
    await elsewhere.page.getByRole("button", { name: "Sign in" }).click();
    await expect(elsewhere.page.getByRole("alert").filter({ hasText: "The email or password is incorrect." })).toBeVisible();
    await signInAs(elsewhere.page, m.email, "a-new-password-123");
    await expect(elsewhere.page.getByTestId("signed-in-as")).toContainText(m.name);
    await here.context.close();
    await elsewhere.context.close();
  });
}

test("every role reaches their profile from their name in the header", async ({ browserAs }) => {
  for (const role of ["owner", "staff", "support"] as const) {
    const context = await browserAs(role);
    const page = await context.newPage();
    await page.goto("/transactions");
    await page.getByTestId("signed-in-as").click();
    await expect(page.getByRole("heading", { name: "Password" })).toBeVisible();
    await expect(page.getByLabel("Current password")).toBeVisible();
    await context.close();
  }
});
