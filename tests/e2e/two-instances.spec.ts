// Two app instances (`next start` twice, different ports) on one PostgreSQL, as the deploy guide
// runs them behind a load balancer: everything they must agree on lives in the database. Only
// on the PostgreSQL pass (PGlite's folder belongs to one process). The upstream stand-in
// counts every request, so "once" and "within the budget" are counted, not assumed.
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { startAppServer, type AppServer } from "./support/app-server";
import { axeViolations } from "./support/axe";
import { clientAddress, inParallel } from "./support/attack";
import { json, ok, startHostileUpstream, type HostileUpstream } from "./support/hostile-upstream";
import { uniqueKey } from "./support/api";
import { port } from "./support/ports";
import { reauth } from "./support/reauth";
import { apiSignIn, saveSecret, secretOf } from "./support/two-factor";

// A TEST key: webhooks may then go to a receiver on this machine (a LIVE key refuses private
// addresses, which tests/unit/webhooks attack); nothing else here depends on the key's mode.
const KEY = "sk_test_two_instances_4e8a";
const LIMIT = 60;
const SWEEP_SECONDS = 2;
const OWNER = { name: "Twin Owner", email: "owner@twins.test", password: "twin-owner-password" };

test.skip(!process.env.E2E_DATABASE_URL_BASE, "two instances share a ledger only on PostgreSQL");
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

let upstream: HostileUpstream;
let a: AppServer;
let b: AppServer;
let onA: APIRequestContext;
let onB: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  upstream = await startHostileUpstream(KEY);
  const env = {
    MOMO_BASE_URL: upstream.url,
    MOMO_API_KEY: KEY,
    MOMO_TIMEOUT_MS: "3000",
    MOMO_REQUESTS_PER_MINUTE: String(LIMIT),
    MOMO_BUDGET_MAX_WAIT_MS: "0",
    SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS),
  };
  // One database ("twins"), emptied by the first; the second starts on it as it is.
  a = await startAppServer("twins", port(3215), "empty", env, "twins-a");
  b = await startAppServer("twins", port(3216), "keep", env, "twins-b");
});

test.afterAll(async () => {
  await onA?.dispose();
  await onB?.dispose();
  a?.stop();
  b?.stop();
  await upstream?.close();
});

const anonymous = (app: AppServer) => request.newContext({ baseURL: app.base, extraHTTPHeaders: { Origin: app.base } });
const chargeBody = (description: string) => ({
  amount: "2.00",
  currency: "GHS",
  phoneNumber: "0240000001",
  provider: "mtn",
  vouchers: "",
  description,
});
const postCharge = (api: APIRequestContext, description: string, key = uniqueKey("twins")) =>
  api.post("/api/charges", { data: chargeBody(description), headers: { "Idempotency-Key": key } });
const posts = (description: string) =>
  upstream.received.filter((r) => r.method === "POST" && JSON.parse(r.body).description === description);

test("set-up raced on both instances happens once", async () => {
  const [x, y] = [await anonymous(a), await anonymous(b)];
  const statuses = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      (i % 2 ? y : x).post("/api/setup", { data: { ...OWNER, email: i ? `owner${i}@twins.test` : OWNER.email } }).then((r) => r.status()),
    ),
  );
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s !== 201).every((s) => s === 404)).toBe(true);
  await x.dispose();
  await y.dispose();
  // Whoever won, sign in as them on A; the team has exactly one member.
  const winner = statuses.indexOf(201);
  onA = await anonymous(a);
  // The owner enrols at this first sign-in (their role requires two-factor).
  const email = winner ? `owner${winner}@twins.test` : OWNER.email;
  const signIn = await apiSignIn(onA, email, OWNER.password, {
    "X-Forwarded-For": clientAddress(),
  });
  expect(signIn.status).toBe(200);
  // Secrets are kept per server address; the two instances share one database, so the key
  // enrolled through A is also the one B asks a code of.
  saveSecret(b.base, email, secretOf(a.base, email));
  expect((await (await onA.get("/api/team")).json()).members).toHaveLength(1);
});

