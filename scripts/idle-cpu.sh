#!/usr/bin/env bash
# How much CPU dungen-viz uses idle (paused, nothing happening) and while playing, under Xvfb.
# A figure to report, not a test: it depends on the machine and on what else runs on it.
#   bash scripts/idle-cpu.sh [SECONDS] [dungen-viz binary]
# Needs Xvfb and xdotool (apt-get install xvfb xdotool). Reads the process's CPU time
# (utime + stime in /proc/PID/stat) over SECONDS, once idle and once playing.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
viz=${2:-build/dungen-viz}
for tool in Xvfb xdotool; do
  command -v "$tool" >/dev/null || { echo "idle-cpu: needs $tool (apt-get install ${tool,,})" >&2; exit 1; }
done
[ -x "$viz" ] || { echo "idle-cpu: no $viz: build first (bash scripts/test.sh)" >&2; exit 1; }

# Xvfb picks a free display itself (-displayfd), so this never drives someone else's.
display_file=$(mktemp)
Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$display_file" >/dev/null 2>&1 &
xvfb=$!
viz_pid=""
cleanup() {
  if [ -n "$viz_pid" ]; then kill "$viz_pid" 2>/dev/null || true; wait "$viz_pid" 2>/dev/null || true; fi
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  rm -f "$display_file"
}
trap cleanup EXIT
for _ in $(seq 50); do [ -s "$display_file" ] && break; sleep 0.1; done
[ -s "$display_file" ] || { echo "idle-cpu: Xvfb did not start" >&2; exit 1; }
export DISPLAY=:$(head -1 "$display_file")
# A map with many steps to play through; paused at step 0 once set up (step mode).
"$viz" --size 800x600 --generator cellular-caves --width 200 --height 150 --steps 0 \
  >/dev/null 2>&1 &
viz_pid=$!
sleep 4  # start-up: the window, the shaders, the first frames

cpu_ticks() { awk '{print $14 + $15}' "/proc/$viz_pid/stat"; }
measure() {
  local what=$1 t0 t1 c0 c1
  c0=$(cpu_ticks)
  t0=$(date +%s.%N)
  sleep "$seconds"
  c1=$(cpu_ticks)
  t1=$(date +%s.%N)
  awk -v c="$((c1 - c0))" -v hz="$(getconf CLK_TCK)" -v t0="$t0" -v t1="$t1" -v what="$what" \
    'BEGIN { printf "idle-cpu: %-8s %5.1f%% of a core over %.1f s\n", what, 100 * c / hz / (t1 - t0), t1 - t0 }'
}
measure idle
xdotool search --name dungen-viz windowfocus --sync >/dev/null 2>&1 || true
xdotool key space  # play (30 steps/s)
sleep 1
measure playing
