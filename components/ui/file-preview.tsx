"use client";
// The one editor for a file's rows before they are sent: a bulk batch's and a customers import's.
// A summary (how many rows, how many need attention), the rows that need attention first with
// their problems in place, each droppable (and, when the caller can re-check a cell, editable),
// 50 rows a page so 10,000 stay quick. A table on a desktop, one card per row on a phone.
import { type ReactNode, useMemo, useState } from "react";
import { Button } from "./button";
import { inputClass } from "./field";
import { Pager } from "./pager";

const PAGE = 50;

/** A file's row as the browser read and checked it: `line` is its line in the file. */
export type PreviewRow<C extends string> = {
  line: number;
  text: Record<C, string>;
  check: { ok: true } | { ok: false; problems: Partial<Record<C, string>> };
};

type Props<C extends string, R extends PreviewRow<C>> = {
  rows: R[];
  columns: readonly C[];
  headings: Record<C, string>;
  /** Read out as the table's caption. */
  caption: string;
  /** Columns of the file that are not ours, named so nobody wonders where they went. */
  ignored: string[];
  /** The rows left after a drop or an edit; null when none is left. */
  onRows: (rows: R[] | null) => void;
  /** Re-checks a row after a cell was changed; without it, rows can only be dropped. */
  edit?: (row: R, column: C, value: string) => R;
  /** What a cell shows when it is not its text as typed (a network read from the number). */
  shown?: (row: R, column: C) => string | undefined;
  /** What else the summary says (the batch's totals). */
  extra?: ReactNode;
  /** data-testid prefix: `<prefix>-summary` and `<prefix>-row`. */
  testId: string;
};

export function FilePreview<C extends string, R extends PreviewRow<C>>({
  rows,
  columns,
  headings,
  caption,
  ignored,
  onRows,
  edit,
  shown: show,
  extra,
  testId,
}: Props<C, R>) {
  const [page, setPage] = useState(0);
  const bad = useMemo(() => rows.filter((r) => !r.check.ok), [rows]);
  // Rows that need attention first, then the rest, each in file order.
  const ordered = useMemo(() => [...bad, ...rows.filter((r) => r.check.ok)], [rows, bad]);
  const pages = Math.max(1, Math.ceil(ordered.length / PAGE));
  const current = Math.min(page, pages - 1);
  const shown = ordered.slice(current * PAGE, current * PAGE + PAGE);
  const keep = (next: R[]) => onRows(next.length ? next : null);
  const replace = (line: number, next: R | null) =>
    keep(next ? rows.map((r) => (r.line === line ? next : r)) : rows.filter((r) => r.line !== line));

  return (
    <>
      <p className="mt-1 text-sm" data-testid={`${testId}-summary`} aria-live="polite">
        <strong>{rows.length.toLocaleString("en")}</strong> {rows.length === 1 ? "row" : "rows"}
        {extra}
        {bad.length ? (
          <span className="font-semibold text-status-failed">
            {" "}
            · {bad.length.toLocaleString("en")} {bad.length === 1 ? "row needs" : "rows need"} attention
          </span>
        ) : (
          <span className="text-status-success"> · every row is ready</span>
        )}
      </p>
      {ignored.length ? <p className="mt-1 text-sm text-ink-muted">Columns left out (not ours): {ignored.join(", ")}.</p> : null}
      {bad.length ? (
        <div className="mt-3">
          <Button
            type="button"
            variant="danger"
            onClick={() => {
              keep(rows.filter((r) => r.check.ok));
              setPage(0);
            }}
          >
            {bad.length === 1
              ? "Drop the row that needs attention"
              : `Drop the ${bad.length.toLocaleString("en")} rows that need attention`}
          </Button>
        </div>
      ) : null}
      <div className="mt-4 overflow-x-auto rounded-lg border border-line">
        <table className="w-full text-sm sm:min-w-[46rem]">
          <caption className="sr-only">{caption}</caption>
          <thead className="hidden border-b border-line bg-canvas text-left text-xs uppercase text-ink-muted sm:table-header-group">
            <tr>
              <th scope="col" className="px-3 py-2">
                Line
              </th>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-2">
                  {headings[c]}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <Row
                key={row.line}
                row={row}
                columns={columns}
                headings={headings}
                testId={`${testId}-row`}
                onChange={(next) => replace(row.line, next)}
                edit={edit}
                shown={show}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={current} pages={pages} onPage={setPage} />
    </>
  );
}

function Row<C extends string, R extends PreviewRow<C>>({
  row,
  columns,
  headings,
  testId,
  onChange,
  edit,
  shown,
}: {
  row: R;
  columns: readonly C[];
  headings: Record<C, string>;
  testId: string;
  onChange: (next: R | null) => void;
  edit?: (row: R, column: C, value: string) => R;
  shown?: (row: R, column: C) => string | undefined;
}) {
  const problems: Partial<Record<C, string>> = row.check.ok ? {} : row.check.problems;
  const needsAttention = !row.check.ok;
  return (
    <tr
      data-testid={testId}
      data-line={row.line}
      className={`block border-b border-line px-3 py-2 last:border-0 sm:table-row sm:p-0 ${needsAttention ? "bg-status-failed-bg/40" : ""}`}
    >
      <th scope="row" className="block text-left font-medium tabular-nums sm:table-cell sm:px-3 sm:py-2">
        <span className="sm:sr-only">Line </span>
        {row.line}
      </th>
      {columns.map((c) => {
        const problem = problems[c];
        const id = `row-${row.line}-${c}`;
        return (
          <td key={c} className="block py-0.5 align-top break-words sm:table-cell sm:max-w-[16rem] sm:px-3 sm:py-2">
            {needsAttention && edit ? (
              <>
                <label htmlFor={id} className="text-xs text-ink-muted sm:sr-only">
                  {headings[c]}
                </label>
                <input
                  id={id}
                  aria-label={`Line ${row.line}, ${headings[c]}`}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-error` : undefined}
                  defaultValue={row.text[c]}
                  onBlur={(e) => {
                    if (e.target.value !== row.text[c]) onChange(edit(row, c, e.target.value));
                  }}
                  className={`${inputClass} min-h-9 py-1 text-sm`}
                />
              </>
            ) : (
              <>
                <span className="text-xs text-ink-muted sm:hidden">{headings[c]}: </span>
                {shown?.(row, c) ?? row.text[c]}
              </>
            )}
            {problem ? (
              <span id={`${id}-error`} className="block text-xs font-medium text-status-failed">
                {problem}
              </span>
            ) : null}
          </td>
        );
      })}
      <td className="block pt-1 align-top sm:table-cell sm:px-3 sm:py-2">
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
