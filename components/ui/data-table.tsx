// The one responsive list: rows of a table from 640 px, one card per row below (no sideways
// scroll on a phone). Columns say how to show a row; the table, its caption for screen readers
// and its headings are the same everywhere. (The charges table keeps rules of its own in
// app/globals.css: it is the longest list, and its rows are sent as few bytes as possible.)
import type { ReactNode } from "react";
import { Card } from "./card";

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers line up on the right from 640 px. */
  numeric?: boolean;
  /** The cell's own classes (its colour, how it wraps). */
  className?: string;
  /** data-testid of the cell. */
  testId?: string;
};

export function DataTable<T>({
  rows,
  columns,
  caption,
  rowKey,
  rowTestId,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  caption: string;
  rowKey: (row: T) => string | number;
  rowTestId?: string;
}) {
  return (
    <Card as="div" flush className="overflow-hidden">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-line bg-canvas text-left text-xs uppercase text-ink-muted sm:table-header-group">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-4 py-3 ${c.numeric ? "text-right" : ""}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              data-testid={rowTestId}
              className="flex flex-col gap-1 border-b border-line px-4 py-3 last:border-0 sm:table-row sm:p-0"
            >
              {columns.map((c) => (
                <td
                  key={c.header}
                  data-testid={c.testId}
                  className={`sm:px-4 sm:py-3 ${c.numeric ? "tabular-nums sm:text-right" : ""} ${c.className ?? ""}`}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
