"use client";
// Importing customers: a CSV file (or rows pasted from a spreadsheet) read in the browser, each row
// checked with the directory's own schema (lib/customers/import-rows.ts, the server's check), the
// rows that need attention first with their problems beside them, to drop or fix in the file (the
// import's steps: components/ui/import-wizard.tsx). Numbers already in the directory are left as
// they are, and the result says which lines.
import { IMPORT_COLUMNS, type ImportColumn } from "@/lib/customers/shape";
import type { ImportResult } from "@/lib/customers/import-rows";
import { sendJson } from "@/components/ui/fetch-json";
import { countOf } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { ImportWizard } from "@/components/ui/import-wizard";
import { networkFromNumber, rowsToSend } from "@/components/ui/import-words";
import { onFirstUse } from "@/components/ui/on-first-use";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/link-class";

// The file reader and the directory's checks come with the first file (components/ui/on-first-use.ts).
const reader = onFirstUse(() => import("@/lib/customers/import-rows"));

const HEADINGS: Record<ImportColumn, string> = {
  name: "Name",
  phone: "Phone",
  network: "Network",
  reference: "Reference",
  email: "Email",
  note: "Note",
};
const REASONS: Record<ImportResult["skipped"][number]["reason"], string> = {
  in_directory: "the number or reference is already in the directory",
  repeated_in_file: "the number or reference is on an earlier line of the file",
};

export function CustomersImport() {
  return (
    <ImportWizard
      testId="import"
      reader={() => reader().then((parser) => ({ parse: parser.parseImportFile }))}
      choose={{
        heading: "1. Choose the file",
        help: (
          <>
            A heading line, then one customer per row. Columns: {IMPORT_COLUMNS.join(", ")} — network (read from the number when empty),
            reference, email and note may be left out. Up to 10,000 rows.{" "}
            <a href="/customers-template.csv" download className={textLinkClass()}>
              Download a template
            </a>
          </>
        ),
        placeholder: "name,phone,reference\nAma Mensah,0241234567,STU-001",
      }}
      check={{
        columns: IMPORT_COLUMNS,
        headings: HEADINGS,
        caption: "The file's customers, those that need attention first",
        shown: (row, column) =>
          column === "network" && row.check.ok ? networkFromNumber(row.text.network, row.check.customer.provider) : undefined,
      }}
      send={{
        heading: "3. Import",
        note: "A number or reference already in the directory is left as it is: the import adds, it never changes a customer.",
        button: (n) => `Import ${countOf(n, "customer")}`,
        pending: "Importing…",
        fixFirst: "Drop the rows that need attention (or fix them in the file) first.",
        unreachable: "The import could not be sent. Check the connection and try again: nothing is added twice.",
        send: (rows) => sendJson<ImportResult>("POST", "/api/customers/import", { rows: rowsToSend(rows) }),
      }}
      done={(result, again) => <Imported result={result} again={again} />}
    />
  );
}

/** What the import did: the customers added, and each line left out with why. */
function Imported({ result: { added, skipped }, again }: { result: ImportResult; again: () => void }) {
  return (
    <Card role="status" data-testid="import-result">
      <h2 className="text-lg font-semibold">{countOf(added, "customer")} added</h2>
      {skipped.length ? (
        <>
          <p className="mt-2 text-sm">
            {skipped.length.toLocaleString("en")} {skipped.length === 1 ? "line was" : "lines were"} left out, nothing changed for them:
          </p>
          <ul className="mt-1 max-h-64 list-disc overflow-y-auto pl-5 text-sm" data-testid="import-skipped">
            {skipped.slice(0, 200).map((s) => (
              <li key={s.line}>
                Line {s.line}: {REASONS[s.reason]}
              </li>
            ))}
            {skipped.length > 200 ? <li>…and {(skipped.length - 200).toLocaleString("en")} more</li> : null}
          </ul>
        </>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href="/customers"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Go to the customers
        </a>
        <Button type="button" variant="secondary" onClick={again}>
          Import another file
        </Button>
      </div>
    </Card>
  );
}
