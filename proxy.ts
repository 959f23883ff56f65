// Runs before every request but static files. Pages get a fresh CSP nonce
// (lib/http/security-headers.ts) and the path that was asked for, so a sign-in redirect can return to
// exactly that page (a shared /transactions/{id} link, say). Access itself is decided by
// lib/session/guards.ts. Every request's path is checked first: a percent-escape that is not UTF-8
// (`%ED%A0%80`, a lone `%`) would otherwise fail in the router's decoding as a bare 500.
// A page's answer carries X-Request-Id, and its server components read the same id from the
// request's headers (the error page shows it: lib/http/request-id.ts).
import { NextResponse, type NextRequest } from "next/server";
import { currentRequestId } from "@/lib/http/peer";
import { PROBLEMS } from "@/lib/http/problems";
import { chooseRequestId, REQUEST_ID_HEADER } from "@/lib/http/request-id";
import { newNonce, pagePolicy } from "@/lib/http/security-headers";

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  // The server decided the id as the request came in (lib/http/peer.ts); this is the same one.
  const requestId = currentRequestId() ?? chooseRequestId(request.headers.get(REQUEST_ID_HEADER));
  if (!decodable(path)) {
    const { status, message } = PROBLEMS.malformed_path;
    return Response.json({ error: { code: "malformed_path", message, requestId } }, { status, headers: { "X-Request-Id": requestId } });
  }
  // API routes and the sandbox render no HTML: their headers come from next.config.ts.
  if (path.startsWith("/api/") || path.startsWith("/sandbox/")) return NextResponse.next();
  const nonce = newNonce();
  const policy = pagePolicy(nonce, {
    dev: process.env.NODE_ENV === "development",
    https: request.nextUrl.protocol === "https:" || process.env.APP_URL?.startsWith("https:"),
  });
  const headers = new Headers(request.headers);
  headers.set("x-requested-path", path + request.nextUrl.search);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  headers.set(REQUEST_ID_HEADER, requestId);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("X-Request-Id", requestId);
  return response;
}

export const config = {
  // An API path without any `%` has nothing to check: it skips the proxy (measured at about 5% of
  // the server's CPU per charge on this machine: Next builds a request object for it). One with a
  // `%` still comes through for the check above.
  matcher: ["/((?!_next/static/|_next/image/|islands/|favicon.ico|robots.txt|api/[^%]*$).*)"],
};
