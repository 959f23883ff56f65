// Your profile's view (pages/profile/index.tsx; its forms are an island,
// components/session/profile.island.tsx): who you are, your sessions, two-factor, which
// notifications come by email, and your colour scheme.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { emailOn } from "@/lib/email";
import { env } from "@/lib/env";
import { emailChoicesOf } from "@/lib/notifications";
import { twoFactorOn, twoFactorRoles } from "@/lib/two-factor";
import { sessionOf, themeOfMember } from "./guards";
import { sessionPolicy } from "./policy";
import { listSessions } from "./sessions";
import type { ProfileView } from "./types";

/** "30 minutes", "90 seconds": the idle timeout as configured. */
function idleText(ms: number): string {
  const minutes = ms / 60_000;
  return Number.isInteger(minutes) ? `${minutes} ${minutes === 1 ? "minute" : "minutes"}` : `${Math.round(ms / 1000)} seconds`;
}

export async function profileView(asker: Asker): Promise<ProfileView> {
  const { db, member: me } = asker;
  const current = sessionOf(asker.caller.headers);
  const [enabled, required, sessions, choices] = await Promise.all([
    twoFactorOn(db, me.id),
    twoFactorRoles(db),
    listSessions(asker, current.id),
    emailChoicesOf(asker),
  ]);
  return {
    me: { name: me.name, email: me.email, role: me.role },
    idle: idleText(sessionPolicy().idleMs),
    sessions,
    twoFactor: { enabled, required: required.includes(me.role) },
    email: { choices, on: emailOn(), digestHour: env().DIGEST_HOUR },
    theme: themeOfMember(me),
  };
}
