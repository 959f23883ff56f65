// A request's amount as words: "GH₵25.00", or "GH₵5.00 to GH₵1,000.00" when the customer chooses.
import { formatMoney } from "@/lib/money";
import type { RequestAmountView } from "@/lib/payment-requests/view";

export function requestAmountText(amount: RequestAmountView, currency: string): string {
  return amount.kind === "fixed"
    ? formatMoney(amount.minor, currency)
    : `${formatMoney(amount.min, currency)} to ${formatMoney(amount.max, currency)}`;
}

/** "1 of 1 paid", "3 paid of at most 30", "12 paid". */
export function paymentsText(r: { paid: number; reusable: boolean; maxPayments: number | null }): string {
  if (!r.reusable) return r.paid ? "Paid" : "Not paid yet";
  return r.maxPayments ? `${r.paid} of at most ${r.maxPayments} paid` : `${r.paid} paid`;
}
