#!/usr/bin/env bash
# Predict mode and a cell's history in a real dungen-viz window under Xvfb (issue 28): the app
# opens on its first question (--predict); xdotool clicks the true answer's button, then the
# room the verdict carved on the map. The closing lines must say the lesson has 1 of 1 right,
# the step is revealed right, and the clicked cell's history lists the step that carved it.
#
#   tests/gui/predict_test.sh DUNGEN_VIZ
set -euo pipefail
viz=$1
name=predict_test
. "$(dirname "$0")/window_session.sh"

# Seed 3's fourth attempt is carved (26..34 x 9..17 in cells): the answer is "none: carved".
args=(--size 1280x720 --generator rooms-and-tunnels --seed 3 --predict --steps 20)
find_items "$viz" "${args[@]}"
none=$(centre predict/choice/0)
[ -n "$none" ] || { echo "predict_test: no answer button in the layout lines" >&2; exit 1; }
echo "$items" | grep -q "question: attempt 4" ||
  { echo "predict_test: the first question is not attempt 4's" >&2; exit 1; }
# The map's viewport, and the cell (30,12) in it: the 80x45 map fitted and centred.
read -r mx my mw mh < <(echo "$items" | sed -n 's/.*map viewport \([0-9]*\),\([0-9]*\),\([0-9]*\)x\([0-9]*\).*/\1 \2 \3 \4/p')
cell=$(awk -v x="$mx" -v y="$my" -v w="$mw" -v h="$mh" 'BEGIN {
  px = w / 80; if (h / 45 < px) px = h / 45
  printf "%d %d\n", x + (w - 80 * px) / 2 + 30.5 * px, y + (h - 45 * px) / 2 + 12.5 * px }')
open_window 20000 "$viz" "${args[@]}"
click_at "$none"
click_at "$cell"
xdotool mousemove 5 5
sleep 0.5
close_window
grep -E "predict|revealed|cell history" "$work/out" || true
expect_line "^dungen-viz: pane A predict: 1 of 1 right$" "the lesson does not have the one answer right"
expect_line "^dungen-viz: pane A revealed: right$" "the verdict is not shown as answered right"
expect_line "^dungen-viz: cell history (30,12) 1 steps$" \
  "cell (30,12)'s history is not the one step that carved it"
echo "predict_test: answered right by its button; the carved cell's history is its one step"
