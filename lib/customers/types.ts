// The Customers pages' views, as their components may know them (made by ./directory-view.ts and ./form-page.ts).
import type { CustomerFormValues } from "./schema";

export type { CustomersView } from "./directory-view";

/** The customer form's start: the customer being changed, or a new one's number and network (from a charge). */
export type CustomerFormView = {
  initial: (CustomerFormValues & { id: string }) | null;
  prefill: Pick<CustomerFormValues, "phoneNumber" | "provider"> | null;
};

/** The import page's view (pages/customers/import.tsx): nothing; the file is read and checked in the browser. */
export type CustomersImportView = Record<string, never>;
