"use client";
// Preparing a bulk batch: a CSV file (or rows pasted from a spreadsheet) read in the browser, each
// row checked as the charge form checks it (lib/batches/schema.ts, the server's own check), the
// rows that need attention shown first with their problems in place, to fix or drop. Nothing is
// charged here: the batch waits for an owner's approval. 50 rows a page, so 10,000 stay quick.
import { useAction } from "@/components/use-action";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { type BatchColumn, BATCH_COLUMNS, BATCH_LABEL_MAX } from "@/lib/batches/schema";
import { editRow, type FileRow, parseBatchFile } from "@/lib/batches/parse-file";
import type { BatchView } from "@/lib/batches/view";
import { fetchJson, HttpError } from "@/lib/fetch-json";
import { formatMoney } from "@/lib/money";
import { FileOrPaste } from "@/components/file-or-paste";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { Pager } from "@/components/ui/pager";

const PAGE = 50;

const HEADINGS: Record<BatchColumn, string> = {
  phone: "Phone",
  amount: "Amount",
  currency: "Currency",
  network: "Network",
  description: "Description",
  customer_reference: "Customer reference",
};

type Loaded = { source: string; rows: FileRow[]; ignored: string[] };

export function BatchUpload() {
  const router = useRouter();
  const ids = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const [page, setPage] = useState(0);

  const load = (content: string, source: string) => {
    const parsed = parseBatchFile(content);
    if (!parsed.ok) {
      setLoaded(null);
      setReadError(parsed.message);
      return;
    }
    setReadError(null);
    setLoaded({ source, rows: parsed.rows, ignored: parsed.ignored });
    setLabel(source.slice(0, BATCH_LABEL_MAX));
    setPage(0);
  };

  const bad = useMemo(() => loaded?.rows.filter((r) => !r.check.ok) ?? [], [loaded]);
  // Rows that need attention first, then the rest, each in file order.
  const ordered = useMemo(() => (loaded ? [...bad, ...loaded.rows.filter((r) => r.check.ok)] : []), [loaded, bad]);
  const totals = useMemo(() => {
    const t: Record<string, number> = {};
    for (const r of loaded?.rows ?? []) if (r.check.ok) t[r.check.row.currency] = (t[r.check.row.currency] ?? 0) + r.check.row.amountMinor;
    return t;
  }, [loaded]);
  const pages = Math.max(1, Math.ceil(ordered.length / PAGE));
  const shown = ordered.slice(page * PAGE, page * PAGE + PAGE);

  const replaceRow = (line: number, next: FileRow | null) =>
    setLoaded((l) => {
      if (!l) return l;
      const rows = next ? l.rows.map((r) => (r.line === line ? next : r)) : l.rows.filter((r) => r.line !== line);
      return rows.length ? { ...l, rows } : null;
    });
  const dropAllBad = () => {
    setLoaded((l) => {
      const rows = l?.rows.filter((r) => r.check.ok) ?? [];
      return l && rows.length ? { ...l, rows } : null;
    });
    setPage(0);
  };

  const submit = useAction({
    send: () =>
      fetchJson<{ batch: BatchView }>("/api/batches", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ label, rows: loaded?.rows.map((r) => r.text) ?? [] }),
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
          A heading line, then one row per charge. Columns: {BATCH_COLUMNS.join(", ")} — currency (GHS when empty), network (read from the
          number when empty) and customer_reference may be left out. Up to 10,000 rows.{" "}
          <a href="/batch-template.csv" download className="font-medium text-link underline">
            Download a template
          </a>
        </p>
        <FileOrPaste
          onRead={(content, name) => load(content, name ?? `Pasted rows ${new Date().toISOString().slice(0, 10)}`)}
          placeholder={"phone,amount,description\n0241234567,50.00,Term 1 fees"}
        />
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
          <p className="mt-1 text-sm" data-testid="batch-summary" aria-live="polite">
            <strong>{loaded.rows.length.toLocaleString("en")}</strong> {loaded.rows.length === 1 ? "row" : "rows"}
            {Object.keys(totals).length ? (
              <>
                {" "}
                ·{" "}
                {Object.entries(totals)
                  .map(([c, m]) => formatMoney(m, c))
                  .join(" + ")}{" "}
                to charge
              </>
            ) : null}
            {bad.length ? (
              <span className="font-semibold text-status-failed">
                {" "}
                · {bad.length.toLocaleString("en")} {bad.length === 1 ? "row needs" : "rows need"} attention
              </span>
            ) : (
              <span className="text-status-success"> · every row is ready</span>
            )}
          </p>
          {loaded.ignored.length ? (
            <p className="mt-1 text-sm text-ink-muted">Columns left out (not ours): {loaded.ignored.join(", ")}.</p>
          ) : null}
          {bad.length ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button type="button" variant="danger" onClick={dropAllBad}>
                Drop the {bad.length.toLocaleString("en")} {bad.length === 1 ? "row" : "rows"} that need attention
              </Button>
            </div>
          ) : null}
          <div className="mt-4 overflow-x-auto rounded-lg border border-line">
            <table className="w-full text-sm sm:min-w-[48rem]">
              <caption className="sr-only">The batch's rows, those that need attention first</caption>
              <thead className="hidden border-b border-line bg-canvas text-left text-xs uppercase text-ink-muted sm:table-header-group">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Line
                  </th>
                  {BATCH_COLUMNS.map((c) => (
                    <th key={c} scope="col" className="px-3 py-2">
                      {HEADINGS[c]}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <PreviewRow key={row.line} row={row} onChange={(next) => replaceRow(row.line, next)} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} onPage={setPage} />

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
                        <li key={k}>{`${fieldName(k)}: ${v}`}</li>
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
  );
}

/** "rows.3.phone" → "Row 4, phone" (the server counts rows from 0 in what it was sent). */
function fieldName(key: string): string {
  const m = /^rows\.(\d+)\.(\w+)$/.exec(key);
  return m ? `Row ${Number(m[1]) + 1}, ${m[2]}` : key;
}

function PreviewRow({ row, onChange }: { row: FileRow; onChange: (next: FileRow | null) => void }) {
  const problems = row.check.ok ? {} : row.check.problems;
  const needsAttention = !row.check.ok;
  return (
    <tr
      data-testid="preview-row"
      data-line={row.line}
      className={`border-b border-line last:border-0 ${needsAttention ? "bg-status-failed-bg/40" : ""}`}
    >
      <th scope="row" className="px-3 py-2 text-left font-medium tabular-nums">
        {row.line}
      </th>
      {BATCH_COLUMNS.map((c) => {
        const problem = problems[c];
        const id = `row-${row.line}-${c}`;
        if (!needsAttention) {
          return (
            <td key={c} className="break-words sm:max-w-[16rem] sm:truncate sm:px-3 sm:py-2">
              <span className="text-xs text-ink-muted sm:hidden">{HEADINGS[c]}: </span>
              {row.text[c]}
            </td>
          );
        }
        return (
          <td key={c} className="align-top sm:px-3 sm:py-2">
            <input
              id={id}
              aria-label={`Line ${row.line}, ${HEADINGS[c]}`}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              defaultValue={row.text[c]}
              onBlur={(e) => {
                if (e.target.value !== row.text[c]) onChange(editRow(row, c, e.target.value));
              }}
              className={`${inputClass} min-h-9 py-1 text-sm`}
            />
            {problem ? (
              <p id={`${id}-error`} className="mt-1 text-xs font-medium text-status-failed">
                {problem}
              </p>
            ) : null}
          </td>
        );
      })}
      <td className="align-top sm:px-3 sm:py-2">
        {needsAttention ? (
          <Button
            type="button"
            variant="secondary"
            className="min-h-9 py-1"
            onClick={() => onChange(null)}
            aria-label={`Drop line ${row.line}`}
          >
            Drop
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
