"use client";
// Your sessions: each browser or device signed in as you, with where from, when it started and
// when it was last used; this one marked. End any other one, or all others at once (both ask
// for a recent password, like every action that ends someone's session). The list comes with
// the page (pages/profile/index.tsx) and is read again once a session is ended.
import { useNavigation } from "@/components/ui/navigation";
import { sendJson } from "@/components/ui/fetch-json";
import { DateTime } from "@/components/ui/time-zone";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { EmptyValue } from "@/components/ui/empty-value";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";

/** A row as lib/session/sessions.ts lists it (no token, ever). */
type SessionRow = { id: string; device: string; address: string | null; startedAt: string; lastSeenAt: string; current: boolean };

export function SessionsList({ sessions }: { sessions: SessionRow[] }) {
  const navigation = useNavigation();
  const { confirm, dialog } = useConfirm();
  const endOne = useAction({
    send: (id: string) => sendJson("DELETE", `/api/profile/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast("Session ended: that browser is signed out");
      navigation.refresh();
    },
  });
  const endOthers = useAction({
    send: () => sendJson<{ ended: number }>("DELETE", "/api/profile/sessions"),
    onSuccess: () => navigation.refresh(),
  });

  const others = sessions.filter((s) => !s.current).length;

  async function askEndOthers() {
    endOthers.reset();
    let ended = 0;
    const done = await confirm({
      title: "End all other sessions?",
      body: <p>Every other browser and device signed in as you is signed out at its next click. This one stays signed in.</p>,
      confirmLabel: "End all others",
      tone: "danger",
      onConfirm: async () => {
        ended = (await endOthers.mutateAsync()).ended;
      },
    });
    if (done) toast(ended === 1 ? "1 other session ended" : `${ended} other sessions ended`);
  }

  return (
    <div className="space-y-4">
      <ul aria-label="Your sessions" className="divide-y divide-line rounded-card border border-line">
        {sessions.map((s) => (
          <li key={s.id} data-testid="session-row" data-current={s.current} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="font-medium break-words">
                {s.device}{" "}
                {s.current ? (
                  <span className="ml-1 inline-block rounded-full bg-status-success-bg px-2 py-0.5 text-xs font-semibold text-status-success">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-ink-muted">Address: {s.address ?? <EmptyValue />}</p>
              <p className="text-xs text-ink-faint">
                Started <DateTime iso={s.startedAt} /> · last seen <DateTime iso={s.lastSeenAt} />
              </p>
            </div>
            {s.current ? null : (
              <Button
                variant="secondary"
                disabled={endOne.isPending && endOne.variables === s.id}
                onClick={() => endOne.mutate(s.id)}
                aria-label={`End the session on ${s.device}`}
              >
                {endOne.isPending && endOne.variables === s.id ? "Ending…" : "End"}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {endOne.isError ? <FormAlert>{endOne.error.message}</FormAlert> : null}
      {endOthers.isError ? <FormAlert>{endOthers.error.message}</FormAlert> : null}
      <Button variant="secondary" disabled={others === 0} onClick={askEndOthers} className="w-full sm:w-auto">
        End all other sessions
      </Button>
      {dialog}
    </div>
  );
}
