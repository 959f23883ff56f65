// The charge use cases wired to this process's database and configured upstream.
import "server-only";
import { inArray } from "drizzle-orm";
import { canSeeWholePhone, maskPhonesDeep } from "@/lib/team/phone-visibility";
import { can, isRole } from "@/lib/team/roles";
import type { Member, MemberRow } from "@/lib/team/types";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { user, type Charge } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { upstream } from "@/lib/momo/upstream";
import { createCharge } from "./create";
import { duplicateRefusal } from "./duplicate-guard";
import { PossibleDuplicateCharge } from "./errors";
import { countHistory, queryHistory } from "@/lib/history/queries";
import type { HistoryFilters } from "@/lib/history/filters";
import { getCharge, listEvents, listRecentCharges } from "./ledger";
import { checkByHand, resolveByHand } from "@/lib/reconcile/settle";
import type { Resolution } from "@/lib/reconcile/schema";
import type { ReversalInput } from "@/lib/reversals/schema";
import { reverseByHand } from "@/lib/reversals/reversals";
import { messageSource } from "./message-source";
import { countQueue, queryQueue } from "@/lib/reconcile/queue";
import type { QueueFilters } from "@/lib/reconcile/filters";
import { refreshCharge } from "./refresh";
import type { ChargeInput } from "./schema";
import { toChargeView, type ChargeView, type EventView } from "./view";
import { env } from "@/lib/env";

export async function submitCharge(
  input: ChargeInput,
  idempotencyKey: string,
  member: Member,
  opts: { confirmedDuplicate?: boolean; phoneHidden?: boolean } = {},
) {
  const db = await getDb();
  const { client, budget } = upstream(db);
  // The audit row ("charge_created", with the outcome) is written with the answer itself.
  const chargeAudit = { action: "charge_created" as const, actorId: member.id, actorEmail: member.email };
  const result = await createCharge(
    { db, upstream: client, budget, log: (e, d) => log("error", e, d), audit: chargeAudit },
    input,
    idempotencyKey,
    member.id,
    { phoneHidden: opts.phoneHidden, duplicateWindowMinutes: opts.confirmedDuplicate ? 0 : env().DUPLICATE_WINDOW_MINUTES },
  ).catch((error: unknown) => {
    throw error instanceof PossibleDuplicateCharge ? duplicateRefusal(error.earlier) : error;
  });
  const { charge, replayed } = result;
  log("info", replayed ? "charge_replayed" : "charge_created", {
    chargeId: charge.id,
    status: charge.status,
    code: charge.outcomeCode,
    member: member.id,
  });
  return { charge: (await viewsOf(db, [charge], member))[0], replayed };
}

export async function currentChargeView(id: string, viewer: Member): Promise<ChargeView | null> {
  const db = await getDb();
  const { client, budget } = upstream(db);
  const charge = await refreshCharge({ db, upstream: client, budget }, id);
  return charge ? (await viewsOf(db, [charge], viewer))[0] : null;
}

export async function recentChargeViews(viewer: Member, limit = 50): Promise<ChargeView[]> {
  const db = await getDb();
  return viewsOf(db, await listRecentCharges(db, limit), viewer);
}

/** One page of the history, as the browser sees it, and how many charges match in all. */
/**
 * `team`: the team's list when the page reads it anyway (the history's "made by" filter): the
 * rows' makers are found there rather than by a query of their own.
 */
export async function historyPage(
  filters: HistoryFilters,
  page: { after?: string; before?: string },
  viewer: Member,
  team?: Promise<Pick<MemberRow, "id" | "name" | "email" | "role">[]>,
) {
  const db = await getDb();
  const [{ rows, older, newer }, total] = await Promise.all([queryHistory(db, filters, page), countHistory(db, filters)]);
  return { charges: await viewsOf(db, rows, viewer, await team), older, newer, total };
}

/** Ledger rows as `viewer` may see them (lib/team/phone-visibility.ts), each with the member who made it. */
async function viewsOf(
  db: Db,
  charges: Charge[],
  viewer: Member,
  team: Pick<MemberRow, "id" | "name" | "email" | "role">[] = [],
): Promise<ChargeView[]> {
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

export async function checkChargeByHand(id: string, member: Member) {
  const db = await getDb();
  const { client, budget } = upstream(db);
  const { charge } = await checkByHand({ db, upstream: client, budget }, id, member);
  return charge ? (await viewsOf(db, [charge], member))[0] : null;
}

export async function resolveChargeByHand(id: string, member: Member, resolution: Resolution) {
  const db = await getDb();
  return (await viewsOf(db, [await resolveByHand(db, id, member, resolution)], member))[0];
}

/** Records money given back on a successful charge (never an upstream call); the charge as it now is. */
export async function reverseCharge(id: string, member: Member, input: ReversalInput) {
  const db = await getDb();
  await reverseByHand(db, id, member, input);
  const charge = await getCharge(db, id);
  return charge ? (await viewsOf(db, [charge], member))[0] : null;
}

/** One page of the reconciliation queue, its counts, and the threshold that defines "pending too long". */
export async function reconcileQueue(filters: QueueFilters, page: { after?: string; before?: string }, viewer: Member) {
  const db = await getDb();
  const minutes = reconcilePendingMinutes();
  const [{ rows, next, prev }, counts] = await Promise.all([
    queryQueue(db, minutes * 60_000, filters, page),
    countQueue(db, minutes * 60_000, filters),
  ]);
  return { charges: await viewsOf(db, rows, viewer), next, prev, ...counts };
}

/** Whether a charge with this id is in the ledger: a plain read, no upstream lookup. */
export async function chargeExists(id: string): Promise<boolean> {
  return !!(await getCharge(await getDb(), id));
}

/**
 * A charge's events, oldest first, with who did them: raw upstream bodies only for roles allowed
 * to read them, and every number in them masked for a member who may not see the charge's whole.
 */
export async function chargeTimeline(id: string, viewer: Member): Promise<EventView[]> {
  const db = await getDb();
  const [charge, events] = await Promise.all([getCharge(db, id), listEvents(db, id)]);
  const whole = !!charge && canSeeWholePhone(viewer, charge);
  const shown = (v: unknown) => (whole ? v : maskPhonesDeep(v, charge?.phoneNumber));
  const withRawBodies = can(viewer.role, "charge:raw");
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

/** After how many minutes a pending charge joins the reconciliation queue (RECONCILE_PENDING_MINUTES). */
export function reconcilePendingMinutes(): number {
  return env().RECONCILE_PENDING_MINUTES;
}
