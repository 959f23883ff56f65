// The new pay link page's island (pages/pay-links/new.tsx; docs/decisions/forms-as-islands.md):
// the form, which is all the browser hydrates of the page. scripts/islands.mjs builds it for the
// browser and for the server.
import { defineIsland } from "@/components/ui/island";
import type { NewPayLinkView } from "@/lib/payment-requests/types";
import { RequestForm } from "./request-form";

export default defineIsland("new-pay-link", ({ currencies, customer }: NewPayLinkView) => (
  <RequestForm currencies={currencies} customer={customer} />
));
