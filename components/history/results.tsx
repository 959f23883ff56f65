// Above the history's list: how many charges match the filters, and the export of exactly those
// as CSV or XLSX (two plain links: the page runs no script) — or, while a filter is not valid, why
// there is no export.
import { buttonClass } from "@/components/ui/button-class";
import { ExportLink } from "./export-link";
import { Button } from "@/components/ui/button";
import type { ExportAction } from "@/lib/history/types";

const COUNT = new Intl.NumberFormat("en-GB");

/** "1 charge", "1,234 charges", "More than 10,000 charges" (the count stops at its cap). */
export function chargeCountText({ count, capped }: { count: number; capped: boolean }): string {
  if (capped) return `More than ${COUNT.format(count)} charges`;
  return `${COUNT.format(count)} ${count === 1 ? "charge" : "charges"}`;
}

export function HistoryResults({ total, exportAction }: { total: { count: number; capped: boolean }; exportAction: ExportAction }) {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <h2 className="text-base font-semibold text-ink">{chargeCountText(total)}</h2>
      {exportAction.kind === "link" ? (
        <div className="flex flex-wrap items-center gap-2">
          <ExportLink href={exportAction.href} className={buttonClass("secondary")} />
          <ExportLink href={asXlsx(exportAction.href)} className={buttonClass("secondary")}>
            Export XLSX
          </ExportLink>
        </div>
      ) : exportAction.kind === "off" ? (
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
          <p id="export-off" className="text-xs text-ink-muted">
            Export is off until every filter is valid, so the file holds exactly this list.
          </p>
          <Button type="button" variant="secondary" disabled aria-describedby="export-off">
            Export CSV
          </Button>
          <Button type="button" variant="secondary" disabled aria-describedby="export-off">
            Export XLSX
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The same export as an XLSX file: the link's filters as they are, and `format=xlsx`. */
function asXlsx(href: string): string {
  return `${href}${href.endsWith("?") ? "" : "&"}format=xlsx`;
}
