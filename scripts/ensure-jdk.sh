#!/bin/sh
# Java players (docs/player-protocol.md) are compiled with javac. The lab runs this when a Java
# player is first used and javac is not on the PATH, and `npm test` runs it first: it installs
# Debian's openjdk-17-jdk-headless with apt-get, as root or through sudo without a password. Where
# that cannot be done it says what to install and exits 1 (the lab then reports it, exit 2).
set -eu
command -v javac >/dev/null 2>&1 && exit 0
install() {
  echo "ensure-jdk: installing Debian's openjdk-17-jdk-headless to compile Java players…" >&2
  "$@" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "$@" apt-get install -y -qq openjdk-17-jdk-headless >/dev/null
}
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    install env
    exit 0
  fi
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    install sudo -n
    exit 0
  fi
fi
echo "ensure-jdk: no javac, and this user cannot install one: install a JDK (Debian: apt-get install openjdk-17-jdk-headless) to use Java players." >&2
exit 1
