// Rows for the tables tests fill by hand, the columns no assertion rests on filled in: a test
// names only what it is about (a status, a time, an amount), and a column added later is added
// here once.
import { randomBytes } from "node:crypto";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/open";
import { charges, paymentRequests, type user, type Charge, type NewCharge } from "@/lib/db/schema";
import type { Member } from "@/lib/access/types";
import { newKey } from "./charge";

/** A ledger row: 1.00 GHS to an MTN number, `submitting` (the column's default) unless `over` says otherwise. */
export function chargeRow(over: Partial<NewCharge> = {}): NewCharge {
  return {
    idempotencyKey: newKey(),
    requestHash: "h",
    amountMinor: 100,
    currency: "GHS",
    phoneNumber: "0241234567",
    provider: "mtn",
    ...over,
  };
}

/** What addCharge may set: any column, as a value or as SQL (a time the database works out). */
export type ChargeOver = Partial<PgInsertValue<typeof charges>>;

/** chargeRow written as it is, with no event (plantCharge adds the `created` one), and read back. */
export async function addCharge(db: Db, over: ChargeOver = {}): Promise<Charge> {
  const [charge] = await db
    .insert(charges)
    .values({ ...chargeRow(), ...over })
    .returning();
  return charge;
}

/** A member's row in Better Auth's user table, as the team screens made it. */
export function memberRow(m: Member, over: Partial<typeof user.$inferInsert> = {}): typeof user.$inferInsert {
  return { id: m.id, name: m.name, email: m.email, role: m.role, ...over };
}

type NewPaymentRequest = typeof paymentRequests.$inferInsert;

/** An open pay link for 5.00 GHS, a day from expiring, with a token of its own. */
export async function addPaymentRequest(db: Db, over: Partial<NewPaymentRequest> & Pick<NewPaymentRequest, "createdBy">) {
  const [link] = await db
    .insert(paymentRequests)
    .values({
      token: randomBytes(18).toString("base64url"),
      amountMinor: 500,
      currency: "GHS",
      description: "a pay link",
      expiresAt: new Date(Date.now() + 86_400_000),
      ...over,
    })
    .returning();
  return link;
}
