#!/usr/bin/env bash
# Peak resident memory (RSS) of every generator on a big map, from the CLI and from the app's
# headless mode: a measurement, not a test (it prints figures and asserts nothing).
#
#   scripts/peak-rss.sh [BUILD_DIR]          (default: build; needs /usr/bin/time, and xvfb-run
#                                             for the app column)
#   SIZE=1024 scripts/peak-rss.sh            a smaller map (default 4096, i.e. 4096x4096)
#   GENERATORS="cellular-caves" ...          only these generators (default: the built-in ones,
#                                             `dungen list` up to its scripts)
#   APP_FLAGS="--no-wait --frames 60" ...    how the app runs (default: the whole run and the
#                                             instant regions before the first frame, then 60
#                                             frames; --no-wait leaves the run to the frames)
#   TIMEOUT=600                              seconds per run before it is stopped (then "-")
#   (with --no-wait in APP_FLAGS the scrubbed-back column is "-": --back waits for the run)
#
# Columns: the CLI writing the map as text (`dungen generate NAME --out`), the same with
# --regions (the labelling and its 64 MB layer at 4096x4096), and dungen-viz in a 1280x720 window
# under Xvfb with --regions (instant), with --animate-regions (the flood fill recorded step by
# step after the generator), and with --animate-regions scrubbed back into the generator's first
# steps once the flood fill is recorded (--steps 40000000 --back 39990000: the generator writes
# its map again beside the flood fill's), and in a real window (its own Xvfb, xdotool) with
# instant regions after a new seed (R: the new run is made beside the last, which stays shown
# until then), against the app's goal of 400 MB in every mode (issues 9 and 29).
# Peak RSS is what /usr/bin/time reports as "maximum resident set size" for that one process (for
# the new-seed column, the process's VmHWM), in MiB. The new-seed column needs Xvfb and xdotool
# ("-" without them).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
CLI=$BUILD/dungen
VIZ=$BUILD/dungen-viz
SIZE=${SIZE:-4096}
TIMEOUT=${TIMEOUT:-600}
APP_FLAGS=${APP_FLAGS:---frames 60}
APP_GOAL_MB=400
TIME=/usr/bin/time
[[ -x $TIME ]] || { echo "peak-rss.sh: needs $TIME (apt-get install time)" >&2; exit 2; }
[[ -x $CLI ]] || { echo "peak-rss.sh: no $CLI: build first" >&2; exit 2; }
GENERATORS=${GENERATORS:-$("$CLI" list | awk 'NF == 0 { exit } { print $1 }')}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs "$@" under /usr/bin/time; prints its peak RSS in MB, or "-" when it failed or timed out.
peak_mb() {
  local out=$tmp/rss
  rm -f "$out"
  if timeout "$TIMEOUT" "$TIME" -f %M -o "$out" "$@" >"$tmp/log" 2>&1 && [[ -s $out ]]; then
    awk '{printf "%.0f", $1 / 1024}' "$out"
  else
    echo "-"
  fi
}

# The app's peak for generator $1 with regions shown as $2 (--regions or --animate-regions) and
# any further flags.
app_mb() {
  if ! command -v xvfb-run >/dev/null || [[ ! -x $VIZ ]]; then
    echo "-"
    return
  fi
  # /usr/bin/time inside xvfb-run: only the app is measured, not the X server.
  local out=$tmp/rss-app
  rm -f "$out"
  # shellcheck disable=SC2086  # APP_FLAGS is a list of flags
  if timeout "$TIMEOUT" xvfb-run -a -s '-screen 0 1280x720x24' "$TIME" -f %M -o "$out" \
    "$VIZ" --size 1280x720 --generator "$1" --width "$SIZE" --height "$SIZE" "${@:2}" \
    $APP_FLAGS >"$tmp/log" 2>&1 && [[ -s $out ]]; then
    awk '{printf "%.0f", $1 / 1024}' "$out"
  else
    echo "-"
  fi
}

