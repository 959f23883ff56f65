// Every route handler and page × {anonymous, staff, support, owner}: the expected status,
// as a table. Sessions are the ones the setup project saved through the sign-in page.
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { ROLES, stateOf, type E2eRole } from "../support/users";
import { uniqueKey } from "../support/api";

type Who = "anonymous" | E2eRole;
const WHO: Who[] = ["anonymous", ...ROLES];
type Expect = Record<Who, number>;
const only = (ok: number, ...roles: E2eRole[]): Expect => ({
  anonymous: 401,
  owner: roles.includes("owner") ? ok : 403,
  staff: roles.includes("staff") ? ok : 403,
  support: roles.includes("support") ? ok : 403,
});
const everyone = (status: number): Expect => ({ anonymous: status, owner: status, staff: status, support: status });

const charge = { amount: "1.00", currency: "GHS", phoneNumber: "0240000001", provider: "mtn", description: "access matrix" };
const json = { "Content-Type": "application/json" };
let chargeId = "";
const NO_SUCH_CHARGE = "00000000-0000-4000-8000-000000000000";

type Row = { method: string; path: () => string; body?: unknown; headers?: Record<string, string>; expect: Expect };
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
/** Either answer is right for the logo: whether there is one depends on the UI tests running meanwhile. */
const LOGO = -1;

const API: Row[] = [
  { method: "GET", path: () => "/api/charges", expect: only(200, "owner", "staff", "support") },
  { method: "POST", path: () => "/api/charges", body: charge, headers: json, expect: only(201, "owner", "staff") },
  { method: "GET", path: () => `/api/charges/${chargeId}`, expect: only(200, "owner", "staff", "support") },
  { method: "POST", path: () => `/api/charges/${chargeId}/check`, expect: only(409, "owner", "support") },
  {
    method: "POST",
    path: () => `/api/charges/${chargeId}/resolve`,
    body: { outcome: "failed", note: "matrix check" },
    headers: json,
    expect: only(409, "owner", "support"),
  },
  { method: "GET", path: () => "/api/charges/export?status=success", expect: only(200, "owner", "support") },
  { method: "GET", path: () => "/api/account", expect: only(200, "owner") },
  { method: "GET", path: () => "/api/budget", expect: only(200, "owner", "staff", "support") },
  { method: "GET", path: () => "/api/team", expect: only(200, "owner") },
  { method: "POST", path: () => "/api/team", body: {}, headers: json, expect: only(422, "owner") },
  { method: "PATCH", path: () => "/api/team/no-such-member", body: { role: "staff" }, headers: json, expect: only(404, "owner") },
  { method: "GET", path: () => "/api/audit", expect: only(200, "owner") },
  // Every member's own: a choice outside the three is refused, for each of them alike.
  {
    method: "PUT",
    path: () => "/api/profile/theme",
    body: { theme: "neon" },
    headers: json,
    expect: only(422, "owner", "staff", "support"),
  },
  { method: "GET", path: () => "/api/team/invites", expect: only(200, "owner") },
  { method: "POST", path: () => "/api/team/invites", body: {}, headers: json, expect: only(422, "owner") },
  { method: "DELETE", path: () => `/api/team/invites/${NO_SUCH_ID}`, expect: only(404, "owner") },
  // Every member changes their own password; an empty body is refused before any password is checked.
  { method: "POST", path: () => "/api/profile/password", body: {}, headers: json, expect: { ...everyone(422), anonymous: 401 } },
  { method: "GET", path: () => "/api/business", expect: only(200, "owner", "staff", "support") },
  { method: "PUT", path: () => "/api/business", body: {}, headers: json, expect: only(422, "owner") },
  {
    method: "PUT",
    path: () => "/api/business/logo",
    body: "not an image",
    headers: { "Content-Type": "image/png" },
    expect: only(422, "owner"),
  },
  // The logo is every member's to see (header, receipts): 200 with one, 404 without (UI tests add and remove it meanwhile).
  { method: "GET", path: () => "/api/business/logo?v=0", expect: { anonymous: 401, owner: LOGO, staff: LOGO, support: LOGO } },
  // Open to anyone, but never a way around the rules:
  {
    method: "POST",
    path: () => `/api/invites/${"x".repeat(43)}`,
    body: { name: "X", password: "a-long-enough-password" },
    headers: json,
    expect: everyone(404),
  },
  { method: "POST", path: () => "/api/session", body: {}, headers: json, expect: everyone(422) },
  {
    method: "POST",
    path: () => "/api/setup",
    body: { name: "X", email: "x@e2e.test", password: "another-password-1" },
    headers: json,
    expect: everyone(404),
  },
  // The sandbox keeps its own Bearer auth: a dashboard session does not open it.
  { method: "GET", path: () => "/sandbox/v1/user", expect: everyone(401) },
  { method: "POST", path: () => "/sandbox/v1/payments/momo/charge", body: {}, headers: json, expect: everyone(401) },
];

