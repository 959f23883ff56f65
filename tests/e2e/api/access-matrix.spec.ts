// Every route handler and page × {anonymous, staff, support, owner}: the expected status,
// as a table. Sessions are the ones the setup project saved through the sign-in page.
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { stateOf } from "../support/users";
import { reauth } from "../support/reauth";
import { everyone, NO_SUCH_ID, only, pageRows, WHO, type Expect, type Who } from "../support/matrix";
import { uniqueKey } from "../support/api";
import { apiSignIn } from "../support/two-factor";

const charge = { amount: "1.00", currency: "GHS", phoneNumber: "0240000001", provider: "mtn", description: "access matrix" };
const json = { "Content-Type": "application/json" };
let chargeId = "";

type Row = { method: string; path: () => string; body?: unknown; headers?: Record<string, string>; expect: Expect };
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
  // A reversal with an amount that does not parse: refused before anything is written.
  {
    method: "POST",
    path: () => `/api/charges/${chargeId}/reversals`,
    body: { amount: "abc", method: "cash", note: "matrix check" },
    headers: json,
    expect: only(422, "owner", "support"),
  },
  { method: "GET", path: () => "/api/charges/export?status=success", expect: only(200, "owner", "support") },
  // The customers directory: everyone reads it; those who charge keep it (an empty body changes nothing).
  { method: "GET", path: () => "/api/customers?q=matrix", expect: only(200, "owner", "staff", "support") },
  { method: "POST", path: () => "/api/customers", body: {}, headers: json, expect: only(422, "owner", "staff") },
  { method: "POST", path: () => "/api/customers/import", body: { rows: [] }, headers: json, expect: only(422, "owner", "staff") },
  { method: "GET", path: () => "/api/customers?q=matrix&limit=8", expect: only(200, "owner", "staff", "support") },
  { method: "GET", path: () => `/api/customers/${NO_SUCH_ID}`, expect: only(404, "owner", "staff", "support") },
  { method: "PATCH", path: () => `/api/customers/${NO_SUCH_ID}`, body: {}, headers: json, expect: only(422, "owner", "staff") },
  // Bulk charges: everyone follows a batch; owner and staff prepare one; an owner decides (empty
  // bodies are refused before anything is read or written; an unknown batch is 404).
  { method: "POST", path: () => "/api/batches", body: {}, headers: json, expect: only(422, "owner", "staff") },
  { method: "GET", path: () => `/api/batches/${NO_SUCH_ID}`, expect: only(404, "owner", "staff", "support") },
  { method: "POST", path: () => `/api/batches/${NO_SUCH_ID}/decision`, body: {}, headers: json, expect: only(422, "owner") },
  { method: "POST", path: () => `/api/batches/${NO_SUCH_ID}/control`, body: {}, headers: json, expect: only(422, "owner", "staff") },
  { method: "GET", path: () => `/api/batches/${NO_SUCH_ID}/export`, expect: only(404, "owner", "staff", "support") },
  // Payment requests: everyone follows them; owner and staff make and keep them.
  { method: "GET", path: () => "/api/payment-requests", expect: only(200, "owner", "staff", "support") },
  { method: "POST", path: () => "/api/payment-requests", body: {}, headers: json, expect: only(422, "owner", "staff") },
  { method: "GET", path: () => `/api/payment-requests/${NO_SUCH_ID}`, expect: only(404, "owner", "staff", "support") },
  {
    method: "POST",
    path: () => `/api/payment-requests/${NO_SUCH_ID}/control`,
    body: {},
    headers: json,
    expect: only(422, "owner", "staff"),
  },
  {
    method: "POST",
    path: () => `/api/payment-requests/${NO_SUCH_ID}/email`,
    body: {},
    headers: json,
    expect: only(422, "owner", "staff"),
  },
  // The customer's side of a pay link needs no session: an unknown link is 404 for anyone.
  { method: "POST", path: () => `/api/pay/${"A".repeat(24)}`, body: {}, headers: json, expect: everyone(404) },
  { method: "POST", path: () => "/api/pay/not-a-token", body: {}, headers: json, expect: everyone(404) },
  { method: "GET", path: () => `/api/pay/${"A".repeat(24)}/attempts/${"k".repeat(22)}`, expect: everyone(404) },
  // Webhooks: the owner's alone (an empty body is refused before anything is written; an unknown
  // endpoint or delivery is 404; a cursor that is not an attempt's number is 422).
  { method: "GET", path: () => "/api/webhooks", expect: only(200, "owner") },
  { method: "POST", path: () => "/api/webhooks", body: {}, headers: json, expect: only(422, "owner") },
  { method: "GET", path: () => `/api/webhooks/${NO_SUCH_ID}`, expect: only(404, "owner") },
  { method: "GET", path: () => "/api/webhooks/not-a-uuid", expect: only(404, "owner") },
  { method: "PATCH", path: () => `/api/webhooks/${NO_SUCH_ID}`, body: { enabled: true }, headers: json, expect: only(404, "owner") },
  { method: "DELETE", path: () => `/api/webhooks/${NO_SUCH_ID}`, expect: only(404, "owner") },
  { method: "POST", path: () => `/api/webhooks/${NO_SUCH_ID}/rotate`, expect: only(404, "owner") },
  { method: "GET", path: () => `/api/webhooks/${NO_SUCH_ID}/attempts`, expect: only(404, "owner") },
  { method: "GET", path: () => `/api/webhooks/${NO_SUCH_ID}/attempts?before=abc`, expect: only(422, "owner") },
  { method: "POST", path: () => `/api/webhooks/${NO_SUCH_ID}/deliveries/${NO_SUCH_ID}/resend`, expect: only(404, "owner") },
  { method: "POST", path: () => `/api/webhooks/${NO_SUCH_ID}/deliveries/not-a-uuid/resend`, expect: only(404, "owner") },
  { method: "GET", path: () => "/api/account", expect: only(200, "owner") },
  { method: "GET", path: () => "/api/budget", expect: only(200, "owner", "staff", "support") },
  { method: "GET", path: () => "/api/team", expect: only(200, "owner") },
  { method: "POST", path: () => "/api/team", body: {}, headers: json, expect: only(422, "owner") },
  { method: "PATCH", path: () => "/api/team/no-such-member", body: { role: "staff" }, headers: json, expect: only(404, "owner") },
  { method: "GET", path: () => "/api/audit", expect: only(200, "owner") },
  { method: "GET", path: () => "/api/audit?action=sign_in&from=2026-01-01", expect: only(200, "owner") },
  { method: "GET", path: () => "/api/audit/export?action=sign_in", expect: only(200, "owner") },
  // Every member's own: a choice outside the three is refused, for each of them alike.
  {
    method: "PUT",
    path: () => "/api/profile/theme",
    body: { theme: "neon" },
    headers: json,
    expect: only(422, "owner", "staff", "support"),
  },
  // Notifications and email choices: every member's own.
  { method: "GET", path: () => "/api/notifications", expect: only(200, "owner", "staff", "support") },
  { method: "GET", path: () => "/api/notifications?before=nope", expect: only(422, "owner", "staff", "support") },
  { method: "GET", path: () => "/api/notifications/unread", expect: only(200, "owner", "staff", "support") },
  {
    method: "POST",
    path: () => "/api/notifications/read",
    body: { ids: [NO_SUCH_ID] },
    headers: json,
    expect: only(200, "owner", "staff", "support"),
  },
  {
    method: "POST",
    path: () => "/api/notifications/read?all=yes",
    body: { all: "yes" },
    headers: json,
    expect: only(422, "owner", "staff", "support"),
  },
  { method: "GET", path: () => "/api/profile/notifications", expect: only(200, "owner", "staff", "support") },
  {
    method: "PUT",
    path: () => "/api/profile/notifications",
    body: { email: { "charge.unknown": "hourly" } },
    headers: json,
    expect: only(422, "owner", "staff", "support"),
  },
  { method: "GET", path: () => "/api/team/invites", expect: only(200, "owner") },
  { method: "POST", path: () => "/api/team/invites", body: {}, headers: json, expect: only(422, "owner") },
  { method: "DELETE", path: () => `/api/team/invites/${NO_SUCH_ID}`, expect: only(404, "owner") },
  { method: "POST", path: () => `/api/team/invites/${NO_SUCH_ID}/renew`, expect: only(404, "owner") },
  // Sessions: every member lists their own and ends one by id (an unknown id names nothing); the
  // owner ends a member's; re-authentication's status and an empty proof (refused before any check).
  { method: "GET", path: () => "/api/profile/sessions", expect: { ...everyone(200), anonymous: 401 } },
  { method: "DELETE", path: () => "/api/profile/sessions/no-such-session", expect: { ...everyone(404), anonymous: 401 } },
  { method: "DELETE", path: () => "/api/team/no-such-member/sessions", expect: only(404, "owner") },
  { method: "GET", path: () => "/api/session/reauth", expect: { ...everyone(200), anonymous: 401 } },
  { method: "POST", path: () => "/api/session/reauth", body: {}, headers: json, expect: { ...everyone(422), anonymous: 401 } },
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
  // The logo is public: the pay page shows it to customers.
  { method: "GET", path: () => "/api/business/logo?v=0", expect: { anonymous: LOGO, owner: LOGO, staff: LOGO, support: LOGO } },
  // Open to anyone, but never a way around the rules:
  {
    method: "POST",
    path: () => `/api/invites/${"x".repeat(43)}`,
    body: { name: "X", password: "a-long-enough-password" },
    headers: json,
    expect: everyone(404),
  },
  { method: "POST", path: () => "/api/session", body: {}, headers: json, expect: everyone(422) },
  // A forgotten password: asking with no email is 422 for anyone; an unknown reset link is 410 for anyone.
  { method: "POST", path: () => "/api/session/password-reset", body: {}, headers: json, expect: everyone(422) },
  {
    method: "POST",
    path: () => `/api/session/password-reset/${"x".repeat(43)}`,
    body: { password: "a-long-enough-password" },
    headers: json,
    expect: everyone(410),
  },
  { method: "POST", path: () => "/api/team/no-such-member/reset-link", expect: only(404, "owner") },
  // The code step: a well-formed code without a pending sign-in is "start again" for everyone,
  // signed in or not (the account is found from the pending challenge only).
  { method: "POST", path: () => "/api/session/two-factor", body: { code: "123456" }, headers: json, expect: everyone(401) },
  // Two-factor of one's own: an empty body is refused before any password is checked.
  { method: "POST", path: () => "/api/profile/two-factor", body: {}, headers: json, expect: { ...everyone(422), anonymous: 401 } },
  { method: "DELETE", path: () => "/api/profile/two-factor", body: {}, headers: json, expect: { ...everyone(422), anonymous: 401 } },
  { method: "POST", path: () => "/api/profile/two-factor/confirm", body: {}, headers: json, expect: { ...everyone(422), anonymous: 401 } },
  {
    method: "POST",
    path: () => "/api/profile/two-factor/recovery-codes",
    body: {},
    headers: json,
    expect: { ...everyone(422), anonymous: 401 },
  },
  { method: "PUT", path: () => "/api/security/two-factor", body: { roles: ["admin"] }, headers: json, expect: only(422, "owner") },
  { method: "POST", path: () => "/api/team/no-such-member/two-factor/reset", expect: only(404, "owner") },
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

const PAGES = pageRows(() => chargeId);

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const who of WHO) {
    contexts.set(
      who,
      await playwrightRequest.newContext({ baseURL, storageState: who === "anonymous" ? undefined : stateOf(who), maxRedirects: 0 }),
    );
    // Team changes and the export ask for a recent proof (support/reauth.ts).
    if (who !== "anonymous") await reauth(contexts.get(who)!);
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
  const { status, response: res } = await apiSignIn(ctx, "support@e2e.test", "e2e-password-0123");
  expect(status).toBe(200);
  const cookie = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session_token"))!.value;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Max-Age=43200/);
  await ctx.dispose();
});
