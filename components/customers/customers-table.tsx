// The directory's rows (components/ui/data-table.tsx: a table from 640 px, one card per customer below).
import { TextLink } from "@/components/ui/link";
import type { CustomerView } from "@/lib/customers/view";
import { formatPhone, providerLabel } from "@/lib/market/networks";
import { type Column, DataTable } from "@/components/ui/data-table";

const COLUMNS: Column<CustomerView>[] = [
  {
    header: "Name",
    className: "font-medium",
    cell: (c) => (
      <TextLink tap href={`/customers/${c.id}`}>
        {c.name}
      </TextLink>
    ),
  },
  { header: "Number", className: "tabular-nums", testId: "customer-phone", cell: (c) => formatPhone(c.phoneNumber) },
  { header: "Network", className: "text-ink-muted", cell: (c) => providerLabel(c.provider) },
  { header: "Reference", className: "text-ink-muted", cell: (c) => c.reference ?? "" },
];

export function CustomersTable({ customers }: { customers: CustomerView[] }) {
  return <DataTable rows={customers} columns={COLUMNS} caption="Customers, by name" rowKey={(c) => c.id} rowTestId="customer-row" />;
}
