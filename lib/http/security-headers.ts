// The security headers, in one place. Pages get a Content-Security-Policy with a fresh nonce
// per request (set by proxy.ts; Next.js reads the nonce from the request's policy and puts it
// on its own scripts). Every other response — API routes, the sandbox, static files — gets
// the fixed headers below from next.config.ts.

/**
 * The policy of a page. No inline script or style runs without the nonce; nothing may frame us.
 * `dev` (the development server only, NODE_ENV=development: see proxy.ts) lets Next.js's own
 * tools work: React's development build and hot reloading need eval, and the error overlay and
 * its "Rendering…" indicator style themselves inline, without the nonce. A production build
 * never gets it.
 */
export function pagePolicy(nonce: string, opts: { dev?: boolean; https?: boolean } = {}): string {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic': scripts loaded by a nonced script may load further chunks; host
    // lists are ignored by browsers that support it.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    // A nonce in a directive makes browsers ignore 'unsafe-inline' there, so the development
    // policy leaves the nonce out of the style directives.
    opts.dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    // React streams a late part of an SVG inside <svg style="display:none"> until it moves
    // it into place; that one declaration, by its hash, is the only inline style allowed.
    opts.dev ? "style-src-attr 'unsafe-inline'" : `style-src-attr 'unsafe-hashes' '${REACT_HIDDEN_SEGMENT_STYLE}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** sha256 of "display:none", the style React gives a hidden streamed segment. */
const REACT_HIDDEN_SEGMENT_STYLE = "sha256-aqNNdDLnnrDOnTNdkJpYlAxKVJtLt9CtFLklmInuUAE=";

/** For responses that are not pages: they load nothing and may be framed by nobody. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** HSTS: two years. Sent by production builds; browsers ignore it over plain HTTP. */
const HSTS = "max-age=63072000; includeSubDomains";

/** Headers for every response. */
export function commonHeaders(production: boolean): { key: string; value: string }[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    // Addresses carry charge ids and searched phone numbers: they never leave the site.
    { key: "Referrer-Policy", value: "same-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
    ...(production ? [{ key: "Strict-Transport-Security", value: HSTS }] : []),
  ];
}

/** A nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
