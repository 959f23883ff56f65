// The upstream client: the only code that holds the API key. One function per operation,
// a timeout on every call, and every outcome mapped by ./status.ts. Nothing here retries a
// charge: a POST that may have reached the upstream is never sent twice.
import "server-only";
import { count, observe } from "@/lib/metrics/registry";
import type { UpstreamConfig } from "./config";
import { readUserRecord, upstreamChargeRequestSchema, type UpstreamChargeRequest, type UpstreamUser } from "./schemas";
import { scrubText, scrubValue } from "./scrub";
import {
  MAX_ANSWER_BYTES,
  mapChargeResponse,
  mapOversizedResponse,
  mapTransportFailure,
  messageFromBody,
  retryAfter,
  type SentAmount,
  type UpstreamOutcome,
} from "./status";

export { MAX_ANSWER_BYTES };

export type UserLookup =
  | { ok: true; user: UpstreamUser }
  | {
      ok: false;
      code:
        | "upstream_auth"
        | "upstream_error"
        | "timeout"
        | "unreachable"
        | "network"
        | "unreadable_response"
        | "rate_limited"
        | "rejected";
      message: string;
      httpStatus: number | null;
      retryAfterSeconds?: number | null;
    };

/** `truncated`: the answer was longer than MAX_ANSWER_BYTES and `body` is its beginning. */
type Answer =
  | { kind: "answer"; status: number; body: string; truncated: boolean; retryAfter: string | null }
  | { kind: "none"; failure: "timeout" | "network" | "unreachable" };

const NO_ANSWER = {
  timeout: "The upstream did not answer in time.",
  network: "The connection to the upstream broke.",
  unreachable: "The upstream could not be reached.",
} as const;

const UNREADABLE = "The upstream's answer could not be read.";
const OVERSIZED = "The upstream's answer was larger than 64 kB and was not read.";

const REFUSED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

function classify(error: unknown): "timeout" | "network" | "unreachable" {
  const e = error as { name?: string; cause?: { code?: string; name?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return "timeout";
  const code = e?.cause?.code;
  // Only failures that happen before a byte is sent are safe to call "not charged".
  return code && REFUSED.has(code) ? "unreachable" : "network";
}

/**
 * The body, at most MAX_ANSWER_BYTES of it: an upstream that sends megabytes must not make us
 * hold (and store, and render) megabytes. The rest is never downloaded. A character cut in half
 * at the limit is dropped (the decoder holds its first bytes back and is not flushed).
 */
async function readCapped(res: Response): Promise<{ text: string; truncated: boolean }> {
  if (!res.body) return { text: "", truncated: false };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), truncated: false };
    if (read + value.byteLength > MAX_ANSWER_BYTES) {
      text += decoder.decode(value.subarray(0, MAX_ANSWER_BYTES - read), { stream: true });
      await reader.cancel().catch(() => {});
      return { text, truncated: true };
    }
    read += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
}

