// The merchant's API keys (components/ui/data-table.tsx: a table from 640 px, one card each below).
import { type Column, DataTable } from "@/components/ui/data-table";
import { DateTime } from "@/components/ui/date-time";
import { API_SCOPE_LABELS } from "@/lib/api-keys/shape";
import type { ApiKeyView } from "@/lib/api-keys/view";
import { RevokeButton } from "./revoke-button";

/** The columns, the times in the business's zone. */
const columns = (zone: string): Column<ApiKeyView>[] => [
  {
    header: "Key",
    cell: (k) => (
      <>
        <span className="font-medium">{k.name}</span>
        <span className="mt-0.5 block font-mono text-xs text-ink-muted">{k.prefix}…</span>
      </>
    ),
  },
  {
    header: "May",
    className: "text-sm",
    cell: (k) => (
      <ul aria-label="Scopes">
        {k.scopes.map((s) => (
          <li key={s}>{API_SCOPE_LABELS[s] ?? s}</li>
        ))}
      </ul>
    ),
  },
  { header: "Mode", cell: (k) => <span className="font-mono text-xs">{k.mode.toUpperCase()}</span> },
  {
    header: "Made",
    cell: (k) => (
      <span className="text-ink-muted">
        <DateTime iso={k.createdAt} zone={zone} />
        {k.createdBy ? ` by ${k.createdBy.name}` : null}
      </span>
    ),
  },
  {
    header: "Last used",
    testId: "api-key-last-used",
    cell: (k) =>
      k.lastUsedAt ? <DateTime iso={k.lastUsedAt} zone={zone} className="text-ink-muted" /> : <span className="text-ink-muted">Never</span>,
  },
  {
    header: "State",
    testId: "api-key-state",
    cell: (k) =>
      k.revokedAt ? (
        <span className="text-sm text-ink-muted">
          Revoked <DateTime iso={k.revokedAt} zone={zone} />
        </span>
      ) : (
        <RevokeButton apiKey={k} />
      ),
  },
];

export function KeysTable({ keys, zone }: { keys: ApiKeyView[]; zone: string }) {
  return <DataTable rows={keys} columns={columns(zone)} caption="API keys" rowKey={(k) => k.id} rowTestId="api-key-row" />;
}
