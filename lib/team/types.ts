// The shapes of members that pages and components show: types only, safe for the browser.
import type { Role } from "@/lib/access";

/** A member as the team page and the history's member filter list them. */
export type MemberRow = { id: string; name: string; email: string; role: Role; active: boolean; createdAt: string };

/** An invitation nobody has used yet, as the team page lists it. */
export type InviteRow = { id: string; name: string; email: string; role: Role; createdAt: string; expiresAt: string };
