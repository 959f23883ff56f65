// The promises (docs/security.md), attacked by a hostile upstream: the key echoed in any encoding, 40 MB answers,
// JSON 5,000 deep, wrong types, a 429 asking for a day's pause (bad characters, brute force and headers:
// hostile-input.spec.ts; a staff member spending the budget on submissions that never leave:
// tests/unit/http/budget-abuse.test.ts). On an app server of its own (`next start` on a fresh database, port
// 3214), whose upstream is programmed by each test.
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import fc from "fast-check";
import pg from "pg";
import type { AppServer } from "./support/app-server";
import { escapeChars, expectNoPieceOf } from "./support/attack";
import { body, charge, KEY, restartHostileApp, startHostileApp, stopHostileApp } from "./support/hostile-app";
import { deep, huge, json, ok, type HostileUpstream } from "./support/hostile-upstream";
import { uniqueKey } from "./support/api";
import { ENCODINGS, hostileAnswer, rawAnswer } from "../support/key-leaks";
import { inRun, port } from "./support/ports";

const LOG = inRun("hostile.log");

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

let upstream: HostileUpstream;
let app: AppServer;
let owner: APIRequestContext, staff: APIRequestContext, support: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000); // a server of its own: build loaded, database migrated, members added
  ({ upstream, app, owner, staff, support } = await startHostileApp("hostile", port(3214)));
});
test.afterAll(() => stopHostileApp({ upstream, app, owner, staff, support }));

/**
 * Every page and answer that may show what the upstream said about these charges, as each role
 * sees it: each charge (API and page), the lists, the queue and the CSV exports, the account and
 * the audit log; with `rsc`, the owner's pages' flight data as well. [where, text] pairs.
 */
async function readEverywhere(ids: string[], opts: { rsc?: boolean } = {}): Promise<[string, string][]> {
  const texts: [string, string][] = [];
  const read = async (who: string, api: APIRequestContext, path: string, rsc = false) => {
    const res = await api.get(path, rsc ? { headers: { RSC: "1" } } : {});
    expect(res.status(), `${who} ${path}`).toBeLessThan(500);
    texts.push([`${who} ${path}${rsc ? " (RSC)" : ""}`, await res.text()]);
  };
  const roles = [
    ["staff", staff],
    ["support", support],
    ["owner", owner],
  ] as const;
  for (const [who, api] of roles) {
    for (const id of ids) {
      await read(who, api, `/api/charges/${id}`);
      await read(who, api, `/transactions/${id}`);
      if (opts.rsc && who === "owner") await read(who, api, `/transactions/${id}`, true);
    }
    for (const path of ["/transactions", "/api/charges"]) await read(who, api, path);
    if (opts.rsc) await read(who, api, "/transactions", true);
  }
  for (const [who, api] of roles.slice(1)) {
    for (const path of ["/api/charges/export", "/reconcile"]) await read(who, api, path);
    if (opts.rsc) await read(who, api, "/reconcile", true);
  }
  for (const path of ["/account", "/api/account", "/audit", "/api/audit", "/api/audit/export"]) await read("owner", owner, path);
  if (opts.rsc) await read("owner", owner, "/account", true);
  return texts;
}

