// Bulk charges: every batch, newest first (25 a page), with how far each has got.
import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/link";
import { CursorNav } from "@/components/ui/cursor-nav";
import { BatchesTable } from "@/components/batches/batches-table";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { can } from "@/lib/access/roles";
import { batchesPage } from "@/lib/batches/views";
import { currentBusiness } from "@/lib/business";

export const metadata: Metadata = { title: "Bulk charges" };

type Params = Record<string, string | string[] | undefined>;

export default async function BatchesPage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await requirePage("batch:read", "/batches");
  const { member } = ctx;
  const before = (await searchParams).before;
  const [{ batches, next }, { timeZone }] = await Promise.all([
    batchesPage(ctx, typeof before === "string" ? before : undefined),
    currentBusiness(),
  ]);
  return (
    <>
      <PageTitle description="Charges to many customers from a spreadsheet: approved by an owner, paced under the upstream's limit, each row charged at most once.">
        Bulk charges
      </PageTitle>
      {can(member.role, "batch:create") ? (
        <div className="mb-4 flex justify-end">
          <ButtonLink href="/batches/new">New bulk charge</ButtonLink>
        </div>
      ) : null}
      {batches.length ? (
        <BatchesTable batches={batches} zone={timeZone} />
      ) : (
        <Card>
          <p className="text-ink-muted">No batches yet.</p>
        </Card>
      )}
      <CursorNav on={next && `/batches?before=${next}`} />
    </>
  );
}
