// The audit log as a person reads it: each action named, its stored detail in words (money as
// money, statuses and roles by their names, sign-in codes as reasons), and a link to the charge
// or the team member it concerns. Pure, so each action is a unit test. The team's and the
// session's words are here; charges' (describe-charges.ts), webhooks' and two-factor's beside it.
import { countOf } from "@/lib/format";
import { providerLabel } from "@/lib/market/networks";
import { statusLabel } from "@/lib/market/statuses";
import { AUDIT_LABELS } from "@/lib/audit";
import { chargeDetails } from "./describe-charges";
import { signInMethod, twoFactorDetails } from "./describe-two-factor";
import { webhookDetails } from "./describe-webhooks";
import { apiKeyDetails } from "./describe-api-keys";
import { isRole, ROLE_LABELS } from "@/lib/access";

/** Which sessions an ending reached, said with how many. */
const SESSION_SCOPES: Record<string, string> = { one: "one of their own", others: "all their others", member: "every session of" };

/** Better Auth's refusal codes, as the person who failed to sign in would put it. */
const SIGN_IN_REASONS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "wrong email or password",
  INVALID_PASSWORD: "wrong email or password",
  INVALID_EMAIL: "wrong email or password",
  USER_NOT_FOUND: "wrong email or password",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "wrong email or password",
  BANNED_USER: "account deactivated",
  EMAIL_NOT_VERIFIED: "email not verified",
  wrong_code: "wrong code",
  code_reused: "code already used once",
};

/** The history filters an export carried, by their names on the Transactions page. */
const FILTER_NAMES: Record<string, string> = {
  q: "search",
  status: "status",
  network: "network",
  member: "made by",
  batch: "bulk batch",
  request: "pay link",
  currency: "currency",
  min: "at least",
  max: "at most",
  from: "from",
  to: "to",
};

/** The pages a saved view is on, by their titles. */
const VIEW_PAGES: Record<string, string> = { transactions: "Transactions", reconcile: "Reconcile", audit: "the audit log" };

export type AuditRecord = { action: string; targetId: string | null; detail: Record<string, unknown> | null };
export type AuditDescription = { label: string; details: string[]; link: { href: string; label: string } | null };

/** A table's value for a stored word; never a property every object has ("constructor"). */
const ownValue = (table: Record<string, string>, key: unknown) =>
  typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (v: unknown) => (typeof v === "string" && v ? v : null);
const role = (v: unknown) => (isRole(v) ? ROLE_LABELS[v] : String(v));
const quoted = (v: unknown) => (text(v) ? `“${text(v)}”` : null);

function minutesOrSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const m = Math.ceil(seconds / 60);
  return `${m} ${m === 1 ? "minute" : "minutes"}`;
}
const lockedFor = (d: Record<string, unknown>) =>
  typeof d.retryAfterSeconds === "number" ? `Locked for ${minutesOrSeconds(d.retryAfterSeconds)} more` : null;

/** A search kept out of the audit entry (lib/history/export-audit.ts), in words. */
function searchWords(search: unknown): string | null {
  const s = search && typeof search === "object" ? (search as { kind?: unknown; shown?: unknown }) : null;
  if (s?.kind === "phone") return `search for the phone number ${typeof s.shown === "string" ? s.shown : "(masked)"}`;
  if (s?.kind === "description") return "search for words in descriptions (not kept)";
  return null;
}

function exportSelection(filters: unknown, search: unknown, memberName: (id: string) => string | undefined): string {
  const params = typeof filters === "string" && filters !== "(none)" ? new URLSearchParams(filters) : null;
  const parts = params
    ? [...params].map(([k, v]) => {
        const value =
          k === "status" ? statusLabel(v) : k === "network" ? providerLabel(v) : k === "member" ? (memberName(v) ?? "a former member") : v;
        // A batch or pay link is named by the page "Same selection" opens, not by its id here.
        if (k === "batch" || k === "request") return `one ${FILTER_NAMES[k]}'s charges`;
        return `${FILTER_NAMES[k] ?? k} ${k === "q" ? `“${value}”` : value}`;
      })
    : [];
  const searched = searchWords(search);
  if (searched) parts.push(searched);
  return parts.length ? `Selection: ${parts.join(", ")}` : "Selection: every charge";
}

/** The audit log filters an audit export carried, in the page's words. */
function auditSelection(filters: unknown, memberName: (id: string) => string | undefined): string {
  const params = typeof filters === "string" && filters !== "(none)" ? new URLSearchParams(filters) : null;
  const parts = params
    ? [...params].map(([k, v]) => {
        if (k === "member") return `member ${memberName(v) ?? "a former member"}`;
        if (k === "action") return `event “${ownValue(AUDIT_LABELS, v) ?? v}”`;
        if (k === "batch") return "one bulk batch's charges";
        return `${k} ${v}`;
      })
    : [];
  return parts.length ? `Selection: ${parts.join(", ")}` : "Selection: the whole log";
}

