#!/usr/bin/env bash
# A big map's texture is given back while the next map is built (issue 29): in a real dungen-viz
# window under Xvfb, R on an 8 M-cell room-accretion map. The frame log's last two columns say
# whether a new map is being built and whether the texture is parked (its cells given back, the
# last picture shown): parked only while the new map is built, back for a zoom made meanwhile
# (the picture drawn again from the last map's cells, the new map still being built), and the new
# map shown, its texture back, once built.
#
#   tests/gui/park_test.sh DUNGEN_VIZ
set -euo pipefail
viz=$1
name=park_test
. "$(dirname "$0")/window_session.sh"

log=$work/frames.log
# first_frame AWK_CONDITION AFTER [SECONDS]: the time of the first frame after AFTER (seconds since
# the app's start) whose columns meet the condition ($3 working, $9 rebuilding, $10 parked), or
# "none" once SECONDS (default 60) have passed.
first_frame() {
  local deadline=$((SECONDS + ${3:-60})) t
  while [ "$SECONDS" -lt "$deadline" ]; do
    t=$(awk -v after="$2" "\$1 > after && NF >= 10 && ($1) { print \$1; exit }" "$log")
    [ -n "$t" ] && { echo "$t"; return; }
    sleep 0.1
  done
  echo none
}
fail() { echo "$name: $1" >&2; tail -n 5 "$log" >&2; close_window; exit 1; }

open_window 100000 "$viz" --size 1280x720 --generator room-accretion --width 4096 --height 2048
busy=$(first_frame '$3 == 1' 0)
shown=$(first_frame '$3 == 0 && $9 == 0' "$busy")
[ "$shown" != none ] || fail "the first map was not shown within a minute"

xdotool mousemove 600 330 keydown r; sleep 0.1; xdotool keyup r
parked=$(first_frame '$10 == 1' "$shown" 20)
[ "$parked" != none ] || fail "the texture was not given back after R"
awk -v t="$parked" '$1 == t && $9 != 1 { exit 1 }' "$log" ||
  fail "the texture was given back with no map being built"

# A zoom while the map is built: the picture must be drawn again, from the last map's cells.
zoomed=$(awk 'END { print $1 }' "$log")
for _ in 1 2 3; do xdotool click 4; sleep 0.1; done
back=$(first_frame '$10 == 0' "$zoomed" 20)
[ "$back" != none ] || fail "the texture did not come back for a zoom"
awk -v t="$back" '$1 == t && $9 != 1 { exit 1 }' "$log" ||
  fail "the texture came back only with the new map, not for the zoom"

done_at=$(first_frame '$3 == 0 && $9 == 0' "$back")
[ "$done_at" != none ] || fail "the new map was not shown within a minute"
awk -v t="$done_at" '$1 == t && $10 != 0 { exit 1 }' "$log" ||
  fail "the new map is shown with its texture given back"
close_window
echo "$name: parked at ${parked} s (after R), back at ${back} s (a zoom), new map at ${done_at} s"
