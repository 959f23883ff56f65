// The address of the socket a request came in on: the one address a caller cannot write. Next.js
// gives route handlers and pages only the request's headers, and X-Forwarded-For there is whatever
// the caller sent (Next.js fills it from the socket only when it is absent). So the HTTP server's
// own "request" event is wrapped, once, at start-up (instrumentation.ts): each request is served
// inside an AsyncLocalStorage context holding its socket's address, which every await below it
// inherits. This holds for `next start` and the standalone server.js alike (both are node:http
// servers in this process), and no header carries it, so nothing a caller sends can stand in for
// it. A request that arrived before the wrapping (the first moments of a start) has none: null.
// docs/decisions/client-address.md.
// The same context holds the request's id (./request-id.ts), decided here once, which the answer,
// every log line and the error body and page carry.
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import https from "node:https";
import { chooseRequestId, REQUEST_ID_HEADER } from "./request-id";

type Peer = { address: string | null; requestId?: string };
const KEY = Symbol.for("momo-dashboard.peer-address");
type Holder = { [KEY]?: AsyncLocalStorage<Peer> };

/** One store per process, whichever bundle loads this module (instrumentation and routes are built apart). */
function store(): AsyncLocalStorage<Peer> {
  const g = globalThis as Holder;
  g[KEY] ??= new AsyncLocalStorage<Peer>();
  return g[KEY];
}

/** "::ffff:203.0.113.9" (an IPv4 client of a dual-stack socket) as "203.0.113.9". */
function plain(address: string | undefined): string | null {
  if (!address) return null;
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/** Wraps node:http's and node:https' servers so that each request knows its socket's address and its id. Once. */
export function trackPeerAddresses(): void {
  const s = store();
  for (const Server of [http.Server, https.Server]) {
    const proto = Server.prototype as { emit: (event: string | symbol, ...args: unknown[]) => boolean; [KEY]?: true };
    if (proto[KEY]) continue;
    const emit = proto.emit;
    proto.emit = function (this: unknown, event: string | symbol, ...args: unknown[]) {
      if (event !== "request") return emit.call(this, event, ...args);
      const req = args[0] as http.IncomingMessage;
      const sent = req.headers[REQUEST_ID_HEADER];
      const requestId = chooseRequestId(typeof sent === "string" ? sent : null);
      // What reads the request's headers below (proxy.ts, pages' headers()) reads the id decided here,
      // and every answer carries it, Next.js's own (a static file, a 404) included.
      req.headers[REQUEST_ID_HEADER] = requestId;
      (args[1] as http.ServerResponse).setHeader("X-Request-Id", requestId);
      return s.run({ address: plain(req.socket?.remoteAddress), requestId }, () => emit.call(this, event, ...args));
    };
    proto[KEY] = true;
  }
}

/** The socket address of the request being served, or null (outside a request, or before tracking began). */
export function peerAddress(): string | null {
  return store().getStore()?.address ?? null;
}

/** Serves `fn` as if a request had come in on `address` (tests, and callers that are not HTTP requests). */
export function withPeerAddress<T>(address: string | null, fn: () => T): T {
  return store().run({ address }, fn);
}

/** The id of the request being served (./request-id.ts), or null outside one. */
export function currentRequestId(): string | null {
  return store().getStore()?.requestId ?? null;
}

/** Runs `fn` as part of request `id`, from the same address (the pipeline, when no server decided the id: tests). */
export function withRequestId<T>(id: string, fn: () => T): T {
  return store().run({ address: peerAddress(), requestId: id }, fn);
}