test("a session made on one instance is valid on the other, and signing out on one ends it on both", async () => {
  onB = await request.newContext({ baseURL: b.base, extraHTTPHeaders: { Origin: b.base }, storageState: await onA.storageState() });
  expect((await onB.get("/api/team")).status()).toBe(200);
  const spare = await request.newContext({ baseURL: a.base, extraHTTPHeaders: { Origin: a.base }, storageState: await onA.storageState() });
  const other = await request.newContext({ baseURL: b.base, extraHTTPHeaders: { Origin: b.base } });
  const { members } = await (await onA.get("/api/team")).json();
  // A second session, signed out on B: gone on A too.
  const second = await anonymous(b);
  expect((await apiSignIn(second, members[0].email, OWNER.password, { "X-Forwarded-For": clientAddress() })).status).toBe(200);
  const onAWithSecond = await request.newContext({ baseURL: a.base, storageState: await second.storageState() });
  expect((await onAWithSecond.get("/api/charges")).status()).toBe(200);
  expect((await second.delete("/api/session")).status()).toBe(204);
  expect((await onAWithSecond.get("/api/charges")).status()).toBe(401);
  for (const c of [spare, other, second, onAWithSecond]) await c.dispose();
});

test("a charge made through one instance is seen on the other", async () => {
  const res = await postCharge(onA, "made on A");
  expect(res.status()).toBe(201);
  const { charge } = await res.json();
  const seen = await onB.get(`/api/charges/${charge.id}`);
  expect(seen.status()).toBe(200);
  expect((await seen.json()).charge).toMatchObject({ id: charge.id, status: "success", description: "made on A" });
});

test("an API key made on A works on both; one Idempotency-Key sent 10 times across both makes one link; revoked on B, it is refused by both at once", async () => {
  await reauth(onA, OWNER.password);
  const made = await onA.post("/api/api-keys", { data: { name: "Twin shop", scopes: ["pay_links:write", "charges:read"] } });
  expect(made.status()).toBe(201);
  const { key, secret } = (await made.json()) as { key: { id: string }; secret: string };
  const [shopA, shopB] = await Promise.all(
    [a, b].map((app) => request.newContext({ baseURL: app.base, extraHTTPHeaders: { Authorization: `Bearer ${secret}` } })),
  );
  const order = uniqueKey("twin_order");
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? shopB : shopA).post("/api/v1/pay_links", {
        data: { amount_minor: 500, currency: "GHS", description: "Twin order", reference: order.slice(0, 40) },
        headers: { "Idempotency-Key": order },
      }),
    ),
  );
  expect(answers.map((r) => r.status())).toEqual(Array(10).fill(201));
  expect(new Set(await Promise.all(answers.map(async (r) => (await r.json()).id))).size).toBe(1);
  expect((await onB.delete(`/api/api-keys/${key.id}`)).status()).toBe(200);
  expect((await shopA.get("/api/v1/charges?limit=1")).status()).toBe(401);
  expect((await shopB.get("/api/v1/charges?limit=1")).status()).toBe(401);
  for (const c of [shopA, shopB]) await c.dispose();
});

test("one idempotency key sent to both instances at once makes one upstream call", async () => {
  const key = uniqueKey("twins_same");
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => postCharge(i % 2 ? onB : onA, "same key on both", key)));
  for (const r of results) expect([200, 201]).toContain(r.status());
  const ids = await Promise.all(results.map(async (r) => (await r.json()).charge.id as string));
  expect(new Set(ids).size).toBe(1);
  expect(results.filter((r) => r.status() === 201)).toHaveLength(1);
  expect(posts("same key on both")).toHaveLength(1);
});

test("30 parallel sign-ins across both instances: at most 5 passwords are checked", async () => {
  const add = await onA.post("/api/team", {
    data: { name: "Twin Target", email: "target@twins.test", role: "staff", password: "the-right-password-2" },
  });
  expect(add.status()).toBe(201);
  const [x, y] = [await anonymous(a), await anonymous(b)];
  const statuses = await inParallel(30, 30, (i) =>
    (i % 2 ? y : x)
      .post("/api/session", {
        data: { email: "target@twins.test", password: i === 11 ? "the-right-password-2" : `wrong-${i}` },
        headers: { "X-Forwarded-For": clientAddress() },
      })
      .then((r) => r.status()),
  );
  expect(statuses.filter((s) => s !== 429).length, JSON.stringify(statuses)).toBeLessThanOrEqual(5);
  await x.dispose();
  await y.dispose();
});

