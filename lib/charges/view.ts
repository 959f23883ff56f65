// What the browser sees of a ledger row: no voucher, no idempotency key, no raw upstream body,
// and the customer's number whole only for a member who may see it (lib/access/phone-visibility.ts).
import { canSeeWholePhone, maskPhonesForDisplay, phoneFor, type Role } from "@/lib/access";
import type { Charge } from "@/lib/db/schema";

/**
 * Whose words a charge's message is: the upstream's, the dashboard's own (said when the upstream
 * said nothing, or could not be heard), or a person's note from a hand resolution.
 */
export type MessageSource = "upstream" | "dashboard" | "person";

export type ChargeView = {
  id: string;
  status: Charge["status"];
  amountMinor: number;
  currency: string;
  /** Whole, or masked (`024 ••• ••67`) for a member who may not see it, or after retention. */
  phoneNumber: string;
  /** Whether phoneNumber hides digits from this member (retention's mask is told by redactedAt). */
  phoneMasked: boolean;
  provider: string;
  description: string;
  reference: string | null;
  message: string | null;
  messageFrom: MessageSource;
  outcomeCode: string | null;
  /** The HTTP status of the upstream's last answer that moved the charge (null: none came). */
  upstreamHttpStatus: number | null;
  createdBy: { id: string; name: string; email: string } | null;
  createdAt: string;
  updatedAt: string;
  settledAt: string | null;
  /** When retention replaced the number and the description with a mask. */
  redactedAt: string | null;
  /** What has been given back (recorded reversals); amountMinor − reversedMinor is left. */
  reversedMinor: number;
  /** A customer paid it from a pay link (nobody of the team made it). */
  payLink: boolean;
};

/** The member a view is made for: what they may see decides the phone number's shape. */
export type Viewer = { id: string; role: Role };

export function toChargeView(c: Charge, creator: ChargeView["createdBy"], messageFrom: MessageSource, viewer: Viewer): ChargeView {
  const whole = canSeeWholePhone(viewer, c);
  return {
    id: c.id,
    status: c.status,
    amountMinor: c.amountMinor,
    currency: c.currency,
    phoneNumber: phoneFor(viewer, c),
    phoneMasked: !whole,
    provider: c.provider,
    description: c.description,
    reference: c.reference,
    // An upstream's words may repeat the number it was sent.
    message: c.message !== null && !whole ? maskPhonesForDisplay(c.message, c.phoneNumber) : c.message,
    messageFrom,
    outcomeCode: c.outcomeCode,
    upstreamHttpStatus: c.upstreamHttpStatus,
    createdBy: creator,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    settledAt: c.settledAt?.toISOString() ?? null,
    redactedAt: c.redactedAt?.toISOString() ?? null,
    reversedMinor: c.reversedMinor,
    payLink: c.paymentRequestId !== null,
  };
}

/** How long a result view keeps asking about an open charge by itself before it waits for "Check again". */
export const RESULT_VIEW_WATCH_MS = 3 * 60_000;

/** One step of a charge's timeline. */
export type EventView = {
  id: number;
  type: "created" | "sent" | "answered" | "status_checked" | "interrupted" | "reconciled" | "reversed";
  status: string | null;
  at: string;
  actor: { id: string; name: string; email: string; role: Role | null } | null;
  detail: Record<string, unknown>;
  /** The upstream's raw answer, for roles allowed to read it. */
  rawBody: string | null;
};

/** A timeline entry; `repeats` when it stands for several identical status checks in a row. */
export type TimelineEntry = EventView & { repeats?: { count: number; firstAt: string } };

/** What makes two status checks the same to a reader: who, what the upstream said, where it left the charge. */
function checkSignature(e: EventView): string | null {
  if (e.type !== "status_checked") return null;
  const d = e.detail;
  return JSON.stringify([e.status, e.actor?.id ?? null, d.answered, d.httpStatus, d.code, d.message]);
}

/**
 * Identical status checks in a row (a pending charge looked up every few seconds for hours) become
 * one entry with their count and time range; the latest stands for them, with its raw answer.
 */
export function collapseRepeatedChecks(events: EventView[]): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  for (const e of events) {
    const last = out.at(-1);
    const signature = checkSignature(e);
    if (last && signature !== null && checkSignature(last) === signature) {
      out[out.length - 1] = { ...e, repeats: { count: (last.repeats?.count ?? 1) + 1, firstAt: last.repeats?.firstAt ?? last.at } };
    } else out.push(e);
  }
  return out;
}

/** A hand resolution as the result view shows it: the person's note, with who wrote it and when. */
export type ResolutionView = { note: string; at: string; by: EventView["actor"] };

/** The latest hand resolution in a charge's timeline, if any. */
export function lastResolution(events: EventView[]): ResolutionView | null {
  const e = events.findLast((x) => x.type === "reconciled");
  return e && typeof e.detail.note === "string" ? { note: e.detail.note, at: e.at, by: e.actor } : null;
}
