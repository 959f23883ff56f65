// The team page's view (pages/team/index.tsx; its controls are an island,
// components/team/team.island.tsx): the members, the open invites and who signs in with two-factor.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { emailOn } from "@/lib/email";
import { twoFactorRoles, twoFactorStates } from "@/lib/two-factor";
import { INVITE_HOURS, listOpenInvites } from "./invites";
import { listMembers } from "./members";
import type { TeamView } from "./types";

export async function teamView({ db, member }: Asker): Promise<TeamView> {
  const [members, invites, required, twoFactor] = await Promise.all([
    listMembers(db),
    listOpenInvites(db),
    twoFactorRoles(db),
    twoFactorStates(db),
  ]);
  return { me: member.id, members, invites, emailOn: emailOn(), inviteHours: INVITE_HOURS, required, twoFactor };
}
