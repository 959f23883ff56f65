// Roles and what each may do (docs/user-guide.md, "Team, roles and sign-in"). The one table
// every guard reads; plain data, so the navigation in the browser uses it too.
export const ROLES = ["owner", "staff", "support"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", staff: "Staff", support: "Support" };

const PERMISSIONS = {
  "charge:create": ["owner", "staff"],
  "charge:read": ["owner", "staff", "support"],
  "charge:reconcile": ["owner", "support"],
  /** Record money given back outside the upstream (a reversal): never an upstream call. */
  "charge:reverse": ["owner", "support"],
  "charge:export": ["owner", "support"],
  "charge:raw": ["owner", "support"],
  /** Every customer's whole phone number; other roles see it whole only on charges they made. */
  "charge:phone": ["owner", "support"],
  "insight:read": ["owner", "support"],
  "account:read": ["owner"],
  "team:manage": ["owner"],
  "audit:read": ["owner"],
  "business:manage": ["owner"],
  /** A backup of the whole database (every customer's number): downloaded from Settings. */
  "backup:download": ["owner"],
  /** The customers directory: everyone reads it; those who charge keep it. */
  "customer:read": ["owner", "staff", "support"],
  "customer:manage": ["owner", "staff"],
  /** Bulk charges: everyone follows a batch; those who charge prepare one; an owner approves it (maker-checker). */
  "batch:read": ["owner", "staff", "support"],
  "batch:create": ["owner", "staff"],
  "batch:approve": ["owner"],
  /** Payment requests (pay links): everyone follows them; those who charge make and keep them. */
  "request:read": ["owner", "staff", "support"],
  "request:create": ["owner", "staff"],
  /** The merchant's systems told of events: webhook endpoints, their secrets and delivery logs. */
  "webhook:manage": ["owner"],
  /** The merchant's API keys: made, listed, revoked (Settings → API keys). */
  "api_key:manage": ["owner"],
  /** Every member's own profile: their password and appearance. */
  "profile:own": ["owner", "staff", "support"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return !!role && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * Where every member lands after signing in: the home page, which every role has (what waits for
 * them, today so far; those who charge keep New charge one tap away there and in the header). The
 * header's logo leads there: the owner's row has no room for one more page at 1,280 px.
 */
export const HOME = "/";

/** The header's pages; `settings` ones sit together under one Settings menu (the owner's). */
export const NAV: { href: string; label: string; permission: Permission; settings?: true }[] = [
  { href: "/charges/new", label: "New charge", permission: "charge:create" },
  { href: "/transactions", label: "Transactions", permission: "charge:read" },
  { href: "/customers", label: "Customers", permission: "customer:read" },
  { href: "/batches", label: "Bulk", permission: "batch:read" },
  { href: "/pay-links", label: "Pay links", permission: "request:read" },
  { href: "/reconcile", label: "Reconcile", permission: "charge:reconcile" },
  { href: "/insights", label: "Insights", permission: "insight:read" },
  { href: "/team", label: "Team", permission: "team:manage", settings: true },
  { href: "/settings", label: "Business", permission: "business:manage", settings: true },
  { href: "/settings/webhooks", label: "Webhooks", permission: "webhook:manage", settings: true },
  { href: "/settings/api-keys", label: "API keys", permission: "api_key:manage", settings: true },
  { href: "/audit", label: "Audit log", permission: "audit:read", settings: true },
  { href: "/account", label: "Account", permission: "account:read", settings: true },
];
