// Fuzzing every route handler over HTTP with fast-check: random and malformed bodies, headers,
// query strings and ids, as the owner (who may reach every handler's parser) and as nobody.
// Every answer is below 500; every refusal has the { error: { code, message } } shape; and
// the ledger holds the same charges afterwards. Runs after the other projects, on its own.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { newMemberSchema, setupSchema, signInSchema } from "../../lib/auth/schemas";
import { chargeFormSchema, idempotencyKeySchema } from "../../lib/charges/schema";
import { resolutionSchema } from "../../lib/charges/reconcile-schema";
import { SANDBOX_API_KEY } from "../../lib/sandbox/keys";
import { apiAs, chargeVia } from "./support/api";

/** Runs per property; about 2,500 requests in all. FUZZ_RUNS changes it (higher for a longer search). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const ORIGIN = "http://127.0.0.1:3210";
const VALID_CHARGE = { amount: "12.50", currency: "GHS", phoneNumber: "0240000001", provider: "mtn", vouchers: "", description: "fuzz" };

test.describe.configure({ mode: "serial" });

let owner: APIRequestContext;
let anonymous: APIRequestContext;
let before: string[];
const seen = new Map<number, number>();

test.beforeAll(async ({ playwright }) => {
  owner = await apiAs("owner", ORIGIN);
  anonymous = await playwright.request.newContext({ baseURL: ORIGIN });
  // At least one charge, so that "the same charges afterwards" is not a comparison of nothing.
  await chargeVia(owner, { amount: "1.00", phone: "0240000001", description: "fuzz baseline" });
  before = await ledgerIds();
  expect(before.length).toBeGreaterThan(0);
});

test.afterAll(async () => {
  // Nothing the fuzzer sent made, removed or replaced a charge.
  expect(await ledgerIds()).toEqual(before);
  console.log(`fuzz: answers by status ${JSON.stringify(Object.fromEntries([...seen].sort((a, b) => a[0] - b[0])))}`);
  await owner.dispose();
  await anonymous.dispose();
});

/** Every charge id in the ledger, through the export (which has no row limit). */
async function ledgerIds(): Promise<string[]> {
  const res = await owner.get("/api/charges/export");
  expect(res.status()).toBe(200);
  const rows = parse(await res.text(), { columns: true, bom: true }) as { id: string }[];
  return rows.map((r) => r.id).sort();
}

type Sent = { method: string; path: string; headers?: Record<string, string>; body?: string };

/** Sends one request and checks the answer: below 500, and a refusal in our error shape. */
async function expectHandled(ctx: APIRequestContext, r: Sent, allowOk = false): Promise<number> {
  const res = await ctx.fetch(r.path, { method: r.method, headers: r.headers, data: r.body, maxRedirects: 0, failOnStatusCode: false });
  const status = res.status();
  seen.set(status, (seen.get(status) ?? 0) + 1);
  const what = `${r.method} ${r.path} ${JSON.stringify(r.headers ?? {})} ${JSON.stringify(r.body)?.slice(0, 300)} → ${status}`;
  expect(status, what).toBeLessThan(500);
  if (!allowOk) expect(status, what).toBeGreaterThanOrEqual(400);
  if (status >= 400) {
    const body = await res.json().catch(() => null);
    expect(body, what).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(Object.keys(body), what).toEqual(["error"]);
    expect(body.error.message.length, what).toBeGreaterThan(0);
  }
  return status;
}

const json = (extra: Record<string, string> = {}) => ({ "Content-Type": "application/json", Origin: ORIGIN, ...extra });
const key = () => `fuzz_${Date.now()}_${Math.random().toString(36).slice(2, 12)}`;
const ascii = (maxLength = 60) => fc.string({ unit: "grapheme-ascii", maxLength });

/** Any JSON value, some of them shaped like our forms with a field gone wrong. */
function bodies<T extends Record<string, unknown>>(valid: T, stillValid: (v: unknown) => boolean): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    ascii(),
    fc.string({ maxLength: 300 }),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.object({ maxDepth: 1 }),
  );
  const mutated = fc
    .record({ field: fc.constantFrom(...Object.keys(valid), "__proto__", "constructor", "extra"), value: wrong, drop: fc.boolean() })
    .map(({ field, value, drop }) => {
      const copy: Record<string, unknown> = { ...valid };
      if (drop) delete copy[field];
      else Object.defineProperty(copy, field, { value, enumerable: true, configurable: true, writable: true });
      return copy;
    });
  return fc.oneof(fc.jsonValue(), mutated, fc.object()).filter((b) => !stillValid(b));
}

