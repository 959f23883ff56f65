// Why a charge ended where it did, when the upstream's own word is not enough, and what we say
// about each. Which codes mean "the money may have moved" is the reason the charge waits for a
// person instead of being retried (docs/decisions, "Choices").

/** Why a charge ended where it did, when the upstream's own word is not enough. */
export type OutcomeCode =
  | "declined" // the upstream processed the charge and said no
  | "rejected" // the upstream refused the request (4xx): no money moved
  | "invalid_request"
  | "upstream_auth"
  | "rate_limited"
  | "unreachable" // the request never left: connection refused, DNS failure
  | "timeout" // sent, but no answer in time: the money may have moved
  | "network" // connection reset mid-way: the money may have moved
  | "upstream_error" // 5xx: the money may have moved
  | "conflict" // 409: the upstream thinks it has seen this charge
  | "unreadable_response" // 2xx we cannot read: the money may have moved
  | "oversized_response" // an answer over MAX_ANSWER_BYTES, not read: the money may have moved
  | "answer_mismatch"; // a 2xx naming another amount or currency than was sent: the money may have moved

const FALLBACK: Record<OutcomeCode, string> = {
  declined: "The charge was declined.",
  rejected: "The upstream refused the request; no money moved.",
  invalid_request: "The upstream found the request invalid; no money moved.",
  upstream_auth: "The upstream did not accept the API key; no money moved.",
  rate_limited: "The upstream's request limit was reached; no money moved. Try again shortly.",
  unreachable: "The upstream could not be reached; no money moved.",
  timeout: "The upstream did not answer in time. The money may have moved.",
  network: "The connection to the upstream broke. The money may have moved.",
  upstream_error: "The upstream had an internal error. The money may have moved.",
  conflict: "The upstream reported a conflict with an earlier charge. The money may have moved.",
  unreadable_response: "The upstream's answer could not be read. The money may have moved.",
  oversized_response: "The upstream's answer was larger than 64 kB and was not read. The money may have moved.",
  answer_mismatch: "The upstream's answer names another amount or currency than the charge sent. The money may have moved.",
};

export function outcomeMessage(code: OutcomeCode): string {
  return FALLBACK[code];
}

/** Said when a 2xx answer carries a status but no message of its own. */
export function statusOnlyMessage(status: string): string {
  return `The charge is ${status}.`;
}

const OURS = new Set<string>([...Object.values(FALLBACK), ...["success", "pending", "failed"].map(statusOnlyMessage)]);

/** Whether a stored message is one of ours (said for the upstream when it said nothing), not the upstream's words. */
export function isOurWording(message: string): boolean {
  return OURS.has(message);
}
