#!/bin/sh
# A Klondike player over the line protocol (docs/player-protocol.md), in plain POSIX shell: of the
# legal moves it is sent, it plays the first that goes to a foundation (mpf, mdf), else the first
# listed. Run it in the lab as `exec:sh examples/klondike/foundations-first.sh`.
while IFS= read -r line; do
  case "$line" in
    "batch "*)
      count=${line#batch }
      while [ "$count" -gt 0 ]; do
        IFS= read -r observation
        moves=${observation##* moves }
        chosen=""
        rest="$moves|"
        first=${rest%%|*}
        while [ -n "$rest" ]; do
          move=${rest%%|*}
          rest=${rest#*|}
          case "$move" in mpf*|mdf*) chosen=$move; break ;; esac
        done
        echo "${chosen:-$first}"
        count=$((count - 1))
      done
      ;;
  esac
done
