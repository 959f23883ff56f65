// The new charge page's island (pages/charges/new.tsx; docs/decisions/forms-as-islands.md): the
// charge form and, under it, the budget left this minute — what the browser hydrates of the page.
// scripts/islands.mjs builds it for the browser and for the server.
import { defineIsland } from "@/components/ui/island";
import type { NewChargeView } from "@/lib/charges/types";
import { BudgetMeter } from "./budget-meter";
import { ChargeForm } from "./charge-form";

function NewCharge({ testNumbers, customer, currencies, budget, budgetDetail }: NewChargeView) {
  return (
    <>
      <ChargeForm testNumbers={testNumbers} customer={customer ?? undefined} currencies={currencies} />
      <BudgetMeter initial={budget} detail={budgetDetail} />
    </>
  );
}

export default defineIsland("new-charge", NewCharge);
