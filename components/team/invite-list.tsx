"use client";
// The invites nobody has used yet, with when each link stops working; revoking one ends it at once,
// and "New link" replaces a lost link in one step (the new one shown once, above the list).
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { useState } from "react";
import { ROLE_LABELS } from "@/lib/access/roles";
import type { InviteRow } from "@/lib/team/types";
import { sendJson } from "@/components/ui/fetch-json";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { DateTime } from "@/components/ui/time-zone";
import { InviteLink } from "./invite-link";

type Renewed = { id: string; path: string; expiresAt: string; name: string; emailed: boolean | null };

export function InviteList({ invites }: { invites: InviteRow[] }) {
  // Kept across the page's refresh: the new link is shown until the owner leaves the page.
  const [renewed, setRenewed] = useState<Renewed | null>(null);
  return (
    <div className="space-y-4">
      {renewed ? <InviteLink key={renewed.id} {...renewed} /> : null}
      {invites.length === 0 ? (
        <p className="text-sm text-ink-muted">No open invites.</p>
      ) : (
        <ul aria-label="Open invites" className="divide-y divide-line rounded-card border border-line bg-surface">
          {invites.map((i) => (
            <InviteItem key={i.id} invite={i} onRenewed={setRenewed} />
          ))}
        </ul>
      )}
    </div>
  );
}

function InviteItem({ invite, onRenewed }: { invite: InviteRow; onRenewed: (r: Renewed) => void }) {
  const navigation = useNavigation();
  const renew = useAction({
    send: () => sendJson<Renewed>("POST", `/api/team/invites/${invite.id}/renew`),
    onSuccess: (r) => {
      onRenewed(r);
      navigation.refresh();
    },
  });
  const revoke = useAction({
    send: () => sendJson("DELETE", `/api/team/invites/${invite.id}`),
    onSuccess: () => navigation.refresh(),
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
        disabled={renew.isPending || revoke.isPending}
        onClick={() => renew.mutate()}
        aria-label={`A new link for ${invite.email}`}
      >
        {renew.isPending ? "Making a new link…" : "New link"}
      </Button>
      <Button
        variant="secondary"
        disabled={revoke.isPending || renew.isPending}
        onClick={() => revoke.mutate()}
        aria-label={`Revoke the invite for ${invite.email}`}
      >
        {revoke.isPending ? "Revoking…" : "Revoke"}
      </Button>
      {revoke.isError || renew.isError ? (
        <div className="sm:basis-full">
          <FormAlert>{(revoke.error ?? renew.error)?.message}</FormAlert>
        </div>
      ) : null}
    </li>
  );
}
