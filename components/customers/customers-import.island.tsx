// The customers import page's island (pages/customers/import.tsx; docs/decisions/forms-as-islands.md):
// the file or pasted rows, their checks and the import, what the browser hydrates of the page.
// scripts/islands.mjs builds it for the browser and for the server.
import { defineIsland } from "@/components/ui/island";
import type { CustomersImportView } from "@/lib/customers/types";
import { CustomersImport } from "./customers-import";

function Import(_: CustomersImportView) {
  return <CustomersImport />;
}

export default defineIsland("customers-import", Import);
