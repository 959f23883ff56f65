#!/usr/bin/env bash
# Makes the database of an end-to-end server anew, where serve.sh pointed it (DATABASE_URL for
# PostgreSQL, else DATA_DIR for PGlite):
#   fresh-db.sh empty   nothing in it: the server migrates it at start, the first-run set-up is the test's
#   fresh-db.sh seed    an owner, a staff member and a support member, added with the documented
#                       command (npm run users:add, which migrates it first)
#   fresh-db.sh template   only makes sure the seeded template exists (npm test makes it beside the
#                       build; DATABASE_URL, when set, need only name the server)
# A seeded database is a copy of a template made once per content of lib/ and scripts/users.ts and
# kind of database, by the first one that asks (under a lock: servers start side by side). A copy
# takes a fraction of a second; adding the members takes three cold tsx starts (and PGlite
# migrations).
set -euo pipefail
mode=$1
pg_db() { node tests/e2e/support/pg-db.mjs "$@"; }
source tests/e2e/support/audit-key.sh

if [ "$mode" = empty ]; then
  if [ -n "${DATABASE_URL:-}" ]; then pg_db create "$DATABASE_URL"; else rm -rf "$DATA_DIR"; fi
  exit 0
fi

seed() {
  for role in owner staff support; do
    npx tsx scripts/users.ts --email "${role}@e2e.test" --name "E2E ${role^}" --role "$role" --password-env E2E_PASSWORD >/dev/null
  done
}

export E2E_PASSWORD=${E2E_PASSWORD:-$(sed -n 's/^export const E2E_PASSWORD = "\(.*\)";$/\1/p' tests/e2e/support/users.ts)}
stamp=$({ find lib scripts/users.ts -type f | sort | xargs cat; printf '%s' "$E2E_PASSWORD"; } | sha1sum | cut -c1-10)
run_dir=${E2E_DIR:-.e2e}
mkdir -p "$run_dir"
exec {lock}>"$run_dir/.template.lock"
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
  [ "$mode" = template ] || pg_db create "$DATABASE_URL" "${prefix}${stamp}"
else
  template="$run_dir/.seeded-$stamp"
  if [ ! -d "$template" ]; then
    rm -rf "$run_dir"/.seeded-*
    DATA_DIR="$PWD/$template.new" seed
    mv "$template.new" "$template"
  fi
  if [ "$mode" != template ]; then
    rm -rf "$DATA_DIR"
    cp -a "$template" "$DATA_DIR"
  fi
fi
