#!/bin/sh
# Plays the leftmost column that is not full.
h0=0 h1=0 h2=0 h3=0 h4=0 h5=0 h6=0
while read -r command argument; do
  case "$command" in
    init) echo ready ;;
    inform) eval "h$argument=\$((h$argument + 1))" ;;
    move) for c in 0 1 2 3 4 5 6; do
            eval "h=\$h$c"
            if [ "$h" -lt 6 ]; then eval "h$c=\$((h + 1))"; echo "$c"; break; fi
          done ;;
  esac
done
