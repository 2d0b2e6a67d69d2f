#!/bin/sh
# External programs run in bubblewrap's sandbox (docs/connect-four-bots.md): their own PID and
# network namespaces, a read-only filesystem with a private /tmp. `npm test` runs this first: when
# bwrap is missing, Debian's bubblewrap is installed with apt-get where this user may (root, or
# sudo without a password). Where it cannot be, a weaker fence is used with a warning naming what
# is not enforced, and the tests that need the missing parts are skipped; this is not an error.
set -eu
command -v bwrap >/dev/null 2>&1 && exit 0
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else SUDO=none; fi
  if [ "$SUDO" != none ]; then
    echo "ensure-bubblewrap: installing Debian's bubblewrap to sandbox external programs…" >&2
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq bubblewrap >/dev/null
    exit 0
  fi
fi
echo "ensure-bubblewrap: no bubblewrap, and this user cannot install it (apt-get install bubblewrap):" >&2
echo "  external programs will run with a weaker fence; the tests that need the sandbox are skipped." >&2
