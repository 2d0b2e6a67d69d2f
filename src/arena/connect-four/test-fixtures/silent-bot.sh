#!/bin/sh
# A test bot that gets ready and then never answers a move: every game it plays ends on the
# referee's move time limit, a forfeit.
while read -r command argument; do
  case "$command" in
    init) echo ready ;;
  esac
done
