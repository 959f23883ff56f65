// The customers directory as the member asking may see it: a number
// whole only for a member who may see it (the charges' rule, lib/access/phone-visibility.ts, with
// the member who added the customer in place of the one who made the charge). Audited without
// a name, number or note.
import "server-only";
import * as z from "zod";
import "@/lib/zod";
import { audit } from "@/lib/audit";
import { canSeeWholePhone, phoneFor, can } from "@/lib/access";
import type { Asker, Member } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { AppError } from "@/lib/errors";
import { charges, type Customer } from "@/lib/db/schema";
import { desc, eq } from "drizzle-orm";
import { isPlainLine } from "@/lib/text";
import { decodeCustomerCursor, encodeCustomerCursor } from "./cursor";
import { CUSTOMERS_PAGE, createCustomer, customerByPhone, customerTotals, getCustomer, listCustomers, updateCustomer } from "./queries";
import type { CustomerInput } from "./schema";
import type { CustomerView } from "./view";

export function toCustomerView(c: Customer, viewer: Member): CustomerView {
  return {
    id: c.id,
    name: c.name,
    phoneNumber: phoneFor(viewer, c),
    phoneMasked: !canSeeWholePhone(viewer, c),
    provider: c.provider,
    reference: c.reference,
    email: canSeeWholePhone(viewer, c) ? c.email : null,
    hasEmail: !!c.email,
    note: c.note,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function addCustomer({ db, member }: Asker, input: CustomerInput): Promise<CustomerView> {
  const c = await createCustomer(db, input, member.id);
  await audit(db, { action: "customer_created", actor: member, targetId: c.id });
  return toCustomerView(c, member);
}

export async function editCustomer({ db, member }: Asker, id: string, input: CustomerInput): Promise<CustomerView | null> {
  const before = await getCustomer(db, id);
  if (!before) return null;
  // Changing a number one may not read would reveal it: as on the edit page, refused.
  if (!canSeeWholePhone(member, before)) throw new AppError("forbidden", "Only an owner, or who added this customer, can change them.");
  const c = await updateCustomer(db, id, input);
  if (c) await audit(db, { action: "customer_updated", actor: member, targetId: c.id });
  return c ? toCustomerView(c, member) : null;
}

/** A page of the directory for `viewer`; a number's start finds only numbers they see whole. */
export async function directoryPage(
  { db, member: viewer }: Asker,
  q: string | undefined,
  after: { name: string; id: string } | undefined,
  limit = CUSTOMERS_PAGE,
) {
  const prefixScope = can(viewer.role, "charge:phone") ? ({ all: true } as const) : { addedBy: viewer.id };
  const { customers, next } = await listCustomers(db, { q, after, prefixScope }, limit);
  return { customers: customers.map((c) => toCustomerView(c, viewer)), next };
}

/** A customer for `viewer`, their totals by status, and (server-side only) their whole number. */
export async function customerDetail({ db, member: viewer }: Asker, id: string) {
  const c = await getCustomer(db, id);
  if (!c) return null;
  return { customer: toCustomerView(c, viewer), totals: await customerTotals(db, c.phoneNumber), phoneNumber: c.phoneNumber };
}

/** "Charge again": who, their number as `viewer` may see it, and their last charge's amount and words. */
export async function chargeAgainOf({ db, member: viewer }: Asker, id: string) {
  const c = await getCustomer(db, id);
  if (!c) return null;
  const [last] = await db
    .select({ amountMinor: charges.amountMinor, currency: charges.currency, description: charges.description })
    .from(charges)
    .where(eq(charges.phoneNumber, c.phoneNumber))
    .orderBy(desc(charges.createdAt))
    .limit(1);
  return { customer: toCustomerView(c, viewer), last: last ?? null };
}

/** The directory's customer a charge was made to, if any (by its stored number), for its page. */
export async function customerOfCharge(db: Db, chargeId: string) {
  const [charge] = await db.select({ phoneNumber: charges.phoneNumber }).from(charges).where(eq(charges.id, chargeId));
  const c = charge ? await customerByPhone(db, charge.phoneNumber) : null;
  return c ? { id: c.id, name: c.name } : null;
}

/** GET /api/customers?q=&after=&limit=: a page of the directory and the cursor of the next one. */
const SEARCH_REFUSED = "Search for at most 100 plain characters";
const LIMIT_REFUSED = `Ask for 1 to ${CUSTOMERS_PAGE} customers`;

/** GET /api/customers's query: a search, how many (1–25, 25 by default), and the page after a position. */
export const directoryQuery = z.object({
  q: z.string().max(100, SEARCH_REFUSED).refine(isPlainLine, SEARCH_REFUSED).optional(),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, LIMIT_REFUSED)
    .transform(Number)
    .refine((n) => n >= 1 && n <= CUSTOMERS_PAGE, LIMIT_REFUSED)
    .optional(),
  after: z.string().optional(),
});

export async function directoryAnswer(ctx: Asker, query: z.infer<typeof directoryQuery>) {
  const { customers, next } = await directoryPage(ctx, query.q, decodeCustomerCursor(query.after ?? null), query.limit ?? CUSTOMERS_PAGE);
  return { customers, next: next ? encodeCustomerCursor(next) : null };
}
