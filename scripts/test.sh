#!/usr/bin/env bash
# npm test — every test: lint (Biome: format, lint rules, layer rules), typecheck and knip (dead
# code, unused dependencies) first, side by side, so a slip fails in seconds; then vitest (logic,
# the upstream client against a local fault server, the ledger on PGlite and, when
# TEST_DATABASE_URL is set, on PostgreSQL) beside the production build; then Playwright driving
# Chromium against `next start` (and a second pass on PostgreSQL when E2E_PG_URL_BASE is set).
# Phases that run side by side write their output to .test-reports/NAME.log, shown when they end.
# The end prints each phase's time, the ten slowest test files and one closing line
# (scripts/test-summary.mjs), also when a phase failed.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .test-reports
mkdir -p .test-reports
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
began=$EPOCHREALTIME
trap 'code=$?; printf "wall\t%s\t%s\n" "$(since "$began")" "$code" >>.test-reports/phases.tsv; node scripts/test-summary.mjs || code=1; exit $code' EXIT

# phase NAME COMMAND…: runs the command and records how long it took and how it ended.
phase() {
  local name=$1 started=$EPOCHREALTIME code=0
  shift
  "$@" || code=$?
  printf '%s\t%s\t%s\n' "$name" "$(since "$started")" "$code" >>.test-reports/phases.tsv
  return "$code"
}

# together "NAME COMMAND" …: the phases side by side; shows each one's output once all have ended,
# and fails if any did.
together() {
  local pids=() names=() spec code=0
  for spec in "$@"; do
    local name=${spec%% *}
    echo "── $name (beside the others; output below when done)"
    phase "$name" bash -c "${spec#* }" >".test-reports/$name.log" 2>&1 &
    pids+=($!)
    names+=("$name")
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || code=1
    echo "── ${names[$i]}"
    cat ".test-reports/${names[$i]}.log"
  done
  return "$code"
}

together "lint npm run --silent lint" "typecheck npm run --silent typecheck" "knip npm run --silent knip"
phase chromium bash scripts/ensure-chromium.sh
# The end-to-end servers' seeded database is made meanwhile (tests/e2e/support/fresh-db.sh).
seed="bash tests/e2e/support/fresh-db.sh template"
[ -z "${E2E_PG_URL_BASE:-}" ] || seed+=" && DATABASE_URL=${E2E_PG_URL_BASE}_template bash tests/e2e/support/fresh-db.sh template"
together \
  "vitest npx vitest run --reporter=dot --reporter=json --outputFile.json=.test-reports/vitest.json" \
  "build MOMO_TYPES_CHECKED=1 npm run --silent build && bash scripts/standalone.sh" \
  "e2e-seed $seed"
# Playwright: the PGlite pass, then the PostgreSQL pass when one is provided. Each has its own
# ports, folder and results (tests/e2e/support/ports.ts), so E2E_SIDE_BY_SIDE=1 runs them side by
# side: they then take turns only for their fault injection, which times the upstream and wants
# the machine to itself (tests/e2e/quiet.setup.ts): the PostgreSQL pass does the rest of its work
# first, the PGlite pass's fault injection runs once that is done, the PostgreSQL pass's once the
# PGlite pass has ended. On 2 cores side by side was slower (docs/testing.md): it is for a machine
# with cores to spare.
# pg_pass WORKERS [NAME=VALUE …]: the PostgreSQL pass.
pg_pass() {
  local workers=$1
  shift
  phase e2e-postgres env E2E_WORKERS="$workers" E2E_DATABASE_URL_BASE="$E2E_PG_URL_BASE" E2E_DIR=.e2e-postgres \
    E2E_PORT_OFFSET=100 "$@" npx playwright test
}
code=0
if [ -n "${E2E_PG_URL_BASE:-}" ] && [ "${E2E_SIDE_BY_SIDE:-0}" = 1 ]; then
  rm -f .test-reports/pg-main-done .test-reports/pglite-done
  echo "── e2e-postgres (beside e2e-pglite; output below when done)"
  (
    pg_code=0
    pg_pass "${E2E_PG_WORKERS:-1}" E2E_ANNOUNCE=.test-reports/pg-main-done E2E_WAIT_FOR=.test-reports/pglite-done \
      >.test-reports/e2e-postgres.log 2>&1 || pg_code=$?
    touch .test-reports/pg-main-done
    exit "$pg_code"
  ) &
  postgres_pass=$!
  echo "── e2e-pglite"
  phase e2e-pglite env E2E_WAIT_FOR=.test-reports/pg-main-done npx playwright test || code=$?
  touch .test-reports/pglite-done
  wait "$postgres_pass" || code=1
  echo "── e2e-postgres"
  cat .test-reports/e2e-postgres.log
else
  echo "── e2e-pglite"
  phase e2e-pglite npx playwright test || code=$?
  if [ -n "${E2E_PG_URL_BASE:-}" ]; then
    echo "── e2e-postgres"
    # Two workers: its projects wait on one another more, and a third made it slower (148 s → 162 s).
    pg_pass "${E2E_PG_WORKERS:-2}" || code=$?
  fi
fi
exit "$code"
