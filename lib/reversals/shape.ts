// How money went back to a customer outside the upstream: the form's choices and the timeline's
// words, without the schema (lib/reversals/schema.ts), so that a page showing them loads no zod.

/** How the money went back, as the form offers it and the timeline names it. */
export const REVERSAL_METHODS = {
  network_reversal: "Network reversal (the customer asked their network)",
  cash: "Cash at the counter",
  mobile_money: "Sent back by mobile money",
  bank_transfer: "Bank transfer",
  other: "Other (say how in the note)",
} as const;
export type ReversalMethod = keyof typeof REVERSAL_METHODS;

export function reversalMethodLabel(method: unknown): string {
  return typeof method === "string" && Object.hasOwn(REVERSAL_METHODS, method)
    ? REVERSAL_METHODS[method as ReversalMethod]
    : String(method);
}
