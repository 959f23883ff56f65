// The README's promises, attacked: a hostile upstream (the key echoed in any encoding, 40 MB
// answers, JSON 5,000 deep, wrong types, a 429 asking for a day's pause), a staff member
// spending the budget on submissions that never leave, bad characters in every text field,
// parallel brute force on one account, and every HTML response's headers. On an app server of
// its own (`next start` on a fresh database), whose upstream is programmed by each test.
import { readFile } from "node:fs/promises";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import fc from "fast-check";
import { startAppServer, type AppServer } from "./support/app-server";
import { clientAddress, escapeChars, expectNoPieceOf, inParallel, signedInApi } from "./support/attack";
import { deep, huge, json, ok, startHostileUpstream, type HostileUpstream } from "./support/hostile-upstream";
import { remember } from "./support/used-text";
import { E2E_PASSWORD, emailOf } from "./support/users";

// Not shaped like sk_live_…: only the exact-key scrub, after decoding, can catch it.
const KEY = "momo-live-7Qx2Lp9Vd4Rt8Wz3Hk6";
const PORT = 3214;
const LOG = ".e2e/hostile.log";

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

let upstream: HostileUpstream;
let app: AppServer;
let owner: APIRequestContext;
let staff: APIRequestContext;
let support: APIRequestContext;

test.beforeAll(async () => {
  upstream = await startHostileUpstream(KEY);
  app = await startAppServer("hostile", PORT, "seed", {
    E2E_PASSWORD,
    MOMO_BASE_URL: upstream.url,
    MOMO_API_KEY: KEY,
    MOMO_TIMEOUT_MS: "3000",
    SWEEP_INTERVAL_SECONDS: "0",
  });
  [owner, staff, support] = await Promise.all(
    ["owner", "staff", "support"].map((r) => signedInApi(app.base, emailOf(r as "owner"), E2E_PASSWORD)),
  );
});

test.afterAll(async () => {
  for (const api of [owner, staff, support]) await api?.dispose();
  app?.stop();
  await upstream?.close();
});

