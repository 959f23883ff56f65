// One row of the audit page: when, what, who (and from where), the detail in words and links to
// what it concerns. A bulk batch's charges are one such row, timed from its first charge to its
// newest, its entries one link away.
import { TextLink } from "@/components/ui/link";
import { EmptyValue } from "@/components/ui/empty-value";
import { DateTime, TimeRange } from "@/components/ui/date-time";

export type AuditRowView = {
  at: string;
  /** A batch's first charge: the row covers from then to `at`. */
  since?: string;
  label: string;
  actorEmail: string | null;
  ip: string | null;
  details: string[];
  links: { href: string; label: string }[];
};

export function AuditRow({ row, batch, zone }: { row: AuditRowView; batch?: boolean; zone: string }) {
  return (
    <li data-testid="audit-row" data-batch={batch ? "" : undefined} className="grid gap-1 p-4 text-sm sm:grid-cols-[11rem_12rem_1fr]">
      <span className="text-ink-muted">
        {row.since && row.since !== row.at ? <TimeRange from={row.since} to={row.at} zone={zone} /> : <DateTime iso={row.at} zone={zone} />}
      </span>
      <span className="font-medium">{row.label}</span>
      <span className="min-w-0 break-words text-ink-muted">
        {row.actorEmail ?? <EmptyValue />}
        {row.ip ? ` · from ${row.ip}` : ""}
        {row.details.length || row.links.length ? (
          <span className="block text-xs">
            {row.details.join(" · ")}
            {row.links.map((link, i) => (
              <span key={link.href}>
                {row.details.length || i ? " · " : ""}
                <TextLink tap href={link.href}>
                  {link.label}
                </TextLink>
              </span>
            ))}
          </span>
        ) : null}
      </span>
    </li>
  );
}
