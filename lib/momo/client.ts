// The upstream client: the only code that holds the API key. One function per operation,
// a timeout on every call, and every outcome mapped by ./status.ts. Nothing here retries a
// charge: a POST that may have reached the upstream is never sent twice.
import "server-only";
import type { UpstreamConfig } from "@/lib/env";
import { redact } from "@/lib/log";
import { upstreamChargeRequestSchema, upstreamUserSchema, type UpstreamChargeRequest, type UpstreamUser } from "./schemas";
import { mapChargeResponse, mapTransportFailure, messageFromBody, retryAfter, type UpstreamOutcome } from "./status";

export type UserLookup =
  | { ok: true; user: UpstreamUser }
  | {
      ok: false;
      code: "upstream_auth" | "upstream_error" | "timeout" | "unreachable" | "network" | "unreadable_response" | "rate_limited" | "rejected";
      message: string;
      httpStatus: number | null;
      retryAfterSeconds?: number | null;
    };

type Answer = { kind: "answer"; status: number; body: string; retryAfter: string | null } | { kind: "none"; failure: "timeout" | "network" | "unreachable" };

const NO_ANSWER = {
  timeout: "The upstream did not answer in time.",
  network: "The connection to the upstream broke.",
  unreachable: "The upstream could not be reached.",
} as const;

const REFUSED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

function classify(error: unknown): "timeout" | "network" | "unreachable" {
  const e = error as { name?: string; cause?: { code?: string; name?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return "timeout";
  const code = e?.cause?.code;
  // Only failures that happen before a byte is sent are safe to call "not charged".
  return code && REFUSED.has(code) ? "unreachable" : "network";
}

async function send(config: UpstreamConfig, method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${config.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      // The whole exchange, body included, must finish within the timeout.
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "manual",
      cache: "no-store",
    });
    // An upstream that echoes the key (in an error about it, say) must not put it in the
    // ledger, a page or a log: everything it sends is scrubbed before anyone keeps it.
    const text = redact(await res.text(), config.apiKey);
    return { kind: "answer", status: res.status, body: text, retryAfter: res.headers.get("retry-after") };
  } catch (error) {
    return { kind: "none", failure: classify(error) };
  }
}

export function createMomoClient(config: UpstreamConfig) {
  return {
    /** POST /v1/payments/momo/charge — sent once, never retried. */
    async charge(request: UpstreamChargeRequest): Promise<UpstreamOutcome> {
      const body = upstreamChargeRequestSchema.parse(request);
      const answer = await send(config, "POST", "/v1/payments/momo/charge", body);
      if (answer.kind === "none") return mapTransportFailure(answer.failure);
      return mapChargeResponse(answer.status, answer.body, answer.retryAfter);
    },

    /**
     * GET /v1/payments/momo/charge/{reference} — the status lookup. The document does not
     * show this operation; it is our assumption (README, "Choices"), kept to this function.
     */
    async chargeStatus(reference: string): Promise<UpstreamOutcome> {
      const answer = await send(config, "GET", `/v1/payments/momo/charge/${encodeURIComponent(reference)}`);
      if (answer.kind === "none") return mapTransportFailure(answer.failure);
      return mapChargeResponse(answer.status, answer.body, answer.retryAfter);
    },

    /** GET /v1/user — the account behind the key; its fields are whatever the upstream sends. */
    async user(): Promise<UserLookup> {
      const answer = await send(config, "GET", "/v1/user");
      if (answer.kind === "none") return { ok: false, code: answer.failure, message: NO_ANSWER[answer.failure], httpStatus: null };
      let json: unknown;
      try {
        json = JSON.parse(answer.body);
      } catch {
        json = undefined;
      }
      if (answer.status >= 200 && answer.status < 300) {
        const user = upstreamUserSchema.safeParse(json);
        if (user.success) return { ok: true, user: user.data };
        return { ok: false, code: "unreadable_response", message: "The upstream's answer could not be read.", httpStatus: answer.status };
      }
      const code = answer.status === 401 || answer.status === 403 ? "upstream_auth" : answer.status === 429 ? "rate_limited" : answer.status >= 500 ? "upstream_error" : "rejected";
      return {
        ok: false,
        code,
        message: messageFromBody(json) ?? `The upstream answered HTTP ${answer.status}.`,
        httpStatus: answer.status,
        retryAfterSeconds: answer.status === 429 ? retryAfter(answer.retryAfter) : null,
      };
    },
  };
}

export type MomoClient = ReturnType<typeof createMomoClient>;
