// Runs before every page: gives it a fresh CSP nonce (lib/security/headers.ts) and the path
// that was asked for, so a sign-in redirect can return to exactly that page (a shared
// /transactions/{id} link, say). Access itself is decided by lib/auth/guards.ts.
import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pagePolicy } from "@/lib/security/headers";

export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const policy = pagePolicy(nonce, { dev: process.env.NODE_ENV === "development", https: request.nextUrl.protocol === "https:" || process.env.APP_URL?.startsWith("https:") });
  const headers = new Headers(request.headers);
  headers.set("x-requested-path", request.nextUrl.pathname + request.nextUrl.search);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: ["/((?!api/|sandbox/|_next/|favicon.ico|robots.txt).*)"],
};
