"use client";
// Preparing a bulk batch: a CSV file (or rows pasted from a spreadsheet) read in the browser, each
// row checked as the charge form checks it (lib/batches/schema.ts, the server's own check), the
// rows that need attention shown first with their problems in place, to fix or drop. Nothing is
// charged here: the batch waits for an owner's approval. 50 rows a page, so 10,000 stay quick.
import { useAction } from "@/components/ui/use-action";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { type BatchColumn, BATCH_COLUMNS, BATCH_LABEL_MAX } from "@/lib/batches/shape";
import type { editRow, FileRow } from "@/lib/batches/parse-file";
import type { BatchView } from "@/lib/batches/view";
import { fetchJson, HttpError } from "@/lib/fetch-json";
import { type CurrencyCode, formatMoney } from "@/lib/money";
import { providerLabel } from "@/lib/market/networks";
import { FileOrPaste } from "@/components/ui/file-or-paste";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { fieldAtLine, FilePreview } from "@/components/ui/file-preview";
import { FormAlert } from "@/components/ui/form-alert";
import { onFirstUse, READER_UNAVAILABLE, useFileReader } from "@/components/ui/on-first-use";

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

type Loaded = { source: string; rows: FileRow[]; ignored: string[]; edit: typeof editRow; read: string };

/** What a file gave, said once as it is read: the preview's own figures at that moment. */
function readLine(source: string, rows: FileRow[]): string {
  const bad = rows.filter((r) => !r.check.ok).length;
  const read = `${rows.length.toLocaleString("en")} ${rows.length === 1 ? "row" : "rows"} read from ${source}`;
  return bad ? `${read}, ${bad.toLocaleString("en")} ${bad === 1 ? "needs" : "need"} attention.` : `${read}, every row is ready.`;
}

/** `currencies`: the ones the account accepts (CURRENCIES): a row in another is named, and an empty cell is the first. */
export function BatchUpload({ currencies }: { currencies: readonly CurrencyCode[] }) {
  const router = useRouter();
  const ids = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [label, setLabel] = useState("");

  const readFile = useFileReader(reader, () => {
    setLoaded(null);
    setReadError(READER_UNAVAILABLE);
  });
  const load = async (content: string, source: string) => {
    const parser = await readFile();
    if (!parser) return;
    const parsed = parser.parseBatchFile(content, currencies);
    if (!parsed.ok) {
      setLoaded(null);
      setReadError(parsed.message);
      return;
    }
    setReadError(null);
    setLoaded({ source, rows: parsed.rows, ignored: parsed.ignored, edit: parser.editRow, read: readLine(source, parsed.rows) });
    setLabel(source.slice(0, BATCH_LABEL_MAX));
  };

  // On a phone the preview starts below the fold: a file just read brings it into view.
  const preview = useRef<HTMLDivElement>(null);
  const read = loaded?.read;
  useEffect(() => {
    const el = preview.current;
    if (!read || !el || el.getBoundingClientRect().top < window.innerHeight / 2) return;
    // At once, not smoothly: what is read next (a row, a button) stays where it is found.
    el.scrollIntoView({ block: "start" });
  }, [read]);

  const bad = useMemo(() => loaded?.rows.filter((r) => !r.check.ok) ?? [], [loaded]);
  const totals = useMemo(() => {
    const t: Record<string, number> = {};
    for (const r of loaded?.rows ?? []) if (r.check.ok) t[r.check.row.currency] = (t[r.check.row.currency] ?? 0) + r.check.row.amountMinor;
    return t;
  }, [loaded]);

  const submit = useAction({
    send: () =>
      fetchJson<{ batch: BatchView }>("/api/batches", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ label, rows: loaded?.rows.map((r) => ({ ...r.text, line: r.line })) ?? [] }),
      }),
    onSuccess: ({ batch }) => router.push(`/batches/${batch.id}`),
  });
  const submitError =
    submit.error instanceof HttpError
      ? submit.error
      : submit.error
        ? new HttpError(0, "network", "The batch could not be sent. Check the connection and try again.")
        : null;

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${ids}-file`} className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6">
        <h2 id={`${ids}-file`} className="text-lg font-semibold">
          1. Choose the rows
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          A heading line, then one row per charge. Columns: {BATCH_COLUMNS.join(", ")} — currency ({currencies[0]} when empty; this account
          charges in {currencies.join(", ")}), network (read from the number when empty) and customer_reference may be left out. Up to
          10,000 rows.{" "}
          <a href="/batch-template.csv" download className="font-medium text-link underline">
            Download a template
          </a>
        </p>
        <FileOrPaste
          onRead={(content, name) => void load(content, name ?? `Pasted rows ${new Date().toISOString().slice(0, 10)}`)}
          placeholder={"phone,amount,description\n0241234567,50.00,Term 1 fees"}
        />
        {readError ? (
          <p role="alert" className="mt-4 text-sm font-medium text-status-failed">
            {readError}
          </p>
        ) : null}
      </section>

      {/* Always there, so that what a file gave is announced when it is read. */}
      <div ref={preview} className="scroll-mt-4 space-y-3">
        <p role="status" className="text-sm font-medium" data-testid="batch-read">
          {loaded?.read}
        </p>
        {loaded ? (
          <section aria-labelledby={`${ids}-preview`} className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6">
            <h2 id={`${ids}-preview`} className="text-lg font-semibold">
              2. Check the rows
            </h2>
            <FilePreview
              rows={loaded.rows}
              columns={BATCH_COLUMNS}
              headings={HEADINGS}
              caption="The batch's rows, those that need attention first"
              ignored={loaded.ignored}
              onRows={(rows) => setLoaded((l) => (l && rows ? { ...l, rows } : null))}
              edit={(row, column, value) => loaded.edit(row, column, value, currencies)}
              shown={(row, column) =>
                column === "network" && !row.text.network.trim() && row.check.ok
                  ? `${providerLabel(row.check.row.provider)} (from the number)`
                  : undefined
              }
              testId="batch"
              extra={
                Object.keys(totals).length ? (
                  <>
                    {" "}
                    ·{" "}
                    {Object.entries(totals)
                      .map(([c, m]) => formatMoney(m, c))
                      .join(" + ")}{" "}
                    to charge
                  </>
                ) : null
              }
            />

            <form
              className="mt-6 space-y-3 border-t border-line pt-5"
              onSubmit={(e) => {
                e.preventDefault();
                submit.mutate();
              }}
            >
              <h2 className="text-lg font-semibold">3. Send for approval</h2>
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
              <p className="text-sm text-ink-muted">Nothing is charged until an owner approves the batch.</p>
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
              <Button type="submit" disabled={bad.length > 0 || !label.trim() || submit.isPending} aria-disabled={submit.isPending}>
                {submit.isPending
                  ? "Sending…"
                  : `Send ${loaded.rows.length.toLocaleString("en")} ${loaded.rows.length === 1 ? "row" : "rows"} for approval`}
              </Button>
              {bad.length ? <p className="text-sm text-ink-muted">Fix or drop the rows that need attention first.</p> : null}
            </form>
          </section>
        ) : null}
      </div>
    </div>
  );
}
