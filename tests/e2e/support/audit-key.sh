# Sourced by serve.sh and fresh-db.sh: on PostgreSQL the app requires AUDIT_SIGNING_KEY (a key the
# database does not hold, lib/audit/signing.ts); every end-to-end server and the seeded template's
# members are signed with this one. PGlite servers make their own in their data folder.
if [ -n "${DATABASE_URL:-}" ]; then
  export AUDIT_SIGNING_KEY="${AUDIT_SIGNING_KEY:-e2e-audit-signing-key-not-a-secret-0123456789}"
fi
