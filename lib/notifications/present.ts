// What a notification says, from its event and what the event points at (a batch's label, a pay
// link's description), read when it is shown, so a renamed thing shows its current name. Ids,
// amounts, networks and references only: never a customer's number. The same words serve the
// bell and the email (lib/notifications/email.ts), but for a pay link's description, which stays
// in the dashboard.
import "server-only";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/open";
import { batches, paymentRequests, webhookEndpoints } from "@/lib/db/schema";
import { countOf } from "@/lib/format";
import { isDeviceWords } from "@/lib/http/user-agent";
import { providerLabel } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import type { NotificationKind } from "./shape";

export type Said = { title: string; detail: string; href: string };
export type Happened = { type: NotificationKind; subjectId: string; data: Record<string, unknown> };

type Names = { batches: Map<string, string>; requests: Map<string, string>; endpoints: Map<string, string> };

const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);
const num = (v: unknown) => (typeof v === "number" ? v : 0);
const money = (d: Record<string, unknown>) => formatMoney(num(d.amountMinor), str(d.currency, "GHS"));

function totals(d: Record<string, unknown>): string {
  const t = (d.totals ?? {}) as Record<string, number>;
  return Object.entries(t)
    .map(([currency, minor]) => formatMoney(minor, currency))
    .join(" + ");
}

function host(url: string | undefined): string {
  try {
    return url ? new URL(url).host : "an endpoint";
  } catch {
    return "an endpoint";
  }
}

/**
 * `email`: words that leave the dashboard. A pay link's description is the merchant's text about
 * the payment (often a customer's name); the bell shows it, an email names the link by amount and
 * reference only.
 */
export function say(e: Happened, names: Names, channel: "app" | "email" = "app"): Said {
  const d = e.data;
  switch (e.type) {
    case "batch.awaiting_approval":
      return {
        title: `Bulk batch “${names.batches.get(e.subjectId) ?? "untitled"}” waits for approval`,
        detail: [countOf(num(d.rows), "charge"), totals(d)].filter(Boolean).join(" · "),
        href: `/batches/${e.subjectId}`,
      };
    case "batch.finished":
      return {
        title: `Bulk batch “${names.batches.get(e.subjectId) ?? "untitled"}” finished`,
        detail: "Every row was sent. See how each charge ended.",
        href: `/batches/${e.subjectId}`,
      };
    case "charge.unknown":
      return {
        title: "A charge's outcome is unknown",
        detail: [money(d), providerLabel(str(d.provider)), d.reference ? `ref ${str(d.reference)}` : null].filter(Boolean).join(" · "),
        href: `/transactions/${e.subjectId}`,
      };
    case "charge.stuck_pending":
      return {
        title: "A charge is still pending",
        detail: [money(d), providerLabel(str(d.provider)), d.reference ? `ref ${str(d.reference)}` : null, "in the reconciliation queue"]
          .filter(Boolean)
          .join(" · "),
        href: `/transactions/${e.subjectId}`,
      };
    case "payment_request.paid":
      return {
        title: channel === "email" ? "A pay link you made was paid" : `Pay link paid: ${names.requests.get(e.subjectId) ?? "a pay link"}`,
        detail: [money(d), d.reference ? `ref ${str(d.reference)}` : null].filter(Boolean).join(" · "),
        href: `/pay-links/${e.subjectId}`,
      };
    case "session.new_device":
      return {
        // Only words a known browser's name is made of: the User-Agent is the signer-in's text.
        title: `New sign-in to your account: ${isDeviceWords(d.device) ? d.device : "an unknown browser"}`,
        detail: "If it was not you, change your password and end that session on Your profile.",
        href: "/profile",
      };
    case "member.two_factor_reset":
      return {
        title: "Your second factor was reset",
        detail: "An owner reset it. You set it up again when you next sign in.",
        href: "/profile",
      };
    case "webhook_endpoint.disabled":
      return {
        title: `Webhook endpoint switched off: ${host(names.endpoints.get(e.subjectId))}`,
        detail: "Its deliveries failed for a day. Fix the receiver, then switch it back on.",
        href: `/settings/webhooks/${e.subjectId}`,
      };
  }
}

/** The names the events point at, read in one query per kind of thing. */
export async function namesFor(db: DbOrTx, happened: Happened[]): Promise<Names> {
  const ids = (types: NotificationKind[]) => [...new Set(happened.filter((h) => types.includes(h.type)).map((h) => h.subjectId))];
  const batchIds = ids(["batch.awaiting_approval", "batch.finished"]);
  const requestIds = ids(["payment_request.paid"]);
  const endpointIds = ids(["webhook_endpoint.disabled"]);
  const [b, r, w] = await Promise.all([
    batchIds.length ? db.select({ id: batches.id, name: batches.label }).from(batches).where(inArray(batches.id, batchIds)) : [],
    requestIds.length
      ? db
          .select({ id: paymentRequests.id, name: paymentRequests.description })
          .from(paymentRequests)
          .where(inArray(paymentRequests.id, requestIds))
      : [],
    endpointIds.length
      ? db
          .select({ id: webhookEndpoints.id, name: webhookEndpoints.url })
          .from(webhookEndpoints)
          .where(inArray(webhookEndpoints.id, endpointIds))
      : [],
  ]);
  const map = (rows: { id: string; name: string }[]) => new Map(rows.map((x) => [x.id, x.name]));
  return { batches: map(b), requests: map(r), endpoints: map(w) };
}
