#!/usr/bin/env bash
# Makes the database of an end-to-end server anew, where serve.sh pointed it (DATABASE_URL for
# PostgreSQL, else DATA_DIR for PGlite):
#   fresh-db.sh empty   nothing in it: the server migrates it at start, the first-run set-up is the test's
#   fresh-db.sh seed    an owner, a staff member and a support member, added with the documented
#                       command (npm run users:add, which migrates it first)
# A seeded database is a copy of a template made once per build (.next/BUILD_ID) and kind of
# database, by the first server that asks (under a lock: servers start side by side). A copy takes a
# fraction of a second; adding the members takes three cold tsx starts (and PGlite migrations).
set -euo pipefail
mode=$1
pg_db() { node tests/e2e/support/pg-db.mjs "$@"; }

if [ "$mode" = empty ]; then
  if [ -n "${DATABASE_URL:-}" ]; then pg_db create "$DATABASE_URL"; else rm -rf "$DATA_DIR"; fi
  exit 0
fi

seed() {
  for role in owner staff support; do
    npx tsx scripts/users.ts --email "${role}@e2e.test" --name "E2E ${role^}" --role "$role" --password-env E2E_PASSWORD >/dev/null
  done
}

stamp=$(sha1sum < .next/BUILD_ID 2>/dev/null | cut -c1-10 || echo unbuilt)
mkdir -p .e2e
exec {lock}>.e2e/.template.lock
flock "$lock"
if [ -n "${DATABASE_URL:-}" ]; then
  # Made under a name of its own and renamed when whole, so a half-made one is never used.
  prefix="${E2E_TEMPLATE_PREFIX:-momo_e2e_seeded}_"
  template="${DATABASE_URL%/*}/${prefix}${stamp}"
  if ! pg_db exists "$template"; then
    pg_db prune "$template" "$prefix"
    pg_db create "${template}_new"
    DATABASE_URL="${template}_new" seed
    pg_db rename "${template}_new" "${prefix}${stamp}"
  fi
  pg_db create "$DATABASE_URL" "${prefix}${stamp}"
else
  template=".e2e/.seeded-$stamp"
  if [ ! -d "$template" ]; then
    rm -rf .e2e/.seeded-*
    DATA_DIR="$PWD/$template.new" seed
    mv "$template.new" "$template"
  fi
  rm -rf "$DATA_DIR"
  cp -a "$template" "$DATA_DIR"
fi
