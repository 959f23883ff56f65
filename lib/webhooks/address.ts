// Which endpoint URLs a merchant may save and we may send to. A webhook makes this server POST to
// an address someone else typed, and shows the first kB of the answer, so it must never reach
// inside a private network (the cloud's metadata service, the office LAN, internal HTTPS
// services); a TEST key may reach this machine's loopback, where a developer's receiver listens. Two checks at save time: the
// URL's rules (no network) and what its host resolves to now. Neither survives DNS changing its
// answer later, so ./send.ts checks again, on the address the socket actually connects to.
import "server-only";
import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import type { KeyMode } from "@/lib/market/key-mode";

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };
export type AddressCheck = { ok: true } | { ok: false; message: string };
/** dns.promises.lookup with `all`: injectable so that tests choose what a name resolves to. */
export type LookupAll = (hostname: string, options: { all: true; verbatim: true }) => Promise<{ address: string; family: number }[]>;

export const MAX_URL_LENGTH = 2_048;
/** A name that does not resolve in this long is treated as one that does not resolve. */
const LOOKUP_TIMEOUT_MS = 5_000;

export const URL_MESSAGES = {
  empty: "Enter the address of your endpoint.",
  tooLong: `The address is too long (at most ${MAX_URL_LENGTH.toLocaleString("en")} characters).`,
  invalid: "Enter a full address, starting with https://.",
  scheme: "Use an https:// address.",
  plainHttp: "Plain http is allowed only to this machine (127.0.0.1) with a TEST key.",
  credentials: "Remove the user name and password from the address.",
  fragment: "Remove the part after # from the address.",
  noHost: "The address has no host name.",
  privateNetwork: "This address points inside a private network; a LIVE key sends only to public addresses.",
  privateNetworkTest:
    "This address points inside a private network; a TEST key sends only to public addresses and this machine (127.0.0.1).",
  notFound: "We could not find this host.",
} as const;

const defaultLookup: LookupAll = (hostname, options) => dns.promises.lookup(hostname, options);

/**
 * The one address policy, for both modes, at save time (here) and at connect time (./send.ts hands
 * the same lists to request-filtering-agent, which judges every address a socket would connect to
 * the same way, DNS rebinding included). docs/decisions/webhook-addresses.md.
 * - LIVE: public unicast only (ipaddr.js's "unicast" range, as the agent reads it): not loopback,
 *   private, link-local (the metadata service at 169.254.169.254), carrier-grade NAT, unspecified,
 *   multicast, broadcast, reserved, benchmarking (198.18/15), documentation, NAT64, 6to4, Teredo,
 *   unique-local or link-local IPv6, nor an IPv4-mapped IPv6 address, whatever it carries;
 * - TEST: the same, and this machine's loopback (127.0.0.0/8, ::1), where a developer's receiver
 *   listens; nothing else private.
 * - Both: the deprecated IPv4-compatible IPv6 form (::/96, e.g. [::7f00:1] for 127.0.0.1), which
 *   ipaddr.js calls unicast, is refused.
 */
export const ADDRESS_POLICY = {
  /** Allowed whatever their range, by mode. */
  allow: { live: [] as string[], test: ["127.0.0.0/8", "::1/128"] },
  /** Refused even where ipaddr.js says unicast. */
  deny: ["::/96"],
} as const;

function inList(ip: ipaddr.IPv4 | ipaddr.IPv6, list: readonly string[]): boolean {
  return list.some((cidr) => {
    const [range, bits] = ipaddr.parseCIDR(cidr);
    return ip.kind() === range.kind() && ip.match([range, bits] as [typeof ip, number]);
  });
}

/** Whether a key of `mode` may send to the IP address `ip` (anything that is not an address: no). */
export function isAllowedAddress(ip: string, mode: KeyMode): boolean {
  if (!net.isIP(ip)) return false;
  const parsed = ipaddr.parse(ip);
  if (inList(parsed, ADDRESS_POLICY.allow[mode])) return true;
  return parsed.range() === "unicast" && !inList(parsed, ADDRESS_POLICY.deny);
}

/** The error a refused address gives at connect time (./send.ts turns it into words). */
export const ADDRESS_NOT_ALLOWED = "EADDRNOTALLOWED";

