"use client";
// The owner ends every session of a member (a lost phone, a shared computer): asked in the
// confirm dialog first; the member is signed out at their next click and may sign in again.
import { useAction } from "@/components/ui/use-action";
import { sendJson } from "@/components/ui/fetch-json";
import { Button } from "@/components/ui/button";
import type { useConfirm } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";

type Confirm = ReturnType<typeof useConfirm>["confirm"];

export function EndSessionsButton({ member, confirm }: { member: { id: string; name: string }; confirm: Confirm }) {
  const end = useAction({
    send: () => sendJson<{ ended: number }>("DELETE", `/api/team/${member.id}/sessions`),
  });
  async function ask() {
    end.reset();
    let ended = 0;
    const done = await confirm({
      title: `End all of ${member.name}'s sessions?`,
      body: <p>They are signed out on every device at their next click, and can sign in again with their password.</p>,
      confirmLabel: "End sessions",
      tone: "danger",
      onConfirm: async () => {
        ended = (await end.mutateAsync()).ended;
      },
    });
    if (done) toast(`${member.name}: ${ended === 1 ? "1 session" : `${ended} sessions`} ended`);
  }
  return (
    <>
      <Button variant="secondary" onClick={ask} aria-label={`End sessions of ${member.name}`}>
        End sessions
      </Button>
      {end.isError ? (
        <div className="sm:basis-full">
          <FormAlert>{end.error.message}</FormAlert>
        </div>
      ) : null}
    </>
  );
}
