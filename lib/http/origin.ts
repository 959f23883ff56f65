// Where a request comes from: refused when a browser sent it from another site, and the client's
// address as the proxy in front reports it. The first step of every route (./route.ts).
import { isIP } from "node:net";
import { AppError } from "@/lib/errors";
import { peerAddress } from "./peer";
import { trustedProxyHops } from "./trusted-proxy";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that a browser sent from another site. Browsers always
 * send Origin (and Sec-Fetch-Site) on cross-site POSTs; a request with neither comes from a
 * non-browser client, which cannot ride on a member's cookies.
 */
export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  const origin = req.headers.get("origin");
  if (origin === null) return;
  let from: string;
  try {
    from = new URL(origin).origin;
  } catch {
    throw crossSite();
  }
  // Scheme, host and port must all match: https://host is another origin than http://host.
  // Behind a TLS proxy the request arrives as http; the proxy's X-Forwarded-Proto (or APP_URL)
  // says what the browser saw. A cross-site page cannot set that header on a member's request.
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || new URL(req.url).protocol.replace(/:$/, "");
  const host = req.headers.get("host");
  const own = [host ? `${proto}://${host}` : null, process.env.APP_URL ? new URL(process.env.APP_URL).origin : null];
  if (!own.includes(from)) throw crossSite();
}

function crossSite() {
  return new AppError("cross_origin", "Requests from other sites are refused.");
}

/**
 * The caller's address, for the throttles and limits that count by it, and the audit log. Only
 * what the caller cannot write counts (docs/decisions/client-address.md):
 * - no proxy declared (TRUSTED_PROXY_HOPS unset or 0, the default): the address of the socket the
 *   request came in on (./peer.ts); X-Forwarded-For is ignored, whatever it says;
 * - TRUSTED_PROXY_HOPS=N: the proxies in front set or extend X-Forwarded-For, and the caller writes
 *   whatever it likes to the left of what they add, so the entry N from the right is believed (1:
 *   the one the nearest proxy added; 2 with a CDN in front of the load balancer), never the
 *   left-most. Without the header (a request that reached the server around the proxy), the socket.
 */
export function clientIp(h: Headers): string | null {
  const hops = trustedProxyHops();
  if (hops === 0) return peerAddress();
  const entries = (h.get("x-forwarded-for") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  // The believed entry, or the nearest one to its right that is an address at all: a chain
  // shorter than declared leaves the caller's own text in that place, which is never believed.
  for (let i = Math.max(0, entries.length - hops); i < entries.length; i++) if (isIP(entries[i])) return entries[i];
  return peerAddress();
}

/** What clientIp believes, in words for the `started` log line. */
export function clientAddressSource(): string {
  const hops = trustedProxyHops();
  return hops === 0
    ? "socket (X-Forwarded-For ignored)"
    : `X-Forwarded-For, ${hops} trusted ${hops === 1 ? "proxy" : "proxies"} from the right`;
}

/**
 * The address people outside reach the app at, for links they are sent (a pay link): APP_URL's
 * origin when it is set, else what this page's request came to (the proxy's X-Forwarded-Proto
 * and Host, as the browser saw them).
 */
export function publicOrigin(h: Headers): string {
  if (process.env.APP_URL) return new URL(process.env.APP_URL).origin;
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() || "http";
  return `${proto}://${h.get("host") ?? "localhost"}`;
}
