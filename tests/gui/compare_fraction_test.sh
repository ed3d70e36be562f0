#!/usr/bin/env bash
# Compare "by fraction of each run" with a pane B bigger than a frame's work (issue 25): in a real
# dungen-viz window under Xvfb, xdotool ticks *by fraction*, clicks the scrubber's middle, gives
# pane B a new size and seed (Ctrl+click typing and Return, as a user would), then presses End.
# Pane B used to stay where its run had got to when it was moved; now both panes must end at
# the end of their whole runs, B's as long as the CLI's run of the same map.
#
#   tests/gui/compare_fraction_test.sh DUNGEN_VIZ DUNGEN
set -euo pipefail
viz=$1
cli=$2
name=compare_fraction_test
. "$(dirname "$0")/window_session.sh"

args=(--size 1280x720 --generator cellular-caves --seed 7 --compare)
find_items "$viz" "${args[@]}"
fraction=$(centre compare/by-fraction)
scrubber=$(centre transport/scrubber)
b_width=$(centre compare/width/track)
b_height=$(centre compare/height/track)
b_seed=$(centre compare/seed)
for v in fraction scrubber b_width b_height b_seed; do
  [ -n "${!v}" ] || { echo "compare_fraction_test: no $v in the layout lines" >&2; exit 1; }
done
open_window 20000 "$viz" "${args[@]}"
click() {  # click "X Y" [MODIFIER]
  # shellcheck disable=SC2086
  xdotool mousemove $1
  [ -n "${2:-}" ] && xdotool keydown "$2"
  xdotool mousedown 1; sleep 0.08; xdotool mouseup 1
  [ -n "${2:-}" ] && xdotool keyup "$2"
  sleep 0.3
}
type_value() {  # select all, type, a quick Return
  xdotool keydown ctrl keydown a; sleep 0.1; xdotool keyup a keyup ctrl
  xdotool type --delay 60 "$1"
  xdotool key --delay 0 Return
  sleep 0.3
}
click "$fraction"
click "$scrubber"
click "$b_width" ctrl
type_value 2048
click "$b_height" ctrl
type_value 200
click "$b_seed"
type_value 40
sleep 1
xdotool mousemove 640 300 keydown End; sleep 0.1; xdotool keyup End
sleep 2  # both panes run to their ends (pane B's 2048x200 cave on the worker)
close_window
out=$(cat "$work/out")
echo "$out" | grep "pane" || true
want=$("$cli" generate cellular-caves --width 2048 --height 200 --seed 40 --trace "$work/b.trace" >/dev/null &&
  wc -l <"$work/b.trace")
echo "$out" | grep -q "^dungen-viz: pane A step 358 of 358 (whole run)$" ||
  { echo "compare_fraction_test: pane A is not at the end of its 358 steps" >&2; exit 1; }
echo "$out" | grep -q "^dungen-viz: pane B seed 40$" ||
  { echo "compare_fraction_test: pane B's seed is not 40" >&2; exit 1; }
echo "$out" | grep -q "^dungen-viz: pane B step $want of $want (whole run)$" ||
  { echo "compare_fraction_test: pane B is not at the end of its $want steps" >&2; exit 1; }
echo "compare_fraction_test: both panes at the ends of their whole runs (B: $want steps, as the CLI's)"
