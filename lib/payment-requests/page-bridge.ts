// How the public pay page (pages/pay/[token].tsx) reaches lib/payment-requests/public.ts. It is a
// Pages Router page (it must answer 410, which an App Router page cannot, and it runs no framework
// JavaScript), and Next.js refuses any module marked "server-only" in the Pages Router's build, as
// the database and every use case are. So the server hands the page its functions when it starts
// (lib/startup.ts), on globalThis like the process's other shared state, and the page imports
// only this file. The page hands both its request's headers, from which start-up makes the Visitor
// the use cases take (lib/access/types.ts), as a public route's ctx is one.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { NewPayLinkView, PayLinksView } from "./types";
import type { PayForm, PayPageAnswer } from "./view";

export type PayPages = {
  /** The page of a token; with the key of an attempt made from it, that attempt. */
  view(token: string, attemptKey: string | null, headers: Headers): Promise<PayPageAnswer>;
  /** The page's form, sent: where to go next, or the page again with what was wrong. */
  submit(token: string, form: PayForm, request: { url: string; headers: Headers }): Promise<{ redirect: string } | PayPageAnswer>;
  /** Back to the shop from an attempt's receipt: the signed address, or null (404). */
  shopReturn(token: string, attemptKey: string): Promise<string | null>;
};

const PAY_PAGES = Symbol.for("momo-dashboard.pay-pages");
type Slot = { [PAY_PAGES]?: PayPages };

/** At start-up. */
export function providePayPages(pages: PayPages): void {
  (globalThis as Slot)[PAY_PAGES] = pages;
}

/** What the server provided. */
export function payPages(): PayPages {
  const pages = (globalThis as Slot)[PAY_PAGES];
  if (!pages) throw new Error("The server has not started: the pay page has nothing to read.");
  return pages;
}

/**
 * The Pay links pages' functions (pages/pay-links/index.tsx, new.tsx): lib/layout/staff-page.ts
 * around ./list-view.ts and ./form-page.ts.
 */
export const payLinksPages = pageSlot<{
  list(request: PageRequest): Promise<StaffAnswer<PayLinksView>>;
  form(request: PageRequest): Promise<StaffAnswer<NewPayLinkView>>;
}>("pay-links");
