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
for tool in Xvfb xdotool; do
  command -v "$tool" >/dev/null || { echo "fields_test: needs $tool" >&2; exit 2; }
done
work=$(mktemp -d)
display=$((300 + RANDOM % 600))
Xvfb ":$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
xvfb=$!
app=""
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
export DISPLAY=":$display"
for _ in $(seq 1 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

# Where the seed fields are: a short headless run prints every noted widget's rectangle.
items=$("$viz" --size 1280x720 --frames 2 --compare)
centre() {  # centre NAME: "x y" of the item's rectangle
  echo "$items" | awk -v n="$1" '$2 == "item" && $3 == n {
    split($4, a, "[,x]"); printf "%d %d\n", a[1] + a[3] / 2, a[2] + a[4] / 2; exit }'
}
seed_a=$(centre controls/seed)
seed_b=$(centre compare/seed)
[ -n "$seed_a" ] && [ -n "$seed_b" ] || { echo "fields_test: no seed fields in: $items" >&2; exit 1; }

# The window, long enough for the typing (frames paced as a window's, about 60 a second).
log=$work/frames.log
DUNGEN_VIZ_FRAME_LOG=$log "$viz" --size 1280x720 --frames 600 --no-wait --compare >"$work/out" &
app=$!
for _ in $(seq 1 100); do [ -s "$log" ] && break; sleep 0.1; done
win=$(xdotool search --sync --name '^dungen-viz$' | head -n 1)
xdotool windowfocus "$win" 2>/dev/null || true
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
wait "$app"
app=""
out=$(cat "$work/out")
echo "$out" | grep -E "seed" || true
echo "$out" | grep -q "^dungen-viz: pane A seed 4242$" || { echo "fields_test: pane A's seed is not 4242" >&2; exit 1; }
echo "$out" | grep -q "^dungen-viz: pane B seed 777$" || { echo "fields_test: pane B's seed is not 777" >&2; exit 1; }
echo "fields_test: both seeds committed by a 0 ms key"
