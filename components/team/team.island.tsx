// The team page's island (pages/team/index.tsx; docs/decisions/forms-as-islands.md): the members
// and their controls, the invite form and its list, and the two-factor policy — what the browser
// hydrates of the page, as one root (a page has one island). scripts/islands.mjs builds it for the
// browser and for the server.
import { Card } from "@/components/ui/card";
import { defineIsland } from "@/components/ui/island";
import type { TeamView } from "@/lib/team/types";
import { InviteForm } from "./invite-form";
import { InviteList } from "./invite-list";
import { TeamTable } from "./team-table";
import { TwoFactorMembers } from "./two-factor-members";
import { TwoFactorPolicyForm } from "./two-factor-policy-form";

function Team({ me, members, invites, emailOn, inviteHours, required, twoFactor }: TeamView) {
  return (
    <div className="space-y-8">
      <TeamTable members={members} me={me} />
      <Card>
        <h2 className="text-lg font-semibold">Invite a member</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">
          {emailOn ? "We email them a link" : "You get a link to send them"}; they choose their own password. Each link works once, for{" "}
          {inviteHours} hours.
        </p>
        <InviteForm emailOn={emailOn} />
        <h3 className="mt-6 mb-3 font-semibold">Open invites</h3>
        <InviteList invites={invites} />
      </Card>
      <Card>
        {/* The home page's "still to set up two-factor" leads here (/team#two-factor). */}
        <h2 id="two-factor" className="scroll-mt-4 text-lg font-semibold">
          Two-factor sign-in
        </h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">
          Members of a required role set up an authenticator app at their next sign-in and can do nothing else until they have.
        </p>
        <TwoFactorPolicyForm initial={required} />
        <h3 className="mt-6 mb-2 font-semibold">Members</h3>
        <TwoFactorMembers members={twoFactor} me={me} />
      </Card>
    </div>
  );
}

export default defineIsland("team", Team);
