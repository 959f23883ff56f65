#!/usr/bin/env bash
# The end-to-end tests use Debian's Chromium (Playwright's browser download is unreachable
# here). Installs it when missing and this user may; otherwise says what to do.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium package…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The end-to-end tests need Chromium at $browser: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1
