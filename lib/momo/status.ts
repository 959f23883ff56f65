// How every answer (or non-answer) of the upstream becomes one of our charge statuses.
// Pure functions, so each HTTP outcome is a unit test. The document shows only `success`;
// everything else here is our choice, written down in the README under "Choices".
import { upstreamChargeResponseSchema } from "./schemas";

export const CHARGE_STATUSES = ["submitting", "success", "pending", "failed", "unknown"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export type SettledStatus = Exclude<ChargeStatus, "submitting">;

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
  | "unreadable_response"; // 2xx we cannot read: the money may have moved

export type UpstreamOutcome = {
  status: SettledStatus;
  code: OutcomeCode | null;
  reference: string | null;
  message: string;
  httpStatus: number | null;
  rawBody: string | null;
  retryAfterSeconds: number | null;
};

const WORDS: Record<string, SettledStatus> = {
  success: "success",
  successful: "success",
  succeeded: "success",
  completed: "success",
  pending: "pending",
  processing: "pending",
  pay_offline: "pending",
  send_otp: "pending",
  failed: "failed",
  failure: "failed",
  declined: "failed",
  rejected: "failed",
  cancelled: "failed",
  canceled: "failed",
  expired: "failed",
};

/** The upstream's status word in our terms, or null for a word we do not know. */
export function mapStatusWord(word: string): SettledStatus | null {
  const key = word.trim().toLowerCase();
  // Own keys only: "constructor" or "__proto__" from the wire must not reach Object.prototype.
  return Object.hasOwn(WORDS, key) ? WORDS[key] : null;
}

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
};

export function outcomeMessage(code: OutcomeCode): string {
  return FALLBACK[code];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A human message from whatever error body shape the upstream used, if any. */
export function messageFromBody(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  if (typeof b.message === "string" && b.message) return b.message;
  if (typeof b.error === "string" && b.error) return b.error;
  if (b.error && typeof b.error === "object") {
    const m = (b.error as Record<string, unknown>).message;
    if (typeof m === "string" && m) return m;
  }
  return null;
}

export function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function codeForHttp(status: number): { status: SettledStatus; code: OutcomeCode } {
  if (status === 401 || status === 403) return { status: "failed", code: "upstream_auth" };
  if (status === 400 || status === 422) return { status: "failed", code: "invalid_request" };
  if (status === 402) return { status: "failed", code: "declined" };
  if (status === 409) return { status: "unknown", code: "conflict" };
  if (status === 429) return { status: "failed", code: "rate_limited" };
  if (status >= 400 && status < 500) return { status: "failed", code: "rejected" };
  if (status >= 500) return { status: "unknown", code: "upstream_error" };
  // 1xx/3xx never reach us (fetch follows no redirects for us: see client.ts).
  return { status: "unknown", code: "unreadable_response" };
}

/** Maps a charge answer (or a status-lookup answer) to an outcome. */
export function mapChargeResponse(
  httpStatus: number,
  bodyText: string,
  retryAfterHeader: string | null = null,
): UpstreamOutcome {
  const json = parseJson(bodyText);
  const parsed = upstreamChargeResponseSchema.safeParse(json);
  const base = {
    httpStatus,
    rawBody: bodyText,
    reference: parsed.success ? (parsed.data.transaction_reference ?? null) : null,
    retryAfterSeconds: null as number | null,
  };

  if (httpStatus >= 200 && httpStatus < 300) {
    const status = parsed.success ? mapStatusWord(parsed.data.status) : null;
    if (!status) {
      return { ...base, status: "unknown", code: "unreadable_response", message: outcomeMessage("unreadable_response") };
    }
    const code = status === "failed" ? "declined" : null;
    const message = parsed.data?.message ?? (code ? outcomeMessage(code) : `The charge is ${status}.`);
    return { ...base, status, code, message };
  }

  const mapped = codeForHttp(httpStatus);
  return {
    ...base,
    ...mapped,
    message: messageFromBody(json) ?? outcomeMessage(mapped.code),
    retryAfterSeconds: httpStatus === 429 ? retryAfter(retryAfterHeader) : null,
  };
}

/** Maps a request that got no HTTP answer at all. */
export function mapTransportFailure(kind: "timeout" | "network" | "unreachable"): UpstreamOutcome {
  return {
    status: kind === "unreachable" ? "failed" : "unknown",
    code: kind,
    reference: null,
    message: outcomeMessage(kind),
    httpStatus: null,
    rawBody: null,
    retryAfterSeconds: null,
  };
}

export function isSettled(status: ChargeStatus): boolean {
  return status === "success" || status === "failed";
}