/** A body as sent on the wire: JSON of the value, or bytes that are not JSON at all. */
const wire = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: value.map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "[1,", '{"amount":', "\u0000", "{}}") },
  );

const isCharge = (b: unknown) => chargeFormSchema.safeParse(b).success;

test("POST /api/charges: malformed bodies are refused and charge nothing", async () => {
  await fc.assert(
    fc.asyncProperty(wire(bodies(VALID_CHARGE, isCharge)), async (body) => {
      await expectHandled(owner, { method: "POST", path: "/api/charges", headers: json({ "Idempotency-Key": key() }), body });
    }),
    { numRuns: RUNS * 3 },
  );
});

test("POST /api/charges: malformed headers are refused, even with a valid body", async () => {
  const badKey = fc
    .oneof(ascii(120), fc.constantFrom("", "short", "x".repeat(101), "has space in it here", "ünïcödé-key-123456"))
    .filter((k) => !idempotencyKeySchema.safeParse(k).success);
  const contentType = fc.oneof(
    ascii(40),
    fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"),
  );
  await fc.assert(
    fc.asyncProperty(badKey, contentType, fc.boolean(), async (k, type, dropKey) => {
      const headers: Record<string, string> = { ...json(), "Content-Type": /^application\/json\b/i.test(type) ? "text/plain" : type };
      if (!dropKey) headers["Idempotency-Key"] = k;
      // Either the key or the content type is wrong (or both): never a charge.
      await expectHandled(owner, {
        method: "POST",
        path: "/api/charges",
        headers: { ...headers, ...(dropKey ? {} : { "Content-Type": "application/json" }) },
        body: JSON.stringify(VALID_CHARGE),
      });
      await expectHandled(owner, {
        method: "POST",
        path: "/api/charges",
        headers: { ...headers, "Idempotency-Key": key() },
        body: JSON.stringify(VALID_CHARGE),
      });
    }),
    { numRuns: RUNS },
  );
});

test("requests from elsewhere or from nobody are refused, whatever they carry", async () => {
  const foreignOrigin = fc.oneof(
    fc.webUrl().map((u) => new URL(u).origin),
    fc.constantFrom("null", "http://127.0.0.1:3211", "https://127.0.0.1:3210", "http://localhost:3210"),
  );
  await fc.assert(
    fc.asyncProperty(foreignOrigin, ascii(200), async (origin, cookie) => {
      await expectHandled(owner, {
        method: "POST",
        path: "/api/charges",
        headers: { ...json(), Origin: origin, "Idempotency-Key": key() },
        body: JSON.stringify(VALID_CHARGE),
      });
      await expectHandled(anonymous, {
        method: "POST",
        path: "/api/charges",
        headers: { ...json(), Cookie: cookie, "Idempotency-Key": key() },
        body: JSON.stringify(VALID_CHARGE),
      });
      await expectHandled(anonymous, { method: "GET", path: "/api/charges", headers: { Cookie: cookie } });
    }),
    { numRuns: RUNS },
  );
});

test("GET routes: random query strings never break a handler", async () => {
  const name = fc.oneof(
    fc.constantFrom(
      "status",
      "network",
      "member",
      "from",
      "to",
      "min",
      "max",
      "q",
      "after",
      "before",
      "limit",
      "currency",
      "action",
      "actor",
    ),
    ascii(10),
  );
  const param = fc.tuple(
    name,
    fc.oneof(
      ascii(40),
      fc.string({ maxLength: 40 }),
      fc.integer().map(String),
      fc.constantFrom("2026-02-30", "-1", "1e309", "NaN", "%", "%%", "'; drop table charges; --", "../../etc/passwd"),
    ),
  );
  const query = fc
    .array(param, { maxLength: 6 })
    .map((ps) => ps.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("/api/charges", "/api/charges/export", "/api/audit", "/api/team", "/api/budget"),
      query,
      async (path, q) => {
        await expectHandled(owner, { method: "GET", path: `${path}?${q}` }, true);
      },
    ),
    { numRuns: RUNS * 2 },
  );
});

