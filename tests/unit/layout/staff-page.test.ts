// A staff page served by the Pages Router (lib/layout/staff-page.ts, as pages/transactions gets it
// through lib/history/page-bridge.ts), on each database: the same gate as an App Router page's
// (anonymous → sign in with the page asked for, never a foreign address; no team → set-up; a
// member who must enrol → enrolment; a role without the permission → 403 in the frame), the same
// frame (the member's colour scheme, the header's member and count, the proxy's nonce and request
// id), the view as plain JSON props, and a view that throws → 500 naming the request's id, its
// log line with the request's id and no customer's number.
import { describe, expect, test } from "vitest";
import { transactionsView } from "@/lib/history/transactions-view";
import { staffAction, staffPage } from "@/lib/layout/staff-page";
import { notificationsAction } from "@/lib/notifications/page-view";
import type { PageRequest } from "@/lib/layout/types";
import { backends } from "../support/db";
import { useRouteHarness } from "../support/route-harness";

const PASSWORD = "staff-page-password-0123";
const OWNER = "adjoa.owner@example.com";
const STAFF = "kojo.staff@example.com";
const UNENROLLED = "efua.support@example.com";

/** A page's request as proxy.ts hands it on: the cookie, the nonce, the request's id, the path asked for. */
function request(cookies: Map<string, string> | null, extra: Record<string, string> = {}, query: PageRequest["query"] = {}): PageRequest {
  const headers = new Headers({ "x-nonce": "bm9uY2U=", "x-request-id": "req-7f3a", "x-requested-path": "/transactions", ...extra });
  if (cookies?.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  return { headers, query };
}

const transactions = (r: PageRequest) => staffPage(r, "charge:read", "/transactions", (ctx) => transactionsView(ctx, r.query));

describe.each(backends)("a Pages Router staff page on $name", (backend) => {
  const app = useRouteHarness(backend);

  test("with no team yet, anyone is sent to set it up", async () => {
    expect(await transactions(request(null))).toEqual({ kind: "redirect", to: "/setup" });
  });

  test("the gate, the frame and the view", async () => {
    await app.addMember(OWNER, "owner", PASSWORD);
    await app.addMember(STAFF, "staff", PASSWORD);
    await app.addMember(UNENROLLED, "support", PASSWORD);

    // Anonymous: to sign in, coming back to the page as asked; an address that is not this page's is not kept.
    expect(await transactions(request(null, { "x-requested-path": "/transactions?status=failed&q=Ama" }))).toEqual({
      kind: "redirect",
      to: `/sign-in?next=${encodeURIComponent("/transactions?status=failed&q=Ama")}`,
    });
    expect(await transactions(request(null, { "x-requested-path": "//evil.example/transactions" }))).toEqual({
      kind: "redirect",
      to: `/sign-in?next=${encodeURIComponent("/transactions")}`,
    });
    // A cookie that is no session is anonymous too.
    expect((await transactions(request(new Map([["better-auth.session_token", "forged.value"]])))).kind).toBe("redirect");

    const { client: staff } = await app.signIn(STAFF, PASSWORD);
    const page = await transactions(request(staff.cookies, {}, { status: "failed", size: "25" }));
    if (page.kind !== "page" || page.status !== 200) throw new Error(`expected the page, got ${JSON.stringify(page)}`);
    expect(page.frame).toMatchObject({
      theme: "system",
      nonce: "bm9uY2U=",
      requestId: "req-7f3a",
      header: { path: "/transactions", enrolling: false, unread: 0, member: { email: STAFF, role: "staff" } },
    });
    expect(page.view.form.values.status).toBe("failed");
    expect(page.view.page.charges).toEqual([]);
    // Props Next.js's development server accepts: JSON as it is, no key left undefined.
    expect(JSON.parse(JSON.stringify(page.view))).toEqual(page.view);

    // A role without the page's permission: the frame, with a 403 and no view.
    const audit = await staffPage(request(staff.cookies), "audit:read", "/audit", async () => "never loaded");
    expect(audit).toMatchObject({ kind: "page", status: 403, view: null, frame: { header: { member: { role: "staff" } } } });

    // A member whose role requires two-factor and who has not enrolled: to enrolment.
    const unenrolled = app.client();
    const signedIn = await unenrolled.fetch("/api/session", {
      method: "POST",
      body: { email: UNENROLLED, password: PASSWORD },
      headers: { "content-type": "application/json" },
    });
    expect((await signedIn.json()).home).toBe("/two-factor");
    expect(await transactions(request(unenrolled.cookies))).toEqual({ kind: "redirect", to: "/two-factor" });
  });

  test("a page's form (the notifications'): the same gate, from this site only, back to the page and nowhere else", async () => {
    const { client: owner } = await app.signIn(OWNER, PASSWORD);
    const url = `${app.origin()}/notifications`;
    const host = new URL(app.origin()).host;
    const send = (cookies: Map<string, string> | null, form: string, headers: Record<string, string> = {}) =>
      staffAction(request(cookies, { host, "x-requested-path": "/notifications", ...headers }), "profile:own", "/notifications", (ctx) =>
        notificationsAction(ctx, new URLSearchParams(form), url),
      );
    // Anonymous: to sign in, nothing done.
    expect(await send(null, "all=1")).toEqual({ kind: "redirect", to: `/sign-in?next=${encodeURIComponent("/notifications")}` });
    // From this site: back to the page it came from, or to the first page; never elsewhere.
    const same = { origin: app.origin(), "sec-fetch-site": "same-origin" };
    expect(await send(owner.cookies, "all=1&back=%2Fnotifications%3Fbefore%3Dabc", same)).toEqual({
      kind: "redirect",
      to: "/notifications?before=abc",
    });
    for (const back of ["https://evil.example/", "//evil.example/notifications", "/transactions"]) {
      expect(await send(owner.cookies, `all=1&back=${encodeURIComponent(back)}`, same)).toEqual({ kind: "redirect", to: "/notifications" });
    }
    // Ids that are not ids, or not the member's, mark nothing and break nothing.
    expect(await send(owner.cookies, "read=not-a-uuid&read=", same)).toEqual({ kind: "redirect", to: "/notifications" });
    // From another site: refused, in the frame.
    for (const cross of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      expect(await send(owner.cookies, "all=1", cross)).toMatchObject({ kind: "page", status: 403, view: null });
    }
  });

  test("a view that throws is a 500 in the frame, logged with the request's id and no number", async () => {
    const { client: owner } = await app.signIn(OWNER, PASSWORD);
    const lines: string[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    try {
      const failed = await staffPage(request(owner.cookies), "charge:read", "/transactions", async () => {
        throw new Error("the ledger is down while reading 0244123456");
      });
      expect(failed).toMatchObject({ kind: "page", status: 500, view: null, frame: { requestId: "req-7f3a" } });
    } finally {
      console.error = error;
    }
    const line = lines.find((l) => l.includes("request_failed"));
    expect(line).toContain("req-7f3a");
    expect(line).toContain("/transactions");
    expect(line).not.toMatch(/244123456/);
  });
});
