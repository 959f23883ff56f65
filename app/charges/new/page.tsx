import type { Metadata } from "next";
import { BudgetMeter } from "@/components/charges/budget-meter";
import { type ChargeAgain, ChargeForm } from "@/components/charges/charge-form";
import { chargeAgainOf } from "@/lib/customers/directory";
import { isUuid } from "@/lib/http/request";
import { minorToDecimal } from "@/lib/money";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { upstreamConfig, upstreamMode } from "@/lib/momo/config";
import { env } from "@/lib/env";
import { can } from "@/lib/access/roles";

export const metadata: Metadata = { title: "New charge" };

type Params = Record<string, string | string[] | undefined>;

export default async function NewChargePage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await requirePage("charge:create", "/charges/new");
  const id = (await searchParams).customer;
  const again = typeof id === "string" && isUuid(id) ? await chargeAgainOf(ctx, id) : null;
  const customer: ChargeAgain | undefined = again
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
    : undefined;
  const budget = await ctx.upstream().budget.status();
  // The sandbox's test numbers are listed in TEST mode only: with a live key they mean nothing.
  const testNumbers = upstreamMode() === "test" ? (upstreamConfig().sandbox ? "sandbox" : "upstream") : null;
  return (
    <div className={`mx-auto max-w-xl ${testNumbers ? "lg:max-w-4xl" : ""}`}>
      <PageTitle description="The customer's wallet is charged once, however many times the button is pressed.">New charge</PageTitle>
      <Card>
        <ChargeForm testNumbers={testNumbers} customer={customer} currencies={env().CURRENCIES} />
        <BudgetMeter initial={budget} detail={can(ctx.member.role, "charge:raw")} />
      </Card>
    </div>
  );
}
