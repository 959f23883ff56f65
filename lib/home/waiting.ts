// The home page's "Waiting for you": for each thing a member's role lets them settle, how many
// wait now. Only what the role may act on is counted, and a count of 0 is not shown.
import "server-only";
import { and, count, countDistinct, eq, inArray, isNotNull, ne, not, sql } from "drizzle-orm";
import { can } from "@/lib/access";
import { mayApprove } from "@/lib/batches";
import type { Member } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { batches, charges, user, webhookEndpoints } from "@/lib/db/schema";
import { countOf } from "@/lib/format";
import { queueSize } from "@/lib/reconcile";
import { twoFactorRoles } from "@/lib/two-factor";
import type { WaitingItem } from "./types";

const one = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);

/**
 * Bulk batches this owner may approve: waiting, and not their own unless the business's rule lets
 * them approve what they prepared (maker-checker, lib/batches' mayApprove: a sole owner, by default).
 */
async function approvals(db: Db, member: Member): Promise<number> {
  const own = (await mayApprove(db, member, member.id)).ok;
  const waiting = eq(batches.status, "awaiting_approval");
  return one(
    db
      .select({ n: count() })
      .from(batches)
      .where(own ? waiting : and(waiting, ne(batches.createdBy, member.id))),
  );
}

/** Pay links with an attempt whose outcome is unknown. */
const payLinks = (db: Db) =>
  one(
    db
      .select({ n: countDistinct(charges.paymentRequestId) })
      .from(charges)
      .where(and(eq(charges.status, "unknown"), isNotNull(charges.paymentRequestId))),
  );

/** Endpoints the delivery switched off after failing (not those an owner switched off). */
const webhooks = (db: Db) => one(db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.disabledReason, "failing")));

/** Members whose role requires two-factor and who have not set it up. */
async function toEnrol(db: Db): Promise<number> {
  const roles = await twoFactorRoles(db);
  if (roles.length === 0) return 0;
  return one(
    db
      .select({ n: count() })
      .from(user)
      .where(
        and(inArray(user.role, roles), not(sql`coalesce(${user.twoFactorEnabled}, false)`), not(sql`coalesce(${user.banned}, false)`)),
      ),
  );
}

export async function waitingFor(db: Db, member: Member): Promise<WaitingItem[]> {
  const role = member.role;
  const [approve, queue, links, hooks, enrol] = await Promise.all([
    can(role, "batch:approve") ? approvals(db, member) : 0,
    can(role, "charge:reconcile") ? queueSize(db) : 0,
    can(role, "charge:reconcile") ? payLinks(db) : 0,
    can(role, "webhook:manage") ? webhooks(db) : 0,
    can(role, "team:manage") ? toEnrol(db) : 0,
  ]);
  const items: WaitingItem[] = [
    {
      key: "approvals",
      count: approve,
      label: `${countOf(approve, "bulk batch", "bulk batches")} to approve`,
      href: "/batches?status=awaiting_approval",
    },
    { key: "queue", count: queue, label: `${countOf(queue, "charge")} to reconcile`, href: "/reconcile" },
    {
      key: "payLinks",
      count: links,
      label: `${countOf(links, "pay link")} with an attempt whose outcome is unknown`,
      href: "/pay-links?attempt=unknown",
    },
    {
      key: "webhooks",
      count: hooks,
      label: `${countOf(hooks, "webhook endpoint")} switched off after failing`,
      href: "/settings/webhooks",
    },
    {
      key: "enrol",
      count: enrol,
      label: `${countOf(enrol, "member")} still to set up two-factor sign-in`,
      href: "/team#two-factor",
    },
  ];
  return items.filter((i) => i.count > 0);
}
