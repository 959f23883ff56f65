"use client";
// Who has two-factor on; the owner can reset another member's second factor (a lost phone),
// asked first in a dialog. Their sessions end, and they set it up again at their next sign-in.
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { sendJson } from "@/components/ui/fetch-json";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";

type Row = { id: string; name: string; email: string; enabled: boolean };

export function TwoFactorMembers({ members, me }: { members: Row[]; me: string }) {
  const navigation = useNavigation();
  const { confirm, dialog } = useConfirm();
  const reset = useAction({
    send: (id: string) => sendJson("POST", `/api/team/${encodeURIComponent(id)}/two-factor/reset`),
  });
  const ask = async (m: Row) => {
    reset.reset();
    const done = await confirm({
      title: `Reset ${m.name}'s two-factor?`,
      body: "Their authenticator app and recovery codes stop working and they are signed out. They set up two-factor again at their next sign-in.",
      confirmLabel: "Reset two-factor",
      tone: "danger",
      onConfirm: () => reset.mutateAsync(m.id),
    });
    if (done) {
      toast(`${m.name}'s two-factor is reset`);
      navigation.refresh();
    }
  };
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-line">
        {members.map((m) => (
          <li key={m.id} data-testid="two-factor-member" className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0">
              <span className="font-medium">{m.name}</span> <span className="text-sm text-ink-muted">{m.email}</span>
            </span>
            <span className="flex items-center gap-3">
              <span className="text-sm">{m.enabled ? "On" : "Not set up"}</span>
              {m.enabled && m.id !== me ? (
                <Button type="button" variant="danger" onClick={() => ask(m)}>
                  Reset two-factor
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {reset.isError ? <FormAlert>{reset.error.message}</FormAlert> : null}
      {dialog}
    </div>
  );
}
