// Why a charge failed, in words a customer and a staff member trust, when the network said why.
// The upstream's message is free text in a shape the document does not show
// (docs/decisions/failure-reasons.md): it is read for a few well-known causes and never shown
// as it is to a customer. One with no known cause says nothing more than "did not go through".
// Plain data and a function: the browser may load it.

export type FailureReason = "funds" | "pin" | "timeout" | "declined";

/** The causes, tried in this order (a message naming a wrong PIN often says "declined" too). */
const CAUSES: readonly { reason: FailureReason; test: RegExp }[] = [
  { reason: "funds", test: /insufficient|not enough (money|funds|balance)|low balance|balance is (too )?low/i },
  { reason: "pin", test: /\b(wrong|invalid|incorrect) pin\b|\bpin (is )?(wrong|invalid|incorrect)\b|\bpin (tries|attempts)\b/i },
  { reason: "timeout", test: /timed? ?out|time-out|expired|not approved in time|no response from the (customer|subscriber)/i },
  { reason: "declined", test: /declin|reject|cancel|denied|refused by the (customer|subscriber)/i },
];

export const FAILURE_WORDS: Record<FailureReason, string> = {
  funds: "There was not enough money in the mobile money account.",
  pin: "The PIN entered was not right.",
  timeout: "The prompt was not approved in time.",
  declined: "The payment was declined.",
};

/** The known cause in a failed charge's stored message, or null (no message, or none we know). */
export function failureReason(message: string | null | undefined): FailureReason | null {
  if (!message) return null;
  return CAUSES.find((c) => c.test.test(message))?.reason ?? null;
}

/** failureReason in words, or null. */
export function failureWords(message: string | null | undefined): string | null {
  const reason = failureReason(message);
  return reason ? FAILURE_WORDS[reason] : null;
}
