#!/usr/bin/env bash
# A student starts from an empty file (issue 26, docs/SCRIPTING.md's tutorial): dungen-viz
# --script on a file that is not a script yet opens all the same, says what is wrong in the log,
# and watches the file; the first save of a working script opens it.
#
#   tests/gui/script_first_save_test.sh DUNGEN_VIZ SCRIPT
set -euo pipefail
viz=$1
source_script=$2
name=script_first_save_test
. "$(dirname "$0")/window_session.sh"

: >"$work/gen.lua"
# The app opens on the file as it is, and says what is wrong (a short run prints its state).
first=$("$viz" --size 1280x720 --script "$work/gen.lua" --frames 3)
echo "$first" | grep "pane A error" || true
echo "$first" | grep -q "^dungen-viz: pane A error gen.lua: the script must return" ||
  { echo "$name: the empty file's error was not shown" >&2; exit 1; }
open_window 20000 "$viz" --size 1280x720 --script "$work/gen.lua"
sleep 1
cp "$source_script" "$work/gen.lua"
sleep 1.5  # the app looks at the file every half second
close_window
out=$(cat "$work/out")
echo "$out" | grep -E "pane A (script|error)" || true
last=$(echo "$out" | grep "^dungen-viz: pane A script " | tail -n 1)
[ "$last" = "dungen-viz: pane A script random-walk" ] ||
  { echo "$name: the saved script was not opened (last: '$last')" >&2; exit 1; }
echo "$name: an empty --script file opened the app with its error; its first save opened it"
