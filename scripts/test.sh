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
  "build npm run --silent build && bash scripts/standalone.sh" \
  "e2e-seed $seed"
echo "── e2e-pglite"
phase e2e-pglite npx playwright test
# The end-to-end suite again with the app servers on PostgreSQL, when one is provided.
if [ -n "${E2E_PG_URL_BASE:-}" ]; then
  echo "── e2e-postgres"
  # The fuzzer's search does not depend on the database: a shorter one on this pass. Two workers:
  # its projects wait on one another more, and a third made it slower (148 s → 162 s).
  phase e2e-postgres env FUZZ_RUNS=60 E2E_WORKERS="${E2E_WORKERS:-2}" E2E_DATABASE_URL_BASE="$E2E_PG_URL_BASE" npx playwright test
fi
