// The frame every chart sits in: a titled <figure> whose caption carries the figures in words,
// so the chart itself can be decorative for a screen reader when a table follows.
import type { ReactNode } from "react";
import { surface } from "./format";
import { Card } from "@/components/ui/card";

export function ChartCard({
  id,
  title,
  summary,
  children,
  testId,
}: {
  id: string;
  title: string;
  summary: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card
      as="figure"
      flush
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      data-testid={testId}
      className="min-w-0 p-4 sm:p-5"
    >
      <figcaption className="mb-3">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        <p id={`${id}-summary`} className={`mt-0.5 text-sm ${surface.muted}`}>
          {summary}
        </p>
      </figcaption>
      {children}
    </Card>
  );
}

/** The chart's numbers as a table, folded away for sighted readers and always there for others. */
export function FiguresTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className={`tap cursor-pointer select-none ${surface.muted}`}>Show the figures</summary>
      <div className="mt-2 max-h-72 overflow-y-auto">
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead className={`text-xs uppercase tracking-wide ${surface.muted}`}>
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                {head[0]}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {head[1]}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map(([k, v]) => (
              <tr key={k}>
                <th scope="row" className="py-1 pr-4 font-normal">
                  {k}
                </th>
                <td className="py-1 text-right">{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