// Before the batch below: pay links may use only the first half of the minute's places
// (PAYMENT_REQUEST_BUDGET_SHARE), which the batch's rows fill.
test("a pay link paid once, raced by 10 anonymous payers across both instances: one charge reaches the upstream", async () => {
  const made = await onA.post("/api/payment-requests", {
    data: { amount: "3.00", currency: "GHS", description: "twin pay link" },
    headers: { "Content-Type": "application/json" },
  });
  expect(made.status()).toBe(201);
  const { request: link } = await made.json();
  const [x, y] = [await anonymous(a), await anonymous(b)];
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? y : x)
        .post(`/api/pay${link.path.slice("/pay".length)}`, {
          data: { phoneNumber: `02450000${String(i).padStart(2, "0")}` },
          headers: { "Idempotency-Key": uniqueKey("twin-pay"), "X-Forwarded-For": clientAddress() },
        })
        .then(async (r) => ({ status: r.status(), code: r.ok() ? null : (await r.json()).error.code })),
    ),
  );
  expect(
    answers.filter((r) => r.status === 201),
    JSON.stringify(answers),
  ).toHaveLength(1);
  for (const r of answers.filter((r) => r.status !== 201)) expect(["pay_link_closed", "payment_in_progress"]).toContain(r.code);
  expect(posts("twin pay link")).toHaveLength(1);
  // Both instances show the same page for it now: paid.
  for (const api of [x, y]) expect((await api.get(link.path)).status()).toBe(410);
  await x.dispose();
  await y.dispose();
});

test("a pay link past its expiry says so on both instances, with 410, and takes nothing", async ({ browser }) => {
  const made = await onA.post("/api/payment-requests", {
    data: { amount: "4.00", currency: "GHS", description: "twin expired link" },
    headers: { "Content-Type": "application/json" },
  });
  expect(made.status()).toBe(201);
  const { request: link } = await made.json();
  // A link lives at least a day: its expiry is moved into the past in the shared database.
  const db = new pg.Client({ connectionString: `${process.env.E2E_DATABASE_URL_BASE}_twins` });
  await db.connect();
  await db.query("update payment_requests set expires_at = now() - interval '1 minute' where id = $1", [link.id]);
  await db.end();
  const context = await browser.newContext({
    viewport: { width: 390, height: 860 },
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
  });
  const page = await context.newPage();
  for (const app of [a, b]) {
    expect((await page.goto(`${app.base}${link.path}`))?.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
    await expect(page.getByText("Ask the business for a new one.")).toBeVisible();
  }
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page, { label: `expired link (${colorScheme})` })).toEqual([]);
  }
  const paid = await page.request.post(`${b.base}/api${link.path}`, {
    data: { phoneNumber: "0245000099" },
    headers: { Origin: b.base, "Idempotency-Key": uniqueKey("twin-expired") },
  });
  expect(paid.status()).toBe(410);
  expect(posts("twin expired link")).toHaveLength(0);
  await context.close();
});

