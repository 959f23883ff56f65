// Every action of the audit log, with the detail its writer stores, reads in the app's words: no
// field name (camelCase or as stored), no JSON, no true/false, no id, and pay links by that name.
import { describe, expect, test } from "vitest";
import { AUDIT_LABELS, type AuditAction } from "@/lib/audit/actions";
import { describeAudit } from "@/lib/audit-log/describe";

const ID = "3f2a6c1e-9b7d-4e21-8a55-0c6f1d2e3b4a";
const OTHER_ID = "6d0c3f7e-2b1a-4c9d-8e5f-1a2b3c4d5e6f";
const charge = { amountMinor: 1234, currency: "GHS", status: "success", reference: "TXN-MOMO-42" };
const batch = { rows: 3, totals: { GHS: 4500 } };
const lock = { retryAfterSeconds: 600 };

/** What each writer stores (lib/**: the `audit(` calls), one representative detail per action; typed so a new action needs one. */
const DETAILS: Record<AuditAction, Record<string, unknown>[]> = {
  owner_created: [{}],
  sign_in: [{ method: "password" }, { method: "recovery_code" }],
  sign_in_failed: [{ reason: "INVALID_EMAIL_OR_PASSWORD" }, { reason: "wrong_code", method: "totp" }],
  sign_in_refused: [lock, { ...lock, step: "code" }],
  sign_out: [{}],
  member_added: [{ email: "ama@example.com", role: "staff" }],
  role_changed: [{ email: "ama@example.com", from: "staff", to: "support" }],
  member_deactivated: [{ email: "ama@example.com" }],
  member_reactivated: [{ email: "ama@example.com" }],
  charge_created: [charge, { ...charge, batchId: OTHER_ID, approvedBy: "kofi@example.com" }, { ...charge, paymentRequestId: OTHER_ID }],
  charge_status_checked: [{ status: "pending", answer: "Waiting for the customer." }],
  charge_reconciled: [{ from: "unknown", to: "failed" }],
  charge_reversed: [{ amountMinor: 500, currency: "GHS", method: "mobile_money", reversedMinor: 500, amountLeftMinor: 734 }],
  customer_created: [{}],
  customer_updated: [{}],
  customers_imported: [{ rows: 12, added: 10, skipped: 2 }],
  batch_created: [batch],
  batch_approved: [
    { ...batch, duplicatesAcknowledged: true },
    { ...batch, duplicatesSkipped: 2, skippedLines: [3, 7] },
  ],
  batch_rejected: [batch],
  batch_paused: [{}],
  batch_resumed: [{}],
  batch_cancelled: [{ rowsCancelled: 2 }],
  payment_request_created: [
    { amount: { kind: "fixed", minor: 2500 }, currency: "GHS", reusable: false, expiresInDays: 7 },
    { amount: { kind: "open", min: 100, max: 5000 }, currency: "GHS", reusable: true, expiresInDays: 30 },
    {
      amount: { kind: "fixed", minor: 2500 },
      currency: "GHS",
      reusable: false,
      expiresInDays: 7,
      via: { name: "Shop", prefix: "mdk_live_Ab12" },
    },
  ],
  payment_request_paused: [{}],
  payment_request_resumed: [{}],
  payment_request_cancelled: [{}, { via: { name: "Shop", prefix: "mdk_live_Ab12" } }],
  payment_request_emailed: [{ customerId: OTHER_ID }],
  payment_request_paid: [{ chargeId: OTHER_ID, amountMinor: 2500, currency: "GHS", reference: "TXN-MOMO-9", by: "lookup" }],
  charges_exported: [
    { filters: `status=failed&batch=${OTHER_ID}`, search: { kind: "phone", shown: "024•••••67" } },
    { filters: "network=mtn", format: "xlsx" },
  ],
  password_changed: [{}],
  password_change_failed: [{}],
  password_change_refused: [lock],
  password_reset: [{ by: "link" }, { by: "command line", email: "ama@example.com" }],
  password_reset_link_made: [{ email: "ama@example.com" }],
  invite_created: [{ email: "esi@example.com", role: "support" }],
  invite_accepted: [{ email: "esi@example.com", role: "support", invite: OTHER_ID }],
  invite_revoked: [{ email: "esi@example.com", role: "support" }],
  business_profile_changed: [
    { name: "Ama's Shop", timeZone: "Africa/Accra" },
    { name: "Ama's Shop", timeZone: "Africa/Accra", contactPhone: "changed", contactEmail: "changed" },
    { name: "", timeZone: "UTC", contactPhone: "removed", contactEmail: "removed" },
  ],
  business_logo_changed: [{ type: "image/png", bytes: 20_000, width: 120, height: 40 }],
  business_logo_removed: [{}],
  sessions_ended: [
    { scope: "others", count: 2 },
    { scope: "member", email: "ama@example.com", count: 1 },
  ],
  reauthenticated: [{ method: "password" }],
  reauth_failed: [{ method: "code", reason: "code_reused" }],
  reauth_refused: [lock],
  data_retention_run: [
    {
      olderThanDays: 365,
      cutoff: "2025-11-27T00:00:00.000Z",
      charges: 40,
      from: "2024-01-02T00:00:00.000Z",
      to: "2025-11-26T00:00:00.000Z",
    },
  ],
  backup_downloaded: [{ encrypted: true }, { encrypted: false }],
  audit_exported: [
    { filters: "action=sign_in&from=2026-11-01" },
    { filters: `action=charge_created&batch=${OTHER_ID}` },
    { filters: "(none)" },
  ],
  webhook_endpoint_created: [{ host: "hooks.example.com", events: ["charge.succeeded", "payment_request.paid"] }],
  webhook_endpoint_changed: [{ host: "hooks.example.com", fields: ["url", "eventTypes"], events: ["batch.finished"] }],
  webhook_endpoint_deleted: [{ host: "hooks.example.com" }],
  webhook_endpoint_disabled: [{ host: "hooks.example.com" }, { reason: "failing", attempts: 4 }],
  webhook_endpoint_enabled: [{ host: "hooks.example.com" }],
  webhook_secret_rotated: [{ host: "hooks.example.com", overlapHours: 24 }],
  webhook_phone_number_shared: [
    { host: "hooks.example.com", included: true },
    { host: "hooks.example.com", included: false },
  ],
  webhook_delivery_resent: [
    { deliveryId: OTHER_ID, eventId: OTHER_ID, ok: true, statusCode: 200 },
    { deliveryId: OTHER_ID, eventId: OTHER_ID, ok: false, statusCode: null },
  ],
  api_key_created: [
    { name: "Shop", prefix: "mdk_test_Ab12", scopes: ["pay_links:write", "events:read"], mode: "test" },
    { name: "Accounts", prefix: "mdk_live_Zx90", scopes: ["charges:read"], mode: "live" },
  ],
  api_key_revoked: [{ name: "Shop", prefix: "mdk_test_Ab12", scopes: ["pay_links:write"], mode: "test" }],
  saved_view_shared: [{ page: "transactions", name: "Failed this week" }],
  saved_view_deleted: [{ page: "audit", name: "Sign-ins" }],
  two_factor_enabled: [{}],
  two_factor_disabled: [{}],
  recovery_codes_regenerated: [{}],
  recovery_code_used: [{}],
  two_factor_policy_changed: [{ before: ["owner"], after: ["owner", "staff"] }],
  two_factor_reset: [{ sessionsEnded: 2 }],
  password_check_failed: [{ purpose: "two_factor_disable" }],
  password_check_refused: [{ purpose: "recovery_codes", ...lock }],
};

