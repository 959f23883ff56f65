// A pay link's payment that has just succeeded: one audit entry on the link (the charge's own
// entries say how it was made) and its payment_request.paid event for the outbox. Written by whichever path moved the charge to
// success — the upstream's answer, a status lookup, a person resolving it — in the statement's
// transaction where there is one, and only by the write that moved it, so never twice.
import { audit } from "@/lib/audit";
import type { DbOrTx } from "@/lib/db/open";
import type { Charge } from "@/lib/db/schema";
import { emitEvent } from "@/lib/events";

type Paid = Pick<Charge, "id" | "paymentRequestId" | "status" | "amountMinor" | "currency" | "reference">;

export async function recordLinkPayment(
  db: DbOrTx,
  row: Paid,
  by: "answer" | "lookup" | "hand",
  actor: { id: string; email: string } | null = null,
): Promise<void> {
  if (!row.paymentRequestId || row.status !== "success") return;
  await audit(db, {
    action: "payment_request_paid",
    actor,
    targetId: row.paymentRequestId,
    detail: { chargeId: row.id, amountMinor: row.amountMinor, currency: row.currency, reference: row.reference, by },
  });
  await emitEvent(db, "payment_request.paid", row.paymentRequestId, {
    paymentRequestId: row.paymentRequestId,
    chargeId: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    reference: row.reference,
  });
}