// Pages: 307 is the redirect to sign-in (anonymous) or to the member's start page.
const PAGES: { path: () => string; expect: Expect }[] = [
  { path: () => "/", expect: everyone(307) },
  { path: () => "/charges/new", expect: { anonymous: 307, owner: 200, staff: 200, support: 403 } },
  { path: () => "/transactions", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => `/transactions/${chargeId}`, expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => `/transactions/${chargeId}/receipt`, expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => "/reconcile", expect: { anonymous: 307, owner: 200, staff: 403, support: 200 } },
  { path: () => "/reconcile?status=unknown&age=1h&order=newest", expect: { anonymous: 307, owner: 200, staff: 403, support: 200 } },
  { path: () => `/reconcile/${chargeId}`, expect: { anonymous: 307, owner: 200, staff: 403, support: 200 } },
  // Unknown ids are real 404s, for those who may look (staff may not look in the queue at all).
  { path: () => `/transactions/${NO_SUCH_CHARGE}`, expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => "/transactions/not-a-uuid", expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => `/transactions/${NO_SUCH_CHARGE}/receipt`, expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => "/transactions/not-a-uuid/receipt", expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => `/reconcile/${NO_SUCH_CHARGE}`, expect: { anonymous: 307, owner: 404, staff: 403, support: 404 } },
  { path: () => "/reconcile/not-a-uuid", expect: { anonymous: 307, owner: 404, staff: 403, support: 404 } },
  { path: () => "/insights", expect: { anonymous: 307, owner: 200, staff: 403, support: 200 } },
  { path: () => "/account", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  { path: () => "/team", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  { path: () => "/audit", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  { path: () => "/settings", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  { path: () => "/profile", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  // The link is the proof: no session needed; an unknown one is a page that says so.
  { path: () => `/invite/${"x".repeat(43)}`, expect: everyone(200) },
  { path: () => "/sign-in", expect: { anonymous: 200, owner: 307, staff: 307, support: 307 } },
  { path: () => "/setup", expect: everyone(404) },
];

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const who of WHO) {
    contexts.set(
      who,
      await playwrightRequest.newContext({ baseURL, storageState: who === "anonymous" ? undefined : stateOf(who), maxRedirects: 0 }),
    );
  }
  const created = await contexts
    .get("staff")!
    .post("/api/charges", { data: charge, headers: { ...json, "Idempotency-Key": uniqueKey("matrix_seed") } });
  expect(created.status()).toBe(201);
  chargeId = (await created.json()).charge.id;
});

test.afterAll(async () => {
  for (const c of contexts.values()) await c.dispose();
});

for (const row of API) {
  test(`${row.method} ${row.path().replace(/\/\/|\/$/, "/{id}/")}`, async () => {
    for (const who of WHO) {
      const headers = {
        ...row.headers,
        ...(row.method === "POST" && row.path() === "/api/charges" ? { "Idempotency-Key": uniqueKey(`matrix_${who}`) } : {}),
      };
      const res = await contexts.get(who)!.fetch(row.path(), { method: row.method, data: row.body, headers });
      if (row.expect[who] === LOGO) expect([200, 404], `${row.method} ${row.path()} as ${who}`).toContain(res.status());
      else expect(res.status(), `${row.method} ${row.path()} as ${who}`).toBe(row.expect[who]);
      if (res.status() >= 400)
        expect((await res.json()).error, `error shape as ${who}`).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
}

for (const page of PAGES) {
  test(`page ${page.path().replace(/[0-9a-f-]{36}$/, "{id}")}`, async () => {
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(page.path());
      expect(res.status(), `${page.path()} as ${who}`).toBe(page.expect[who]);
      if (who === "anonymous" && res.status() === 307 && page.path() !== "/") {
        expect(res.headers().location).toContain(`/sign-in?next=${encodeURIComponent(page.path())}`);
      }
    }
  });
}

// Removing the logo is the owner's (the UI test in business.spec.ts removes it as the owner): the
// others are refused before anything is looked at. Not in the table: the owner's 204 would
// remove a logo another test is looking at.
test("DELETE /api/business/logo", async () => {
  for (const [who, status] of [
    ["anonymous", 401],
    ["staff", 403],
    ["support", 403],
  ] as const) {
    const res = await contexts.get(who)!.delete("/api/business/logo");
    expect(res.status(), who).toBe(status);
    expect((await res.json()).error.code, who).toBe(status === 401 ? "unauthenticated" : "forbidden");
  }
});

test("a cross-site POST is refused and changes nothing", async () => {
  const staff = contexts.get("staff")!;
  const description = `cross-site ${Date.now()}`;
  for (const headers of [{ Origin: "http://evil.example" }, { "Sec-Fetch-Site": "cross-site" }] as Record<string, string>[]) {
    const res = await staff.post("/api/charges", {
      data: { ...charge, description },
      headers: { ...json, ...headers, "Idempotency-Key": uniqueKey("xsite") },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.code).toBe("cross_origin");
  }
  const same = await staff.post("/api/charges", {
    data: { ...charge, description: `${description} same` },
    headers: { ...json, Origin: new URL(test.info().project.use.baseURL!).origin, "Idempotency-Key": uniqueKey("same_origin") },
  });
  expect(same.status()).toBe(201);
  const { charges } = await (await staff.get("/api/charges")).json();
  expect(charges.filter((c: { description: string }) => c.description === description)).toHaveLength(0);
});

test("session cookies are HttpOnly and SameSite=Lax", async ({ baseURL }) => {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post("/api/session", { data: { email: "support@e2e.test", password: "e2e-password-0123" }, headers: json });
  expect(res.status()).toBe(200);
  const cookie = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session_token"))!.value;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Max-Age=43200/);
  await ctx.dispose();
});
