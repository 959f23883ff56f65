#!/usr/bin/env bash
# Starts one app server for the end-to-end tests on a fresh database:
#   serve.sh NAME PORT [seed|empty|keep]
# "empty" starts on an emptied database with no member (the first-run set-up is the test's).
# NAME "standalone" runs the deployable build (.next/standalone/server.js, assembled by
# scripts/standalone.sh) instead of `next start`.
# PGlite in .e2e/NAME by default; with E2E_DATABASE_URL_BASE set, the PostgreSQL database
# "${E2E_DATABASE_URL_BASE}_NAME" (emptied first). "seed" adds an owner, a staff member and a
# support member with the documented command (npm run users:add). "keep" starts the server
# again on the database as it is (a restart).
set -euo pipefail
name=$1 port=$2 seed=${3:-}
# The possible-duplicate question (lib/charges/duplicate-guard.ts) is off unless a suite asks for
# it: the suites charge the sandbox's few test numbers again and again on purpose.
# tests/e2e/ui/duplicates.spec.ts starts a server of its own with it on.
export DUPLICATE_WINDOW_MINUTES="${DUPLICATE_WINDOW_MINUTES:-0}"
if [ -n "${E2E_DATABASE_URL_BASE:-}" ]; then
  export DATABASE_URL="${E2E_DATABASE_URL_BASE}_${name}"
  [ "$seed" = keep ] || node tests/e2e/support/reset-pg.mjs "$DATABASE_URL"
else
  export DATA_DIR="$PWD/.e2e/${name}"
  [ "$seed" = keep ] || rm -rf "$DATA_DIR"
fi
# The server's output is kept for the secrets test (tests/e2e/secrets.spec.ts) and the log scan
# (tests/e2e/log-scan.spec.ts), and still shown. E2E_LOG names the file when two servers share
# one database (and so one NAME).
mkdir -p .e2e
logfile=".e2e/${E2E_LOG:-$name}.log"
if [ "$seed" = keep ]; then exec > >(tee -a "$logfile") 2>&1; else exec > >(tee "$logfile") 2>&1; fi
if [ "$seed" = seed ]; then
  for role in owner staff support; do
    npx tsx scripts/users.ts --email "${role}@e2e.test" --name "E2E ${role^}" --role "$role" --password-env E2E_PASSWORD
  done
fi
if [ "$name" = standalone ]; then
  HOSTNAME=127.0.0.1 PORT="$port" exec node .next/standalone/server.js
fi
exec npx next start -H 127.0.0.1 -p "$port"
