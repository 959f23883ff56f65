// Secret hygiene, checked last, after every other test has run against both servers: the
// upstream key is in no static file of the build, no page, no API response, and no log line;
// our log lines are structured JSON. The live server's upstream even echoes the key back.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, request, test, type Page } from "@playwright/test";
import { keyLeaks } from "../support/key-leaks";
import { SANDBOX_API_KEY } from "../../lib/sandbox/keys";
import { E2E_PASSWORD, emailOf, FAULTY_API_KEY, FAULTY_OWNER } from "./support/users";
import { inRun, local } from "./support/ports";
import { reauth } from "./support/reauth";
import { finishBrowserSignIn } from "./support/two-factor";

const SANDBOX = local(3210);
const FAULTY = local(3211);
const KEYS = [FAULTY_API_KEY, SANDBOX_API_KEY];
/** Anything shaped like a key, ours or not: the upstream's, and the dashboard's own API keys (mdk_). */
const KEY_LIKE = /\b(sk|pk|rk|mdk)_(live|test)_[A-Za-z0-9_]{8,}/;

function expectNoSecret(text: string, where: string) {
  for (const key of KEYS) expect(text.includes(key), `${where} contains the key ${key.slice(0, 8)}…`).toBe(false);
  expect(KEY_LIKE.exec(text)?.[0], `${where} contains something shaped like a key`).toBeUndefined();
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

async function signIn(page: Page, baseURL: string, email: string, password: string) {
  await page.goto(`${baseURL}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Owners need two-factor by default: the code step (or enrolment) comes next.
  await finishBrowserSignIn(page, email, password);
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
}

/** Every page and GET route the owner can reach, with every charge's detail and receipt. */
async function crawl(page: Page, baseURL: string): Promise<number> {
  const api = page.request;
  const { charges } = (await (await api.get(`${baseURL}/api/charges`)).json()) as { charges: { id: string }[] };
  expect(charges.length).toBeGreaterThan(0);
  const pages = [
    "/",
    "/charges/new",
    "/transactions",
    "/reconcile",
    "/insights",
    "/account",
    "/team",
    "/audit",
    "/settings",
    "/settings/webhooks",
    "/settings/api-keys",
    "/settings/api-keys/reference",
    "/profile",
    "/notifications",
    ...charges.flatMap((c) => [`/transactions/${c.id}`, `/transactions/${c.id}/receipt`]),
  ];
  const routes = [
    "/api/charges",
    "/api/charges/export",
    "/api/account",
    "/api/team",
    "/api/audit",
    "/api/budget",
    "/api/team/invites",
    "/api/business",
    "/api/webhooks",
    "/api/notifications",
    "/api/profile/notifications",
    ...charges.map((c) => `/api/charges/${c.id}`),
  ];
  for (const p of [...pages, ...routes]) {
    const res = await api.get(`${baseURL}${p}`);
    expect(res.status(), p).toBeLessThan(600);
    expectNoSecret(await res.text(), `${baseURL}${p}`);
  }
  return pages.length + routes.length;
}

test("no static file of the build holds a key", async () => {
  let checked = 0;
  for await (const file of files(".next/static")) {
    expectNoSecret(await readFile(file, "utf8"), file);
    checked++;
  }
  expect(checked).toBeGreaterThan(10);
});

test("a live key echoed by the upstream is scrubbed before it is kept or shown", async ({ page }) => {
  await signIn(page, FAULTY, FAULTY_OWNER.email, FAULTY_OWNER.password);
  await page.goto(`${FAULTY}/charges/new`);
  await page.getByLabel("Amount").fill("3.00");
  await page.getByLabel("Customer's phone number").fill("0245555555");
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page.getByTestId("result-headline")).toHaveText("Charge failed");
  await expect(page.getByTestId("charge-technical")).toContainText(
    "Key [redacted-key] may not charge this wallet (you sent Bearer [redacted-key]).",
  );
  expect(await crawl(page, FAULTY)).toBeGreaterThan(15);
});

test("no page or API answer of the sandbox server holds its key", async ({ page }) => {
  await signIn(page, SANDBOX, emailOf("owner"), E2E_PASSWORD);
  expect(await crawl(page, SANDBOX)).toBeGreaterThan(15);
});

test("an API key is shown once, in the answer that made it, and never again: no page, answer, export, audit entry or log line", async ({
  page,
}) => {
  await signIn(page, SANDBOX, emailOf("owner"), E2E_PASSWORD);
  const api = page.request;
  await reauth(api);
  const made = await api.post(`${SANDBOX}/api/api-keys`, { data: { name: "Secrets check", scopes: ["charges:read", "events:read"] } });
  expect(made.status()).toBe(201);
  const { key, secret } = (await made.json()) as { key: { id: string }; secret: string };
  // Used, and refused in the address: both pass through the server's request handling and log.
  const shop = await request.newContext({
    baseURL: SANDBOX,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });
  expect((await shop.get("/api/v1/charges")).status()).toBe(200);
  expect((await shop.get(`/api/v1/events?key=${secret}`)).status()).toBe(401);
  await shop.dispose();
  const places = ["/settings/api-keys", "/settings/api-keys/reference", "/audit", "/api/api-keys", "/api/audit", "/api/audit/export"];
  for (const p of places) {
    const text = await (await api.get(`${SANDBOX}${p}`)).text();
    expect(keyLeaks(text, secret), p).toEqual([]);
  }
  expect(keyLeaks(await readFile(inRun("sandbox.log"), "utf8"), secret), "sandbox.log").toEqual([]);
  await reauth(api);
  expect((await api.delete(`${SANDBOX}/api/api-keys/${key.id}`)).status()).toBe(200);
});

test("the servers' logs hold no key, and our lines are structured JSON", async () => {
  for (const name of ["sandbox", "faulty"]) {
    const text = await readFile(inRun(`${name}.log`), "utf8");
    expectNoSecret(text, inRun(`${name}.log`));
    const ours = text.split("\n").filter((l) => l.startsWith("{"));
    expect(ours.length, `${name}: log lines of ours`).toBeGreaterThan(0);
    for (const line of ours)
      expect(JSON.parse(line), line).toMatchObject({
        time: expect.any(String),
        level: expect.stringMatching(/^(info|warn|error)$/),
        event: expect.any(String),
      });
    // The charges made in the tests were logged: the log is not empty of what matters.
    expect(
      ours.some((l) => JSON.parse(l).event === "charge_created"),
      `${name}: charge_created logged`,
    ).toBe(true);
  }
});
