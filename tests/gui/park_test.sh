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
# Frames are found by their line in the log, not their time: frames of half a millisecond (nothing
# to draw) share a time to the log's millisecond, and a check by time read the frame before R's.
# first_frame AWK_CONDITION AFTER_LINE [SECONDS]: the line of the first frame after that line whose
# columns meet the condition ($3 working, $9 rebuilding, $10 parked), or "none" once SECONDS
# (default 60) have passed.
first_frame() {
  local deadline=$((SECONDS + ${3:-60})) n
  while [ "$SECONDS" -lt "$deadline" ]; do
    n=$(awk -v after="$2" "NR > after && NF >= 10 && ($1) { print NR; exit }" "$log")
    [ -n "$n" ] && { echo "$n"; return; }
    sleep 0.1
  done
  echo none
}
# column COLUMN LINE: that frame's value in that column.
column() { awk -v c="$1" -v n="$2" 'NR == n { print $c; exit }' "$log"; }
# fail MESSAGE [LINE]: the message, and the frames around that line (else the last five).
fail() {
  echo "$name: $1" >&2
  if [ -n "${2:-}" ]; then
    awk -v n="$2" 'NR >= n - 3 && NR <= n + 1 { print NR ": " $0 }' "$log" >&2
  else
    tail -n 5 "$log" >&2
  fi
  close_window
  exit 1
}

open_window 100000 "$viz" --size 1280x720 --generator room-accretion --width 4096 --height 2048
busy=$(first_frame '$3 == 1' 0)
[ "$busy" != none ] || fail "no frame was working on the first map within a minute"
shown=$(first_frame '$3 == 0 && $9 == 0' "$busy")
[ "$shown" != none ] || fail "the first map was not shown within a minute"

xdotool mousemove 600 330 keydown r; sleep 0.1; xdotool keyup r
parked=$(first_frame '$10 == 1' "$shown" 20)
[ "$parked" != none ] || fail "the texture was not given back after R"
[ "$(column 9 "$parked")" = 1 ] ||
  fail "the texture was given back with no map being built" "$parked"

# A zoom while the map is built: the picture must be drawn again, from the last map's cells.
zoomed=$(awk 'END { print NR }' "$log")
for _ in 1 2 3; do xdotool click 4; sleep 0.1; done
back=$(first_frame '$10 == 0' "$zoomed" 20)
[ "$back" != none ] || fail "the texture did not come back for a zoom"
[ "$(column 9 "$back")" = 1 ] ||
  fail "the texture came back only with the new map, not for the zoom" "$back"

done_at=$(first_frame '$3 == 0 && $9 == 0' "$back")
[ "$done_at" != none ] || fail "the new map was not shown within a minute"
[ "$(column 10 "$done_at")" = 0 ] ||
  fail "the new map is shown with its texture given back" "$done_at"
close_window
echo "$name: parked at $(column 1 "$parked") s (after R), back at $(column 1 "$back") s (a zoom)," \
  "new map at $(column 1 "$done_at") s"
