#!/usr/bin/env bash
# The end-to-end tests use Debian's Chromium headless shell (Playwright's browser download is
# unreachable here; scripts/chromium.ts), the benchmarks Debian's Chromium. Installs both when
# missing and this user may; otherwise says what to do.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH is $CHROMIUM_PATH, which is not an executable." >&2
  exit 1
fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]}…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
# Chromium alone does: the tests then drive it (a little slower).
[ -x /usr/bin/chromium ] && exit 0
echo "The end-to-end tests need Debian's chromium-headless-shell (or chromium): sudo apt-get install -y chromium chromium-headless-shell, or set CHROMIUM_PATH." >&2
exit 1
