// The charge use cases wired to this process's database and configured upstream.
import "server-only";
import { inArray } from "drizzle-orm";
import { audit } from "@/lib/auth/audit";
import type { Member } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/open";
import { user, type Charge } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { momo } from "@/lib/momo/client";
import { createCharge } from "./create-charge";
import { listRecentCharges } from "./ledger";
import { refreshCharge } from "./refresh-charge";
import type { ChargeInput } from "./schema";
import { toChargeView, type ChargeView } from "./view";

export async function submitCharge(input: ChargeInput, idempotencyKey: string, member: Member) {
  const db = await getDb();
  const result = await createCharge({ db, upstream: momo(), log: (e, d) => log("error", e, d) }, input, idempotencyKey, member.id);
  const { charge, replayed } = result;
  log("info", replayed ? "charge_replayed" : "charge_created", { chargeId: charge.id, status: charge.status, code: charge.outcomeCode, member: member.id });
  if (!replayed) {
    await audit(db, {
      action: "charge_created",
      actor: member,
      targetId: charge.id,
      detail: { amountMinor: charge.amountMinor, currency: charge.currency, status: charge.status, reference: charge.reference },
    });
  }
  return { charge: (await viewsOf(db, [charge]))[0], replayed };
}

export async function currentChargeView(id: string): Promise<ChargeView | null> {
  const db = await getDb();
  const charge = await refreshCharge({ db, upstream: momo() }, id);
  return charge ? (await viewsOf(db, [charge]))[0] : null;
}

export async function recentChargeViews(limit = 50): Promise<ChargeView[]> {
  const db = await getDb();
  return viewsOf(db, await listRecentCharges(db, limit));
}

/** Ledger rows as the browser sees them, each with the member who made it. */
async function viewsOf(db: Db, charges: Charge[]): Promise<ChargeView[]> {
  const ids = [...new Set(charges.map((c) => c.createdBy).filter((id): id is string => !!id))];
  const members = ids.length ? await db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, ids)) : [];
  const byId = new Map(members.map((m) => [m.id, m]));
  return charges.map((c) => toChargeView(c, c.createdBy ? (byId.get(c.createdBy) ?? null) : null));
}
