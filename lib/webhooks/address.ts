// Which endpoint URLs a merchant may save and we may send to. A webhook makes this server POST to
// an address someone else typed, so with a LIVE key it must never reach inside a private network
// (our own machine, the cloud's metadata service, the office LAN). Two checks at save time: the
// URL's rules (no network) and what its host resolves to now. Neither survives DNS changing its
// answer later, so ./send.ts checks again, on the address the socket actually connects to.
import "server-only";
import dns from "node:dns";
import net from "node:net";
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
  notFound: "We could not find this host.",
} as const;

const defaultLookup: LookupAll = (hostname, options) => dns.promises.lookup(hostname, options);

/**
 * Public unicast only (ipaddr.js's "unicast" range): not loopback, private, link-local (the
 * metadata service at 169.254.169.254), carrier-grade NAT, unspecified, multicast, reserved or
 * documentation ranges. An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(ip: string): boolean {
  if (!net.isIP(ip)) return false;
  // ipaddr.process: parse, and an IPv4-mapped IPv6 address becomes its IPv4 address.
  return ipaddr.process(ip).range() === "unicast";
}

/** The URL's host as a socket sees it: an IPv6 literal without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

function isLoopback(host: string): boolean {
  if (host === "localhost") return true;
  if (!net.isIP(host)) return false;
  return ipaddr.parse(host).range() === "loopback";
}

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
  if (mode === "live" && net.isIP(host) && !isPublicAddress(host)) return { ok: false, message: URL_MESSAGES.privateNetwork };
  return { ok: true, url };
}

/**
 * LIVE only: every address the host resolves to must be public unicast (one private answer among
 * public ones is enough to refuse: the connection may pick it). TEST: always ok, a test endpoint
 * is often on the developer's own machine.
 */
export async function checkEndpointAddress(url: URL, mode: KeyMode, lookup: LookupAll = defaultLookup): Promise<AddressCheck> {
  if (mode === "test") return { ok: true };
  const host = hostOf(url);
  if (net.isIP(host)) return isPublicAddress(host) ? { ok: true } : { ok: false, message: URL_MESSAGES.privateNetwork };
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
  return addresses.every((a) => isPublicAddress(a.address)) ? { ok: true } : { ok: false, message: URL_MESSAGES.privateNetwork };
}
