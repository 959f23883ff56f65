"use client";
// Preparing a bulk batch: a CSV file (or rows pasted from a spreadsheet) read in the browser, each
// row checked as the charge form checks it (lib/batches/schema.ts, the server's own check), the
// rows that need attention shown first with their problems in place, to fix or drop (the import's
// steps: components/ui/import-wizard.tsx). Nothing is charged here: the batch waits for an
// owner's approval. 50 rows a page, so 10,000 stay quick.
import { useNavigation } from "@/components/ui/navigation";
import { useId, useState } from "react";
import { type BatchColumn, BATCH_COLUMNS, BATCH_LABEL_MAX } from "@/lib/batches/shape";
import type { FileRow } from "@/lib/batches/parse-file";
import type { BatchView } from "@/lib/batches/view";
import { sendJson } from "@/components/ui/fetch-json";
import { countOf } from "@/lib/format";
import { type CurrencyCode, formatMoney } from "@/lib/money";
import { inputClass } from "@/components/ui/field";
import { ImportWizard } from "@/components/ui/import-wizard";
import { networkFromNumber, rowsToSend } from "@/components/ui/import-words";
import { onFirstUse } from "@/components/ui/on-first-use";
import { textLinkClass } from "@/components/ui/link-class";

// The file reader and the rows' checks come with the first file (components/ui/on-first-use.ts).
const reader = onFirstUse(() => import("@/lib/batches/parse-file"));

const HEADINGS: Record<BatchColumn, string> = {
  phone: "Phone",
  amount: "Amount",
  currency: "Currency",
  network: "Network",
  description: "Description",
  customer_reference: "Customer reference",
};

/** What the ready rows charge, per currency: "GH₵46.00 + $5.00". */
function totals(rows: FileRow[]): string {
  const t: Record<string, number> = {};
  for (const r of rows) if (r.check.ok) t[r.check.row.currency] = (t[r.check.row.currency] ?? 0) + r.check.row.amountMinor;
  return Object.entries(t)
    .map(([c, m]) => formatMoney(m, c))
    .join(" + ");
}

/** `currencies`: the ones the account accepts (CURRENCIES): a row in another is named, and an empty cell is the first. */
export function BatchUpload({ currencies }: { currencies: readonly CurrencyCode[] }) {
  const navigation = useNavigation();
  const ids = useId();
  const [label, setLabel] = useState("");

  return (
    <ImportWizard
      testId="batch"
      announce
      reader={() =>
        reader().then((parser) => ({
          parse: (content: string) => parser.parseBatchFile(content, currencies),
          edit: (row: FileRow, column: BatchColumn, value: string) => parser.editRow(row, column, value, currencies),
        }))
      }
      onLoad={(source) => setLabel(source.slice(0, BATCH_LABEL_MAX))}
      choose={{
        heading: "1. Choose the rows",
        help: (
          <>
            A heading line, then one row per charge. Columns: {BATCH_COLUMNS.join(", ")} — currency ({currencies[0]} when empty; this
            account charges in {currencies.join(", ")}), network (read from the number when empty) and customer_reference may be left out.
            Up to 10,000 rows.{" "}
            <a href="/batch-template.csv" download className={textLinkClass()}>
              Download a template
            </a>
          </>
        ),
        placeholder: "phone,amount,description\n0241234567,50.00,Term 1 fees",
      }}
      check={{
        columns: BATCH_COLUMNS,
        headings: HEADINGS,
        caption: "The batch's rows, those that need attention first",
        shown: (row, column) =>
          column === "network" && row.check.ok ? networkFromNumber(row.text.network, row.check.row.provider) : undefined,
        extra: (rows) => {
          const total = totals(rows);
          return total ? <> · {total} to charge</> : null;
        },
      }}
      send={{
        heading: "3. Send for approval",
        fields: (
          <div className="max-w-md space-y-1.5">
            <label htmlFor={`${ids}-label`} className="block text-sm font-medium">
              Name of the batch
            </label>
            <input
              id={`${ids}-label`}
              value={label}
              maxLength={BATCH_LABEL_MAX}
              onChange={(e) => setLabel(e.target.value)}
              className={inputClass}
              required
            />
          </div>
        ),
        ready: label.trim() !== "",
        note: "Nothing is charged until an owner approves the batch.",
        button: (n) => `Send ${countOf(n, "row")} for approval`,
        pending: "Sending…",
        fixFirst: "Fix or drop the rows that need attention first.",
        unreachable: "The batch could not be sent. Check the connection and try again.",
        send: (rows) => sendJson<{ batch: BatchView }>("POST", "/api/batches", { label, rows: rowsToSend(rows) }),
        onSent: ({ batch }) => navigation.go(`/batches/${batch.id}`),
      }}
    />
  );
}
