// The home page's "Recent": the last charges of every source, and the last attempts to pay a pay
// link, each as the member may see it (the number masked as their role requires, lib/access).
import "server-only";
import { desc, isNotNull } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import { asSeenBy } from "@/lib/history";
import { charges } from "@/lib/db/schema";

export const RECENT_ROWS = 5;

export async function recentCharges(ctx: Asker) {
  const { db } = ctx;
  const [last, fromLinks] = await Promise.all([
    db.select().from(charges).orderBy(desc(charges.createdAt), desc(charges.id)).limit(RECENT_ROWS),
    db
      .select()
      .from(charges)
      .where(isNotNull(charges.paymentRequestId))
      .orderBy(desc(charges.createdAt), desc(charges.id))
      .limit(RECENT_ROWS),
  ]);
  const { charges: views, customers } = await asSeenBy(ctx, [...last, ...fromLinks]);
  return { charges: views.slice(0, last.length), payments: views.slice(last.length), customers };
}
