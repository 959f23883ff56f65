// One webhook delivery: sign it (Standard Webhooks) and POST it once. Retries, and what an attempt
// is recorded as, belong to the caller. The receiver is someone else's server, so nothing it does
// may hurt us: one deadline covers the whole attempt, however slowly it answers; only the first
// kB of its answer is read; a redirect is not followed (it could point anywhere). The address the
// socket would connect to is checked after DNS, against the same policy as at save time: a name
// that resolved to a public address when it was saved and to 127.0.0.1 now (DNS rebinding) is
// refused there, which no check made before the connection can promise.
import "server-only";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { Webhook } from "standardwebhooks";
import type { KeyMode } from "@/lib/market/key-mode";
import { storable } from "@/lib/text";
import { ADDRESS_NOT_ALLOWED, checkEndpointUrl, policyLookup } from "./address";

export type WebhookMessage = { url: string; id: string; timestamp: Date; payload: string; secrets: string[] };
/**
 * ok: the endpoint answered 2xx. statusCode: the answer's status, null when none came. body: the
 * answer's first kB, null when none came. error: why the attempt failed when it got no usable
 * answer (refused address, connection, TLS, deadline, redirect); null when the endpoint answered,
 * whatever the status — a 4xx or 5xx speaks for itself through statusCode.
 */
export type SendResult = { ok: boolean; statusCode: number | null; body: string | null; error: string | null; durationMs: number };
export type SendOptions = {
  mode: KeyMode;
  timeoutMs?: number;
  /** Resolves host names instead of DNS (tests). The address policy still checks each answer. */
  lookup?: LookupFunction;
};

export const SEND_TIMEOUT_MS = 10_000;
/** How much of the answer is kept (it is shown to the merchant); the rest is never read. */
export const BODY_LIMIT_BYTES = 1_024;
const USER_AGENT = "MomoDashboard-Webhooks/1.0";
/** An attempt's error in words: ours, or a reason Node or OpenSSL gave (which may quote the peer). */
const ERROR_LIMIT_CHARS = 300;

export const SEND_ERRORS = {
  privateNetwork: "The address resolved to a private network; a LIVE key sends only to public addresses.",
  privateNetworkTest: "The address resolved to a private network; a TEST key sends only to public addresses and this machine (127.0.0.1).",
  redirect: "The endpoint answered with a redirect, which is not followed.",
  refused: "Connection refused.",
  reset: "Connection reset.",
  notFound: "We could not find this host.",
  unreachable: "The host could not be reached.",
} as const;

// At connect time, both modes resolve through ./address.ts's policyLookup: the one policy, applied
// to every address a name resolves to before any socket connects (DNS rebinding included); a
// literal address was judged by checkEndpointUrl just before. A LIVE key's sockets also go through
// request-filtering-agent, a second, independent check of the same kind (every address whose
// ipaddr.js range is not "unicast"; its own lists are left empty: it warns on a list that mixes
// IPv4 and IPv6, and the policy's lists are applied by policyLookup). One connection per attempt:
// a kept-alive socket would skip the check on its next use.
const liveOptions = { keepAlive: false, allowPrivateIPAddress: false, allowMetaIPAddress: false };
const agents = {
  live: { "http:": new RequestFilteringHttpAgent(liveOptions), "https:": new RequestFilteringHttpsAgent(liveOptions) },
  test: { "http:": new http.Agent({ keepAlive: false }), "https:": new https.Agent({ keepAlive: false }) },
};

/** Standard Webhooks' webhook-signature: one `v1,<base64>` per secret, current first, space-separated. */
export function signatureHeader(m: Pick<WebhookMessage, "id" | "timestamp" | "payload" | "secrets">): string {
  if (m.secrets.length === 0) throw new Error("A webhook is signed with at least one secret.");
  return m.secrets.map((secret) => new Webhook(secret).sign(m.id, m.timestamp, m.payload)).join(" ");
}

/** The message of request-filtering-agent's refusal: "DNS lookup <ip>(…) is not allowed. Because…". */
const AGENT_REFUSAL = /^DNS lookup .* is not allowed\. Because/;

