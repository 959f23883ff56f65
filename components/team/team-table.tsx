"use client";
// The team's members: change a role, deactivate (sessions end at once) or reactivate. Each
// change is asked in a confirm dialog first and told in a toast after; a refusal (the last
// owner, say) shows the server's message by the member's controls.
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import type { MemberRow } from "@/lib/team/types";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/access/roles";
import { sendJson } from "@/components/ui/fetch-json";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { EndSessionsButton } from "./end-sessions-button";
import { ResetLinkButton } from "./reset-link-button";
import { DateTime } from "@/components/ui/time-zone";
import { toast } from "@/components/ui/toast";
import { Card } from "@/components/ui/card";

const ACTIVE_TONE = "bg-status-success-bg text-status-success";
const INACTIVE_TONE = "bg-status-failed-bg text-status-failed";

/** What a role may do, said where a role change is confirmed (docs/user-guide.md, "Team, roles and sign-in"). */
const ROLE_SCOPE: Record<Role, string> = {
  owner: "Owners may do everything: charge, review, reconcile, export, insights, the account, the team and the audit log.",
  staff: "Staff make charges and see their results and the history.",
  support: "Support reviews: the history with the upstream's raw answers, export, reconciliation and insights. Support cannot charge.",
};

type Confirm = ReturnType<typeof useConfirm>["confirm"];
type Change = { role: Role } | { active: boolean };

export function TeamTable({ members, me }: { members: MemberRow[]; me: string }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <Card as="ul" flush className="divide-y divide-line">
        {members.map((m) => (
          <MemberItem key={m.id} member={m} isMe={m.id === me} confirm={confirm} />
        ))}
      </Card>
      {dialog}
    </>
  );
}

function MemberItem({ member, isMe, confirm }: { member: MemberRow; isMe: boolean; confirm: Confirm }) {
  const navigation = useNavigation();
  const change = useAction({
    send: (body: Change) => sendJson("PATCH", `/api/team/${member.id}`, body),
    onSuccess: () => navigation.refresh(),
  });
  const roleId = `role-${member.id}`;
  const name = member.name;

  /** Asks first; saves while the dialog waits; tells the outcome once it has closed. */
  async function ask(body: Change, question: Parameters<Confirm>[0], done: string) {
    change.reset();
    if (await confirm({ ...question, onConfirm: () => change.mutateAsync(body) })) toast(done);
  }

  function changeRole(to: Role) {
    if (to === member.role) return;
    const from = ROLE_LABELS[member.role];
    void ask(
      { role: to },
      {
        title: `Change ${name}'s role?`,
        body: (
          <>
            <p>
              From <strong className="text-ink">{from}</strong> to <strong className="text-ink">{ROLE_LABELS[to]}</strong>. It applies at
              once, even to a session already open.
            </p>
            <p>{ROLE_SCOPE[to]}</p>
            {isMe && to !== "owner" ? <p className="font-medium text-ink">You will no longer be able to manage the team.</p> : null}
          </>
        ),
        confirmLabel: `Make ${ROLE_LABELS[to]}`,
      },
      `${name} is now ${ROLE_LABELS[to]}`,
    );
  }

  function toggleActive() {
    if (member.active)
      void ask(
        { active: false },
        {
          title: `Deactivate ${name}?`,
          body: <p>They are signed out at once and can no longer sign in. You can reactivate them later.</p>,
          confirmLabel: "Deactivate",
          tone: "danger",
        },
        `${name} is deactivated and signed out`,
      );
    else
      void ask(
        { active: true },
        {
          title: `Reactivate ${name}?`,
          body: <p>They can sign in again with their password, as {ROLE_LABELS[member.role]}.</p>,
          confirmLabel: "Reactivate",
        },
        `${name} is active again and can sign in`,
      );
  }

  return (
    <li data-testid="member-row" data-email={member.email} className="flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {name} {isMe ? <span className="text-xs text-ink-muted">(you)</span> : null}
        </p>
        <p className="truncate text-sm text-ink-muted">{member.email}</p>
        <p className="text-xs text-ink-faint">
          Added <DateTime iso={member.createdAt} />
        </p>
      </div>
      <span className={`w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${member.active ? ACTIVE_TONE : INACTIVE_TONE}`}>
        {member.active ? "Active" : "Deactivated"}
      </span>
      <div className="flex items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          Role of {name}
        </label>
        {/* Stays on the saved role until a change is confirmed and saved. */}
        <select
          id={roleId}
          value={member.role}
          onChange={(e) => changeRole(e.target.value as Role)}
          className="min-h-11 rounded-lg border border-line bg-surface px-3 text-sm"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        {isMe ? null : (
          <Button variant="secondary" onClick={toggleActive}>
            {member.active ? "Deactivate" : "Reactivate"}
          </Button>
        )}
      </div>
      {isMe || !member.active ? null : <EndSessionsButton member={member} confirm={confirm} />}
      {isMe || !member.active ? null : <ResetLinkButton member={member} confirm={confirm} />}
      {change.isError ? (
        <div className="sm:basis-full">
          <FormAlert>{change.error.message}</FormAlert>
        </div>
      ) : null}
    </li>
  );
}
