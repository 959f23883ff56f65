// What the root layout shows around every page (app/layout.tsx): the key's mode, the member and
// their colour scheme, the business, whether they must still set up two-factor, the bell's count.
import "server-only";
import { currentBusiness } from "@/lib/business";
import { getDb } from "@/lib/db/client";
import { upstreamMode } from "@/lib/momo/config";
import { unreadCount } from "@/lib/notifications";
import { currentMember, mustStillEnrol, sessionPolicy, themeOfMember } from "@/lib/session";

export async function pageChrome() {
  // Only the mode derived from the key reaches the page, never the key.
  const mode = upstreamMode();
  const member = await currentMember();
  // The business's name, logo and time zone (the name and logo only for its members).
  const business = await currentBusiness();
  // A member who must still set up two-factor sees only Sign out (lib/two-factor/policy.ts).
  const enrolling = member ? await mustStillEnrol(member) : false;
  return {
    mode,
    member,
    // The member's colour scheme, pinned on <html> (app/globals.css); none follows the device.
    theme: member ? themeOfMember(member) : ("system" as const),
    business,
    enrolling,
    unread: member && !enrolling ? await unreadCount({ db: await getDb(), member }) : 0,
    /** The re-authentication dialog's window (lib/session/fresh.ts). */
    proofMinutes: sessionPolicy().proofMs / 60_000,
  };
}
