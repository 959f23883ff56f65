"use client";
// Importing customers: a CSV file (or rows pasted from a spreadsheet) read in the browser, each row
// checked with the directory's own schema (lib/customers/import-rows.ts, the server's check), the
// rows that need attention first with their problems beside them, to drop or fix in the file.
// Numbers already in the directory are left as they are, and the result says which lines.
import { useAction } from "@/components/ui/use-action";
import { useId, useMemo, useState } from "react";
import { IMPORT_COLUMNS, type ImportColumn } from "@/lib/customers/shape";
import type { ImportResult, ImportRow } from "@/lib/customers/import-rows";
import { fetchJson, HttpError } from "@/lib/fetch-json";
import { providerLabel } from "@/lib/market/networks";
import { FileOrPaste } from "@/components/ui/file-or-paste";
import { Button } from "@/components/ui/button";
import { fieldAtLine, FilePreview } from "@/components/ui/file-preview";
import { FormAlert } from "@/components/ui/form-alert";
import { onFirstUse, READER_UNAVAILABLE, useFileReader } from "@/components/ui/on-first-use";

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

type Loaded = { rows: ImportRow[]; ignored: string[] };

export function CustomersImport() {
  const ids = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const submit = useAction({
    send: (rows: ImportRow[]) =>
      fetchJson<ImportResult>("/api/customers/import", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ rows: rows.map((r) => ({ line: r.line, ...r.text })) }),
      }),
  });

  const readFile = useFileReader(reader, () => {
    setLoaded(null);
    setReadError(READER_UNAVAILABLE);
  });
  const load = async (content: string) => {
    submit.reset();
    const parser = await readFile();
    if (!parser) return;
    const parsed = parser.parseImportFile(content);
    if (!parsed.ok) {
      setLoaded(null);
      setReadError(parsed.message);
      return;
    }
    setReadError(null);
    setLoaded({ rows: parsed.rows, ignored: parsed.ignored });
  };

  const bad = useMemo(() => loaded?.rows.filter((r) => !r.check.ok) ?? [], [loaded]);

  const submitError =
    submit.error instanceof HttpError
      ? submit.error
      : submit.error
        ? new HttpError(0, "network", "The import could not be sent. Check the connection and try again: nothing is added twice.")
        : null;

  if (submit.data) {
    const { added, skipped } = submit.data;
    return (
      <section role="status" className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6" data-testid="import-result">
        <h2 className="text-lg font-semibold">
          {added.toLocaleString("en")} {added === 1 ? "customer" : "customers"} added
        </h2>
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
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              submit.reset();
              setLoaded(null);
            }}
          >
            Import another file
          </Button>
        </div>
      </section>
    );
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${ids}-file`} className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6">
        <h2 id={`${ids}-file`} className="text-lg font-semibold">
          1. Choose the file
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          A heading line, then one customer per row. Columns: {IMPORT_COLUMNS.join(", ")} — network (read from the number when empty),
          reference, email and note may be left out. Up to 10,000 rows.{" "}
          <a href="/customers-template.csv" download className="font-medium text-link underline">
            Download a template
          </a>
        </p>
        <FileOrPaste onRead={(content) => void load(content)} placeholder={"name,phone,reference\nAma Mensah,0241234567,STU-001"} />
        {readError ? (
          <p role="alert" className="mt-4 text-sm font-medium text-status-failed">
            {readError}
          </p>
        ) : null}
      </section>

      {loaded ? (
        <section aria-labelledby={`${ids}-preview`} className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6">
          <h2 id={`${ids}-preview`} className="text-lg font-semibold">
            2. Check the rows
          </h2>
          <FilePreview
            rows={loaded.rows}
            columns={IMPORT_COLUMNS}
            headings={HEADINGS}
            caption="The file's customers, those that need attention first"
            ignored={loaded.ignored}
            onRows={(rows) => setLoaded((l) => (l && rows ? { ...l, rows } : null))}
            testId="import"
            shown={(row, column) =>
              column === "network" && !row.text.network.trim() && row.check.ok
                ? `${providerLabel(row.check.customer.provider)} (from the number)`
                : undefined
            }
          />

          <div className="mt-6 space-y-3 border-t border-line pt-5">
            <h2 className="text-lg font-semibold">3. Import</h2>
            <p className="text-sm text-ink-muted">
              A number or reference already in the directory is left as it is: the import adds, it never changes a customer.
            </p>
            {submitError ? (
              <FormAlert>
                {submitError.message}
                {submitError.fields ? (
                  <ul className="mt-1 list-disc pl-5">
                    {Object.entries(submitError.fields)
                      .slice(0, 5)
                      .map(([k, v]) => (
                        <li key={k}>{`${fieldAtLine(k, loaded.rows)}: ${v}`}</li>
                      ))}
                  </ul>
                ) : null}
              </FormAlert>
            ) : null}
            <Button type="button" onClick={() => submit.mutate(loaded.rows)} disabled={bad.length > 0 || submit.isPending}>
              {submit.isPending
                ? "Importing…"
                : `Import ${loaded.rows.length.toLocaleString("en")} ${loaded.rows.length === 1 ? "customer" : "customers"}`}
            </Button>
            {bad.length ? (
              <p className="text-sm text-ink-muted">Drop the rows that need attention (or fix them in the file) first.</p>
            ) : null}
          </div>
        </section>
      ) : null}
    </div>
  );
}