# The app's peak for generator $1 in a real window (its own Xvfb, driven by xdotool) with instant
# regions: the run made and shown, then R (a new seed) and that run made and shown too, beside
# the last one until it is. VmHWM from /proc once the second run is idle; "-" without Xvfb or
# xdotool, or when a run does not finish within TIMEOUT.
regen_mb() {
  if ! command -v Xvfb >/dev/null || ! command -v xdotool >/dev/null || [[ ! -x $VIZ ]]; then
    echo "-"
    return
  fi
  local display=$((100 + RANDOM % 800)) frames=$tmp/frames xvfb app t mb="-"
  Xvfb ":$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
  xvfb=$!
  sleep 1
  rm -f "$frames"
  DISPLAY=":$display" DUNGEN_VIZ_FRAME_LOG="$frames" "$VIZ" --size 1280x720 --generator "$1" \
    --width "$SIZE" --height "$SIZE" --regions >"$tmp/log" 2>&1 &
  app=$!
  t=$(idle_after "$frames" 0)
  if [[ $t != timeout ]]; then
    DISPLAY=":$display" xdotool search --sync --name '^dungen-viz$' windowfocus >/dev/null 2>&1 ||
      true
    # (held a moment: imgui 1.86 misses a press and release within one frame)
    DISPLAY=":$display" xdotool keydown r sleep 0.1 keyup r
    t=$(idle_after "$frames" "$t")
    [[ $t != timeout ]] && mb=$(awk '/^VmHWM:/ { printf "%.0f", $2 / 1024 }' "/proc/$app/status")
  fi
  kill "$app" "$xvfb" 2>/dev/null || true
  wait "$app" "$xvfb" 2>/dev/null || true
  echo "$mb"
}

# The app's time (its frame log $1, "t ms working ...") of the first idle frame after a working
# one later than time $2; "timeout" when none comes within TIMEOUT seconds.
idle_after() {
  python3 - "$1" "$2" "$TIMEOUT" <<'PY'
import sys, time
path, since, timeout = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
end = time.time() + timeout
while time.time() < end:
    worked = False
    try:
        rows = [l.split() for l in open(path)]
    except OSError:
        rows = []
    for r in rows:
        if len(r) < 3 or float(r[0]) <= since:
            continue
        if r[2] == "1":
            worked = True
        elif worked:
            print(r[0])
            sys.exit(0)
    time.sleep(0.5)
print("timeout")
PY
}

echo "peak RSS at ${SIZE}x${SIZE}, MiB ($(uptime | sed 's/.*load/load/'))"
printf '%-20s %6s %14s %14s %22s %13s %11s %8s\n' generator cli "cli --regions" "app --regions" \
  "app --animate-regions" "scrubbed back" "new seed" "<= ${APP_GOAL_MB}"
for g in $GENERATORS; do
  cli=$(peak_mb "$CLI" generate "$g" --width "$SIZE" --height "$SIZE" --out "$tmp/map.txt")
  cli_regions=$(peak_mb "$CLI" generate "$g" --width "$SIZE" --height "$SIZE" --regions \
    --out "$tmp/map.txt")
  app=$(app_mb "$g" --regions)
  animated=$(app_mb "$g" --animate-regions)
  back=$(app_mb "$g" --animate-regions --steps 40000000 --back 39990000)
  regen=$(regen_mb "$g")
  met="-"
  if [[ $app != "-" && $animated != "-" && $back != "-" && $regen != "-" ]]; then
    ((app <= APP_GOAL_MB && animated <= APP_GOAL_MB && back <= APP_GOAL_MB &&
      regen <= APP_GOAL_MB)) && met=yes || met=no
  fi
  printf '%-20s %6s %14s %14s %22s %13s %11s %8s\n' "$g" "$cli" "$cli_regions" "$app" \
    "$animated" "$back" "$regen" "$met"
done
