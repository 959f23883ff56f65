#!/usr/bin/env bash
# Starts one app server for the end-to-end tests on a fresh database:
#   serve.sh NAME PORT [seed|empty|keep]
# "empty" (the default) starts on an emptied database with no member (the first-run set-up is the test's).
# NAME "standalone" runs the deployable build (.next/standalone/server.js, assembled by
# scripts/standalone.sh) instead of `next start`.
# PGlite in the run's folder ($E2E_DIR, .e2e by default: tests/e2e/support/ports.ts), NAME in it; with E2E_DATABASE_URL_BASE set, the PostgreSQL database
# "${E2E_DATABASE_URL_BASE}_NAME" (made anew). "seed" starts with an owner, a staff member and a
# support member added with the documented command (npm run users:add; fresh-db.sh makes that
# database once and copies it). "keep" starts the server again on the database as it
# is (a restart).
set -euo pipefail
name=$1 port=$2 seed=${3:-}
run_dir=${E2E_DIR:-.e2e}
# The possible-duplicate question (lib/charges/duplicate-guard.ts) is off unless a suite asks for
# it: the suites charge the sandbox's few test numbers again and again on purpose.
# tests/e2e/charges/duplicates.spec.ts starts a server of its own with it on.
export DUPLICATE_WINDOW_MINUTES="${DUPLICATE_WINDOW_MINUTES:-0}"
# The pay page's "approve the prompt" turns into its long wait's help after this (120 s by
# default): tests/e2e/payment-requests/pay-page.spec.ts watches a prompt nobody answers get there.
export PAY_PROMPT_WAIT_SECONDS="${PAY_PROMPT_WAIT_SECONDS:-12}"
# The test runner stands as the proxy in front: each test writes its own X-Forwarded-For, so that
# tests' sign-in throttles and pay limits count apart. A server that sets TRUSTED_PROXY_HOPS=0 (the
# production default) counts the socket's address instead (tests/e2e/standalone.spec.ts).
export TRUSTED_PROXY_HOPS="${TRUSTED_PROXY_HOPS-1}"
if [ -n "${E2E_DATABASE_URL_BASE:-}" ]; then
  export DATABASE_URL="${E2E_DATABASE_URL_BASE}_${name}"
else
  export DATA_DIR="$PWD/${run_dir}/${name}"
fi
source tests/e2e/support/audit-key.sh
[ "$seed" = keep ] || bash tests/e2e/support/fresh-db.sh "${seed:-empty}"
# The server's output is kept for the secrets test (tests/e2e/secrets.spec.ts) and the log scan
# (tests/e2e/log-scan.spec.ts), and still shown. E2E_LOG names the file when two servers share
# one database (and so one NAME).
mkdir -p "$run_dir"
logfile="${run_dir}/${E2E_LOG:-$name}.log"
if [ "$seed" = keep ]; then exec > >(tee -a "$logfile") 2>&1; else exec > >(tee "$logfile") 2>&1; fi
# Idle keep-alive connections stay open longer than any test's pause (Node closes them after 5 s):
# a test client that reuses one just as the server closes it gets ECONNRESET for a request that
# never arrived (seen once in 1,000 parallel requests on a loaded machine).
export KEEP_ALIVE_TIMEOUT=120000
if [ "$name" = standalone ]; then
  HOSTNAME=127.0.0.1 PORT="$port" exec node .next/standalone/server.js
fi
exec npx next start -H 127.0.0.1 -p "$port" --keepAliveTimeout "$KEEP_ALIVE_TIMEOUT"
