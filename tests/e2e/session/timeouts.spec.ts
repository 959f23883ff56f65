// The idle timeout and re-authentication, on a server of its own whose limits are seconds, not
// minutes: a proof lasts 3 s (REAUTH_MINUTES=0.05) and a session unused for 12 s ends
// (SESSION_IDLE_MINUTES=0.2). The dialog appears for a stale team change, which goes through
// after the password; a stale export link leads to a page saying why; an idle member is sent to sign-in.
import { expect, test } from "../support/fixtures";
import { type AppServer, startAppServer } from "../support/app-server";
import { signInAs } from "../support/charge";
import { local, port } from "../support/ports";
import { E2E_PASSWORD, emailOf } from "../support/users";

let app: AppServer;
test.describe.configure({ mode: "serial", timeout: 90_000 });
test.use({ role: "anonymous", baseURL: local(3220) });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  app = await startAppServer("timeouts", port(3220), "seed", {
    E2E_PASSWORD,
    SESSION_IDLE_MINUTES: "0.2",
    REAUTH_MINUTES: "0.05",
    SWEEP_INTERVAL_SECONDS: "0",
  });
});
test.afterAll(() => app?.stop());

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a stale proof: the dialog asks for the password, then the role change goes through (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/sign-in`);
    await signInAs(page, emailOf("owner"), E2E_PASSWORD);
    await page.goto(`/team`);
    await wait(4_000); // past the 3 s proof, well inside the 12 s idle limit
    const row = page.locator(`[data-testid=member-row][data-email="${emailOf("staff")}"]`);
    const target = (await row.locator("select").inputValue()) === "staff" ? "support" : "staff";
    await row.locator("select").selectOption(target);
    await page
      .getByTestId("confirm-dialog")
      .getByRole("button", { name: /^Make / })
      .click();
    const dialog = page.getByTestId("reauth-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Your password").fill("not the password at all");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toContainText("The password is incorrect");
    await dialog.getByLabel("Your password").fill(E2E_PASSWORD);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`is now ${target === "staff" ? "Staff" : "Support"}`);
    await expect(row.locator("select")).toHaveValue(target);
  });
}

test("a stale export link leads to a page that says why, not to JSON; the API answers 403 reauth_required", async ({ page }) => {
  await page.goto(`/sign-in`);
  await signInAs(page, emailOf("support"), E2E_PASSWORD);
  await wait(4_000);
  const api = await page.request.get("/api/charges/export");
  expect(api.status()).toBe(403);
  expect((await api.json()).error.code).toBe("reauth_required");
  await page.goto(`/api/charges/export?status=failed`);
  await expect(page).toHaveURL(/\/reauth\?next=/);
  await expect(page.getByRole("heading", { name: "Confirm it’s you" })).toBeVisible();
  await page.getByLabel("Your password").fill(E2E_PASSWORD);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Confirm" }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
});

test("a session unused past SESSION_IDLE_MINUTES ends: the next click goes to sign-in", async ({ page }) => {
  await page.goto(`/sign-in`);
  await signInAs(page, emailOf("staff"), E2E_PASSWORD);
  await page.goto(`/profile`);
  await wait(13_000);
  await page.goto(`/transactions`);
  await expect(page).toHaveURL(/\/sign-in/);
});
