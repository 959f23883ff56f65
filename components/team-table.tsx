"use client";
// The team's members: change a role, deactivate (sessions end at once) or reactivate.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { MemberRow } from "@/lib/auth/types";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/auth/roles";
import { fetchJson } from "@/lib/fetch-json";
import { Button } from "./ui/button";
import { FormAlert } from "./ui/form-alert";
import { DateTime } from "./time-zone";

const ACTIVE_TONE = "bg-status-success-bg text-status-success";
const INACTIVE_TONE = "bg-status-failed-bg text-status-failed";

export function TeamTable({ members, me }: { members: MemberRow[]; me: string }) {
  return (
    <ul className="divide-y divide-line rounded-card border border-line bg-surface shadow-card">
      {members.map((m) => (
        <MemberItem key={m.id} member={m} isMe={m.id === me} />
      ))}
    </ul>
  );
}

function MemberItem({ member, isMe }: { member: MemberRow; isMe: boolean }) {
  const router = useRouter();
  const change = useMutation({
    mutationFn: (body: { role?: Role; active?: boolean }) =>
      fetchJson(`/api/team/${member.id}`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    onSuccess: () => router.refresh(),
  });
  const roleId = `role-${member.id}`;

  return (
    <li data-testid="member-row" data-email={member.email} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {member.name} {isMe ? <span className="text-xs text-ink-muted">(you)</span> : null}
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
          Role of {member.name}
        </label>
        <select
          id={roleId}
          value={member.role}
          disabled={change.isPending}
          onChange={(e) => change.mutate({ role: e.target.value as Role })}
          className="min-h-11 rounded-lg border border-line bg-surface px-3 text-sm"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        {isMe ? null : (
          <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate({ active: !member.active })}>
            {member.active ? "Deactivate" : "Reactivate"}
          </Button>
        )}
      </div>
      {change.isError ? (
        <div className="sm:basis-full">
          <FormAlert>{change.error.message}</FormAlert>
        </div>
      ) : null}
    </li>
  );
}