test("the key echoed back in any JSON escaping reaches no ledger row, answer, page, CSV or log", async () => {
  // Which characters are escaped, in which case: generated, each case a charge of its own.
  const encodings = fc
    .sample(
      fc.record({
        which: fc.uniqueArray(fc.nat({ max: KEY.length - 1 }), { minLength: 1, maxLength: KEY.length }),
        upper: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
      }),
      { numRuns: 16, seed: 1123 },
    )
    .map(({ which, upper }) => escapeChars(KEY, which, upper));
  encodings.push(
    escapeChars(KEY, [4], [false]),
    escapeChars(
      KEY,
      [...KEY].map((_, i) => i),
      [true],
    ),
  );
  const ids: string[] = [];
  for (const [i, enc] of encodings.entries()) {
    upstream.answer.charge =
      i % 2
        ? json(403, `{"error":{"message":"Invalid API key ${enc}","key":"${enc}"}}`)
        : json(
            200,
            `{"status":"failed","transaction_reference":"TXN-MOMO-${Date.now()}${i}","message":"Key ${enc} may not charge this wallet"}`,
          );
    ids.push((await charge(staff)).id);
  }
  upstream.answer.user = json(
    200,
    `{"id":"usr_1","note":"key ${encodings[0]}","nested":{"deeper":["${encodings[1]}"]},"${encodings[2]}":true}`,
  );

  const texts = await readEverywhere(ids);
  // The raw answers owners and support see are there (scrubbed), so the pages were not empty.
  expect(texts.find(([w]) => w === `owner /transactions/${ids[1]}`)![1]).toContain("[redacted-key]");
  texts.push([LOG, await readFile(LOG, "utf8")]);
  for (const [where, text] of texts) expectNoPieceOf(KEY, text, where);
});

test("the key in any encoding, split across fields, names and depths, reaches no page (HTML or RSC), answer, CSV or log", async () => {
  // Two generated answers per encoding (plain, JSON escapes in either case, %XX once and twice,
  // HTML entities, base64 and base64url at each byte alignment, hex), for the charge, its status
  // lookup and the user record.
  const answers = ENCODINGS.flatMap((encoding, e) => fc.sample(hostileAnswer(KEY, [encoding]), { numRuns: 2, seed: 2400 + e }));
  const ids: string[] = [];
  for (const [i, answer] of answers.entries()) {
    const raw = rawAnswer(answer);
    upstream.answer.charge = i % 3 === 2 ? json(403, raw) : json(200, raw);
    upstream.answer.status = json(200, raw);
    ids.push((await charge(staff)).id);
  }
  const user = fc.sample(hostileAnswer(KEY), { numRuns: 1, seed: 2424 })[0];
  upstream.answer.user = json(200, rawAnswer(user));

  // The flight data of the owner's pages (who sees the most of an answer) too.
  const texts = await readEverywhere(ids, { rsc: true });
  // The answers are there for support, scrubbed: the rest of each was kept.
  expect(texts.find(([w]) => w === `owner /transactions/${ids[0]}`)![1]).toContain("TXN-HOSTILE-1");
  expect(texts.find(([w]) => w === "owner /api/account")![1]).toContain("TXN-HOSTILE-1");
  texts.push([LOG, await readFile(LOG, "utf8")]);
  for (const [where, text] of texts) expectNoPieceOf(KEY, text, where);
});

test("a 200 success naming other money is no success: the charge waits in the queue with the reason, both amounts on its page", async () => {
  upstream.answer.charge = json(200, {
    status: "success",
    transaction_reference: `TXN-MOMO-${Date.now()}77`,
    amount: -500,
    currency: "USD",
  });
  const made = await charge(staff, { amount: "1.15" });
  expect(made).toMatchObject({ status: "unknown", outcomeCode: "answer_mismatch" });
  expect(made.message).toContain("names another amount and currency (-500 USD) than the charge sent (1.15 GHS)");
  const queue = await (await support.get("/reconcile")).text();
  expect(queue).toContain(made.id);
  const page = await (await support.get(`/transactions/${made.id}`)).text();
  expect(page).toContain("-500 USD");
  expect(page).toContain("1.15 GHS");
  expect(page).not.toMatch(/>Success</);
  upstream.answer.charge = ok();
});

