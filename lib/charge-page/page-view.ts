// A charge's page (/transactions/{id}, and /reconcile/{id} when opened from the queue): what it
// shows and what its forms do, decided here; pages/transactions/[id].tsx and
// components/charge-page/ only render it (docs/decisions/lists-without-runtime.md). Its forms are
// sent to the page itself, from this site only, by a member whose role includes them:
// - check: ask the upstream about an open charge; back to the page, which says what it answered;
// - review: a hand resolution's choice and note, checked; the page again, asking to confirm;
// - resolve: the confirmed resolution, written; back to the page;
// - reverse: money given back, checked and written; back to the page, which says what is left.
// A form with something to fix is the page again (400) with the person's words kept; one the
// ledger refuses (the charge moved meanwhile) is the page again with why (409).
import "server-only";
import { can } from "@/lib/access";
import type { Asker } from "@/lib/access/types";
import { currentBusiness } from "@/lib/business";
import { chargeTimeline, currentChargeView } from "@/lib/charges";
import { lastResolution, RESULT_VIEW_WATCH_MS } from "@/lib/charges/view";
import { customerOfCharge } from "@/lib/customers";
import { AppError } from "@/lib/errors";
import { PROBLEMS } from "@/lib/http/problems";
import { assertSameOrigin } from "@/lib/http/origin";
import { isUuid } from "@/lib/http/request";
import type { FormOutcome } from "@/lib/layout/types";
import { formatPhone } from "@/lib/market/networks";
import { formatMoney, minorToDecimal } from "@/lib/money";
import { checkChargeByHand, isInQueue, queuePosition, reconcilePendingMinutes, resolveChargeByHand } from "@/lib/reconcile";
import { resolutionSchema } from "@/lib/reconcile/schema";
import { REVERSAL_MOVED, reverseCharge } from "@/lib/reversals";
import { reversalSchema } from "@/lib/reversals/schema";
import type { ChargePageForms, ChargePageView, Where } from "./types";

type Params = Record<string, string | string[] | undefined>;

/** Where the page is: the history's (/transactions/{id}) or the queue's (/reconcile/{id}, its filters kept for the way back). */
export function whereOf(id: string, from: "history" | "queue", params: Params): Where {
  if (from === "history") return { path: `/transactions/${id}`, back: null };
  const { search } = queuePosition(params);
  return { path: `/reconcile/${id}${search}`, back: { href: `/reconcile${search}`, label: "← Back to the queue" } };
}

/** The page, as the member asking may see it; null when the address names no charge. */
export async function chargePageView(
  ctx: Asker,
  id: string,
  where: Where,
  params: Params,
  forms: ChargePageForms = {},
): Promise<ChargePageView | null> {
  const charge = isUuid(id) ? await currentChargeView(ctx, id) : null;
  if (!charge) return null;
  const [events, customer, { timeZone }] = await Promise.all([chargeTimeline(ctx, id), customerOfCharge(ctx.db, id), currentBusiness()]);
  const role = ctx.member.role;
  const pendingMinutes = reconcilePendingMinutes();
  const open = charge.status === "pending" || charge.status === "submitting";
  const left = charge.amountMinor - charge.reversedMinor;
  const flag = (name: string) => params[name] === "1";
  return {
    charge,
    events,
    resolution: lastResolution(events),
    customer,
    timeZone,
    where,
    can: {
      charge: can(role, "charge:create"),
      reconcile: can(role, "charge:reconcile") && (open || charge.status === "unknown"),
      raw: can(role, "charge:raw"),
      reverse: can(role, "charge:reverse") && charge.status === "success",
      saveCustomer: !customer && can(role, "customer:manage") && !charge.phoneMasked && !charge.redactedAt,
    },
    pendingMinutes,
    inQueue: isInQueue(charge, pendingMinutes),
    summary: { amount: formatMoney(charge.amountMinor, charge.currency), phone: formatPhone(charge.phoneNumber) },
    // Said beside Check status after it was pressed: the charge as the upstream's answer left it.
    checked: flag("checked") && !forms.check,
    check: forms.check ?? null,
    resolve: forms.resolve ?? null,
    reverse: forms.reverse ?? {
      values: { amount: minorToDecimal(left, charge.currency), method: "", note: "" },
      errors: {},
      open: flag("reversed"),
    },
    toast: flag("reversed")
      ? left > 0
        ? `Reversal recorded. ${formatMoney(left, charge.currency)} left.`
        : "Reversal recorded. The charge is reversed in full."
      : null,
    watch: open ? { url: `/api/charges/${id}`, status: charge.status, updatedAt: charge.updatedAt, forMs: RESULT_VIEW_WATCH_MS } : null,
  };
}

