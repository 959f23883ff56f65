// A batch's results as a CSV file: one line per row, in file order, with its outcome and its
// charge; numbers masked as the member asking may see them.
import "server-only";
import { stringify } from "csv-stringify/sync";
import { neutralizeCell } from "@/lib/history/export";
import { providerLabel } from "@/lib/market/networks";
import { statusLabel } from "@/lib/market/statuses";
import { minorToDecimal } from "@/lib/money";
import type { Asker } from "@/lib/team/types";
import { allBatchRows, getBatch } from "./queries";
import { rowView } from "./views";

/** The results file: one line per row, in file order, with its outcome and its charge. */
export async function batchResultsCsv({ db, member: viewer }: Asker, id: string): Promise<{ name: string; body: string } | null> {
  const batch = await getBatch(db, id);
  if (!batch) return null;
  const records = (await allBatchRows(db, id)).map((r) => {
    const v = rowView(r, batch, viewer);
    return {
      line: v.rowNumber,
      phone: v.phoneNumber,
      amount: minorToDecimal(v.amountMinor, v.currency),
      currency: v.currency,
      network: providerLabel(v.provider),
      description: v.description,
      customer_reference: v.customerReference ?? "",
      row_state: v.state,
      status: v.charge ? statusLabel(v.charge.status) : "",
      reference: v.charge?.reference ?? "",
      charge_id: v.charge?.id ?? "",
    };
  });
  const body = stringify(records, {
    header: true,
    columns: [
      "line",
      "phone",
      "amount",
      "currency",
      "network",
      "description",
      "customer_reference",
      "row_state",
      "status",
      "reference",
      "charge_id",
    ],
    bom: true,
    record_delimiter: "\r\n",
    quoted_string: true,
    // A cell a spreadsheet would run as a formula starts with a quote instead (CSV injection).
    cast: { string: neutralizeCell },
  });
  return { name: `batch-${id.slice(0, 8)}-results.csv`, body };
}
