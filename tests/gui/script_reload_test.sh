#!/usr/bin/env bash
# Live reload (issue 26): a real dungen-viz window under Xvfb opens a copy of a shipped script
# with --script, at step 20. The test then saves edits to the file as a teacher would in an
# editor beside the app: a new name and new words (the app reads it again, on the same step),
# then a syntax error (the last good run stays, the error is shown with its line). The app's
# closing lines must say so.
#
#   tests/gui/script_reload_test.sh DUNGEN_VIZ SCRIPT
set -euo pipefail
viz=$1
source_script=$2
name=script_reload_test
. "$(dirname "$0")/window_session.sh"

cp "$source_script" "$work/walk.lua"
args=(--size 1280x720 --script "$work/walk.lua" --steps 20 --seed 3)
open_window 20000 "$viz" "${args[@]}"
sleep 1
# An edit: the app looks at the file every half second.
sed -i 's/name = "random-walk"/name = "random-walk-edited"/; s/walk " .. names\[d\] .. " over floor/stroll " .. names[d] .. " across floor/' "$work/walk.lua"
sleep 1.5
grep -q random-walk-edited "$work/walk.lua" || { echo "$name: the edit did not apply" >&2; exit 1; }
# A broken save: a syntax error on the line that reads the parameters.
sed -i 's/local w, h = p.width, p.height/local w, h = p.width, p.height )/' "$work/walk.lua"
line=$(grep -n 'p.height )' "$work/walk.lua" | cut -d: -f1)
sleep 1.5  # seen by the app before close_window ends it
close_window
out=$(cat "$work/out")
echo "$out" | grep -E "pane A (step|script|error)" || true
echo "$out" | grep -q "^dungen-viz: pane A script random-walk-edited$" ||
  { echo "$name: the edited script was not read again" >&2; exit 1; }
echo "$out" | grep -q "^dungen-viz: pane A step 20 of" ||
  { echo "$name: the step was not kept" >&2; exit 1; }
echo "$out" | grep -q "^dungen-viz: pane A error walk.lua:$line: unexpected symbol near ')'$" ||
  { echo "$name: the syntax error (line $line) is not shown" >&2; exit 1; }
echo "$name: an edit read again on the same step, a broken save shown with its line"