/** The first message for each field of a form that does not parse. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

const messageOf = (error: AppError) => error.message || PROBLEMS[error.code].message;

/** A form of the page, sent (`url`: the address it was sent to, for the same-site check). */
export async function chargePageAction(
  ctx: Asker,
  id: string,
  where: Where,
  form: URLSearchParams | null,
  url: string,
): Promise<FormOutcome<ChargePageView>> {
  try {
    assertSameOrigin(new Request(url, { method: "POST", headers: ctx.caller.headers }));
  } catch (error) {
    return { refused: (error as Error).message };
  }
  const again = async (status: 400 | 409, forms: ChargePageForms): Promise<FormOutcome<ChargePageView>> => {
    const view = await chargePageView(ctx, id, where, {}, forms);
    return view ? { status, view } : { to: where.path };
  };
  const role = ctx.member.role;
  if (!form) {
    // Not read, so not known which form it was: said on whichever the page shows.
    const errors = { form: "The form was too long to read: shorten the note and send it again." };
    return again(400, {
      resolve: { values: { outcome: "", note: "" }, errors, confirm: false },
      reverse: { values: { amount: "", method: "", note: "" }, errors, open: true },
    });
  }
  const intent = form.get("intent");
  const withFlag = (flag: string) => `${where.path}${where.path.includes("?") ? "&" : "?"}${flag}=1`;

  if (intent === "check" && can(role, "charge:reconcile")) {
    try {
      await checkChargeByHand(ctx, id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return again(409, { check: { error: messageOf(error) } });
    }
    // Back at the Reconcile card, where the answer is said beside the button (below the fold on a phone).
    return { to: `${withFlag("checked")}#reconcile` };
  }

  if ((intent === "review" || intent === "resolve") && can(role, "charge:reconcile")) {
    const values = { outcome: form.get("outcome") ?? "", note: form.get("note") ?? "" };
    const parsed = resolutionSchema.safeParse(values);
    if (!parsed.success) return again(400, { resolve: { values, errors: fieldErrors(parsed.error.issues), confirm: false } });
    if (intent === "review") {
      const view = await chargePageView(ctx, id, where, {}, { resolve: { values, errors: {}, confirm: true } });
      return view ? { status: 200, view } : { to: where.path };
    }
    try {
      await resolveChargeByHand(ctx, id, parsed.data);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return again(409, { resolve: { values, errors: { form: messageOf(error) }, confirm: false } });
    }
    return { to: where.path };
  }

  if (intent === "reverse" && can(role, "charge:reverse")) {
    const values = { amount: form.get("amount") ?? "", method: form.get("method") ?? "", note: form.get("note") ?? "" };
    const parsed = reversalSchema.safeParse({ ...values, method: values.method || undefined });
    if (!parsed.success) return again(400, { reverse: { values, errors: fieldErrors(parsed.error.issues), open: true } });
    // The form says what had been given back when it was shown: sent twice (a second tap, a
    // reload that sends it again, both at once), the second finds more given back and records
    // nothing (checked in the reversal's own UPDATE).
    const seen = Number(form.get("seen"));
    if (!Number.isSafeInteger(seen)) return again(409, { reverse: { values, errors: { form: REVERSAL_MOVED }, open: true } });
    try {
      await reverseCharge(ctx, id, parsed.data, seen);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const errors = error.fields ?? { form: messageOf(error) };
      return again(error.fields ? 400 : 409, { reverse: { values, errors, open: true } });
    }
    return { to: `${withFlag("reversed")}#reversals` };
  }
  return { refused: "Your role does not include this." };
}
