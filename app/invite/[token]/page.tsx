import type { Metadata } from "next";
import { TextLink } from "@/components/ui/link";
import { AcceptInviteForm } from "@/components/team/accept-invite-form";
import { Card, PageTitle } from "@/components/ui/card";
import { findInvite, INVITE_HOURS, type InviteState } from "@/lib/team/invites";
import { ROLE_LABELS } from "@/lib/access/roles";
import { currentBusiness } from "@/lib/business/current";
import { publicPage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "Join the team" };

const GONE: Record<Exclude<InviteState, "open">, { title: string; text: string }> = {
  unknown: {
    title: "This invite link is not valid",
    text: "Check that you copied the whole link. If it still does not work, ask an owner of your team for a new one.",
  },
  used: {
    title: "This invite has already been used",
    text: "Each invite works once. If you accepted it, sign in with the password you chose.",
  },
  expired: {
    title: "This invite has expired",
    text: `Invite links work for ${INVITE_HOURS} hours. Ask an owner of your team for a new one.`,
  },
  revoked: { title: "This invite was withdrawn", text: "Ask an owner of your team if you should have access." },
};

// Opened by someone who is not a member yet: no session needed, the link is the proof.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { state, invite } = await findInvite((await publicPage()).db, token);
  if (!invite) {
    const gone = GONE[state as keyof typeof GONE];
    return (
      <div className="mx-auto max-w-sm">
        <PageTitle description={gone.text}>{gone.title}</PageTitle>
        <TextLink href="/sign-in">Go to sign-in</TextLink>
      </div>
    );
  }
  const business = (await currentBusiness()).name || "Momo Dashboard";
  return (
    <div className="mx-auto max-w-sm">
      <PageTitle description={`You are invited to ${business} as ${ROLE_LABELS[invite.role]}. Choose your password to join.`}>
        Join the team
      </PageTitle>
      <Card>
        <AcceptInviteForm token={token} name={invite.name} email={invite.email} />
      </Card>
    </div>
  );
}
