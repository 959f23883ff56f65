// The shapes of members that pages and components show: types only, safe for the browser.
import type { Role } from "@/lib/access";

/** A member as the team page and the history's member filter list them. */
export type MemberRow = { id: string; name: string; email: string; role: Role; active: boolean; createdAt: string };

/** An invitation nobody has used yet, as the team page lists it. */
export type InviteRow = { id: string; name: string; email: string; role: Role; createdAt: string; expiresAt: string };

/** A member's two-factor state, as the team page lists it (never the secret: only whether it is on). */
export type TwoFactorState = { id: string; name: string; email: string; role: string | null; enabled: boolean };

/** The team page (pages/team/index.tsx): its members, open invites and two-factor policy. */
export type TeamView = {
  /** The owner looking, whose own row has no deactivate. */
  me: string;
  members: MemberRow[];
  invites: InviteRow[];
  /** The dashboard sends email: the invitee gets the link by email too. */
  emailOn: boolean;
  inviteHours: number;
  /** The roles that must sign in with two-factor. */
  required: Role[];
  twoFactor: TwoFactorState[];
};
