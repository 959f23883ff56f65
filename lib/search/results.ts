// One search across what a member may read: charges (our id — the API's, the webhooks' and the
// export's charge_id — or the network's reference or its start, a phone number in any spelling,
// words of a description or a customer's name: the history's own search), customers
// (name, reference, number), pay links (their own reference, their description) and bulk batches
// (their label). A few of each, newest first, each as the member may see it (numbers masked as the
// role requires, lib/access/phone-visibility.ts), with the way to the whole list where there is one.
import "server-only";
import type { Asker } from "@/lib/access/types";
import * as z from "zod";
import { findBatches } from "@/lib/batches";
import { viewOfCharge } from "@/lib/charges";
import type { ChargeView } from "@/lib/charges/view";
import { currentBusiness } from "@/lib/business";
import { directoryPage } from "@/lib/customers";
import { historyRows, parseHistoryFilters, phoneSearchRefusal } from "@/lib/history";
import { findPaymentRequests } from "@/lib/payment-requests";
import { searchQuerySchema } from "./schema";
import type { SearchView } from "./types";

/** How many of each kind the results show. */
export const SHOWN = 5;

const none = (q: string, timeZone: string, problem: string | null): SearchView => ({
  q,
  problem,
  timeZone,
  charges: { rows: [], customers: {}, all: null, note: null },
  customers: { rows: [], all: null },
  payLinks: [],
  batches: [],
});

/** `shown`: how many of each kind (the results page SHOWN; the list under the box fewer). */
export async function searchEverything(ctx: Asker, typed: string, shown = SHOWN): Promise<SearchView> {
  const { timeZone } = await currentBusiness();
  const read = searchQuerySchema.safeParse(typed);
  if (!read.success) return none(typed.slice(0, 200), timeZone, typed.trim() ? read.error.issues[0].message : null);
  const q = read.data;
  const { filters, problems } = parseHistoryFilters({ q }, timeZone);
  // A member who sees numbers masked searches by a whole number a limited number of times an hour.
  const refused = await phoneSearchRefusal(ctx.db, ctx.member, filters);
  if (refused) return none(q, timeZone, refused);
  const [charges, customers, payLinks, batches] = await Promise.all([
    // A search the history cannot make (too short for its words' index) searches no charge: never every one.
    filters.q ? historyRows(ctx, filters, { size: shown }) : null,
    directoryPage(ctx, q, undefined, shown),
    findPaymentRequests(ctx, q, shown),
    findBatches(ctx, q, shown),
  ]);
  const search = new URLSearchParams({ q }).toString();
  // Our own id of a charge, whole: that charge (the history's search knows the network's reference only).
  const byId = z.uuid().safeParse(q).success ? await viewOfCharge(ctx.db, q.toLowerCase(), ctx.member) : null;
  const found = charges ?? { charges: [] as ChargeView[], customers: {}, older: null };
  if (byId) found.charges.unshift(byId);
  return {
    q,
    problem: null,
    timeZone,
    charges: {
      rows: found.charges,
      customers: found.customers,
      // More than the few shown: the history has a page after them.
      all: found.older ? `/transactions?${search}` : null,
      note: problems.q ?? null,
    },
    customers: { rows: customers.customers, all: customers.next ? `/customers?${search}` : null },
    payLinks,
    batches,
  };
}
