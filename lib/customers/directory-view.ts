// The Customers page's decisions (pages/customers/index.tsx and
// components/customers/customers-content.tsx only render them): the search as typed and as read
// (at most 100 plain characters; a number's start finds only numbers the member sees whole), 25
// a page by name, the next page's link, and whether the member may add and import customers.
import "server-only";
import { can } from "@/lib/access";
import type { Asker } from "@/lib/access/types";
import { isPlainLine } from "@/lib/text";
import { decodeCustomerCursor, encodeCustomerCursor } from "./cursor";
import { directoryPage } from "./directory";

type Params = Record<string, string | string[] | undefined>;

export async function customersView(ctx: Asker, params: Params) {
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : undefined);
  const typed = one("q")?.trim() ?? "";
  const q = typed && typed.length <= 100 && isPlainLine(typed) ? typed : undefined;
  const page = await directoryPage(ctx, q, decodeCustomerCursor(one("after")));
  return {
    typed,
    /** A search was typed that cannot be read: the page says so. */
    refused: !!typed && !q,
    searched: !!q,
    canManage: can(ctx.member.role, "customer:manage"),
    customers: page.customers,
    next: page.next ? `/customers?${new URLSearchParams({ ...(q ? { q } : {}), after: encodeCustomerCursor(page.next) })}` : null,
  };
}

/** What the Customers page shows. */
export type CustomersView = Awaited<ReturnType<typeof customersView>>;
