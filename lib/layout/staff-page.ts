// A staff page served by the Pages Router (lib/history/page-bridge.ts hands one to
// pages/transactions): the same gate as an App Router page's requirePage (lib/session/guards.ts),
// the same frame as app/layout.tsx and app/@header make (./chrome.ts), and the page's view from lib/. A view that throws is
// a 500 page that names the request's id, logged as Next.js logs a page that threw (instrumentation.ts).
import "server-only";
import { HOME, type Permission } from "@/lib/access";
import type { Asker, Member } from "@/lib/access/types";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { memberOfRequest, pageGate } from "@/lib/session";
import { hasMembers } from "@/lib/team";
import { documentChromeOf, headerChromeOf } from "./chrome";
import { FORBIDDEN, type FormOutcome, type PageFrame, type PageRequest, type StaffAnswer } from "./types";

export async function staffPage<V>(
  request: PageRequest,
  permission: Permission,
  path: string,
  load: (ctx: Asker) => Promise<V | null | typeof FORBIDDEN>,
): Promise<StaffAnswer<V>> {
  const h = request.headers;
  const member = await memberOfRequest(h);
  const gate = await pageGate(h, permission, path, member);
  if (gate.kind === "redirect") return gate;
  const frame = await frameOf(h, path, member);
  if (gate.kind === "forbidden") return { kind: "page", status: 403, frame, view: null };
  const { ctx } = gate;
  return rendered(frame, path, () => load(ctx));
}

/** The page in its frame: its view (null a 404, FORBIDDEN a 403), or the 500 page when it throws. */
async function rendered<V>(frame: PageFrame, path: string, load: () => Promise<V | null | typeof FORBIDDEN>): Promise<StaffAnswer<V>> {
  try {
    // A record page's view is null when the address names no record (404).
    const view = await load();
    if (view === FORBIDDEN) return { kind: "page", status: 403, frame, view: null };
    return view === null ? { kind: "page", status: 404, frame, view: null } : { kind: "page", status: 200, frame, view: plain(view) };
  } catch (error) {
    const requestId = frame.requestId;
    log("error", "request_failed", { ...(requestId ? { requestId } : {}), method: "GET", route: path, kind: "render", error });
    return { kind: "page", status: 500, frame, view: null };
  }
}

/**
 * A page for who is not signed in (sign-in), in the same frame with no member: a member is sent to
 * their start page, and everyone to set-up while there is no team, as the App Router's sign-in
 * page did. A view that throws is the page's 500, as a member's page's.
 */
export async function visitorPage<V>(request: PageRequest, path: string, load: () => Promise<V>): Promise<StaffAnswer<V>> {
  const h = request.headers;
  const member = await memberOfRequest(h);
  if (member) return { kind: "redirect", to: HOME };
  if (!(await hasMembers(await getDb()))) return { kind: "redirect", to: "/setup" };
  return rendered(await frameOf(h, path, null), path, load);
}

/**
 * A form of such a page, sent (POST): the same gate, then `act`, which says where to go next
 * (303), why it refused (a form from another site, a role without it: 403 in the frame), or which
 * page to show again (what to fix, 400; why it could not be done, 409). A use case that throws is
 * the page's 500, as a view's.
 */
export async function staffAction<V = never>(
  request: PageRequest,
  permission: Permission,
  path: string,
  act: (ctx: Asker) => Promise<FormOutcome<V>>,
): Promise<StaffAnswer<V>> {
  const member = await memberOfRequest(request.headers);
  const gate = await pageGate(request.headers, permission, path, member);
  if (gate.kind === "redirect") return gate;
  let done: FormOutcome<V> | null = null;
  try {
    done = gate.kind === "open" ? await act(gate.ctx) : null;
  } catch (error) {
    const frame = await frameOf(request.headers, path, member);
    const requestId = frame.requestId;
    log("error", "request_failed", { ...(requestId ? { requestId } : {}), method: "POST", route: path, kind: "render", error });
    return { kind: "page", status: 500, frame, view: null };
  }
  if (done && "to" in done) return { kind: "redirect", to: done.to };
  const frame = await frameOf(request.headers, path, member);
  if (done && "view" in done) return { kind: "page", status: done.status, frame, view: plain(done.view) };
  return { kind: "page", status: 403, frame, view: null };
}

async function frameOf(h: Headers, path: string, member: Member | null): Promise<PageFrame> {
  const [doc, head] = await Promise.all([documentChromeOf(member), headerChromeOf(member)]);
  const requestId = h.get("x-request-id");
  const frame: PageFrame = {
    theme: doc.theme,
    proofMinutes: doc.proofMinutes,
    timeZone: doc.timeZone,
    requestId,
    nonce: h.get("x-nonce"),
    header: {
      path,
      mode: head.mode,
      member: head.member,
      business: head.member ? { name: head.business.name, logoUrl: head.business.logoUrl } : null,
      enrolling: head.enrolling,
      unread: head.unread,
    },
  };
  return frame;
}

/**
 * The view as the page's props: the views hold only strings, numbers, booleans and nulls, but
 * leave some keys undefined, which Next.js's development server refuses in a page's props.
 */
function plain<V>(view: V): V {
  return JSON.parse(JSON.stringify(view)) as V;
}
