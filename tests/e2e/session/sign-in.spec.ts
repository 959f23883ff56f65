// Signing in and out, the header per role, and the brute-force limit.
import { expect, test } from "../support/fixtures";
import { signInAs } from "../support/charge";
import { addMember, ownerApi } from "../support/members";
import { NAV_PAGES } from "../support/nav";
import { E2E_PASSWORD } from "../support/users";
import { finishBrowserSignIn } from "../support/two-factor";
import { SCRIPT_FILES } from "../support/script-files";

test.describe("anonymous", () => {
  test.use({ role: "anonymous" });

  test("a page asks for sign-in and returns to it afterwards", async ({ page }) => {
    await page.goto("/transactions");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Ftransactions$/);
    await page.getByLabel("Email").fill("support@e2e.test");
    await page.getByLabel("Password").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Support signs in with two-factor: the code step keeps where the member was going.
    await finishBrowserSignIn(page, "support@e2e.test", E2E_PASSWORD);
    await expect(page).toHaveURL(/\/transactions$/);
    await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  });

  test("the form checks each field once left and all on submit, naming the field, and sends nothing wrong", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/session") && r.method() === "POST") sent.push(r.postData() ?? "");
    });
    await page.goto("/sign-in");
    // Owners and members who chose their own password read nothing about a password someone gave them.
    await expect(page.getByText("With your email and password.")).toBeVisible();
    await expect(page.getByText(/gave you/)).toHaveCount(0);
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password");
    // Nothing typed: submit names both, and the first wrong field gets the focus.
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(email).toHaveAccessibleDescription("Enter an email address");
    await expect(password).toHaveAccessibleDescription("Enter your password");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    // A field once left is checked as it changes: the message follows what is typed.
    await email.fill("ama@");
    await expect(email).toHaveAccessibleDescription("Enter a valid email address");
    await email.fill("  AMA@Example.com ");
    await expect(email).toHaveAccessibleDescription("");
    await expect(email).toHaveAttribute("aria-invalid", "false");
    expect(sent).toEqual([]);
    // Sent as the handler reads it: trimmed and in lower case.
    await password.fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The email or password is incorrect." })).toBeVisible();
    expect(sent.map((b) => JSON.parse(b).email)).toEqual(["ama@example.com"]);
  });

  // The page is server HTML and its form an island (docs/decisions/forms-as-islands.md): one file,
  // the form's checks inside it, so nothing the form needs is asked for after the page has loaded.
  test("with every script file failing once the form is ready, it still checks each field and sends once", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/session") && r.method() === "POST") sent.push(r.postData() ?? "");
    });
    await page.goto("/sign-in");
    await expect(page.locator("[data-island][data-ready]")).toHaveCount(1);
    // From here on every script the page asks for fails, as on a dropped connection or after a new deployment.
    await page.route(SCRIPT_FILES, (route) => route.abort());
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
    await page.getByLabel("Email").fill("nobody-checks@e2e.test");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The email or password is incorrect." })).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test("a wrong password gets a clear message that names no account", async ({ page }) => {
    for (const email of ["staff@e2e.test", "nobody@e2e.test"]) {
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "The email or password is incorrect." })).toBeVisible();
    }
  });

  test("repeated failures slow sign-in down, then refuse it for a while", async ({ page, baseURL }) => {
    const owner = await ownerApi(baseURL!);
    const member = await addMember(owner, "staff", "throttle");
    await owner.dispose();
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(member.email);
    const alert = page.getByRole("alert").filter({ hasText: /\S/ });
    const attempt = async (password: string) => {
      await page.getByLabel("Password").fill(password);
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/session"), { timeout: 15_000 });
      const started = Date.now();
      await page.getByRole("button", { name: "Sign in" }).click();
      const response = await answered;
      return { status: response.status(), ms: Date.now() - started };
    };
    const times: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const { status, ms } = await attempt(`wrong-password-${n}`);
      expect(status).toBe(401);
      await expect(alert).toContainText("The email or password is incorrect.");
      times.push(ms);
    }
    // After the third failure each answer is held back longer (1 s, then 2 s): lower bounds only.
    expect(times[3]).toBeGreaterThanOrEqual(1_000);
    expect(times[4]).toBeGreaterThanOrEqual(2_000);
    // Now even the right password is refused, with a clear message.
    expect((await attempt(member.password)).status).toBe(429);
    await expect(alert).toContainText("Too many failed sign-ins. Try again in 15 minutes.");
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

for (const [role, label] of [
  ["owner", "Owner"],
  ["staff", "Staff"],
  ["support", "Support"],
] as const) {
  // The navigation each role is offered: one list for every test that checks it (../support/nav.ts).
  const links = NAV_PAGES[role].map(([name]) => name);
  test.describe(`as ${role}`, () => {
    test.use({ role });

    test(`the header shows the ${role}, the mode, and only the ${role}'s pages`, async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("signed-in-as")).toContainText(`E2E ${label}`);
      await expect(page.getByTestId("signed-in-as")).toContainText(label);
      await expect(page.getByTestId("signed-in-as")).toHaveAttribute("href", "/profile");
      await expect(page.getByTestId("key-mode")).toHaveText("TEST");
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([...links]);
      // The owner's team, business, audit log and account pages sit under Settings; nobody else has it.
      await expect(page.getByRole("banner").getByRole("button", { name: "Settings" })).toHaveCount(role === "owner" ? 1 : 0);
    });
  });
}

test.describe("signing out", () => {
  test.use({ role: "anonymous" });

  test("ends the session: the old pages ask for sign-in again", async ({ page }) => {
    await signInAs(page, "staff@e2e.test", E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/charges/new");
    await expect(page).toHaveURL(/\/sign-in\?next=/);
    expect((await page.request.get("/api/charges")).status()).toBe(401);
  });
});
