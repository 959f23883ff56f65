// The access matrix's rows for route handlers (./access-matrix.test.ts): each route × who asks, the
// expected status. `charge()` is the charge the test's staff member made first.
import { everyone, type Expect, NO_SUCH_ID, only } from "../../e2e/support/matrix";

export const charge = { amount: "1.00", currency: "GHS", phoneNumber: "0240000001", provider: "mtn", description: "access matrix" };
const json = { "Content-Type": "application/json" };

export type Row = { method: string; path: () => string; body?: unknown; headers?: Record<string, string>; expect: Expect };

export const apiRows = (chargeId: () => string): Row[] => [
  { method: "GET", path: () => "/api/charges", expect: only(200, "owner", "staff", "support") },
  { method: "POST", path: () => "/api/charges", body: charge, headers: json, expect: only(201, "owner", "staff") },
  { method: "GET", path: () => `/api/charges/${chargeId()}`, expect: only(200, "owner", "staff", "support") },
  { method: "POST", path: () => `/api/charges/${chargeId()}/check`, expect: only(409, "owner", "support") },
  {
    method: "POST",
    path: () => `/api/charges/${chargeId()}/resolve`,
    body: { outcome: "failed", note: "matrix check" },
    headers: json,
    expect: only(409, "owner", "support"),
  },
  // A reversal with an amount that does not parse: refused before anything is written.
  {
    method: "POST",
    path: () => `/api/charges/${chargeId()}/reversals`,
    body: { amount: "abc", method: "cash", note: "matrix check" },
    headers: json,
    expect: only(422, "owner", "support"),
  },
  { method: "GET", path: () => "/api/charges/export?status=success", expect: only(200, "owner", "support") },
  // The same export as an XLSX workbook; a format it does not write is refused (400) to those who may export.
  { method: "GET", path: () => "/api/charges/export?status=success&format=xlsx", expect: only(200, "owner", "support") },
  { method: "GET", path: () => "/api/charges/export?format=pdf", expect: only(400, "owner", "support") },
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
  { method: "GET", path: () => "/api/api-keys", expect: only(200, "owner") },
  { method: "POST", path: () => "/api/api-keys", body: {}, headers: json, expect: only(422, "owner") },
  { method: "DELETE", path: () => `/api/api-keys/${NO_SUCH_ID}`, expect: only(404, "owner") },
  // The merchant's API takes an API key, never a session: every member is refused as a stranger is.
  { method: "GET", path: () => "/api/v1/pay_links", expect: everyone(401) },
  { method: "POST", path: () => "/api/v1/pay_links", body: {}, headers: json, expect: everyone(401) },
  { method: "GET", path: () => `/api/v1/pay_links/${NO_SUCH_ID}`, expect: everyone(401) },
  { method: "POST", path: () => `/api/v1/pay_links/${NO_SUCH_ID}/cancel`, expect: everyone(401) },
  { method: "GET", path: () => "/api/v1/charges", expect: everyone(401) },
  { method: "GET", path: () => `/api/v1/charges/${NO_SUCH_ID}`, expect: everyone(401) },
  { method: "GET", path: () => "/api/v1/events", expect: everyone(401) },
  { method: "GET", path: () => "/api/v1/openapi.json", expect: everyone(200) },
  { method: "GET", path: () => "/api/account", expect: only(200, "owner") },
  { method: "GET", path: () => "/api/budget", expect: only(200, "owner", "staff", "support") },
  // Metrics open to a scraper's token, never to a session: off (404) without METRICS_TOKEN, as here (tests/unit/metrics).
  { method: "GET", path: () => "/api/metrics", expect: everyone(404) },
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
  // The list under the search box: every member's own search; an empty one is a 422 naming q.
  { method: "GET", path: () => "/api/search?q=matrix", expect: only(200, "owner", "staff", "support") },
  { method: "GET", path: () => "/api/search?q=", expect: only(422, "owner", "staff", "support") },
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
  // The logo is every member's to see (header, receipts): 200 with one, 404 without (none here).
  // The logo is public: the pay page shows it to customers.
  { method: "GET", path: () => "/api/business/logo?v=0", expect: everyone(404) },
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
