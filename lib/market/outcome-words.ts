// What a charge's outcome means, in words for the person who made it: no "upstream", no HTTP
// codes, no engineer's codes. The network's own words, the outcome code and the HTTP status stay
// for support and owners, behind "Technical detail" (components/charges/charge-message.tsx).
// Browser-safe: the result view keeps itself current in the browser.
import { failureWords } from "./failure-reasons";
import type { ChargeStatus } from "./statuses";

type Outcome = { status: ChargeStatus; message: string | null; outcomeCode: string | null };

/** Why no money moved, for a failed charge whose network gave no reason we know. */
const NOT_SENT: Record<string, string> = {
  upstream_auth: "The mobile money service did not accept the dashboard's key, so no money moved. Tell the account's owner.",
  rate_limited: "The mobile money service was busy, so no money moved. Try again in a minute.",
  unreachable: "The mobile money service could not be reached, so no money moved. Try again shortly.",
  rejected: "The mobile money service refused the charge, so no money moved.",
  invalid_request: "The mobile money service refused the charge, so no money moved.",
};

/** Why we cannot tell whether the money moved, for an unknown charge. */
const CANNOT_TELL: Record<string, string> = {
  timeout: "the mobile money service did not answer in time",
  network: "the connection to the mobile money service broke mid-way",
  upstream_error: "the mobile money service had a fault",
  conflict: "the mobile money service said it had seen this charge before",
  unreadable_response: "the mobile money service's answer could not be read",
  oversized_response: "the mobile money service's answer could not be read",
  answer_mismatch: "the mobile money service's answer named a different amount",
};

/** The outcome in plain words, or null when the status says all there is. */
export function plainWords(c: Outcome): string | null {
  switch (c.status) {
    case "success":
      return "The customer's network confirmed the payment.";
    case "pending":
    case "submitting":
      return "Waiting for the customer to approve the prompt on their phone.";
    case "failed":
      return (
        failureWords(c.message) ??
        (c.outcomeCode ? NOT_SENT[c.outcomeCode] : undefined) ??
        "The customer's network did not take the payment, so no money moved."
      );
    case "unknown": {
      const why = c.outcomeCode ? CANNOT_TELL[c.outcomeCode] : undefined;
      return `We cannot tell yet whether the money moved${why ? `: ${why}` : ""}. Do not charge again until it is checked.`;
    }
  }
}
