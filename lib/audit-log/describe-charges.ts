// The money side of the audit log in words (describe.ts hands these here): charges, pay links,
// bulk batches, reversals and the customer directory, in the words their own pages use.
import { countOf } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { statusLabel } from "@/lib/market/statuses";
import { reversalMethodLabel } from "@/lib/reversals/shape";
import { viaApiKey } from "./describe-api-keys";

const text = (v: unknown) => (typeof v === "string" && v ? v : null);
const quoted = (v: unknown) => (text(v) ? `“${text(v)}”` : null);
const money = (minor: unknown, currency: unknown) =>
  typeof minor === "number" && text(currency) ? formatMoney(minor, currency as string) : null;

/** A batch's totals per currency, { GHS: 125000 }, as money. */
export function batchTotals(totals: unknown): string | null {
  if (!totals || typeof totals !== "object") return null;
  const parts = Object.entries(totals as Record<string, unknown>)
    .filter((e): e is [string, number] => typeof e[1] === "number")
    .map(([currency, minor]) => formatMoney(minor, currency));
  return parts.length ? parts.join(" + ") : null;
}

/** A pay link's amount as its form offers it: fixed, or a range the customer chooses in. */
function payLinkAmount(amount: unknown, currency: unknown): string | null {
  const a = amount && typeof amount === "object" ? (amount as { kind?: unknown; minor?: unknown; min?: unknown; max?: unknown }) : null;
  if (a?.kind === "fixed") return money(a.minor, currency);
  if (a?.kind === "open") {
    const [min, max] = [money(a.min, currency), money(a.max, currency)];
    return min && max ? `The customer chooses from ${min} to ${max}` : null;
  }
  return null;
}

const PAID_BY: Record<string, string> = { lookup: "settled by a status lookup", hand: "resolved by hand" };

function duplicatesSkipped(d: Record<string, unknown>): string | null {
  if (typeof d.duplicatesSkipped !== "number") return null;
  const lines = Array.isArray(d.skippedLines) && d.skippedLines.length <= 20 ? d.skippedLines : null;
  const which = lines ? ` (${lines.length === 1 ? "line" : "lines"} ${lines.join(", ")})` : "";
  return `${countOf(d.duplicatesSkipped, "possible duplicate")} left out${which}`;
}

/** The entry's detail in words, or null when the action is not one of these. */
export function chargeDetails(action: string, d: Record<string, unknown>): (string | null)[] | null {
  switch (action) {
    case "charge_created":
      return [
        money(d.amountMinor, d.currency),
        d.status ? statusLabel(d.status) : null,
        text(d.reference),
        ...(text(d.batchId) ? ["From a bulk batch", `approved by ${text(d.approvedBy) ?? "a former member"}`] : []),
        ...(text(d.paymentRequestId) ? ["Paid by the customer from a pay link"] : []),
      ];
    case "payment_request_created":
      return [
        payLinkAmount(d.amount, d.currency),
        d.reusable === true ? "Can be paid more than once" : d.reusable === false ? "Paid once" : null,
        typeof d.expiresInDays === "number" ? `Works for ${countOf(d.expiresInDays, "day")}` : null,
        viaApiKey(d.via),
      ];
    case "payment_request_paused":
    case "payment_request_resumed":
    case "payment_request_cancelled":
      return [viaApiKey(d.via)];
    case "payment_request_emailed":
      // Neither the address nor the message is kept: only whom it went to, by id.
      return ["To the customer the link was made for"];
    case "payment_request_paid":
      return [money(d.amountMinor, d.currency), text(d.reference), typeof d.by === "string" ? (PAID_BY[d.by] ?? null) : null];
    case "charge_status_checked":
      return [d.status ? `Now ${statusLabel(d.status)}` : null, quoted(d.answer) ? `Upstream said ${quoted(d.answer)}` : null];
    case "charge_reconciled":
      // The note is read on the charge: no audit entry carries it (entries before issue 14 did).
      return [d.from && d.to ? `${statusLabel(d.from)} → ${statusLabel(d.to)}` : null, "with a note (on the charge)"];
    case "charge_reversed": {
      // The note is read on the charge, as a hand resolution's is.
      const given = money(d.amountMinor, d.currency);
      const left = money(d.amountLeftMinor, d.currency);
      return [given ? `${given} given back` : null, text(d.method) ? reversalMethodLabel(d.method) : null, left ? `${left} left` : null];
    }
    case "customer_created":
    case "customer_updated":
      return [];
    case "customers_imported":
      return [
        typeof d.added === "number" ? `${d.added.toLocaleString("en")} added` : null,
        typeof d.skipped === "number" && d.skipped > 0 ? `${d.skipped.toLocaleString("en")} left out (already there or repeated)` : null,
      ];
    case "batch_created":
    case "batch_approved":
    case "batch_rejected":
      return [
        typeof d.rows === "number" ? countOf(d.rows, "row") : null,
        batchTotals(d.totals),
        d.duplicatesAcknowledged === true ? "possible duplicates confirmed" : null,
        duplicatesSkipped(d),
      ];
    case "batch_paused":
    case "batch_resumed":
      return [];
    case "batch_cancelled":
      return [typeof d.rowsCancelled === "number" ? `${countOf(d.rowsCancelled, "unsent row")} cancelled` : null];
    default:
      return null;
  }
}
