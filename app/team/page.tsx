import type { Metadata } from "next";
import { InviteForm } from "@/components/team/invite-form";
import { InviteList } from "@/components/team/invite-list";
import { TwoFactorMembers } from "@/components/team/two-factor-members";
import { TwoFactorPolicyForm } from "@/components/team/two-factor-policy-form";
import { TeamTable } from "@/components/team/team-table";
import { Card, PageTitle } from "@/components/ui/card";
import { emailOn } from "@/lib/email/mailer";
import { requirePage } from "@/lib/session/guards";
import { INVITE_HOURS, listOpenInvites } from "@/lib/team/invites";
import { listMembers } from "@/lib/team/members";
import { twoFactorRoles, twoFactorStates } from "@/lib/two-factor/policy";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const { member: me, db } = await requirePage("team:manage", "/team");
  const mail = emailOn();
  const [members, invites, required, states] = await Promise.all([
    listMembers(db),
    listOpenInvites(db),
    twoFactorRoles(db),
    twoFactorStates(db),
  ]);
  return (
    <div className="space-y-8">
      <div>
        <PageTitle
          description={
            "Owners manage the team and see the account; staff make charges; support reviews them. " +
            "Deactivating a member signs them out at once."
          }
        >
          Team
        </PageTitle>
        <TeamTable members={members} me={me.id} />
      </div>
      <Card>
        <h2 className="text-lg font-semibold">Invite a member</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">
          {mail ? "We email them a link" : "You get a link to send them"}; they choose their own password. Each link works once, for{" "}
          {INVITE_HOURS} hours.
        </p>
        <InviteForm emailOn={mail} />
        <h3 className="mt-6 mb-3 font-semibold">Open invites</h3>
        <InviteList invites={invites} />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">
          Members of a required role set up an authenticator app at their next sign-in and can do nothing else until they have.
        </p>
        <TwoFactorPolicyForm initial={required} />
        <h3 className="mt-6 mb-2 font-semibold">Members</h3>
        <TwoFactorMembers members={states} me={me.id} />
      </Card>
    </div>
  );
}
