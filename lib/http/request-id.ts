// Every answer carries X-Request-Id, and every log line written while handling the request carries
// the same id (lib/log.ts), so support can find a member's failed request by the id they quote.
// The id is decided once, where the server takes the request (./peer.ts): the one the proxy in
// front sent, when a proxy is declared (TRUSTED_PROXY_HOPS) and the id is well-formed; otherwise
// one made here. A caller with no proxy in front could pick ids that collide with other requests',
// and any caller could put log syntax or kilobytes in every line. docs/decisions/request-id.md.
import { randomUUID } from "node:crypto";
import { trustedProxyHops } from "./trusted-proxy";

/** The header, as Node.js names it in a request's headers. */
export const REQUEST_ID_HEADER = "x-request-id";

/** An id worth keeping: up to 64 letters, digits, `.`, `_`, `:` or `-` (a UUID, nginx's $request_id, a trace id). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,64}$/;

/** The id of a request that came with `incoming` as its X-Request-Id (or none). */
export function chooseRequestId(incoming: string | null | undefined): string {
  return trustedProxyHops() > 0 && incoming && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** The answer with the request's id on it (a copy when its headers cannot change: a redirect's). */
export function withRequestIdHeader(res: Response, id: string): Response {
  try {
    res.headers.set("X-Request-Id", id);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set("X-Request-Id", id);
    return copy;
  }
}