test("an answer over 64 kB is not read: the charge is unknown with a note, its page stays small", async () => {
  upstream.answer.charge = huge(40 << 20);
  const c = await charge(staff);
  expect(c).toMatchObject({ status: "unknown", outcomeCode: expect.stringMatching(/oversized/) });
  const page = await owner.get(`/transactions/${c.id}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html.length).toBeLessThan(400_000);
  expect(html).toContain("truncated");
  upstream.answer.user = huge(40 << 20);
  const account = await owner.get("/api/account");
  expect(account.status()).toBe(502);
  expect(await account.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
});

test("hostile JSON — 5,000 deep, wrong types, not an object — is a clear state, never a 500", async () => {
  upstream.answer.user = deep(5_000);
  const account = await owner.get("/api/account");
  expect(account.status()).toBe(502);
  expect(await account.json()).toMatchObject({ error: { code: "upstream_unreadable_response", message: expect.any(String) } });
  expect((await owner.get("/account")).status()).toBe(200);
  for (const bad of [
    "[]",
    '"success"',
    "null",
    "123",
    '{"status":123}',
    '{"status":{"a":1}}',
    '{"status":"success","transaction_reference":["x"],"message":{}}',
  ]) {
    upstream.answer.charge = json(200, bad);
    const c = await charge(staff);
    expect(c.status, bad).toMatch(/^(unknown|success)$/);
    expect((await owner.get(`/transactions/${c.id}`)).status(), bad).toBe(200);
  }
  upstream.answer.charge = deep(5_000, "details", { status: "success", transaction_reference: `TXN-MOMO-${Date.now()}`, message: "ok" });
  const c = await charge(staff);
  expect((await owner.get(`/transactions/${c.id}`)).status()).toBe(200);
  upstream.answer.charge = ok();
});

// Last on this server: it pauses charging for the hour the answer asks.
test("a 429 asking for a day's pause stops charging for an hour at most, and the form says until when", async ({ browser }) => {
  upstream.answer.charge = json(429, { error: { message: "Slow down" } }, { "Retry-After": "86400" });
  const c = await charge(staff);
  expect(c).toMatchObject({ status: "failed", outcomeCode: "rate_limited" });
  const { budget } = await (await staff.get("/api/budget")).json();
  const until = Date.parse(budget.pausedUntil);
  expect(until - Date.now()).toBeGreaterThan(3_540_000);
  expect(until - Date.now()).toBeLessThan(3_660_000);
  const refused = await staff.post("/api/charges", { data: body(), headers: { "Idempotency-Key": uniqueKey("paused") } });
  expect(refused.status()).toBe(429);
  expect((await refused.json()).error.code).toBe("budget_exhausted");
  const context = await browser.newContext({ storageState: await staff.storageState(), baseURL: app.base });
  const page = await context.newPage();
  await page.goto("/charges/new");
  await expect(page.getByTestId("budget-paused")).toHaveText(/charges resume at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} \(in 60 min\)\./);
  await context.close();
});

// Last: it leaves this server's audit log with a forged entry in it.
test("an audit entry INSERTed into the database by hand is chained by its trigger, and named on the audit page", async () => {
  const before = await (await owner.get("/audit")).text();
  expect(before).toContain("Each entry is signed with the audit signing key");
  expect(before).not.toContain("The audit chain is broken");
  const forge = "insert into audit_events (action, actor_email, target_id) values ('charge_reconciled', 'forger@example.com', 'forged')";
  app = await restartHostileApp({ upstream, app, owner, staff, support }, "hostile", async () => {
    if (process.env.E2E_DATABASE_URL_BASE) {
      const client = new pg.Client({ connectionString: `${process.env.E2E_DATABASE_URL_BASE}_hostile` });
      await client.connect();
      await client.query(forge).finally(() => client.end());
    } else {
      const db = await PGlite.create(inRun("hostile"), { extensions: { pg_trgm } });
      await db.exec(forge).finally(() => db.close());
    }
  });
  const page = await (await owner.get("/audit")).text();
  expect(page).toContain("The audit chain is broken");
  expect(page).toMatch(/The entry #\d+ \(“Charge resolved by hand”, [^)]+\) carries no signature: the dashboard did not write it/);
});
