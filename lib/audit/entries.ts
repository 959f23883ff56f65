// The audit log's writer: one row per sign-in, failed sign-in, password change, team change, invite,
// business profile change and charge, signed. Every feature writes through it; it imports none
// (the log's reading side is lib/audit-log/).
import type { DbOrTx } from "@/lib/db/open";
import { auditEvents, auditSignatures } from "@/lib/db/schema";
import { auditSigningKey, signHash, type SigningKey } from "./signing";
import type { AuditAction } from "./actions";

export type { AuditAction };

export type AuditEntry = {
  action: AuditAction;
  actor?: { id: string; email: string | null } | null;
  actorEmail?: string | null;
  targetId?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
};

/**
 * Writes an entry and its signature in one transaction (a savepoint inside the caller's): the
 * trigger chains the entry, and its chain hash is signed with the audit key (lib/audit/signing.ts).
 */
export async function audit(db: DbOrTx, e: AuditEntry, key: SigningKey = auditSigningKey()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(auditEvents)
      .values({
        action: e.action,
        actorId: e.actor?.id ?? null,
        actorEmail: e.actor?.email ?? e.actorEmail ?? null,
        targetId: e.targetId ?? null,
        detail: e.detail ?? null,
        ip: e.ip ?? null,
      })
      .returning({ id: auditEvents.id, hash: auditEvents.hash });
    if (!row.hash) throw new Error("audit_events: the chain trigger gave the entry no hash");
    await tx.insert(auditSignatures).values({ eventId: row.id, keyId: key.id, signature: signHash(key, row.hash) });
  });
}
