// How every answer (or non-answer) of the upstream becomes one of our charge statuses.
// Pure functions, so each HTTP outcome is a unit test. The document shows only `success`;
// everything else here is our choice, written down in docs/decisions/.
import type { SettledStatus } from "@/lib/market/statuses";
import { MAX_MESSAGE_CHARS, upstreamChargeResponseSchema } from "./schemas";
import { type OutcomeCode, outcomeMessage, statusOnlyMessage } from "./outcome-codes";
import { storable } from "@/lib/text";
import { BEARER_MARKER, KEY_MARKER, scrubText } from "./scrub";

/** The most we read of any answer (the rest is not downloaded): 64 kB. */
export const MAX_ANSWER_BYTES = 65_536;
/** A bound on a kept answer's text: what was read (at most MAX_ANSWER_BYTES), with room for the scrubber's markers. */
const RAW_BODY_MAX_CHARS = 2 * MAX_ANSWER_BYTES;
/** Ends the stored part of an answer that was cut at MAX_ANSWER_BYTES. */
export const TRUNCATION_MARKER = `\n[truncated: the answer exceeded ${MAX_ANSWER_BYTES.toLocaleString("en")} bytes]`;

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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Text from the upstream as we keep it: scrubbed again after JSON decoding (the raw body was
 * scrubbed before; this holds even if that ever missed), then cut to MAX_MESSAGE_CHARS.
 */
function upstreamText(text: string, secrets: readonly string[] = []): string {
  const clean = scrubText(text, secrets);
  return storable(clean, MAX_MESSAGE_CHARS);
}

/** A human message from whatever error body shape the upstream used, if any. */
export function messageFromBody(body: unknown, secrets: readonly string[] = []): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const nested = b.error && typeof b.error === "object" ? (b.error as Record<string, unknown>).message : undefined;
  for (const m of [b.message, b.error, nested]) if (typeof m === "string" && m) return upstreamText(m, secrets);
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

/** The upstream's reference, unless a secret was (or would be) scrubbed out of it: then it is not one. */
function referenceOf(reference: string | undefined, secrets: readonly string[]): string | null {
  if (reference === undefined || reference.includes(KEY_MARKER) || reference.includes(BEARER_MARKER)) return null;
  return scrubText(reference, secrets) === reference ? reference : null;
}

/** What the charge asked for, to hold an answer against. */
export type SentAmount = { amount: number; currency: string };

/**
 * Where a readable answer names an amount or a currency other than the charge's: words for the
 * timeline and the queue, or null when it names neither or agrees. An answer about other money
 * is not an answer about this charge, whatever its status says (docs/decisions/answer-names-other-money.md).
 */
export function answerMismatch(body: unknown, sent: SentAmount | undefined): string | null {
  if (!sent || !body || typeof body !== "object" || Array.isArray(body)) return null;
  const { amount, currency } = body as Record<string, unknown>;
  const named =
    typeof amount === "number" ? amount : typeof amount === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(amount) ? Number(amount) : amount;
  const amountDiffers = amount !== undefined && (typeof named !== "number" || Math.abs(named - sent.amount) > 1e-9);
  const currencyDiffers = currency !== undefined && (typeof currency !== "string" || currency.trim().toUpperCase() !== sent.currency);
  if (!amountDiffers && !currencyDiffers) return null;
  const shown = (v: unknown) =>
    (typeof v === "string" || typeof v === "number" ? String(v) : (JSON.stringify(v) ?? String(v))).slice(0, 40);
  const answered = [amount === undefined ? sent.amount : shown(amount), currency === undefined ? sent.currency : shown(currency)].join(" ");
  const what = amountDiffers && currencyDiffers ? "another amount and currency" : amountDiffers ? "another amount" : "another currency";
  return `The answer names ${what} (${answered}) than the charge sent (${sent.amount} ${sent.currency}), so it was not taken as this charge's outcome. The money may have moved.`;
}

/**
 * Maps a charge answer (or a status-lookup answer) to an outcome. `secrets` (the API key) are
 * scrubbed from everything kept, in any encoding. `sent`: the charge's amount and currency; a
 * readable answer that names others is `unknown` (answer_mismatch), whatever its status.
 */
export function mapChargeResponse(
  httpStatus: number,
  bodyText: string,
  retryAfterHeader: string | null = null,
  secrets: readonly string[] = [],
  sent?: SentAmount,
): UpstreamOutcome {
  const json = parseJson(bodyText);
  const parsed = upstreamChargeResponseSchema.safeParse(json);
  const base = {
    httpStatus,
    rawBody: storable(scrubText(bodyText, secrets), RAW_BODY_MAX_CHARS),
    reference: parsed.success ? referenceOf(parsed.data.transaction_reference, secrets) : null,
    retryAfterSeconds: null as number | null,
  };

  if (httpStatus >= 200 && httpStatus < 300) {
    const status = parsed.success ? mapStatusWord(parsed.data.status) : null;
    if (!status) {
      return { ...base, status: "unknown", code: "unreadable_response", message: outcomeMessage("unreadable_response") };
    }
    const mismatch = answerMismatch(json, sent);
    if (mismatch) return { ...base, status: "unknown", code: "answer_mismatch", message: upstreamText(mismatch, secrets) };
    const code = status === "failed" ? "declined" : null;
    const said = parsed.data?.message;
    const message = said ? upstreamText(said, secrets) : code ? outcomeMessage(code) : statusOnlyMessage(status);
    return { ...base, status, code, message };
  }

  const mapped = codeForHttp(httpStatus);
  return {
    ...base,
    ...mapped,
    message: messageFromBody(json, secrets) ?? outcomeMessage(mapped.code),
    retryAfterSeconds: httpStatus === 429 ? retryAfter(retryAfterHeader) : null,
  };
}

/**
 * An answer larger than MAX_ANSWER_BYTES: not read, so nothing in it is trusted (not even a
 * reference), and the money may have moved whatever the HTTP status. `readPart` is the part that
 * was read, already scrubbed; it is kept with a marker saying it was cut.
 */
export function mapOversizedResponse(httpStatus: number, readPart: string, retryAfterHeader: string | null = null): UpstreamOutcome {
  return {
    status: "unknown",
    code: "oversized_response",
    reference: null,
    message: outcomeMessage("oversized_response"),
    httpStatus,
    rawBody: storable(readPart, RAW_BODY_MAX_CHARS) + TRUNCATION_MARKER,
    // A 429 still pauses the key (the caller reads this), however long its body was.
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
