// Charges as the member asking may see them (lib/access/phone-visibility.ts): the ledger's rows
// turned into views, each with the member who made it, and a charge's timeline.
import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { user, type Charge } from "@/lib/db/schema";
import { canSeeWholePhone, maskPhonesDeep, can, isRole } from "@/lib/access";
import type { Asker, Member } from "@/lib/access/types";
import type { MemberRow } from "@/lib/team/types";
import { getCharge, listEvents, listRecentCharges } from "./ledger";
import { messageSource } from "./message-source";
import { refreshCharge } from "./refresh";
import { toChargeView, type ChargeView, type EventView } from "./view";

type TeamRow = Pick<MemberRow, "id" | "name" | "email" | "role">;

/** A charge as `member` may see it; a pending one is first brought up to date upstream (lib/charges/refresh.ts). */
export async function currentChargeView({ db, member, upstream }: Asker, id: string): Promise<ChargeView | null> {
  const { client, budget } = upstream();
  const charge = await refreshCharge({ db, upstream: client, budget }, id);
  return charge ? (await viewsOf(db, [charge], member))[0] : null;
}

export async function recentChargeViews({ db, member }: Asker, limit = 50): Promise<ChargeView[]> {
  return viewsOf(db, await listRecentCharges(db, limit), member);
}

/** Whether a charge with this id is in the ledger: a plain read, no upstream lookup. */
export async function chargeExists(db: Db, id: string): Promise<boolean> {
  return !!(await getCharge(db, id));
}

/**
 * Ledger rows as `viewer` may see them, each with the member who made it. `team`: the team's list
 * when the page reads it anyway (the history's "made by" filter), so makers are found there.
 */
export async function viewsOf(db: Db, charges: Charge[], viewer: Member, team: TeamRow[] = []): Promise<ChargeView[]> {
  const known = new Map(team.map((m) => [m.id, m]));
  // The member asking is often the one who made them: no need to look them up.
  const byId = await membersById(
    db,
    charges.map((c) => (c.createdBy === viewer.id || (c.createdBy && known.has(c.createdBy)) ? null : c.createdBy)),
  );
  for (const m of team) byId.set(m.id, m);
  byId.set(viewer.id, { id: viewer.id, name: viewer.name, email: viewer.email, role: viewer.role });
  return charges.map((c) => {
    const m = c.createdBy ? byId.get(c.createdBy) : undefined;
    return toChargeView(c, m ? { id: m.id, name: m.name, email: m.email } : null, messageSource(c), viewer);
  });
}

/** One charge as `viewer` may see it, read again from the ledger (after a change). */
export async function viewOfCharge(db: Db, id: string, viewer: Member): Promise<ChargeView | null> {
  const charge = await getCharge(db, id);
  return charge ? (await viewsOf(db, [charge], viewer))[0] : null;
}

/**
 * A charge's events, oldest first, with who did them: raw upstream bodies only for roles allowed
 * to read them, and every number in them masked for a member who may not see the charge's whole.
 */
export async function chargeTimeline({ db, member }: Asker, id: string): Promise<EventView[]> {
  const [charge, events] = await Promise.all([getCharge(db, id), listEvents(db, id)]);
  const whole = !!charge && canSeeWholePhone(member, charge);
  const shown = (v: unknown) => (whole ? v : maskPhonesDeep(v, charge?.phoneNumber));
  const withRawBodies = can(member.role, "charge:raw");
  const byId = await membersById(
    db,
    events.map((e) => e.actor),
  );
  return events.map((e) => {
    const { rawBody, ...detail } = (e.detail ?? {}) as Record<string, unknown>;
    return {
      id: e.id,
      type: e.type,
      status: e.status,
      at: e.createdAt.toISOString(),
      actor: e.actor ? (byId.get(e.actor) ?? { id: e.actor, name: "Former member", email: "", role: null }) : null,
      detail: shown(detail) as Record<string, unknown>,
      rawBody: withRawBodies && typeof rawBody === "string" ? (shown(rawBody) as string) : null,
    };
  });
}

/** Names, emails and roles of the members behind these ids, in one query. */
async function membersById(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const rows = wanted.length
    ? await db.select({ id: user.id, name: user.name, email: user.email, role: user.role }).from(user).where(inArray(user.id, wanted))
    : [];
  return new Map(rows.map((m) => [m.id, { ...m, role: isRole(m.role) ? m.role : null }]));
}
