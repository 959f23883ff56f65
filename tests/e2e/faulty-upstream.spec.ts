// A fresh install configured for a real (here: deliberately broken) upstream with a live key:
// the first run leads to set-up, then the app copes with every fault without losing a charge.
import { type Cookie, expect, test, type Page } from "@playwright/test";
import { badge, charge, headline, uniqueDescription } from "./support/charge";
import { FAULTY_OWNER } from "./support/users";
import { enrolInBrowser, finishBrowserSignIn } from "./support/two-factor";

test.describe.configure({ mode: "serial" });

const OWNER = FAULTY_OWNER;

/** The owner's session, once signed in: each code works once, so the tests share one sign-in. */
let session: Cookie[] | null = null;

async function signInOwner(page: Page) {
  if (session) {
    await page.context().addCookies(session);
    await page.goto("/transactions");
    await expect(page.getByTestId("signed-in-as")).toContainText(OWNER.name);
    return;
  }
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await finishBrowserSignIn(page, OWNER.email, OWNER.password); // the code step (the owner enrolled at set-up)
  await expect(page.getByTestId("signed-in-as")).toContainText(OWNER.name);
  session = await page.context().cookies();
}

test("the first run leads to set-up, which creates the owner and is then gone for good", async ({ page, request }) => {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.78" });
  await page.goto("/transactions");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Set up Momo Dashboard" })).toBeVisible();
  await page.getByLabel("Your name").fill(OWNER.name);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill("too-short");
  await page.getByRole("button", { name: "Create the owner account" }).click();
  await expect(page.getByText("Use at least 12 characters")).toBeVisible();
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Create the owner account" }).click();
  // The owner's role requires two-factor: they are led to set it up, and only then in.
  await expect(page).toHaveURL(/\/two-factor$/);
  await enrolInBrowser(page, OWNER.email, OWNER.password, { justChosen: true });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("signed-in-as")).toContainText("Owner");

  expect((await request.get("/setup", { maxRedirects: 0 })).status()).toBe(404);
  const again = await request.post("/api/setup", { data: { name: "Eve", email: "eve@faulty.test", password: "eve-wants-in-123" } });
  expect(again.status()).toBe(404);
  await page.goto("/team");
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  // No proxy declared (playwright.config.ts): `next start` counts the socket's address, and a
  // caller's own X-Forwarded-For changes nothing (lib/http/peer.ts).
  await page.goto("/profile");
  await expect(page.getByText("Address: 127.0.0.1")).toBeVisible();
  await expect(page.getByText("203.0.113.78")).toHaveCount(0);
});

test("a live key shows LIVE, lists no test numbers, and the bundled sandbox is switched off", async ({ page, request }) => {
  await signInOwner(page);
  await expect(page.getByTestId("key-mode")).toHaveText("LIVE");
  // The sandbox's test numbers mean nothing to a live upstream: the charge form lists none.
  await page.goto("/charges/new");
  await expect(page.getByRole("button", { name: "Charge customer" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Test numbers" })).toHaveCount(0);
  await expect(page.getByText("0240000001")).toHaveCount(0);
  await expect(page.getByText("024 000 0001")).toHaveCount(0);
  const sandbox = await request.get("/sandbox/v1/user", { headers: { Authorization: "Bearer sk_test_momo_sandbox_2f6c1e9a" } });
  expect(sandbox.status()).toBe(404);
});

test("the account page explains an upstream failure", async ({ page }) => {
  await signInOwner(page);
  const loaded = await page.goto("/account");
  const alert = page.getByRole("alert").filter({ hasText: "The account could not be loaded" });
  await expect(alert).toContainText("down for maintenance");
  // The reference to give support is the page's request id, which the server's log lines of it carry.
  const requestId = loaded?.headers()["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(alert).toContainText(`give support this reference: ${requestId}`);
  // Try again loads the page once more (the server asks the upstream again): the answer is the
  // same, and the page says so again rather than breaking.
  const again = page.waitForResponse((r) => new URL(r.url()).pathname === "/account" && r.request().resourceType() === "document");
  await alert.getByRole("link", { name: "Try again" }).click();
  expect((await again).status()).toBe(200);
  await expect(alert).toContainText("down for maintenance");
  await expect(page.getByTestId("account-details")).toHaveCount(0);
});

test("a reset connection leaves the charge unknown, not lost", async ({ page }) => {
  await signInOwner(page);
  await charge(page, { amount: "8.00", phone: "0249999999", description: uniqueDescription("reset") });
  await expect(headline(page)).toHaveText("Outcome unknown");
  await expect(page.getByTestId("charge-message")).toContainText("the connection to the mobile money service broke mid-way");
});

test("an unreadable answer leaves the charge unknown", async ({ page }) => {
  await signInOwner(page);
  await charge(page, { amount: "8.00", phone: "0241111111", description: uniqueDescription("garbage") });
  await expect(badge(page)).toHaveText("Unknown");
});

test("a refused key fails the charge; the owner finds the service's words under Technical detail", async ({ page }) => {
  await signInOwner(page);
  await charge(page, { amount: "8.00", phone: "0242222222", description: uniqueDescription("revoked") });
  await expect(headline(page)).toHaveText("Charge failed");
  await expect(page.getByTestId("charge-message")).toContainText("so no money moved");
  await page.getByTestId("charge-technical").getByText("Technical detail").click();
  await expect(page.getByTestId("charge-technical")).toContainText("revoked");
});

test("an unreadable answer with a reference is settled by checking its status", async ({ page }) => {
  await signInOwner(page);
  await charge(page, { amount: "6.00", phone: "0243333333", description: uniqueDescription("check") });
  await expect(badge(page)).toHaveText("Unknown");
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(headline(page)).toHaveText("Charge successful");
  await expect(page.getByTestId("timeline-entry").filter({ hasText: "Status checked with the mobile money service" })).toContainText(
    `by ${OWNER.name}`,
  );
  await page.goto("/reconcile");
  await expect(page.getByTestId("charge-row").filter({ hasText: "check" })).toHaveCount(0);
});

test("an upstream 429 pauses every request for its Retry-After, and the charge form says so", async ({ page }) => {
  await signInOwner(page);
  await charge(page, { amount: "5.00", phone: "0244444444", description: uniqueDescription("429") });
  await expect(headline(page)).toHaveText("Charge failed");
  const before = (await (await page.request.get("/api/charges")).json()).charges.length;

  await page.goto("/charges/new");
  await expect(page.getByTestId("budget")).toContainText(
    /The mobile money service asked us to slow down: charges resume at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} \(in (?:[1-9]|1[0-2]) s\)\./,
  );
  await page.getByLabel("Amount").fill("5.00");
  await page.getByLabel("Customer's phone number").fill("0249999999");
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(
    /^The mobile money service asked us to slow down\. Nothing was sent; try again in (?:[1-9]|1[0-2]) s\.$/,
  );
  await expect(page).toHaveURL(/\/charges\/new$/);
  expect((await (await page.request.get("/api/charges")).json()).charges.length).toBe(before);

  // Once the pause is over, the same form (same attempt) goes through.
  await expect.poll(async () => (await (await page.request.get("/api/budget")).json()).budget.pausedForMs, { timeout: 16_000 }).toBe(0);
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(headline(page)).toHaveText("Outcome unknown");
});
