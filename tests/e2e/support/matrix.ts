// The access matrix's parts (the pages' rows: api/access-matrix.spec.ts; the route handlers' rows:
// tests/unit/http/access-rows.ts): who asks, the expected status per role, and every page's row.
import { ROLES, type E2eRole } from "./users";

export type Who = "anonymous" | E2eRole;
export const WHO: Who[] = ["anonymous", ...ROLES];
export type Expect = Record<Who, number>;
export const only = (ok: number, ...roles: E2eRole[]): Expect => ({
  anonymous: 401,
  owner: roles.includes("owner") ? ok : 403,
  staff: roles.includes("staff") ? ok : 403,
  support: roles.includes("support") ? ok : 403,
});
export const everyone = (status: number): Expect => ({ anonymous: status, owner: status, staff: status, support: status });

/** An id no charge, member or invite has. */
export const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

// Pages: 307 is the redirect to sign-in (anonymous).
export const pageRows = (id: () => string): { path: () => string; expect: Expect }[] => [
  { path: () => "/", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => "/charges/new", expect: { anonymous: 307, owner: 200, staff: 200, support: 403 } },
  { path: () => "/transactions", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => `/transactions/${id()}`, expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => `/transactions/${id()}/receipt`, expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => "/reconcile", expect: { anonymous: 307, owner: 200, staff: 403, support: 200 } },
  { path: () => "/customers", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => "/customers/new", expect: { anonymous: 307, owner: 200, staff: 200, support: 403 } },
  { path: () => "/customers/import", expect: { anonymous: 307, owner: 200, staff: 200, support: 403 } },
  { path: () => `/customers/${NO_SUCH_ID}`, expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => "/customers/not-a-uuid", expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => "/batches", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => "/batches/new", expect: { anonymous: 307, owner: 200, staff: 200, support: 403 } },
  { path: () => `/batches/${NO_SUCH_ID}`, expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => "/batches/not-a-uuid", expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => "/pay-links", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => "/pay-links/new", expect: { anonymous: 307, owner: 200, staff: 200, support: 403 } },
  { path: () => `/pay-links/${NO_SUCH_ID}`, expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => "/pay-links/not-a-uuid", expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  // The public pay page: no sign-in asked of anyone; a link no one made is 404 for all.
  { path: () => `/pay/${"A".repeat(24)}`, expect: everyone(404) },
  { path: () => "/pay/not-a-token", expect: everyone(404) },
  { path: () => "/reconcile?status=unknown&age=1h&order=newest", expect: { anonymous: 307, owner: 200, staff: 403, support: 200 } },
  { path: () => `/reconcile/${id()}`, expect: { anonymous: 307, owner: 200, staff: 403, support: 200 } },
  // Unknown ids are real 404s, for those who may look (staff may not look in the queue at all).
  { path: () => `/transactions/${NO_SUCH_ID}`, expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => "/transactions/not-a-uuid", expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => `/transactions/${NO_SUCH_ID}/receipt`, expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => "/transactions/not-a-uuid/receipt", expect: { anonymous: 307, owner: 404, staff: 404, support: 404 } },
  { path: () => `/reconcile/${NO_SUCH_ID}`, expect: { anonymous: 307, owner: 404, staff: 403, support: 404 } },
  { path: () => "/reconcile/not-a-uuid", expect: { anonymous: 307, owner: 404, staff: 403, support: 404 } },
  { path: () => "/insights", expect: { anonymous: 307, owner: 200, staff: 403, support: 200 } },
  { path: () => "/account", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  { path: () => "/team", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  { path: () => "/audit", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  {
    path: () => "/audit?member=x&action=sign_in&from=2026-11-23&to=nonsense",
    expect: { anonymous: 307, owner: 200, staff: 403, support: 403 },
  },
  { path: () => "/settings", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  // Webhooks are the owner's: the others are refused before any endpoint is looked up.
  { path: () => "/settings/webhooks", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  { path: () => "/settings/api-keys", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  { path: () => "/settings/api-keys/reference", expect: { anonymous: 307, owner: 200, staff: 403, support: 403 } },
  { path: () => `/settings/webhooks/${NO_SUCH_ID}`, expect: { anonymous: 307, owner: 404, staff: 403, support: 403 } },
  { path: () => "/settings/webhooks/not-a-uuid", expect: { anonymous: 307, owner: 404, staff: 403, support: 403 } },
  { path: () => "/profile", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => "/notifications", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  { path: () => "/two-factor", expect: { anonymous: 307, owner: 200, staff: 200, support: 200 } },
  // The link is the proof: no session needed; an unknown one is a page that says so.
  { path: () => `/invite/${"x".repeat(43)}`, expect: everyone(200) },
  { path: () => "/sign-in", expect: { anonymous: 200, owner: 307, staff: 307, support: 307 } },
  { path: () => "/forgot-password", expect: { anonymous: 200, owner: 307, staff: 307, support: 307 } },
  { path: () => `/reset-password/${"x".repeat(43)}`, expect: everyone(200) },
  { path: () => "/setup", expect: everyone(404) },
];
