// Two-factor for the e2e suite: every sign-in of a member whose role requires it passes the code
// step, computed with otpauth from the secret the enrolment page (or API) showed, and a member
// led to enrolment enrols. Secrets are kept in the run's folder, state/ (the seeded roles as <role>.totp), so
// any worker can compute a code for any member a test made.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { inRun, local } from "./ports";
import { emailOf, ROLES } from "./users";

/**
 * Where a member's secret is kept: per server (the suites that start their own servers have
 * members of the same email), the seeded members of the shared sandbox server as <role>.totp.
 */
const totpPath = (url: string, email: string) => {
  const origin = new URL(url).origin;
  const role = ROLES.find((r) => emailOf(r) === email);
  if (role && origin === new URL(local(3210)).origin) return inRun(`state/${role}.totp`);
  return inRun(`state/totp/${new URL(url).port}-${email.replace(/[^a-z0-9@._-]/gi, "_")}.totp`);
};

export function saveSecret(url: string, email: string, secret: string): void {
  const path = totpPath(url, email);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, secret.replace(/\s+/g, ""));
}

export function secretOf(url: string, email: string): string {
  const path = totpPath(url, email);
  if (!existsSync(path)) throw new Error(`no two-factor secret kept for ${email}`);
  return readFileSync(path, "utf8").trim();
}

/** The code an authenticator shows for this secret, `offset` periods from now. */
export function totpCode(secret: string, offset = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, "")), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/**
 * Codes to try in turn: each is accepted once server-wide, and tests sign the same member in
 * often, so after now's code the next period's (the server accepts one period either side),
 * then, after waiting for the next period, again. Never the previous period's: made just before
 * a period ends, it is two periods old by the time the server reads it, a wrong code (a clean-clone run
 * failed that way: now's and the next were used, the previous was refused 0.1 s before a period ended).
 */
async function* codes(secret: string): AsyncGenerator<string> {
  for (let round = 0; round < 4; round++) {
    for (const offset of [0, 1]) yield totpCode(secret, offset);
    // Waiting for the next period is this helper's time, not the test's: it gets that much more.
    const wait = 30_000 - (Date.now() % 30_000) + 200;
    test.info().setTimeout(test.info().timeout + wait);
    await new Promise((r) => setTimeout(r, wait));
  }
}

const json = { "Content-Type": "application/json" };

/** The code step through the API; resolves with the final response's status and body. */
export async function passCodeStep(api: APIRequestContext, url: string, email: string, headers: Record<string, string> = {}) {
  for await (const code of codes(secretOf(url, email))) {
    const res = await api.post("/api/session/two-factor", { data: { code }, headers: { ...json, ...headers } });
    const body = await res.json().catch(() => null);
    if (res.status() === 422 && body?.error?.code === "code_reused") continue;
    return { status: res.status(), body, response: res };
  }
  throw new Error(`no fresh code for ${email}`);
}

/** Enrols the signed-in member of `api` (password → secret → code); returns and keeps the secret. */
export async function enrolTwoFactor(api: APIRequestContext, email: string, password: string): Promise<string> {
  const started = await api.post("/api/profile/two-factor", { data: { password }, headers: json });
  expect(started.status(), `start enrolment for ${email}`).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await api.post("/api/profile/two-factor/confirm", { data: { code: totpCode(secret) }, headers: json });
  expect(confirmed.status(), `confirm enrolment for ${email}`).toBe(200);
  expect(((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
  saveSecret(confirmed.url(), email, secret);
  return secret;
}

/**
 * POST /api/session, then the code step when asked, or enrolment when the server leads there.
 * Resolves with the last answer's status and body (a refusal is the caller's to judge).
 */
export async function apiSignIn(api: APIRequestContext, email: string, password: string, headers: Record<string, string> = {}) {
  const res = await api.post("/api/session", { data: { email, password }, headers: { ...json, ...headers } });
  const body = await res.json().catch(() => null);
  if (res.status() !== 200) return { status: res.status(), body, response: res };
  if (body?.twoFactor) return passCodeStep(api, res.url(), email, headers);
  if (body?.home === "/two-factor") await enrolTwoFactor(api, email, password);
  return { status: 200, body, response: res };
}

const away = (page: Page) => !new URL(page.url()).pathname.startsWith("/sign-in");

/** After the password on the sign-in page: the code step or enrolment, if either comes. */
export async function finishBrowserSignIn(page: Page, email: string, password: string): Promise<void> {
  const code = page.getByLabel("Authenticator code");
  await expect.poll(async () => away(page) || (await code.isVisible()), { timeout: 15_000 }).toBe(true);
  if (!away(page)) {
    for await (const c of codes(secretOf(page.url(), email))) {
      await code.fill(c);
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      const reused = page.getByText("That code was already used");
      const outcome = async () => (away(page) ? "in" : (await reused.isVisible()) ? "reused" : null);
      await expect.poll(outcome, { timeout: 15_000 }).not.toBeNull();
      if ((await outcome()) === "in") break;
    }
  }
  await expect(page).not.toHaveURL(/\/sign-in/);
  if (new URL(page.url()).pathname === "/two-factor") await enrolInBrowser(page, email, password);
}

/**
 * The enrolment page, as a person does it; returns and keeps the secret the page shows.
 * `justChosen`: the member chose the password seconds ago (set-up, joining), so the page must not ask for it again.
 */
export async function enrolInBrowser(page: Page, email: string, password: string, { justChosen = false } = {}): Promise<string> {
  if (justChosen) {
    await expect(page.getByTestId("totp-qr")).toBeVisible();
    await expect(page.getByLabel("Your password")).toHaveCount(0);
  } else {
    await page.getByLabel("Your password").fill(password);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("totp-qr")).toBeVisible();
  }
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  saveSecret(page.url(), email, secret);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page).not.toHaveURL(/\/two-factor/);
  return secret;
}
