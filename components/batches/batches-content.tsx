// The Bulk charges page's content (pages/batches/index.tsx serves it without the framework's
// runtime, in components/layout/staff-frame.tsx): what lib/batches/list-view.ts decided, as server HTML.
import { ButtonLink } from "@/components/ui/link";
import { CursorNav } from "@/components/ui/cursor-nav";
import { BatchesTable } from "@/components/batches/batches-table";
import { Card, PageTitle } from "@/components/ui/card";
import type { BatchesListView } from "@/lib/batches/types";
import { BATCH_STATUS_LABELS } from "@/lib/batches/view";
import { BatchStatusFilter } from "./status-filter";

export function BatchesContent({ view: v }: { view: BatchesListView }) {
  return (
    <>
      <PageTitle description="Charges to many customers from a spreadsheet: approved by an owner, paced under the upstream's limit, each row charged at most once.">
        Bulk charges
      </PageTitle>
      {v.canCreate ? (
        <div className="mb-4 flex justify-end">
          <ButtonLink href="/batches/new">New bulk charge</ButtonLink>
        </div>
      ) : null}
      <BatchStatusFilter status={v.status} />
      {v.batches.length ? (
        <BatchesTable batches={v.batches} zone={v.timeZone} />
      ) : (
        <Card>
          <p className="text-ink-muted">{v.status ? `No batch is ${BATCH_STATUS_LABELS[v.status].toLowerCase()}.` : "No batches yet."}</p>
        </Card>
      )}
      <CursorNav on={v.next} />
    </>
  );
}
