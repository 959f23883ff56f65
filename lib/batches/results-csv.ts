// A batch's results as a CSV file: one line per row, by its line in the file, with its outcome and
// its charge; numbers masked as the member asking may see them (lib/csv.ts: the dialect and the
// columns every export shares).
import "server-only";
import { csvNetwork, csvPhone, csvStatus, toCsv } from "@/lib/csv";
import { minorToDecimal } from "@/lib/money";
import type { Asker } from "@/lib/access/types";
import { allBatchRows, getBatch } from "./queries";
import { rowView } from "./views";

export const RESULTS_COLUMNS = [
  "line",
  "phone",
  "amount",
  "currency",
  "network",
  "network_code",
  "description",
  "customer_reference",
  "row_state",
  "status",
  "status_code",
  "reference",
  "charge_id",
] as const;

/** The results file: one line per row, in file order, with its outcome and its charge. */
export async function batchResultsCsv({ db, member: viewer }: Asker, id: string): Promise<{ name: string; body: string } | null> {
  const batch = await getBatch(db, id);
  if (!batch) return null;
  const records = (await allBatchRows(db, id)).map((r) => {
    const v = rowView(r, batch, viewer);
    return {
      line: String(v.rowNumber),
      phone: csvPhone(v.phoneNumber),
      amount: minorToDecimal(v.amountMinor, v.currency),
      currency: v.currency,
      ...csvNetwork(v.provider),
      description: v.description,
      customer_reference: v.customerReference ?? "",
      row_state: v.state,
      ...csvStatus(v.charge?.status),
      reference: v.charge?.reference ?? "",
      charge_id: v.charge?.id ?? "",
    };
  });
  return { name: `batch-${id.slice(0, 8)}-results.csv`, body: toCsv(records, RESULTS_COLUMNS) };
}
