// Bulk charges: every batch, newest first (25 a page), with how far each has got.
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { BatchesTable } from "@/components/batches/batches-table";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/session/guards";
import { can } from "@/lib/access/roles";
import { batchesPage } from "@/lib/batches/views";

export const metadata: Metadata = { title: "Bulk charges" };

type Params = Record<string, string | string[] | undefined>;

/** "<ISO time>_<id>": the last batch of the previous page. */
function readCursor(value: unknown): { createdAt: Date; id: string } | undefined {
  if (typeof value !== "string") return undefined;
  const m = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_([0-9a-f-]{36})$/.exec(value);
  return m && !Number.isNaN(Date.parse(m[1])) ? { createdAt: new Date(m[1]), id: m[2] } : undefined;
}

export default async function BatchesPage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await requirePage("batch:read", "/batches");
  const { member } = ctx;
  const batches = await batchesPage(ctx, readCursor((await searchParams).before));
  const last = batches.at(-1);
  return (
    <>
      <PageTitle description="Charges to many customers from a spreadsheet: approved by an owner, paced under the upstream's limit, each row charged at most once.">
        Bulk charges
      </PageTitle>
      {can(member.role, "batch:create") ? (
        <div className="mb-4 flex justify-end">
          <Link
            href="/batches/new"
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            New bulk charge
          </Link>
        </div>
      ) : null}
      {batches.length ? (
        <BatchesTable batches={batches} />
      ) : (
        <Card>
          <p className="text-ink-muted">No batches yet.</p>
        </Card>
      )}
      {last && batches.length === 25 ? (
        <nav aria-label="Pages" className="mt-4 flex justify-end text-sm">
          <Link href={`/batches?before=${last.createdAt}_${last.id}`} className="tap font-medium text-link underline">
            Older →
          </Link>
        </nav>
      ) : null}
    </>
  );
}