function detailsOf(action: string, d: Record<string, unknown>, memberName: (id: string) => string | undefined): (string | null)[] {
  switch (action) {
    case "sign_in":
      return [signInMethod(d)];
    case "sign_in_failed":
      return [
        text(d.reason) ? `Reason: ${ownValue(SIGN_IN_REASONS, d.reason) ?? `refused (${d.reason as string})`}` : null,
        signInMethod(d),
      ];
    case "sign_in_refused":
      return [lockedFor(d), d.step === "code" ? "At the two-factor code" : null];
    case "member_added":
    case "invite_created":
    case "invite_revoked":
    case "invite_accepted":
      return [text(d.email), d.role ? `as ${role(d.role)}` : null];
    case "password_change_refused":
    case "reauth_refused":
      return [lockedFor(d)];
    case "password_check_refused":
      return [...(twoFactorDetails(action, d) ?? []), lockedFor(d)];
    case "password_reset":
      return [d.by === "link" ? "With a reset link" : d.by === "command line" ? "On the server (command line)" : null, text(d.email)];
    case "password_reset_link_made":
      return [text(d.email)];
    case "business_profile_changed":
      return [
        text(d.name) ? `Name ${quoted(d.name)}` : "No name",
        text(d.timeZone) ? `time zone ${d.timeZone as string}` : null,
        typeof d.contactPhone === "string" ? `phone for customers ${d.contactPhone}` : null,
        typeof d.contactEmail === "string" ? `email for customers ${d.contactEmail}` : null,
      ];
    case "business_logo_changed":
      return [
        text(d.type) ? `${(d.type as string).replace("image/", "").toUpperCase()} image` : null,
        typeof d.width === "number" && typeof d.height === "number" ? `${d.width} × ${d.height} px` : null,
        typeof d.bytes === "number" ? `${Math.ceil(d.bytes / 1024)} kB` : null,
      ];
    case "role_changed":
      return [text(d.email), d.from && d.to ? `from ${role(d.from)} to ${role(d.to)}` : null];
    case "member_deactivated":
    case "member_reactivated":
      return [text(d.email)];
    case "charges_exported":
      // Every export before XLSX was CSV, and its entry names no format.
      return [exportSelection(d.filters, d.search, memberName), d.format === "xlsx" ? "File: XLSX" : "File: CSV"];
    case "sessions_ended":
      return [
        [ownValue(SESSION_SCOPES, d.scope), text(d.email)].filter(Boolean).join(" ") || null,
        typeof d.count === "number" ? `${d.count} ${d.count === 1 ? "session" : "sessions"} ended` : null,
      ];
    case "reauthenticated":
    case "reauth_failed":
      return [
        d.method === "code" ? "With an authenticator code" : d.method === "password" ? "With the password" : null,
        text(d.reason) ? `Reason: ${ownValue(SIGN_IN_REASONS, d.reason) ?? `refused (${d.reason as string})`}` : null,
      ];
    case "data_retention_run":
      return [
        typeof d.charges === "number" ? `${d.charges.toLocaleString("en")} ${d.charges === 1 ? "charge" : "charges"} masked` : null,
        typeof d.olderThanDays === "number" ? `settled charges older than ${countOf(d.olderThanDays, "day")}` : null,
        text(d.cutoff) ? `made before ${(d.cutoff as string).slice(0, 10)}` : null,
      ];
    case "audit_exported":
      return [auditSelection(d.filters, memberName)];
    case "saved_view_shared":
    case "saved_view_deleted":
      return [quoted(d.name), ownValue(VIEW_PAGES, d.page) ? `On ${ownValue(VIEW_PAGES, d.page)}` : null];
    case "backup_downloaded":
      return [d.encrypted === true ? "Encrypted" : d.encrypted === false ? "Not encrypted (it holds customers' numbers)" : null];
    default:
      // An action this version does not know (written by a newer one) is shown as it was stored.
      return (
        chargeDetails(action, d) ??
        webhookDetails(action, d) ??
        apiKeyDetails(action, d) ??
        twoFactorDetails(action, d) ??
        Object.entries(d).map(([k, v]) =>
          v === null || v === undefined ? null : `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`,
        )
      );
  }
}

function linkOf(action: string, targetId: string | null, d: Record<string, unknown>): AuditDescription["link"] {
  if (action === "customers_imported") return { href: "/customers", label: "View customers" };
  if (action.startsWith("batch_") && targetId && UUID.test(targetId)) return { href: `/batches/${targetId}`, label: "View batch" };
  if (action.startsWith("charge_") && targetId && UUID.test(targetId)) return { href: `/transactions/${targetId}`, label: "View charge" };
  if (action.startsWith("payment_request_") && targetId && UUID.test(targetId))
    return { href: `/pay-links/${targetId}`, label: "View pay link" };
  if (
    action.startsWith("member_") ||
    action.startsWith("invite_") ||
    ["role_changed", "owner_created", "two_factor_reset", "two_factor_policy_changed", "password_reset_link_made"].includes(action)
  )
    return { href: "/team", label: "Team" };
  if (action.startsWith("business_")) return { href: "/settings", label: "Business" };
  if (action === "saved_view_shared" && typeof d.page === "string" && Object.hasOwn(VIEW_PAGES, d.page))
    return { href: `/${d.page}`, label: `Open ${VIEW_PAGES[d.page]}` };
  if (action.startsWith("webhook_") && action !== "webhook_endpoint_deleted" && targetId && UUID.test(targetId))
    return { href: `/settings/webhooks/${targetId}`, label: "View endpoint" };
  if (action === "charges_exported" && typeof d.filters === "string" && d.filters !== "(none)")
    return { href: `/transactions?${new URLSearchParams(d.filters).toString()}`, label: "Same selection" };
  if (action === "audit_exported" && typeof d.filters === "string" && d.filters !== "(none)")
    return { href: `/audit?${new URLSearchParams(d.filters).toString()}`, label: "Same selection" };
  return null;
}

/** One audit row in words. `memberName` names a member id an export was filtered by. */
export function describeAudit(e: AuditRecord, memberName: (id: string) => string | undefined = () => undefined): AuditDescription {
  const d = e.detail ?? {};
  return {
    label: ownValue(AUDIT_LABELS, e.action) ?? e.action,
    details: detailsOf(e.action, d, memberName).filter((x): x is string => !!x),
    link: linkOf(e.action, e.targetId, d),
  };
}
