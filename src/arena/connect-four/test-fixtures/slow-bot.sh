#!/bin/sh
# A test bot for stopping tournaments: plays the leftmost free column, a second per move, after
# starting what a careless or hostile bot might leave behind. Its arguments: a mark for its own
# command line (so a test can find it), then what to be:
#   ignore-term   the bot itself ignores SIGTERM, SIGHUP and SIGINT
#   setsid MARK   it starts `sleep MARK` in a new session (out of its process group)
# Every process it starts carries a mark, so a test can tell whether any survived.
mode="$2"
case "$mode" in
  ignore-term) trap '' TERM HUP INT ;;
  setsid) setsid sleep "$3" < /dev/null > /dev/null 2>&1 & ;;
esac
h0=0 h1=0 h2=0 h3=0 h4=0 h5=0 h6=0
while read -r command argument; do
  case "$command" in
    init) echo ready ;;
    inform) eval "h$argument=\$((h$argument + 1))" ;;
    move) sleep 1
          for c in 0 1 2 3 4 5 6; do
            eval "h=\$h$c"
            if [ "$h" -lt 6 ]; then eval "h$c=\$((h + 1))"; echo "$c"; break; fi
          done ;;
  esac
done
