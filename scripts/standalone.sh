#!/usr/bin/env bash
# Assembles the standalone server after `next build`: .next/standalone holds server.js and the
# node_modules it needs (and the migrations, traced by next.config.ts); Next.js leaves the
# static files, public/ and the islands' server builds (.islands/) for us to copy. Run it from the project folder:
#   npm run build && bash scripts/standalone.sh      # then: node .next/standalone/server.js
set -euo pipefail
cd "$(dirname "$0")/.."
out=.next/standalone
[ -f "$out/server.js" ] || { echo "no $out/server.js: run npm run build first" >&2; exit 1; }
rm -rf "$out/.next/static" "$out/public" "$out/.islands"
cp -r .next/static "$out/.next/static"
[ -d public ] && cp -r public "$out/public"
# The islands' server builds (scripts/islands.mjs), which the form pages render with.
cp -r .islands "$out/.islands"
[ -f "$out/lib/db/migrations/meta/_journal.json" ] || { echo "the migrations are missing from $out" >&2; exit 1; }
# Which build these files belong to (npm start, scripts/start.mjs, assembles again after a new build).
cp .next/BUILD_ID "$out/.assembled"
echo "standalone server ready: node $out/server.js (PORT, HOSTNAME and the app's variables from the environment)"
