// A ledger as a merchant's team leaves it after a while, written through the use cases themselves
// (members through Better Auth, charges through the sandbox over real HTTP): what a move or a
// restore must carry over whole, on PGlite or on PostgreSQL.
import { createAuth } from "@/lib/auth/create-auth";
import { createBatch } from "@/lib/batches/queries";
import { decideBatch } from "@/lib/batches/decide";
import { installBatchQueue } from "@/lib/batches/queue-install";
import { sendBatchRow } from "@/lib/batches/runner";
import { createCharge } from "@/lib/charges/create";
import { addCustomer } from "@/lib/customers/directory";
import { customerSchema } from "@/lib/customers/schema";
import type { OpenedDb } from "@/lib/db/open";
import { createBudget } from "@/lib/momo/budget";
import { payLink } from "@/lib/payment-requests/pay";
import { createPaymentRequest } from "@/lib/payment-requests/requests";
import { paymentRequestSchema } from "@/lib/payment-requests/schema";
import { endMemberSessions } from "@/lib/session/end";
import type { Member } from "@/lib/access/types";
import { askerOf, visitorOf } from "../support/asker";
import { makeMember, sessionCookie, TEST_SECRET } from "../support/auth";
import { chargeInput, clientFor, newKey } from "../support/charge";

/** The sandbox's numbers for each outcome (lib/market/test-numbers.ts): success, pending, failed, unknown. */
const OUTCOMES = ["0240000001", "0240000002", "0240000004", "0240000006"];

/** Fills `opened` through the use cases; `upstreamUrl` is the sandbox over HTTP. Returns the owner. */
export async function useTheLedger(opened: OpenedDb, upstreamUrl: string): Promise<Member> {
  const { db } = opened;
  const auth = createAuth({ db, secret: TEST_SECRET });
  const owner = await makeMember(auth, "owner@example.com", "owner");
  const staff = await makeMember(auth, "staff@example.com", "staff");
  await sessionCookie(auth, owner.email);
  // The staff member signed in, and the owner ended their sessions.
  await sessionCookie(auth, staff.email);
  await endMemberSessions(askerOf(db, owner), staff.id);

  const client = clientFor(upstreamUrl);
  const budget = createBudget(db, "sk_test_used_ledger", { limit: 1_000, maxWaitMs: 0, batchShare: 0.8, requestShare: 0.5 });
  const asOwner = askerOf(db, owner, { upstream: () => ({ client, budget }) });
  await addCustomer(
    asOwner,
    customerSchema.parse({ name: "Ama Mensah", phoneNumber: "0240000001", provider: "mtn", note: "Pays on Fridays" }),
  );
  for (const [i, phoneNumber] of OUTCOMES.entries()) {
    const actor = i % 2 ? staff : owner;
    await createCharge(
      { db, upstream: client, budget, audit: { action: "charge_created", actorId: actor.id, actorEmail: actor.email } },
      chargeInput({ phoneNumber, amount: `${10 + i}.50`, description: `School fees, term ${i + 1}` }),
      newKey(),
      actor.id,
    );
  }

  const batch = await createBatch(
    db,
    "Term fees",
    [1, 2, 3].map((n) => ({
      phoneNumber: `024${String(3_000_000 + n).padStart(7, "0")}`,
      amountMinor: 500 + n,
      currency: "GHS" as const,
      provider: "mtn" as const,
      description: `Term fees, pupil ${n}`,
      customerReference: `P-${n}`,
    })),
    staff,
  );
  await decideBatch(db, batch.id, owner, { approve: true, acknowledgeDuplicates: false }, 10);
  for (const row of [1, 2, 3]) await sendBatchRow({ db, upstream: client, budget, pollMs: 20 }, batch.id, row);

  const link = await createPaymentRequest(
    asOwner,
    paymentRequestSchema.parse({ amount: "20.00", currency: "GHS", description: "Order 7: a bag of rice" }),
  );
  const payer = visitorOf(db, { ip: "198.51.100.20", upstream: () => ({ client, budget }) });
  await payLink(payer, link.path.slice("/pay/".length), { phoneNumber: "0245550123" }, newKey());

  // The job queue's schema, as the server's start makes it beside the app's tables.
  await installBatchQueue(opened);
  return owner;
}
