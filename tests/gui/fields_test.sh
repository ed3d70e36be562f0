#!/usr/bin/env bash
# A number field committed by a 0 ms key (issue 25): in a real dungen-viz window under Xvfb,
# xdotool clicks the seed field (where the app says it is), types a seed and taps Return with no
# delay between press and release (ImGui 1.86 samples keys once a frame: such a tap was lost and
# the field stayed open); then the same in compare mode's pane B, with a 0 ms Tab. The app's
# closing lines must name the new seeds.
#
#   tests/gui/fields_test.sh DUNGEN_VIZ
set -euo pipefail
viz=$1
name=fields_test
. "$(dirname "$0")/window_session.sh"

args=(--size 1280x720 --compare)
find_items "$viz" "${args[@]}"
seed_a=$(centre controls/seed)
seed_b=$(centre compare/seed)
[ -n "$seed_a" ] && [ -n "$seed_b" ] || { echo "fields_test: no seed fields in: $items" >&2; exit 1; }
open_window 20000 "$viz" "${args[@]}"
# A field and a value: click, select all (held, like a person), the digits, then the 0 ms key.
type_into() {
  local at=$1 value=$2 key=$3
  # shellcheck disable=SC2086
  xdotool mousemove $at click 1
  sleep 0.3
  xdotool keydown ctrl keydown a; sleep 0.1; xdotool keyup a keyup ctrl
  xdotool type --delay 60 "$value"
  xdotool key --delay 0 "$key"
  sleep 0.5
}
type_into "$seed_a" 4242 Return
type_into "$seed_b" 777 Tab
close_window
out=$(cat "$work/out")
echo "$out" | grep -E "seed" || true
echo "$out" | grep -q "^dungen-viz: pane A seed 4242$" || { echo "fields_test: pane A's seed is not 4242" >&2; exit 1; }
echo "$out" | grep -q "^dungen-viz: pane B seed 777$" || { echo "fields_test: pane B's seed is not 777" >&2; exit 1; }
echo "fields_test: both seeds committed by a 0 ms key"