/** A merchant's receiver: verifies each delivery with its secret and counts it by webhook-id. */
type Receiver = { url: string; secret: string; seen: Map<string, number>; unverified: number; close(): void };
const receivers: Receiver[] = [];
async function startReceiver(): Promise<Receiver> {
  const r: Receiver = { url: "", secret: "", seen: new Map(), unverified: 0, close: () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const id = String(req.headers["webhook-id"]);
      try {
        new Webhook(r.secret).verify(body, req.headers as Record<string, string>);
        r.seen.set(id, (r.seen.get(id) ?? 0) + 1);
      } catch {
        r.unverified += 1;
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  r.close = () => server.close();
  return r;
}

test("two webhook endpoints, added on A, listen for every charge and batch event", async () => {
  for (let i = 0; i < 2; i++) {
    const r = await startReceiver();
    const res = await onA.post("/api/webhooks", {
      data: {
        url: r.url,
        description: `twin ${i}`,
        eventTypes: ["charge.succeeded", "charge.failed", "charge.unknown", "batch.awaiting_approval", "batch.finished"],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    r.secret = (await res.json()).secret;
    receivers.push(r);
  }
});

test("a bulk batch prepared on A and approved on B runs on the instances' shared queue: every row sent once", async () => {
  // 22 rows: more than one fetch of the queue's worker (20), so either instance may take some; few enough to leave
  // the last test most of the minute's budget.
  const rows = Array.from({ length: 22 }, (_, i) => ({ phone: "0240000001", amount: `${i + 1}.05`, description: `twin batch ${i}` }));
  const made = await onA.post("/api/batches", { data: { label: "Twins", rows } });
  expect(made.status()).toBe(201);
  const { batch } = await made.json();
  // Approved through both instances at once: one approval, the others refused as already decided.
  const decisions = await Promise.all(
    Array.from({ length: 4 }, (_, i) => (i % 2 ? onA : onB).post(`/api/batches/${batch.id}/decision`, { data: { approve: true } })),
  );
  expect(decisions.filter((d) => d.status() === 200)).toHaveLength(1);
  expect(decisions.filter((d) => d.status() === 409)).toHaveLength(3);
  await expect
    .poll(async () => (await (await onB.get(`/api/batches/${batch.id}`)).json()).batch.status, { timeout: 90_000, intervals: [500] })
    .toBe("completed");
  const { batch: done } = await (await onA.get(`/api/batches/${batch.id}`)).json();
  expect(done.counts).toMatchObject({ success: 22, queued: 0, sending: 0 });
  for (let i = 0; i < 22; i++) expect(posts(`twin batch ${i}`), `row ${i + 1}`).toHaveLength(1);
});

test("both instances deliver: each event reaches each endpoint once, verified with its secret", async () => {
  const db = new pg.Client({ connectionString: `${process.env.E2E_DATABASE_URL_BASE}_twins` });
  await db.connect();
  try {
    const pending = async () =>
      (await db.query("select count(*) filter (where state <> 'delivered')::int as open, count(*)::int as all from webhook_deliveries"))
        .rows[0];
    // The batch's 22 charges, its two batch events: delivered by whichever instance fetched each job.
    // (The dispatcher writes them within a second of each event: wait for all of them, then for none open.)
    await expect
      .poll(
        async () => {
          const p = await pending();
          return p.all >= 2 * 24 && p.open === 0;
        },
        { timeout: 30_000, intervals: [500] },
      )
      .toBe(true);
    // A moment more, for any second delivery that was going to come.
    await new Promise((r) => setTimeout(r, 2_000));
    const byEndpoint = (
      await db.query("select e.url, d.event_id::text as id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id")
    ).rows;
    for (const r of receivers) {
      const expected = byEndpoint
        .filter((d) => d.url === r.url)
        .map((d) => d.id as string)
        .sort();
      expect([...r.seen.keys()].sort()).toEqual(expected);
      expect([...r.seen.values()].filter((n) => n !== 1)).toEqual([]);
      expect(r.unverified).toBe(0);
    }
  } finally {
    await db.end();
    for (const r of receivers) r.close();
  }
});

test("the sweeps of both instances look each open charge up at most once per interval", async () => {
  upstream.answer.charge = ok("pending");
  upstream.answer.status = json(200, { status: "pending", message: "Waiting for the customer." });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await (await postCharge(i % 2 ? onB : onA, `sweep ${i}`)).json()).charge.id);
  const refs = await Promise.all(ids.map(async (id) => (await (await onA.get(`/api/charges/${id}`)).json()).charge.reference as string));
  const from = Date.now();
  await new Promise((r) => setTimeout(r, 14_000));
  for (const ref of refs) {
    const times = upstream.received.filter((r) => r.method === "GET" && r.path.endsWith(`/${ref}`) && r.at >= from).map((r) => r.at);
    expect(times.length, `${ref} looked up`).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < times.length; i++)
      expect(times[i] - times[i - 1], `${ref}: lookups ${times.join(", ")}`).toBeGreaterThan(SWEEP_SECONDS * 1000 - 500);
  }
  // Settle them, so the sweeps stop asking.
  upstream.answer.status = json(200, { status: "success", message: "Approved." });
  upstream.answer.charge = ok();
  await expect
    .poll(async () => (await (await onB.get(`/api/charges/${ids[2]}`)).json()).charge.status, { timeout: 10_000 })
    .toBe("success");
});

// Last: it uses up the minute's budget.
test("the budget spent through both instances together stays within MOMO_REQUESTS_PER_MINUTE", async () => {
  const statuses = await inParallel(150, 30, (i) => postCharge(i % 2 ? onB : onA, `budget ${i}`).then((r) => r.status()));
  expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
  const now = Date.now();
  const lastMinute = upstream.received.filter((r) => r.at > now - 61_000);
  expect(lastMinute.length).toBeLessThanOrEqual(LIMIT);
});
