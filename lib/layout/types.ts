// What the staff pages served by the Pages Router are given (lib/layout/staff-page.ts): their
// request, their frame and their answer. Types, and the one mark a view may answer with, so the
// pages' components and the features' views may know them.
import type { Member } from "@/lib/access/types";
import type { KeyMode } from "@/lib/market/key-mode";
import type { Theme } from "@/lib/market/theme";

/** A view's answer for a record this member may not see or change (403), as null is for none (404). */
export const FORBIDDEN = Symbol("forbidden");

/** What a page's request brings: its headers (the session's cookie, proxy.ts's nonce and id) and query. */
export type PageRequest = { headers: Headers; query: Record<string, string | string[] | undefined> };

/** Everything around a page's own content, as the App Router's layout and header slot make it. */
export type PageFrame = {
  /** The member's colour scheme, on <html>. */
  theme: Theme;
  /** The re-authentication window, on <body> (the App Router's layout puts it there too). */
  proofMinutes: number;
  /** The business's time zone, in which the page's islands write times (components/ui/island.tsx). */
  timeZone: string;
  /** The request's id (proxy.ts), which a failed page names. */
  requestId: string | null;
  /** This response's script nonce (proxy.ts). */
  nonce: string | null;
  header: {
    path: string;
    mode: KeyMode;
    member: Member | null;
    business: { name: string; logoUrl: string | null } | null;
    enrolling: boolean;
    unread: number;
  };
};

/** The statuses a page is shown with: 200, or a form of it sent back with what to fix (400) or why it was refused (409). */
export type ShownStatus = 200 | 400 | 409;

/** Whether a page with this status shows its view (a 409 is shown, though it is over 403). */
export const isShown = (status: number): status is ShownStatus => status === 200 || status === 400 || status === 409;

/** The statuses a page is refused with: a role without it (403), no such record (404), a view that threw (500). */
export type RefusedStatus = 403 | 404 | 500;

/** A page's answer: elsewhere (sign in, set up, enrol, or after a form), or the page with its frame and status. */
export type StaffAnswer<V> =
  | { kind: "redirect"; to: string }
  | { kind: "page"; status: ShownStatus; frame: PageFrame; view: V }
  | { kind: "page"; status: RefusedStatus; frame: PageFrame; view: null };

/** What a page's form did: where to go next (303), why it was refused (403), or the page to show again. */
export type FormOutcome<V> = { to: string } | { refused: string } | { status: ShownStatus; view: V };

/** What every island is given beside its props (components/ui/island.tsx), as the App Router's root layout gives its components. */
export type IslandContext = { timeZone: string; requestId: string | null };

/** An island as a page's props carry it (components/layout/island-slot.tsx): its name, its HTML, its data as JSON. */
export type RenderedIsland = { name: string; html: string; props: string; context: string };

/** The files a page's islands need (./islands.ts): their modules. */
export type IslandFiles = { modules: string[] };
