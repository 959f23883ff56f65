"use client";
// The invites nobody has used yet, with when each link stops working; revoking one ends it at once.
import { useAction } from "@/components/ui/use-action";
import { useRouter } from "next/navigation";
import { ROLE_LABELS } from "@/lib/team/roles";
import type { InviteRow } from "@/lib/team/types";
import { fetchJson } from "@/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { DateTime } from "@/components/ui/time-zone";

export function InviteList({ invites }: { invites: InviteRow[] }) {
  if (invites.length === 0) return <p className="text-sm text-ink-muted">No open invites.</p>;
  return (
    <ul aria-label="Open invites" className="divide-y divide-line rounded-card border border-line bg-surface">
      {invites.map((i) => (
        <InviteItem key={i.id} invite={i} />
      ))}
    </ul>
  );
}

function InviteItem({ invite }: { invite: InviteRow }) {
  const router = useRouter();
  const revoke = useAction({
    send: () => fetchJson(`/api/team/invites/${invite.id}`, { method: "DELETE" }),
    onSuccess: () => router.refresh(),
  });
  return (
    <li data-testid="invite-row" data-email={invite.email} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {invite.name} <span className="text-xs font-normal text-ink-muted">· {ROLE_LABELS[invite.role]}</span>
        </p>
        <p className="truncate text-sm text-ink-muted">{invite.email}</p>
        <p className="text-xs text-ink-faint">
          Expires <DateTime iso={invite.expiresAt} />
        </p>
      </div>
      <Button
        variant="secondary"
        disabled={revoke.isPending}
        onClick={() => revoke.mutate()}
        aria-label={`Revoke the invite for ${invite.email}`}
      >
        {revoke.isPending ? "Revoking…" : "Revoke"}
      </Button>
      {revoke.isError ? (
        <div className="sm:basis-full">
          <FormAlert>{revoke.error.message}</FormAlert>
        </div>
      ) : null}
    </li>
  );
}
