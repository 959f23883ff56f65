// The audit chain's hash, recomputed in TypeScript from the text PostgreSQL gives back, so a
// verification does not trust the database's own functions (audit_event_hash, migration 0011).
// Format (documented in the migration): each field as "<bytes>:<text>", "-" for null, in the
// order id, at, action, actor_id, actor_email, target_id, detail, ip, prev_hash; joined by "|";
// sha-256 of its UTF-8 bytes, in hex.
import { createHash } from "node:crypto";

/** One audit row as the verifier reads it: every field as text, as the hash covers it. */
export type ChainRow = {
  id: string;
  /** UTC to the millisecond, "2026-11-23T09:02:03.456Z", as the migration's to_char writes it. */
  at: string;
  /** False when `at` holds a part below the millisecond: the trigger never writes one. */
  atWholeMs: boolean;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  targetId: string | null;
  /** jsonb as PostgreSQL prints it (detail::text), so its key order and spacing are the database's. */
  detail: string | null;
  ip: string | null;
  prevHash: string | null;
  hash: string | null;
  /** The entry's signature and the id of the key that made it (audit_signatures), not hashed. */
  keyId?: string | null;
  signature?: string | null;
};

const field = (v: string | null) => (v === null ? "-" : `${Buffer.byteLength(v, "utf8")}:${v}`);

/** The hash a row must carry, from its content and the hash it links to. */
export function rowHash(r: Omit<ChainRow, "hash" | "atWholeMs" | "keyId" | "signature">): string {
  const text = [r.id, r.at, r.action, r.actorId, r.actorEmail, r.targetId, r.detail, r.ip, r.prevHash].map(field).join("|");
  return createHash("sha256").update(text, "utf8").digest("hex");
}
