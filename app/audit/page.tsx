import type { Metadata } from "next";
import Link from "next/link";
import { Card, PageTitle } from "@/components/ui/card";
import { listAudit, type AuditAction } from "@/lib/auth/audit";
import { requirePage } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "Audit log" };

const LABELS: Record<AuditAction, string> = {
  owner_created: "Owner account created",
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_in_refused: "Sign-in refused (too many failures)",
  sign_out: "Signed out",
  member_added: "Member added",
  role_changed: "Role changed",
  member_deactivated: "Member deactivated",
  member_reactivated: "Member reactivated",
  charge_created: "Charge created",
  charge_status_checked: "Charge status checked",
  charge_reconciled: "Charge resolved by hand",
  charges_exported: "Charges exported (CSV)",
};

function describeDetail(detail: Record<string, unknown> | null): string {
  if (!detail) return "";
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ before?: string }> }) {
  await requirePage("audit:read", "/audit");
  const { before } = await searchParams;
  const cursor = Number(before);
  const events = await listAudit(await getDb(), Number.isInteger(cursor) && cursor > 0 ? cursor : undefined);
  return (
    <>
      <PageTitle description="Sign-ins, failed sign-ins, team changes and charges, newest first.">Audit log</PageTitle>
      {events.length === 0 ? (
        <Card>
          <p className="text-ink-muted">Nothing recorded yet.</p>
        </Card>
      ) : (
        <ol className="divide-y divide-line rounded-card border border-line bg-surface shadow-card">
          {events.map((e) => (
            <li key={e.id} data-testid="audit-row" className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_12rem_1fr]">
              <time dateTime={e.at.toISOString()} className="text-ink-muted">
                {formatDateTime(e.at.toISOString())}
              </time>
              <span className="font-medium">{LABELS[e.action as AuditAction] ?? e.action}</span>
              <span className="min-w-0 break-words text-ink-muted">
                {e.actorEmail ?? "—"}
                {e.ip ? ` · from ${e.ip}` : ""}
                {e.detail ? <span className="block text-xs">{describeDetail(e.detail)}</span> : null}
              </span>
            </li>
          ))}
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
