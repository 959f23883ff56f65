// What the page's frame shows: the root layout (app/layout.tsx) the member's colour scheme, the
// business's time zone and the re-authentication window; the header (app/@header) the key's mode,
// the member, the business, whether they must still set up two-factor, the bell's count.
import "server-only";
import { currentBusiness } from "@/lib/business";
import { getDb } from "@/lib/db/client";
import { upstreamMode } from "@/lib/momo/config";
import { unreadCount } from "@/lib/notifications";
import type { Member } from "@/lib/access/types";
import { currentMember, mustStillEnrol, sessionPolicy, themeOfMember } from "@/lib/session";

export async function documentChrome() {
  return documentChromeOf(await currentMember());
}

/** The same for the member of a request read some other way (lib/layout/staff-page.ts). */
export async function documentChromeOf(member: Member | null) {
  const business = await currentBusiness();
  return {
    // The member's colour scheme, pinned on <html> (app/globals.css); none follows the device.
    theme: member ? themeOfMember(member) : ("system" as const),
    timeZone: business.timeZone,
    /** The re-authentication dialog's window (lib/session/fresh.ts). */
    proofMinutes: sessionPolicy().proofMs / 60_000,
  };
}

export async function headerChrome() {
  return headerChromeOf(await currentMember());
}

/** The same for the member of a request read some other way (lib/layout/staff-page.ts). */
export async function headerChromeOf(member: Member | null) {
  // Only the mode derived from the key reaches the page, never the key.
  const mode = upstreamMode();
  // The business's name, logo and time zone (the name and logo only for its members).
  const business = await currentBusiness();
  // A member who must still set up two-factor sees only Sign out (lib/two-factor/policy.ts).
  const enrolling = member ? await mustStillEnrol(member) : false;
  return {
    mode,
    member,
    business,
    enrolling,
    unread: member && !enrolling ? await unreadCount({ db: await getDb(), member }) : 0,
  };
}
