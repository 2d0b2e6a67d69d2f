#!/bin/sh
# An example submission that misbehaves: it starts a child in a session of its own (setsid), which
# would outlive the game without the sandbox's PID namespace, then plays the leftmost free column.
setsid sleep 3600 &
h0=0; h1=0; h2=0; h3=0; h4=0; h5=0; h6=0
while read -r c a; do
  case "$c" in
    init) echo ready ;;
    inform) eval "h$a=\$((h$a + 1))" ;;
    move) for k in 0 1 2 3 4 5 6; do eval "h=\$h$k"; if [ "$h" -lt 6 ]; then eval "h$k=\$((h + 1))"; echo $k; break; fi; done ;;
  esac
done
