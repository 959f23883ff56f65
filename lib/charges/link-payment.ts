// A pay link's payment that has just succeeded, in the audit log: one entry on the link (the
// charge's own entries say how it was made). Written by whichever path moved the charge to
// success — the upstream's answer, a status lookup, a person resolving it — in the statement's
// transaction where there is one, and only by the write that moved it, so never twice.
import { audit } from "@/lib/audit/entries";
import type { DbOrTx } from "@/lib/db/open";
import type { Charge } from "@/lib/db/schema";

type Paid = Pick<Charge, "id" | "paymentRequestId" | "status" | "amountMinor" | "currency" | "reference">;

export async function auditLinkPayment(
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
}
