// A staff page served by the Pages Router (lib/history/page-bridge.ts hands one to
// pages/transactions): the same gate as an App Router page's requirePage (lib/session/guards.ts),
// the same frame as app/layout.tsx and app/@header make (./chrome.ts), and the page's view from lib/. A view that throws is
// a 500 page that names the request's id, logged as Next.js logs a page that threw (instrumentation.ts).
import "server-only";
import type { Permission } from "@/lib/access";
import type { Asker, Member } from "@/lib/access/types";
import { log } from "@/lib/log";
import { memberOfRequest, pageGate } from "@/lib/session";
import { documentChromeOf, headerChromeOf } from "./chrome";
import type { PageFrame, PageRequest, StaffAnswer } from "./types";

export async function staffPage<V>(
  request: PageRequest,
  permission: Permission,
  path: string,
  load: (ctx: Asker) => Promise<V>,
): Promise<StaffAnswer<V>> {
  const h = request.headers;
  const member = await memberOfRequest(h);
  const gate = await pageGate(h, permission, path, member);
  if (gate.kind === "redirect") return gate;
  const frame = await frameOf(h, path, member);
  if (gate.kind === "forbidden") return { kind: "page", status: 403, frame, view: null };
  try {
    return { kind: "page", status: 200, frame, view: plain(await load(gate.ctx)) };
  } catch (error) {
    const requestId = frame.requestId;
    log("error", "request_failed", { ...(requestId ? { requestId } : {}), method: "GET", route: path, kind: "render", error });
    return { kind: "page", status: 500, frame, view: null };
  }
}

/**
 * A form of such a page, sent (POST): the same gate, then `act`, which says where to go next
 * (303) or why it refused (a form from another site: 403 in the frame).
 */
export async function staffAction(
  request: PageRequest,
  permission: Permission,
  path: string,
  act: (ctx: Asker) => Promise<{ to: string } | { refused: string }>,
): Promise<StaffAnswer<never>> {
  const member = await memberOfRequest(request.headers);
  const gate = await pageGate(request.headers, permission, path, member);
  if (gate.kind === "redirect") return gate;
  const done = gate.kind === "open" ? await act(gate.ctx) : null;
  if (done && "to" in done) return { kind: "redirect", to: done.to };
  return { kind: "page", status: 403, frame: await frameOf(request.headers, path, member), view: null };
}

async function frameOf(h: Headers, path: string, member: Member | null): Promise<PageFrame> {
  const [doc, head] = await Promise.all([documentChromeOf(member), headerChromeOf(member)]);
  const requestId = h.get("x-request-id");
  const frame: PageFrame = {
    theme: doc.theme,
    proofMinutes: doc.proofMinutes,
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
