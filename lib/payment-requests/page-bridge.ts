// How the public pay page (pages/pay/[token].tsx) reaches lib/payment-requests/public.ts. It is a
// Pages Router page (it must answer 410, which an App Router page cannot), and Next.js refuses any
// module marked "server-only" in the Pages Router's build, as the database and every use case
// are. So the server hands the page its one function when it starts (lib/startup.ts), on
// globalThis like the process's other shared state, and the page imports only this file.
import type { PayPageView } from "./view";

export type PayPageAnswer = { httpStatus: 200 | 404 | 410; page: PayPageView };
type PayPageFn = (token: string) => Promise<PayPageAnswer>;

const PAY_PAGE = Symbol.for("momo-dashboard.pay-page");
type Slot = { [PAY_PAGE]?: PayPageFn };

/** At start-up: what the pay page shows of a token. */
export function providePayPage(fn: PayPageFn): void {
  (globalThis as Slot)[PAY_PAGE] = fn;
}

/** The pay page's view of `token`, as the server provided it. */
export function payPageOf(token: string): Promise<PayPageAnswer> {
  const fn = (globalThis as Slot)[PAY_PAGE];
  if (!fn) throw new Error("The server has not started: the pay page has nothing to read.");
  return fn(token);
}