test("charge, check, resolve and team routes: random ids and bodies are refused", async () => {
  // Ids stay one path segment ("." and ".." would be another route, not another id).
  const id = fc.oneof(
    fc.uuid(),
    ascii(40)
      .filter((s) => s.trim().length > 0 && !/^\.+$/.test(s.trim()) && !/[/?#%\\]/.test(s))
      .map(encodeURIComponent),
    fc.constantFrom("0", "-1", "null", "undefined"),
  );
  const isResolution = (b: unknown) => resolutionSchema.safeParse(b).success;
  await fc.assert(
    fc.asyncProperty(
      id,
      wire(bodies({ outcome: "failed", note: "fuzzing" }, isResolution)),
      wire(fc.jsonValue()),
      async (chargeId, resolution, change) => {
        await expectHandled(owner, { method: "GET", path: `/api/charges/${chargeId}` });
        await expectHandled(owner, { method: "POST", path: `/api/charges/${chargeId}/check`, headers: json() });
        await expectHandled(owner, { method: "POST", path: `/api/charges/${chargeId}/resolve`, headers: json(), body: resolution });
        await expectHandled(owner, { method: "PATCH", path: `/api/team/${chargeId}`, headers: json(), body: change });
      },
    ),
    { numRuns: RUNS },
  );
});

test("session, set-up and team bodies: malformed ones are refused and sign nobody in", async () => {
  const notSignIn = bodies({ email: "fuzz@e2e.test", password: "not-the-password" }, (b) => signInSchema.safeParse(b).success);
  const notSetup = bodies(
    { name: "Fuzz", email: "fuzz@e2e.test", password: "a-long-enough-password" },
    (b) => setupSchema.safeParse(b).success,
  );
  const members = async () =>
    ((await (await owner.get("/api/team")).json()).members as { email: string; role: string; active: boolean }[])
      .map((m) => `${m.email} ${m.role} ${m.active}`)
      .sort();
  const team = await members();
  const notMember = bodies(
    { name: "Fuzz", email: "fuzz@e2e.test", role: "staff", password: "a-long-enough-password" },
    (b) => newMemberSchema.safeParse(b).success,
  );
  await fc.assert(
    fc.asyncProperty(wire(notSignIn), wire(notSetup), wire(notMember), async (signIn, setup, member) => {
      const signInStatus = await expectHandled(anonymous, { method: "POST", path: "/api/session", headers: json(), body: signIn });
      expect(signInStatus).not.toBe(200);
      await expectHandled(anonymous, { method: "POST", path: "/api/setup", headers: json(), body: setup });
      await expectHandled(owner, { method: "POST", path: "/api/team", headers: json(), body: member });
    }),
    { numRuns: RUNS },
  );
  // The owner is still signed in, and the team is as it was: nobody added, changed or removed.
  expect(await members()).toEqual(team);
  expect(team.length).toBeGreaterThanOrEqual(3);
});

test("oversized bodies are refused without being read", async () => {
  for (const path of ["/api/charges", "/api/session", "/api/team"]) {
    await expectHandled(owner, {
      method: "POST",
      path,
      headers: json({ "Idempotency-Key": key() }),
      body: `{"description":"${"x".repeat(2_000_000)}"}`,
    });
  }
});

test("the bundled sandbox's routes refuse malformed requests in the same shape", async () => {
  const auth = fc.oneof(
    fc.constant(`Bearer ${SANDBOX_API_KEY}`),
    ascii(80),
    fc.constant(""),
    fc.constant("Bearer "),
    fc.constant(`bearer ${SANDBOX_API_KEY}x`),
  );
  const upstreamBody = wire(
    bodies(
      { amount: 12.5, currency: "GHS", phone_number: "0240000001", provider: "mtn", vouchers: "", description: "fuzz" },
      () => false,
    ).filter((b) => !(typeof b === "object" && b && "amount" in b && "phone_number" in b && "provider" in b && "currency" in b)),
  );
  await fc.assert(
    // "." and ".." are dot segments: the client resolves them away and the address ends in "/",
    // which Next.js answers with a 308 to the same path without it, as it should.
    fc.asyncProperty(
      auth,
      upstreamBody,
      ascii(30).filter((r) => r !== "." && r !== ".."),
      async (authorization, body, reference) => {
        const headers: Record<string, string> = authorization
          ? { Authorization: authorization, "Content-Type": "application/json" }
          : { "Content-Type": "application/json" };
        await expectHandled(anonymous, { method: "POST", path: "/sandbox/v1/payments/momo/charge", headers, body });
        await expectHandled(anonymous, {
          method: "GET",
          path: `/sandbox/v1/payments/momo/charge/${encodeURIComponent(reference) || "x"}`,
          headers,
        });
      },
    ),
    { numRuns: RUNS },
  );
});
