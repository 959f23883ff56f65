// Charges through the merchant's API: one, and pages of them filtered by status, time, pay link
// and the network's reference. Each is the charge webhooks deliver, its number always masked (an
// API key is a machine's: it never sees a customer's whole number).
import "server-only";
import { and, eq, gte, lt, type SQL } from "drizzle-orm";
import { pageOf, pastCursor, readCursor } from "@/lib/cursor";
import type { Db } from "@/lib/db/open";
import { charges } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { chargePayload, chargesWithMetadata } from "@/lib/webhooks";
import type { ChargeObject } from "./objects";

type ChargeQuery = {
  limit: number;
  cursor?: string;
  status?: ChargeObject["status"];
  pay_link?: string;
  reference?: string;
  created_gte?: string;
  created_lt?: string;
};

export async function getCharge(db: Db, id: string): Promise<ChargeObject> {
  const [found] = await chargesWithMetadata(db, eq(charges.id, id));
  if (!found) throw new AppError("not_found", "No charge has this id.");
  return chargePayload(found.charge, found.metadata, false);
}

export async function listCharges(db: Db, q: ChargeQuery) {
  const where: SQL[] = [];
  const cursor = readCursor(q.cursor, "cursor");
  if (cursor) where.push(pastCursor(charges.createdAt, charges.id, "<", cursor));
  if (q.status) where.push(eq(charges.status, q.status));
  if (q.pay_link) where.push(eq(charges.paymentRequestId, q.pay_link));
  if (q.reference) where.push(eq(charges.reference, q.reference));
  if (q.created_gte) where.push(gte(charges.createdAt, new Date(q.created_gte)));
  if (q.created_lt) where.push(lt(charges.createdAt, new Date(q.created_lt)));
  const found = await chargesWithMetadata(db, and(...where), q.limit + 1);
  const { rows, next } = pageOf(
    found.map((f) => ({ ...f, id: f.charge.id })),
    q.limit,
  );
  return { object: "list" as const, data: rows.map((r) => chargePayload(r.charge, r.metadata, false)), next_cursor: next };
}
