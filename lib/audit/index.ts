// What other features may use of lib/audit/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { AUDIT_LABELS } from "./actions";
export { rowHash } from "./chain-hash";
export type { ChainRow } from "./chain-hash";
export { audit } from "./entries";
export type { AuditAction, AuditEntry } from "./entries";
export { auditSigningKey, KEY_FILE, signatureHolds, verifyingKey } from "./signing";
export type { SigningKey } from "./signing";
