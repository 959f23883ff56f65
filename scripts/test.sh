#!/usr/bin/env bash
# npm test — every test: lint (Biome: format, lint rules, layer rules), typecheck and knip (dead
# code, unused dependencies) first, so a slip fails in seconds; then vitest (logic, the upstream client against a local fault server,
# the ledger on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL), then the production
# build, then Playwright driving Chromium against `next start`.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent lint
npm run --silent typecheck
npm run --silent knip
bash scripts/ensure-chromium.sh
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json
npm run --silent build
bash scripts/standalone.sh
reports=(.test-reports/vitest.json .test-reports/playwright.json)
npx playwright test
# The same end-to-end suite again with both app servers on PostgreSQL, when one is provided.
if [ -n "${E2E_PG_URL_BASE:-}" ]; then
  # The fuzzer's search does not depend on the database: a shorter one on this pass.
  FUZZ_RUNS=60 E2E_DATABASE_URL_BASE="$E2E_PG_URL_BASE" npx playwright test
  reports+=(.test-reports/playwright-postgres.json)
fi
node scripts/test-summary.mjs "${reports[@]}"