/** Text a person should never meet in the log's words, each with why. */
function engineerWords(words: string, detail: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const key of Object.keys(detail)) if (new RegExp(`\\b${key}\\s*[:=]`).test(words)) found.push(`the field “${key}”`);
  const camel = words.match(/\b[a-z]+[A-Z][a-z]+[A-Za-z]*\b/);
  if (camel) found.push(`a camelCase word “${camel[0]}”`);
  if (/[{}[\]"]/.test(words)) found.push("JSON");
  if (/\b(true|false|null|undefined)\b/.test(words)) found.push("a raw value");
  if (/[0-9a-f]{8}-[0-9a-f]{4}-/i.test(words)) found.push("an id");
  if (/\b[a-z]+_[a-z_]+\b/.test(words)) found.push("a snake_case code");
  if (/payment request/i.test(words)) found.push("“payment request” (the app says pay link)");
  return found;
}

describe("the audit log's words", () => {
  const cases = Object.entries(DETAILS).flatMap(([action, details]) => details.map((detail) => [action, detail] as const));

  test.each(cases)("%s %j reads in the app's words", (action, detail) => {
    const d = describeAudit({ action, targetId: ID, detail }, (id) => (id === OTHER_ID ? "Ama Mensah" : undefined));
    const words = [d.label, ...d.details].join(" · ");
    expect(engineerWords(words, detail), words).toEqual([]);
    // Each detail a sentence or “label: value”, never an empty piece.
    for (const piece of d.details) expect(piece.trim()).not.toBe("");
  });

  test("every action has a detail to walk, and pay links are called pay links", () => {
    expect(Object.keys(DETAILS).sort()).toEqual(Object.keys(AUDIT_LABELS).sort());
    for (const label of Object.values(AUDIT_LABELS)) expect(label).not.toMatch(/payment request/i);
    expect(describeAudit({ action: "payment_request_created", targetId: ID, detail: DETAILS.payment_request_created[1] })).toEqual({
      label: "Pay link created",
      details: ["The customer chooses from GH₵1.00 to GH₵50.00", "Can be paid more than once", "Works for 30 days"],
      link: { href: `/pay-links/${ID}`, label: "View pay link" },
    });
  });

  test("a webhook secret's rotation says how long the old one still signs", () => {
    expect(
      describeAudit({ action: "webhook_secret_rotated", targetId: ID, detail: { host: "hooks.example.com", overlapHours: 24 } }),
    ).toEqual({
      label: "Webhook signing secret rotated",
      details: ["Endpoint at hooks.example.com", "The old secret also signs for 24 hours"],
      link: { href: `/settings/webhooks/${ID}`, label: "View endpoint" },
    });
  });

  test("webhook changes name their events and what the endpoint answered, not ids or flags", () => {
    const words = (action: AuditAction, i = 0) => describeAudit({ action, targetId: ID, detail: DETAILS[action][i] }).details;
    expect(words("webhook_endpoint_created")).toEqual(["Endpoint at hooks.example.com", "Events: a charge succeeded, a pay link was paid"]);
    expect(words("webhook_endpoint_changed")).toEqual([
      "Endpoint at hooks.example.com",
      "Changed: address, events",
      "Events now: a bulk batch finished",
    ]);
    expect(words("webhook_phone_number_shared")).toEqual([
      "Endpoint at hooks.example.com",
      "Payloads now carry customers' whole phone numbers",
    ]);
    expect(words("webhook_endpoint_disabled", 1)).toEqual([
      "Switched off by the app: 4 attempts of a delivery failed, and nothing reached it since",
    ]);
    expect(words("webhook_delivery_resent")).toEqual(["Delivered (it answered 200)"]);
    expect(words("webhook_delivery_resent", 1)).toEqual(["Not delivered (no answer)"]);
    expect(words("password_reset", 1)).toEqual(["On the server (command line)", "ama@example.com"]);
    // An export of one batch's or pay link's charges: named by the page its link opens, not by id.
    expect(words("charges_exported")).toEqual([
      "Selection: status Failed, one bulk batch's charges, search for the phone number 024•••••67",
      "File: CSV",
    ]);
    expect(words("charges_exported", 1)).toEqual(["Selection: network MTN Mobile Money", "File: XLSX"]);
    expect(words("audit_exported", 1)).toEqual(["Selection: event “Charge created”, one bulk batch's charges"]);
  });
});
