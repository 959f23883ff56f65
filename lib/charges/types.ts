// What the new charge page's components may know of its view (made by ./form-page.ts).
import type { BudgetStatus } from "@/lib/market/budget";
import type { CurrencyCode } from "@/lib/money";
import type { ChargeFormValues } from "./schema";

/** "Charge again" from the customers directory: who, and their last charge's amount and words. */
export type ChargeAgain = {
  id: string;
  name: string;
  /** As this member may see it: masked numbers stay masked; the server charges the stored one. */
  phoneNumber: string;
  phoneMasked: boolean;
  provider: ChargeFormValues["provider"];
  last: { amount: string; currency: ChargeFormValues["currency"]; description: string } | null;
};

/** Where the test numbers are answered: the bundled sandbox, or a test upstream configured in its place. */
export type TestNumbersSource = "sandbox" | "upstream";

/** The new charge page: its form's start and the budget left this minute. */
export type NewChargeView = {
  /** TEST mode only: where the test numbers are answered; null with a live key. */
  testNumbers: TestNumbersSource | null;
  /** "Charge again": the customer, or null. */
  customer: ChargeAgain | null;
  /** The currencies the account accepts (the first is the default). */
  currencies: CurrencyCode[];
  budget: BudgetStatus;
  /** Whether the member may see the budget's figures (the owner). */
  budgetDetail: boolean;
};
