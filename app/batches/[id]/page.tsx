// One bulk batch: who prepared and approved it, its live progress and actions, possible
// duplicates while it awaits approval, its rows (50 a page) and its results file.
import type { Metadata } from "next";
import { CursorNav } from "@/components/ui/cursor-nav";
import Link, { TextLink } from "@/components/ui/link";
import { textLinkClass } from "@/components/ui/link-class";
import { notFound } from "next/navigation";
import { BatchLive } from "@/components/batches/batch-live";
import { BatchRowsTable } from "@/components/batches/batch-rows-table";
import { Providers } from "@/components/ui/providers";
import { DateTime } from "@/components/ui/date-time";
import { currentBusiness } from "@/lib/business";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { ROWS_PAGE_SIZE } from "@/lib/batches/queries";
import { batchDuplicatesView, batchRowsView, batchView } from "@/lib/batches/views";
import { isUuid } from "@/lib/http/request";
import { formatPhone } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";

export const metadata: Metadata = { title: "Bulk batch" };

type Params = Record<string, string | string[] | undefined>;

export default async function BatchPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Params> }) {
  const { id } = await params;
  const ctx = await requirePage("batch:read", `/batches/${id}`);
  const batch = isUuid(id) ? await batchView(ctx, id) : null;
  if (!batch) notFound();
  const afterParam = (await searchParams).after;
  const after = typeof afterParam === "string" && /^\d{1,5}$/.test(afterParam) ? Number(afterParam) : 0;
  const [rows, duplicates, { timeZone }] = await Promise.all([
    batchRowsView(ctx, id, after),
    batch.status === "awaiting_approval" ? batchDuplicatesView(ctx, id) : Promise.resolve([]),
    currentBusiness(),
  ]);
  const last = rows.at(-1);
  return (
    <Providers>
      <PageTitle
        description={
          <>
            Prepared by {batch.createdBy?.name ?? "a former member"} on <DateTime zone={timeZone} iso={batch.createdAt} />
            {batch.decidedBy && batch.decidedAt ? (
              <>
                {" "}
                · {batch.status === "rejected" ? "rejected" : "approved"} by {batch.decidedBy.name} on{" "}
                <DateTime zone={timeZone} iso={batch.decidedAt} />
              </>
            ) : null}{" "}
            · {batch.rowCount.toLocaleString("en")} rows ·{" "}
            {Object.entries(batch.totals)
              .map(([c, m]) => formatMoney(m, c))
              .join(" + ")}
          </>
        }
      >
        {batch.label}
      </PageTitle>
      <div className="space-y-6">
        <BatchLive initial={batch} duplicates={duplicates.length} />
        {duplicates.length ? (
          <Card>
            <h2 className="text-lg font-semibold">Possible duplicates</h2>
            <p className="mt-1 text-sm text-ink-muted">These rows charge a number the same amount as another row or a recent charge.</p>
            <ul className="mt-3 space-y-1 text-sm" data-testid="batch-duplicates">
              {duplicates.map((d) => (
                <li key={`${d.rowNumber}-${d.sameAsRow ?? d.charge?.id}`}>
                  Line {d.rowNumber}: {formatPhone(d.phoneNumber)}, {formatMoney(d.amountMinor, d.currency)} —{" "}
                  {d.sameAsRow ? (
                    `same as line ${d.sameAsRow}`
                  ) : d.charge ? (
                    <Link href={`/transactions/${d.charge.id}`} className="text-link underline">
                      charged <DateTime zone={timeZone} iso={d.charge.createdAt} />
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
        <section aria-labelledby="batch-rows" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="batch-rows" className="text-lg font-semibold">
              Rows {after ? `after ${after}` : ""}
            </h2>
            <div className="flex flex-wrap gap-4 text-sm">
              <TextLink tap href={`/transactions?batch=${batch.id}`}>
                Its charges in the history
              </TextLink>
              <a href={`/api/batches/${batch.id}/export`} download className={textLinkClass({ tap: true })}>
                Download results (CSV)
              </a>
            </div>
          </div>
          <BatchRowsTable rows={rows} />
          <CursorNav
            label="Rows pages"
            className=""
            back={after ? `/batches/${batch.id}` : null}
            on={last && rows.length === ROWS_PAGE_SIZE ? `/batches/${batch.id}?after=${last.rowNumber}` : null}
            backLabel="← First rows"
            onLabel="Next rows →"
          />
        </section>
      </div>
    </Providers>
  );
}