let n = 0;
const body = (over: Record<string, string> = {}) => ({
  amount: "3.00",
  currency: "GHS",
  phoneNumber: "0240000001",
  provider: "mtn",
  vouchers: "",
  description: remember(`security check ${n}`),
  ...over,
});
async function charge(api: APIRequestContext, over: Record<string, string> = {}) {
  const res = await api.post("/api/charges", { data: body(over), headers: { "Idempotency-Key": `security_${Date.now()}_${n++}_key` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).charge as { id: string; status: string; outcomeCode: string | null; message: string };
}

async function ledgerIds(): Promise<string[]> {
  const res = await owner.get("/api/charges/export");
  expect(res.status()).toBe(200);
  return [...(await res.text()).matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)].map((m) => m[0]).sort();
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

  const texts: [string, string][] = [];
  const read = async (who: string, api: APIRequestContext, path: string) => {
    const res = await api.get(path);
    expect(res.status(), `${who} ${path}`).toBeLessThan(500);
    texts.push([`${who} ${path}`, await res.text()]);
  };
  for (const [who, api] of [
    ["staff", staff],
    ["support", support],
    ["owner", owner],
  ] as const) {
    for (const id of ids) {
      await read(who, api, `/api/charges/${id}`);
      await read(who, api, `/transactions/${id}`);
    }
    await read(who, api, "/transactions");
    await read(who, api, "/api/charges");
  }
  for (const [who, api] of [
    ["support", support],
    ["owner", owner],
  ] as const)
    await read(who, api, "/api/charges/export");
  for (const path of ["/account", "/api/account", "/audit", "/api/audit", "/reconcile"]) await read("owner", owner, path);
  // The raw answers owners and support see are there (scrubbed), so the pages were not empty.
  expect(texts.find(([w]) => w === `owner /transactions/${ids[1]}`)![1]).toContain("[redacted-key]");
  texts.push([LOG, await readFile(LOG, "utf8")]);
  for (const [where, text] of texts) expectNoPieceOf(KEY, text, where);
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

test("1,000 submissions that never leave keep the budget where it was", async () => {
  const budget = async () => (await (await staff.get("/api/budget")).json()).budget as { used: number; left: number };
  const ledger = await ledgerIds();
  const before = await budget();
  const bad: ((i: number) => Promise<number>)[] = [
    (i) =>
      staff
        .post("/api/charges", { data: body({ description: `nul\u0000${i}` }), headers: { "Idempotency-Key": `abuse_nul_${i}_0123456789` } })
        .then((r) => r.status()),
    (i) =>
      staff
        .post("/api/charges", {
          data: body({ description: `half \ud800 ${i}` }),
          headers: { "Idempotency-Key": `abuse_sur_${i}_0123456789` },
        })
        .then((r) => r.status()),
    (i) =>
      staff
        .post("/api/charges", { data: body({ amount: "-5" }), headers: { "Idempotency-Key": `abuse_neg_${i}_0123456789` } })
        .then((r) => r.status()),
    (i) => staff.post("/api/charges", { data: body(), headers: { "Idempotency-Key": `bad key ${i}` } }).then((r) => r.status()),
    (i) =>
      staff
        .post("/api/charges", {
          data: `{"amount":`,
          headers: { "Content-Type": "application/json", "Idempotency-Key": `abuse_json_${i}_0123456789` },
        })
        .then((r) => r.status()),
    (i) =>
      staff
        .post("/api/charges", {
          data: body({ description: "x".repeat(20_000) }),
          headers: { "Idempotency-Key": `abuse_big_${i}_0123456789` },
        })
        .then((r) => r.status()),
  ];
  const statuses = await inParallel(1_000, 25, (i) => bad[i % bad.length](i));
  expect(
    statuses.every((s) => s >= 400 && s < 500),
    JSON.stringify([...new Set(statuses)]),
  ).toBe(true);
  expect(await budget()).toMatchObject({ used: before.used, left: before.left });
  expect(await ledgerIds()).toEqual(ledger);
});

/** For a URL: a lone surrogate has no UTF-8, so it goes as the bytes a careless client would send. */
const q = (s: string) => [...s].map((ch) => (/[\ud800-\udfff]/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch))).join("");

test("bad characters in every text field: 422 naming it (404 for an id), nothing changed, never a 500", async () => {
  upstream.answer.charge = json(500, { error: { message: "down" } });
  const open = await charge(staff); // an unknown charge, for the resolve note
  upstream.answer.charge = ok();
  const ledger = await ledgerIds();
  const team = (await (await owner.get("/api/team")).json()).members.length;
  const anonymous = await request.newContext({ baseURL: app.base, extraHTTPHeaders: { Origin: app.base } });
  for (const c of ["\u0000", "\u0007", "\u001b", "\ud800", "\udc00", "\u0085"]) {
    const cases: [string, () => Promise<{ status(): number; text(): Promise<string> }>, number, string | null][] = [
      [
        "description",
        () =>
          staff.post("/api/charges", { data: body({ description: `a${c}b` }), headers: { "Idempotency-Key": `chars_${n++}_0123456789` } }),
        422,
        "description",
      ],
      [
        "phone",
        () =>
          staff.post("/api/charges", {
            data: body({ phoneNumber: `024${c}0000001` }),
            headers: { "Idempotency-Key": `chars_${n++}_0123456789` },
          }),
        422,
        "phoneNumber",
      ],
      [
        "member name",
        () =>
          owner.post("/api/team", {
            data: { name: `Ama${c}`, email: `ama${n++}@e2e.test`, role: "staff", password: "member-password-0123" },
          }),
        422,
        "name",
      ],
      [
        "member email",
        () =>
          owner.post("/api/team", {
            data: { name: "Ama", email: `ama${n++}${c}@e2e.test`, role: "staff", password: "member-password-0123" },
          }),
        422,
        "email",
      ],
      [
        "sign-in email",
        () =>
          anonymous.post("/api/session", {
            data: { email: `owner${c}@e2e.test`, password: "x" },
            headers: { "X-Forwarded-For": clientAddress() },
          }),
        422,
        "email",
      ],
      [
        "note",
        () => support.post(`/api/charges/${open.id}/resolve`, { data: { outcome: "failed", note: remember(`checked ${c} by phone`) } }),
        422,
        "note",
      ],
      ["export search", () => owner.get(`/api/charges/export?q=${q(`rent${c}al`)}`), 422, "q"],
      ["export member", () => owner.get(`/api/charges/export?member=${q(`u${c}`)}`), 422, "member"],
      ["team id", () => owner.patch(`/api/team/${q(`id${c}`)}`, { data: { role: "staff" } }), 404, null],
      ["charge id", () => owner.get(`/api/charges/${q(`id${c}`)}`), 404, null],
      [
        "resolve id",
        () => support.post(`/api/charges/${q(`id${c}`)}/resolve`, { data: { outcome: "failed", note: "checked by phone" } }),
        404,
        null,
      ],
      ["history search", () => owner.get(`/transactions?q=${q(`rent${c}al`)}`), 200, null],
      ["charge page id", () => owner.get(`/transactions/${q(`id${c}`)}`), 404, null],
    ];
    for (const [what, send, status, field] of cases) {
      const res = await send();
      const text = await res.text();
      const label = `${what} with U+${c.charCodeAt(0).toString(16).padStart(4, "0")}: ${text.slice(0, 200)}`;
      // In a URL a lone surrogate can only arrive as bytes that are not UTF-8: in a query string
      // they decode to U+FFFD (plain text); in a path, proxy.ts refuses them (400, malformed_path).
      const surrogate = /[\ud800-\udfff]/.test(c);
      const decodedAway = surrogate && what.startsWith("export");
      if (decodedAway) expect([200, 422], label).toContain(res.status());
      else if (surrogate && what.endsWith(" id")) expect(res.status(), label).toBe(400);
      else if (what === "charge page id") expect(res.status(), label).toBeLessThan(500);
      else expect(res.status(), label).toBe(status);
      if (field && !decodedAway) expect(JSON.parse(text).error.fields, label).toHaveProperty([field]);
    }
  }
  // A broken %-escape in any path: 400 in our error shape, not the router's bare 500.
  for (const path of ["/api/charges/%", "/api/team/%E0%A4%A", "/transactions/%ED%A0%80", "/sandbox/v1/user/%", "/no-such/%"]) {
    const res = await owner.get(path);
    expect(res.status(), path).toBe(400);
    expect(await res.json(), path).toMatchObject({ error: { code: "malformed_path", message: expect.any(String) } });
  }
  await anonymous.dispose();
  expect(await ledgerIds()).toEqual(ledger);
  expect((await (await owner.get("/api/team")).json()).members.length).toBe(team);
  expect((await (await owner.get(`/api/charges/${open.id}`)).json()).charge.status).toBe("unknown");
});

test("30 parallel sign-ins for one account: at most 5 passwords are checked", async () => {
  const res = await owner.post("/api/team", {
    data: { name: "Brute Target", email: "target@e2e.test", role: "staff", password: "the-right-password-1" },
  });
  expect(res.status()).toBe(201);
  const anonymous = await request.newContext({ baseURL: app.base, extraHTTPHeaders: { Origin: app.base } });
  const right = 17;
  const statuses = await inParallel(30, 30, (i) =>
    anonymous
      .post("/api/session", {
        data: { email: "target@e2e.test", password: i === right ? "the-right-password-1" : `wrong-guess-${i}` },
        headers: { "X-Forwarded-For": clientAddress() },
      })
      .then((r) => r.status()),
  );
  const checked = statuses.filter((s) => s !== 429);
  expect(checked.length, JSON.stringify(statuses)).toBeLessThanOrEqual(5);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
  // Locked now, for the right password too, from any address.
  const after = await anonymous.post("/api/session", {
    data: { email: "target@e2e.test", password: "the-right-password-1" },
    headers: { "X-Forwarded-For": clientAddress() },
  });
  expect(after.status()).toBe(429);
  expect(after.headers()["retry-after"]).toMatch(/^\d+$/);
  await anonymous.dispose();
});

test("every HTML response carries the security headers, and the app has an icon", async () => {
  const anonymous = await request.newContext({ baseURL: app.base });
  const paths = [
    "/",
    "/sign-in",
    "/setup",
    "/no-such-page",
    "/favicon.ico",
    "/robots.txt",
    "/icon.svg",
    "/api/no-such-route",
    "/_next/static/no-such.js",
    "/_next/nothing",
    "/sandbox/v1/user",
  ];
  for (const [who, api] of [
    ["anonymous", anonymous],
    ["owner", owner],
  ] as const) {
    for (const path of [...paths, "/transactions/not-a-uuid", "/transactions"]) {
      const res = await api.get(path, { maxRedirects: 0 });
      const h = res.headers();
      const where = `${who} ${path} → ${res.status()} ${h["content-type"]}`;
      expect(res.status(), where).toBeLessThan(500);
      expect(h["x-content-type-options"], where).toBe("nosniff");
      expect(h["x-frame-options"], where).toBe("DENY");
      expect(h["referrer-policy"], where).toBe("same-origin");
      if ((h["content-type"] ?? "").includes("text/html")) expect(h["content-security-policy"], where).toContain("frame-ancestors 'none'");
    }
  }
  const icon = await anonymous.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/icon/);
  expect(await (await anonymous.get("/sign-in")).text()).toMatch(/<link rel="icon"/);
  await anonymous.dispose();
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
  const refused = await staff.post("/api/charges", { data: body(), headers: { "Idempotency-Key": `paused_${Date.now()}_0123456789` } });
  expect(refused.status()).toBe(429);
  expect((await refused.json()).error.code).toBe("budget_exhausted");
  const context = await browser.newContext({ storageState: await staff.storageState(), baseURL: app.base });
  const page = await context.newPage();
  await page.goto("/charges/new");
  await expect(page.getByTestId("budget-paused")).toHaveText(/charges resume at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} \(in 60 min\)\./);
  await context.close();
});
