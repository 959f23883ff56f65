// The customer form's pages' island (pages/customers/new.tsx, pages/customers/[id]/edit.tsx;
// docs/decisions/forms-as-islands.md): the form, what the browser hydrates of the page.
// scripts/islands.mjs builds it for the browser and for the server.
import { defineIsland } from "@/components/ui/island";
import type { CustomerFormView } from "@/lib/customers/types";
import { CustomerForm } from "./customer-form";

function CustomerFormIsland({ initial, prefill }: CustomerFormView) {
  return <CustomerForm initial={initial ?? undefined} prefill={prefill ?? undefined} />;
}

export default defineIsland("customer-form", CustomerFormIsland);
