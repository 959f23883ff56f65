#!/usr/bin/env bash
# npm test — every test: lint (Biome: format, lint rules, layer rules), typecheck and knip (dead
# code, unused dependencies) first, so a slip fails in seconds; then vitest (logic, the upstream
# client against a local fault server, the ledger on PGlite and, when TEST_DATABASE_URL is set, on
# PostgreSQL), then the production build, then Playwright driving Chromium against `next start`
# (and a second pass on PostgreSQL when E2E_PG_URL_BASE is set).
# The end prints each phase's time, the ten slowest test files and one closing line
# (scripts/test-summary.mjs), also when a phase failed.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .test-reports
mkdir -p .test-reports
trap 'code=$?; node scripts/test-summary.mjs || code=1; exit $code' EXIT

# phase NAME COMMAND…: runs the command and records how long it took and how it ended.
phase() {
  local name=$1 started=$EPOCHREALTIME code=0
  shift
  echo "── $name"
  "$@" || code=$?
  printf '%s\t%s\t%s\n' "$name" "$(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')" "$code" >>.test-reports/phases.tsv
  return "$code"
}

phase lint npm run --silent lint
phase typecheck npm run --silent typecheck
phase knip npm run --silent knip
phase chromium bash scripts/ensure-chromium.sh
phase vitest npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json
phase build bash -c 'npm run --silent build && bash scripts/standalone.sh'
phase e2e-pglite npx playwright test
# The end-to-end suite again with the app servers on PostgreSQL, when one is provided.
if [ -n "${E2E_PG_URL_BASE:-}" ]; then
  # The fuzzer's search does not depend on the database: a shorter one on this pass.
  phase e2e-postgres env FUZZ_RUNS=60 E2E_DATABASE_URL_BASE="$E2E_PG_URL_BASE" npx playwright test
fi
