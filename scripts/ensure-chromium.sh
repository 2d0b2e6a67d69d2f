#!/bin/sh
# The browser tests drive Debian's Chromium through Playwright (Playwright cannot download its own
# browsers here). `npm test` runs this first, so a fresh machine needs nothing beyond `npm ci`:
# when no Chromium is found it is installed with apt-get (as root, or through sudo when that works
# without a password). Set CHROMIUM_PATH to use another build.
set -eu
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
if [ "$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else
  echo "ensure-chromium: $browser is missing and this user cannot install it." >&2
  echo "  Install Debian's chromium package (apt-get install chromium), or set CHROMIUM_PATH." >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $browser is missing and there is no apt-get to install it; set CHROMIUM_PATH." >&2
  exit 1
fi
echo "ensure-chromium: installing Debian's chromium for the browser tests…" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
[ -x "$browser" ] || { echo "ensure-chromium: chromium was installed but $browser is still missing." >&2; exit 1; }
