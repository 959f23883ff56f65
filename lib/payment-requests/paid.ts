// A pay link's payment that succeeded costs the merchant nothing: the places its attempt took on
// the address, the link and the number are given back (./limits.ts), once, when the outbox's
// payment_request.paid event is dispatched, in the dispatcher's transaction (start-up plugs this
// into lib/events/dispatch.ts). However the success was learnt — the answer, a status lookup, a
// person resolving it — the event is written once, so the places go back once.
import "server-only";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/open";
import { charges, type Event } from "@/lib/db/schema";
import { givePayPlacesBack, numberKey } from "./limits";

export async function givePaidPlacesBack(tx: DbOrTx, taken: Event[]): Promise<void> {
  const ids = taken
    .filter((e) => e.type === "payment_request.paid")
    .map((e) => (e.data as { chargeId?: unknown }).chargeId)
    .filter((id): id is string => typeof id === "string");
  if (!ids.length) return;
  const paid = await tx
    .select({
      requestId: charges.paymentRequestId,
      phoneNumber: charges.phoneNumber,
      addressKey: charges.payAddressKey,
      createdAt: charges.createdAt,
    })
    .from(charges)
    .where(inArray(charges.id, ids));
  for (const c of paid) {
    if (!c.requestId || !c.addressKey) continue;
    await givePayPlacesBack(tx, { address: c.addressKey, link: c.requestId, number: await numberKey(tx, c.phoneNumber) }, c.createdAt);
  }
}
