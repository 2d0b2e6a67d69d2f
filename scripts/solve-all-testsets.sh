#!/bin/sh
# Solves all 6000 positions of Pascal Pons' six Connect Four test sets through the CLI
# (`tabletop connect-four solve`), strong and weak, and compares every answer with the file.
# Usage: npm run solve:all   (builds first)   or   sh scripts/solve-all-testsets.sh [Test_L3_R1 ...]
# Takes roughly 10 minutes on one core (Begin-Medium strong is most of it; Begin-Hard, whose positions
# the shipped opening book holds or nearly, a few seconds). Exit status 1 on any mismatch.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
data="$here/src/games/connect-four/testdata"
cli="node $here/dist/cli/main.js connect-four solve"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
files=${*:-"Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3"}
for name in $files; do
  file="$data/$name"
  cut -d' ' -f1 "$file" > "$tmp/moves"
  # Strong: the output must be the file itself.
  start=$(date +%s)
  $cli < "$tmp/moves" > "$tmp/strong" || true
  if cmp -s "$file" "$tmp/strong"; then verdict=ok; else verdict=MISMATCH; status=1; diff "$file" "$tmp/strong" | head -5; fi
  echo "$name strong: $(wc -l < "$tmp/strong") positions, $verdict, $(( $(date +%s) - start )) s"
  # Weak: the sign of each score.
  start=$(date +%s)
  $cli --weak < "$tmp/moves" > "$tmp/weak" || true
  awk '{ s = $2 > 0 ? 1 : ($2 < 0 ? -1 : 0); print $1, s }' "$file" > "$tmp/signs"
  if cmp -s "$tmp/signs" "$tmp/weak"; then verdict=ok; else verdict=MISMATCH; status=1; diff "$tmp/signs" "$tmp/weak" | head -5; fi
  echo "$name weak:   $(wc -l < "$tmp/weak") positions, $verdict, $(( $(date +%s) - start )) s"
done
exit $status
