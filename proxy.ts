// Hands pages the path that was asked for, so a sign-in redirect can return to exactly that
// page (a shared /transactions/{id} link, say). Access itself is decided by lib/auth/guards.ts.
import { NextResponse, type NextRequest } from "next/server";

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-requested-path", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/|sandbox/|_next/|favicon.ico).*)"],
};
