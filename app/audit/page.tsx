import type { Metadata } from "next";
import Link from "next/link";
import { DateTime } from "@/components/time-zone";
import { Card, PageTitle } from "@/components/ui/card";
import { listAudit, type AuditAction } from "@/lib/auth/audit";
import { requirePage } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";

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
  password_changed: "Password changed",
  password_change_failed: "Password change failed (wrong current password)",
  password_change_refused: "Password change refused (too many failures)",
  invite_created: "Member invited",
  invite_accepted: "Invite accepted (member joined)",
  invite_revoked: "Invite revoked",
  business_profile_changed: "Business profile changed",
  business_logo_changed: "Business logo changed",
  business_logo_removed: "Business logo removed",
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
      <PageTitle description="Sign-ins, failed sign-ins, password changes, team changes, invites, business profile changes and charges, newest first.">
        Audit log
      </PageTitle>
      {events.length === 0 ? (
        <Card>
          <p className="text-ink-muted">Nothing recorded yet.</p>
        </Card>
      ) : (
        <ol className="divide-y divide-line rounded-card border border-line bg-white shadow-card">
          {events.map((e) => (
            <li key={e.id} data-testid="audit-row" className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_12rem_1fr]">
              <DateTime iso={e.at.toISOString()} className="text-ink-muted" />
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
        <Link href={`/audit?before=${events[events.length - 1].id}`} className="mt-4 inline-block font-medium text-brand-700 underline">
          Older entries
        </Link>
      ) : null}
    </>
  );
}
