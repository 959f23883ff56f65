#!/usr/bin/env bash
# npm test — every test: vitest (logic, the upstream client against a local fault server, the
# ledger on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL), then the production
# build, then Playwright driving Chromium against `next start`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json
npx next build
npx playwright test
node scripts/test-summary.mjs .test-reports/vitest.json .test-reports/playwright.json