async function send(config: UpstreamConfig, method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers: {
        // What the configuration adds first (the bundled sandbox's caller token; nothing for a
        // real upstream), so it can never replace the key or the content type below.
        ...config.headers,
        Authorization: `Bearer ${config.apiKey}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // The whole exchange, body included, must finish within the timeout.
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "manual",
      cache: "no-store",
    });
    // An upstream that echoes the key (in an error about it, say, and escaped in any way) must
    // not put it in the ledger, a page or a log: everything it sends is scrubbed before anyone
    // keeps it, and once more after it is decoded (./status.ts, scrubValue below).
    const { text, truncated } = await readCapped(res);
    const scrubbed = scrubText(text, [config.apiKey], { truncated });
    return { kind: "answer", status: res.status, body: scrubbed, truncated, retryAfter: res.headers.get("retry-after") };
  } catch (error) {
    return { kind: "none", failure: classify(error) };
  }
}

type Operation = "charge" | "status" | "user";

/** Answers read but not usable: the metrics count them as a bad answer. */
const BAD_ANSWERS = new Set(["unreadable_response", "oversized_response", "answer_mismatch"]);

/**
 * One call to the upstream, timed, and counted when it gave no usable answer (by operation and
 * kind only: never the reference, the number or what the answer said). `code`: what the answer
 * was mapped to.
 */
function metered(operation: Operation, startedMs: number, answer: Answer, code: string | null): void {
  observe("upstreamDuration", { operation }, (performance.now() - startedMs) / 1000);
  const kind =
    answer.kind === "none"
      ? answer.failure === "timeout"
        ? "timeout"
        : "network"
      : answer.status === 429
        ? "429"
        : answer.status >= 500
          ? "5xx"
          : code && BAD_ANSWERS.has(code)
            ? "bad_answer"
            : null;
  if (kind) count("upstreamErrors", { operation, kind });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createMomoClient(config: UpstreamConfig) {
  const secrets = [config.apiKey];
  /** A charge or status-lookup answer in our terms. */
  const mapped = (answer: Answer, sent?: SentAmount): UpstreamOutcome => {
    if (answer.kind === "none") return mapTransportFailure(answer.failure);
    if (answer.truncated) return mapOversizedResponse(answer.status, answer.body, answer.retryAfter);
    return mapChargeResponse(answer.status, answer.body, answer.retryAfter, secrets, sent);
  };
  /** A charge or status lookup sent, timed and mapped. */
  const outcomeOf = async (operation: Operation, sending: Promise<Answer>, sent?: SentAmount): Promise<UpstreamOutcome> => {
    const started = performance.now();
    const answer = await sending;
    const outcome = mapped(answer, sent);
    metered(operation, started, answer, outcome.code);
    return outcome;
  };

  return {
    /** POST /v1/payments/momo/charge — sent once, never retried. */
    async charge(request: UpstreamChargeRequest): Promise<UpstreamOutcome> {
      const body = upstreamChargeRequestSchema.parse(request);
      return outcomeOf("charge", send(config, "POST", "/v1/payments/momo/charge", body), { amount: body.amount, currency: body.currency });
    },

    /**
     * GET /v1/payments/momo/charge/{reference} — the status lookup. The document does not
     * show this operation; it is our assumption (docs/decisions, "Choices"), kept to this function.
     * `sent`: the charge's amount and currency, which an answer naming others contradicts.
     */
    async chargeStatus(reference: string, sent?: SentAmount): Promise<UpstreamOutcome> {
      return outcomeOf("status", send(config, "GET", `/v1/payments/momo/charge/${encodeURIComponent(reference)}`), sent);
    },

    /**
     * GET /v1/user — the account behind the key; its fields are whatever the upstream sends,
     * within USER_RECORD_LIMITS, every name and string in it scrubbed.
     */
    async user(): Promise<UserLookup> {
      const started = performance.now();
      const answer = await send(config, "GET", "/v1/user");
      const lookup = readUser(answer, secrets);
      metered("user", started, answer, lookup.ok ? null : lookup.code);
      return lookup;
    },
  };
}

/** The account lookup's answer in our terms. */
function readUser(answer: Answer, secrets: readonly string[]): UserLookup {
  if (answer.kind === "none") return { ok: false, code: answer.failure, message: NO_ANSWER[answer.failure], httpStatus: null };
  const retryAfterSeconds = answer.status === 429 ? retryAfter(answer.retryAfter) : null;
  if (answer.truncated) return { ok: false, code: "unreadable_response", message: OVERSIZED, httpStatus: answer.status, retryAfterSeconds };
  const json = parseJson(answer.body);
  if (answer.status >= 200 && answer.status < 300) {
    const user = readUserRecord(json);
    if (user) return { ok: true, user: scrubValue(user, secrets) as UpstreamUser };
    return { ok: false, code: "unreadable_response", message: UNREADABLE, httpStatus: answer.status };
  }
  const code =
    answer.status === 401 || answer.status === 403
      ? "upstream_auth"
      : answer.status === 429
        ? "rate_limited"
        : answer.status >= 500
          ? "upstream_error"
          : "rejected";
  return {
    ok: false,
    code,
    message: messageFromBody(json, secrets) ?? `The upstream answered HTTP ${answer.status}.`,
    httpStatus: answer.status,
    retryAfterSeconds,
  };
}
