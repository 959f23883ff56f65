// The Customers pages' functions (pages/customers/index.tsx, new.tsx, [id]/edit.tsx, import.tsx, served without
// the framework's runtime): lib/startup.ts puts lib/layout/staff-page.ts around ./directory-view.ts
// and ./form-page.ts here.
import { pageSlot } from "@/lib/http/page-slot";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import type { CustomerFormView, CustomersImportView, CustomersView } from "./types";

export const customersPages = pageSlot<{
  directory(request: PageRequest): Promise<StaffAnswer<CustomersView>>;
  /** Add customer (?charge=<id>: "Save as customer" from a charge). */
  form(request: PageRequest): Promise<StaffAnswer<CustomerFormView>>;
  /** Edit a customer. */
  edit(request: PageRequest, id: string): Promise<StaffAnswer<CustomerFormView>>;
  /** Import customers from a file. */
  import(request: PageRequest): Promise<StaffAnswer<CustomersImportView>>;
}>("customers");
