"use client";
// The owner makes a member a password reset link (the member forgot it, and email is off or did not
// arrive): asked first, a recent proof of the owner's own password, then the link shown once, to
// copy and send privately. It works once, for 24 hours; audited.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { useConfirm } from "@/components/ui/confirm-dialog";
import { CopyField } from "@/components/ui/copy-field";
import { FormAlert } from "@/components/ui/form-alert";
import { useAction } from "@/components/ui/use-action";
import { DateTime } from "@/components/ui/time-zone";
import { sendJson } from "@/components/ui/fetch-json";

type Confirm = ReturnType<typeof useConfirm>["confirm"];
type Made = { path: string; expiresAt: string };

export function ResetLinkButton({ member, confirm }: { member: { id: string; name: string }; confirm: Confirm }) {
  const [made, setMade] = useState<Made | null>(null);
  const make = useAction({ send: () => sendJson<Made>("POST", `/api/team/${member.id}/reset-link`) });
  async function ask() {
    make.reset();
    setMade(null);
    await confirm({
      title: `Make a password reset link for ${member.name}?`,
      body: <p>Whoever opens it can choose {member.name}'s new password, once, within 24 hours. Send it to them privately.</p>,
      confirmLabel: "Make the link",
      onConfirm: async () => setMade(await make.mutateAsync()),
    });
  }
  return (
    <>
      <Button variant="secondary" onClick={ask} aria-label={`Make a password reset link for ${member.name}`}>
        Reset link
      </Button>
      {make.isError ? (
        <div className="sm:basis-full">
          <FormAlert>{make.error.message}</FormAlert>
        </div>
      ) : null}
      {made ? (
        <div role="status" className="space-y-3 rounded-lg border border-line bg-brand-50 p-4 sm:basis-full" data-testid="reset-link">
          <p className="text-sm text-ink">
            Password reset link for <strong>{member.name}</strong>. Copy it now and send it to them privately: it is shown only once, works
            once, and expires <DateTime iso={made.expiresAt} />.
          </p>
          <CopyField
            id={`reset-link-${member.id}`}
            label={`${member.name}'s reset link`}
            value={`${window.location.origin}${made.path}`}
            what="link"
          />
        </div>
      ) : null}
    </>
  );
}
