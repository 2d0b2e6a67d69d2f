#!/bin/sh
# External Connect Four bots run in a PID namespace of their own, so that nothing they start
# outlives their game (docs/connect-four-bots.md). Root gets one from util-linux (unshare); anyone
# else needs bubblewrap. `npm test` runs this first: when neither is there, bubblewrap is installed
# with apt-get where this user may (through sudo without a password). Where it cannot be, the
# tests that need the fence are skipped and the bots run with a warning; this is not an error.
set -eu
command -v bwrap >/dev/null 2>&1 && exit 0
[ "$(id -u)" = 0 ] && command -v unshare >/dev/null 2>&1 && command -v setpriv >/dev/null 2>&1 && exit 0
if command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  echo "ensure-bubblewrap: installing Debian's bubblewrap to fence external bots…" >&2
  sudo -n apt-get update -qq
  DEBIAN_FRONTEND=noninteractive sudo -n apt-get install -y -qq bubblewrap >/dev/null
  exit 0
fi
echo "ensure-bubblewrap: no bubblewrap, and this user cannot install it (apt-get install bubblewrap):" >&2
echo "  external bots will run without a PID namespace; the tests that need one are skipped." >&2
