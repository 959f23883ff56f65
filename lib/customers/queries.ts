// The customers directory's queries: each takes `db` first. A number (and a reference) belongs
// to one customer: the unique indexes decide, so two members adding one customer at once make
// one row and one 409 naming the field.
import { and, asc, eq, gt, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { likeLiteral } from "@/lib/text";
import type { Db, DbOrTx } from "@/lib/db/open";
import { isUniqueViolation } from "@/lib/db/errors";
import { charges, customers, type Charge, type Customer } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { LOCAL_NUMBER, normalizePhone, numberStart } from "@/lib/market/networks";
import type { CustomerInput } from "./schema";

export const CUSTOMERS_PAGE = 25;

const values = (input: CustomerInput) => ({
  name: input.name,
  phoneNumber: input.phoneNumber,
  provider: input.provider,
  reference: input.reference || null,
  email: input.email || null,
  note: input.note,
});

/** The field a unique index refused, as a 409 naming it and the customer who has it. */
async function conflict(db: Db, input: CustomerInput, except?: string): Promise<AppError> {
  const [byPhone] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phoneNumber, input.phoneNumber));
  if (byPhone && byPhone.id !== except) {
    const message = "This number is already in the directory";
    return new AppError("customer_exists", `${message}.`, { fields: { phoneNumber: message, customerId: byPhone.id } });
  }
  const message = "Another customer has this reference";
  return new AppError("customer_exists", `${message}.`, { fields: { reference: message } });
}

export async function createCustomer(db: Db, input: CustomerInput, actor: string): Promise<Customer> {
  const [row] = await db
    .insert(customers)
    .values({ ...values(input), createdBy: actor })
    .onConflictDoNothing()
    .returning();
  if (!row) throw await conflict(db, input);
  return row;
}

export async function updateCustomer(db: Db, id: string, input: CustomerInput): Promise<Customer | null> {
  try {
    const [row] = await db
      .update(customers)
      .set({ ...values(input), updatedAt: sql`now()` })
      .where(eq(customers.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) throw await conflict(db, input, id);
    throw error;
  }
}

export async function getCustomer(db: Db, id: string): Promise<Customer | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ?? null;
}

export async function customerByPhone(db: Db, phoneNumber: string): Promise<Customer | null> {
  const [row] = await db.select().from(customers).where(eq(customers.phoneNumber, phoneNumber));
  return row ?? null;
}

/** The directory's customers behind these numbers, in one query, by number. */
export async function customersByPhone(db: Db, phoneNumbers: string[]): Promise<Map<string, { id: string; name: string }>> {
  const wanted = [...new Set(phoneNumbers)];
  const rows = wanted.length
    ? await db
        .select({ id: customers.id, name: customers.name, phoneNumber: customers.phoneNumber })
        .from(customers)
        .where(inArray(customers.phoneNumber, wanted))
    : [];
  return new Map(rows.map((c) => [c.phoneNumber, { id: c.id, name: c.name }]));
}

/** Whose numbers a search may match by their start: every one's, or those the member added. */
export type NumberPrefixScope = { all: true } | { addedBy: string };

/**
 * One page of the directory, by name. `q` finds a name containing it, a reference starting with
 * it (either in any case), or a whole number (typed in any common form). A number's start (three digits or more)
 * matches only numbers `prefixScope` may see whole, so a member who sees numbers masked cannot
 * read them out digit by digit.
 */
export async function listCustomers(
  db: Db,
  opts: { q?: string; after?: { name: string; id: string }; prefixScope?: NumberPrefixScope },
  limit = CUSTOMERS_PAGE,
) {
  const where: SQL[] = [];
  const q = opts.q?.trim();
  if (q) {
    const phone = normalizePhone(q);
    const escaped = likeLiteral(q);
    // A reference's start in any case, as a pay link's: "cust-77" finds CUST-77.
    const found = [ilike(customers.name, `%${escaped}%`), ilike(customers.reference, `${escaped}%`)];
    if (LOCAL_NUMBER.test(phone)) found.push(eq(customers.phoneNumber, phone));
    const start = numberStart(q);
    const scope = opts.prefixScope;
    if (start && scope) {
      const starts = sql`${customers.phoneNumber} like ${`${start}%`}`;
      found.push("all" in scope ? starts : (and(starts, eq(customers.createdBy, scope.addedBy)) as SQL));
    }
    where.push(or(...found) as SQL);
  }
  if (opts.after) {
    where.push(or(gt(customers.name, opts.after.name), and(eq(customers.name, opts.after.name), gt(customers.id, opts.after.id))) as SQL);
  }
  const rows = await db
    .select()
    .from(customers)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(limit + 1);
  const last = rows.length > limit ? rows[limit - 1] : null;
  return { customers: rows.slice(0, limit), next: last ? { name: last.name, id: last.id } : null };
}

export type StatusTotal = { status: Charge["status"]; currency: string; count: number; minor: number };

/** How many of a customer's charges ended in each status, and their sum per currency. */
export async function customerTotals(db: Db, phoneNumber: string): Promise<StatusTotal[]> {
  return db
    .select({
      status: charges.status,
      currency: charges.currency,
      count: sql<number>`count(*)`.mapWith(Number),
      minor: sql<number>`sum(${charges.amountMinor})`.mapWith(Number),
    })
    .from(charges)
    .where(eq(charges.phoneNumber, phoneNumber))
    .groupBy(charges.status, charges.currency)
    .orderBy(charges.status, charges.currency);
}

/** How many rows one INSERT of an import carries (7 parameters each, under PostgreSQL's 65,535). */
const IMPORT_CHUNK = 1_000;

/**
 * Many customers at once, in one transaction: a number or reference already in the directory
 * (or added by someone else meanwhile) is left as it is, never overwritten — `ON CONFLICT DO
 * NOTHING` on both unique indexes decides, so two imports of one file at once add each customer
 * once. Rows go in by number, so concurrent imports take the index's locks in one order.
 * Returns the numbers that were added.
 */
export async function insertCustomers(db: Db, rows: CustomerInput[], actor: string, within?: (tx: DbOrTx, added: number) => Promise<void>) {
  const sorted = [...rows].sort((a, b) => (a.phoneNumber < b.phoneNumber ? -1 : a.phoneNumber > b.phoneNumber ? 1 : 0));
  return db.transaction(async (tx) => {
    const added = new Set<string>();
    for (let i = 0; i < sorted.length; i += IMPORT_CHUNK) {
      const chunk = sorted.slice(i, i + IMPORT_CHUNK).map((r) => ({ ...values(r), createdBy: actor }));
      const inserted = await tx.insert(customers).values(chunk).onConflictDoNothing().returning({ phoneNumber: customers.phoneNumber });
      for (const r of inserted) added.add(r.phoneNumber);
    }
    await within?.(tx, added.size);
    return added;
  });
}
