// The new charge page's view (pages/charges/new.tsx; its form is an island,
// components/charges/new-charge.island.tsx): the form's start — "Charge again" from the
// customers directory (?customer=<id>) with their number as this member may see it and their last
// charge's amount and words — the test numbers in TEST mode, the currencies, and the budget left.
import "server-only";
import { can } from "@/lib/access";
import type { Asker } from "@/lib/access/types";
import { chargeAgainOf } from "@/lib/customers";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/http/request";
import { upstreamConfig, upstreamMode } from "@/lib/momo/config";
import { minorToDecimal } from "@/lib/money";
import type { ChargeAgain, NewChargeView } from "./types";

export async function newChargeView(ctx: Asker, query: Record<string, string | string[] | undefined>): Promise<NewChargeView> {
  const id = query.customer;
  const again = typeof id === "string" && isUuid(id) ? await chargeAgainOf(ctx, id) : null;
  const customer: ChargeAgain | null = again
    ? {
        id: again.customer.id,
        name: again.customer.name,
        phoneNumber: again.customer.phoneNumber,
        phoneMasked: again.customer.phoneMasked,
        provider: again.customer.provider as ChargeAgain["provider"],
        last: again.last
          ? {
              amount: minorToDecimal(again.last.amountMinor, again.last.currency),
              currency: again.last.currency as NonNullable<ChargeAgain["last"]>["currency"],
              description: again.last.description,
            }
          : null,
      }
    : null;
  return {
    // The sandbox's test numbers are listed in TEST mode only: with a live key they mean nothing.
    testNumbers: upstreamMode() === "test" ? (upstreamConfig().sandbox ? "sandbox" : "upstream") : null,
    customer,
    currencies: [...env().CURRENCIES],
    budget: await ctx.upstream().budget.status(),
    budgetDetail: can(ctx.member.role, "charge:raw"),
  };
}