/**
 * A lookup for sockets that answers only addresses the key's mode may reach: the policy applied at
 * connect time, to the addresses the connection would use (DNS rebinding included), before any
 * socket connects. Both of dns.lookup's shapes (one address, or all of them for Happy Eyeballs).
 */
export function policyLookup(mode: KeyMode, inner: LookupFunction = dns.lookup): LookupFunction {
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    inner(hostname, options as dns.LookupOptions, (error, address, family) => {
      if (error) return callback(error);
      const answers = Array.isArray(address) ? address : [{ address, family }];
      const refused = answers.find((a) => !isAllowedAddress(String(a.address), mode));
      if (refused) {
        const e = Object.assign(new Error(`${hostname} resolved to an address this key may not reach`), { code: ADDRESS_NOT_ALLOWED });
        return callback(e);
      }
      callback(null, address, family);
    });
  }) as LookupFunction;
}

/** What a LIVE key may reach: public unicast (isAllowedAddress with a LIVE key). */
export function isPublicAddress(ip: string): boolean {
  return isAllowedAddress(ip, "live");
}

/** The URL's host as a socket sees it: an IPv6 literal without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

function isLoopback(host: string): boolean {
  if (host === "localhost") return true;
  return net.isIP(host) !== 0 && inList(ipaddr.parse(host), ADDRESS_POLICY.allow.test);
}

/** Why an address is refused, in the words of the key's mode. */
const refusedFor = (mode: KeyMode) => (mode === "live" ? URL_MESSAGES.privateNetwork : URL_MESSAGES.privateNetworkTest);

/**
 * Syntax and scheme rules, no network. The WHATWG parser has already turned decimal, hex and
 * octal spellings of an IPv4 address (https://2130706433/, https://0x7f.0.0.1/) into dotted
 * decimal, so a literal address is judged by what it is, however it was written.
 */
export function checkEndpointUrl(raw: string, mode: KeyMode): UrlCheck {
  const text = raw.trim();
  if (text === "") return { ok: false, message: URL_MESSAGES.empty };
  if (text.length > MAX_URL_LENGTH) return { ok: false, message: URL_MESSAGES.tooLong };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: URL_MESSAGES.invalid };
  }
  // What is saved is the parsed form, which percent-encoding may have made longer.
  if (url.href.length > MAX_URL_LENGTH) return { ok: false, message: URL_MESSAGES.tooLong };
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: URL_MESSAGES.scheme };
  const host = hostOf(url);
  if (host === "") return { ok: false, message: URL_MESSAGES.noHost };
  if (url.protocol === "http:" && !(mode === "test" && isLoopback(host))) return { ok: false, message: URL_MESSAGES.plainHttp };
  if (url.username !== "" || url.password !== "") return { ok: false, message: URL_MESSAGES.credentials };
  // An empty fragment ("…/hook#") leaves url.hash empty but still shows in href.
  if (url.hash !== "" || url.href.includes("#")) return { ok: false, message: URL_MESSAGES.fragment };
  if (net.isIP(host) && !isAllowedAddress(host, mode)) return { ok: false, message: refusedFor(mode) };
  return { ok: true, url };
}

/**
 * Every address the host resolves to must be allowed for the key's mode (one private answer among
 * public ones is enough to refuse: the connection may pick it). A TEST key's `localhost` resolves
 * to loopback, which it may reach.
 */
export async function checkEndpointAddress(url: URL, mode: KeyMode, lookup: LookupAll = defaultLookup): Promise<AddressCheck> {
  const host = hostOf(url);
  if (net.isIP(host)) return isAllowedAddress(host, mode) ? { ok: true } : { ok: false, message: refusedFor(mode) };
  let addresses: { address: string }[];
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("lookup timed out")), LOOKUP_TIMEOUT_MS);
    });
    addresses = await Promise.race([lookup(host, { all: true, verbatim: true }), late]);
  } catch {
    return { ok: false, message: URL_MESSAGES.notFound };
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) return { ok: false, message: URL_MESSAGES.notFound };
  return addresses.every((a) => isAllowedAddress(a.address, mode)) ? { ok: true } : { ok: false, message: refusedFor(mode) };
}
