// The home page's "Recent": the last charges of every source, and the last attempts to pay a pay
// link, each as the member may see it (the number masked as their role requires, lib/access).
import "server-only";
import { desc, isNotNull } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import { viewsOf } from "@/lib/charges";
import { customersByPhone } from "@/lib/customers";
import { charges } from "@/lib/db/schema";

export const RECENT_ROWS = 5;

export async function recentCharges({ db, member }: Asker) {
  const [last, fromLinks] = await Promise.all([
    db.select().from(charges).orderBy(desc(charges.createdAt), desc(charges.id)).limit(RECENT_ROWS),
    db
      .select()
      .from(charges)
      .where(isNotNull(charges.paymentRequestId))
      .orderBy(desc(charges.createdAt), desc(charges.id))
      .limit(RECENT_ROWS),
  ]);
  const rows = [...last, ...fromLinks];
  // Looked up by the stored number, so a member who sees it masked still sees whose it is.
  const [views, byPhone] = await Promise.all([
    viewsOf(db, rows, member),
    customersByPhone(
      db,
      rows.map((r) => r.phoneNumber),
    ),
  ]);
  const customers: Record<string, { id: string; name: string }> = {};
  for (const r of rows) {
    const c = byPhone.get(r.phoneNumber);
    if (c) customers[r.id] = c;
  }
  return { charges: views.slice(0, last.length), payments: views.slice(last.length), customers };
}
