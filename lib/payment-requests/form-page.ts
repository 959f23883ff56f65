// The new pay link page's view (pages/pay-links/new.tsx; its form is an island,
// components/payment-requests/new-pay-link.island.tsx): the currencies the account accepts and,
// from a customer's page (?customer=<id>), who the link is made for.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { getCustomer } from "@/lib/customers";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/http/request";
import type { CurrencyCode } from "@/lib/money";

/** The new pay link page: its form's start. */
export type NewPayLinkView = {
  /** The currencies the account accepts (the first is the default). */
  currencies: CurrencyCode[];
  /** The directory customer it is made for (from their page), or none. */
  customer: { id: string; name: string } | null;
};

export async function newPayLinkView(ctx: Asker, query: Record<string, string | string[] | undefined>): Promise<NewPayLinkView> {
  const id = query.customer;
  const customer = typeof id === "string" && isUuid(id) ? await getCustomer(ctx.db, id) : null;
  return { currencies: [...env().CURRENCIES], customer: customer ? { id: customer.id, name: customer.name } : null };
}
