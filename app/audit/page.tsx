import type { Metadata } from "next";
import Link from "next/link";
import { DateTime } from "@/components/time-zone";
import { Card, PageTitle } from "@/components/ui/card";
import { EmptyValue } from "@/components/ui/empty-value";
import { listAudit } from "@/lib/auth/audit";
import { describeAudit } from "@/lib/auth/audit-describe";
import { requirePage } from "@/lib/auth/guards";
import { listMembers } from "@/lib/auth/members";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ before?: string }> }) {
  await requirePage("audit:read", "/audit");
  const { before } = await searchParams;
  const cursor = Number(before);
  const db = await getDb();
  const [events, members] = await Promise.all([
    listAudit(db, Number.isInteger(cursor) && cursor > 0 ? cursor : undefined),
    listMembers(db),
  ]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  return (
    <>
      <PageTitle description="Sign-ins, failed sign-ins, password changes, team changes, invites, business profile changes and charges, newest first.">
        Audit log
      </PageTitle>
      {events.length === 0 ? (
        <Card>
          <p className="text-ink-muted">Nothing recorded yet.</p>
        </Card>
      ) : (
        <ol className="divide-y divide-line rounded-card border border-line bg-surface shadow-card">
          {events.map((e) => {
            const { label, details, link } = describeAudit(e, (id) => names.get(id));
            return (
              <li key={e.id} data-testid="audit-row" className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_12rem_1fr]">
                <DateTime iso={e.at.toISOString()} className="text-ink-muted" />
                <span className="font-medium">{label}</span>
                <span className="min-w-0 break-words text-ink-muted">
                  {e.actorEmail ?? <EmptyValue />}
                  {e.ip ? ` · from ${e.ip}` : ""}
                  {details.length || link ? (
                    <span className="block text-xs">
                      {details.join(" · ")}
                      {link ? (
                        <>
                          {details.length ? " · " : ""}
                          <Link href={link.href} prefetch={false} className="font-medium text-link underline">
                            {link.label}
                          </Link>
                        </>
                      ) : null}
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {events.length === 100 ? (
        <Link href={`/audit?before=${events[events.length - 1].id}`} className="mt-4 inline-block font-medium text-link underline">
          Older entries
        </Link>
      ) : null}
    </>
  );
}
