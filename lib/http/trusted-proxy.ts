// Whether a proxy of ours stands in front of the app: only then is a header that proxies write
// (X-Forwarded-For: ./origin.ts; X-Request-Id: ./request-id.ts) believed at all.

/** TRUSTED_PROXY_HOPS: how many proxies in front of the app add to X-Forwarded-For; 0 (none) unless set. */
export function trustedProxyHops(): number {
  const hops = Number(process.env.TRUSTED_PROXY_HOPS ?? 0);
  return Number.isInteger(hops) && hops >= 0 && hops <= 10 ? hops : 0;
}