/** A short cause a merchant can act on; never the payload or a secret (Node's errors carry neither). */
function describeError(error: NodeJS.ErrnoException, mode: KeyMode): string {
  if (error.code === ADDRESS_NOT_ALLOWED || AGENT_REFUSAL.test(error.message)) {
    return mode === "live" ? SEND_ERRORS.privateNetwork : SEND_ERRORS.privateNetworkTest;
  }
  const code = error.code ?? "";
  if (code === "ECONNREFUSED") return SEND_ERRORS.refused;
  if (code === "ECONNRESET" || code === "EPIPE") return SEND_ERRORS.reset;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NODATA") return SEND_ERRORS.notFound;
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH" || code === "ETIMEDOUT") return SEND_ERRORS.unreachable;
  // TLS: OpenSSL's errors carry a long trace ("…:SSL routines:ssl3_get_record:wrong version
  // number:../deps/…"), of which the reason is kept; certificate errors carry a short message.
  const openssl = /SSL routines:[^:]*:([^:]+):/.exec(error.message);
  if (openssl) return `TLS failed: ${openssl[1]}.`;
  if (code.startsWith("ERR_SSL_")) return `TLS failed: ${code.slice(8).toLowerCase().replaceAll("_", " ")}.`;
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") return "TLS failed: the certificate is not for this host.";
  if (code.startsWith("ERR_TLS_") || /CERT|SELF_SIGNED|SIGNATURE|ISSUER/.test(code)) return `TLS failed: ${clip(error.message)}.`;
  return `Could not connect (${code || clip(error.message)}).`;
}

function clip(text: string): string {
  const line = text.split("\n")[0].replace(/\.$/, "");
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

/** POSTs one delivery. Never throws for anything the endpoint or the network does. */
export async function sendWebhook(m: WebhookMessage, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  // Checked again now: the key's mode may have changed since the address was saved.
  const checked = checkEndpointUrl(m.url, options.mode);
  if (!checked.ok) return { ok: false, statusCode: null, body: null, error: checked.message, durationMs: performance.now() - started };
  const url = checked.url;
  const headers = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(m.payload)),
    "user-agent": USER_AGENT,
    "webhook-id": m.id,
    "webhook-timestamp": String(Math.floor(m.timestamp.getTime() / 1000)),
    "webhook-signature": signatureHeader(m),
  };
  const scheme = url.protocol === "https:" ? "https:" : "http:";
  const agent = agents[options.mode][scheme];
  const transport = scheme === "https:" ? https : http;

  return new Promise<SendResult>((resolve) => {
    let statusCode: number | null = null;
    let response: http.IncomingMessage | undefined;
    const chunks: Buffer[] = [];
    let kept = 0;
    let settled = false;
    // Whatever the receiver sent (NUL, invalid UTF-8, binary, a Content-Type that lies) is kept as
    // storable text, so the attempt's row can always be written.
    const body = () => (response ? storable(Buffer.concat(chunks), BODY_LIMIT_BYTES) : null);

    const finish = (ok: boolean, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // Stop reading and close the connection: the rest of the answer is never downloaded.
      response?.destroy();
      request.destroy();
      resolve({
        ok,
        statusCode,
        body: body(),
        error: error === null ? null : storable(error, ERROR_LIMIT_CHARS),
        durationMs: performance.now() - started,
      });
    };
    const answered = () => {
      const status = statusCode ?? 0;
      if (status >= 300 && status < 400) finish(false, SEND_ERRORS.redirect);
      else finish(status >= 200 && status < 300, null);
    };

    const lookup = policyLookup(options.mode, options.lookup);
    const request = transport.request(url, { method: "POST", agent, headers, lookup }, (res) => {
      response = res;
      statusCode = res.statusCode ?? null;
      res.on("data", (chunk: Buffer) => {
        const part = chunk.subarray(0, BODY_LIMIT_BYTES - kept);
        chunks.push(part);
        kept += part.length;
        if (kept >= BODY_LIMIT_BYTES) answered();
      });
      res.on("end", answered);
      res.on("error", (error: NodeJS.ErrnoException) => finish(false, describeError(error, options.mode)));
      // Closed before its end without an error event (the connection dropped mid-body).
      res.on("close", () => finish(false, SEND_ERRORS.reset));
    });
    // DNS, connect, TLS, headers and body: all inside this one deadline (set once the request
    // exists: a header Node refuses throws from request(), and must not leave a timer behind).
    const deadline = setTimeout(() => finish(false, `No answer within ${seconds(timeoutMs)} s.`), timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => finish(false, describeError(error, options.mode)));
    request.end(m.payload);
  });
}
