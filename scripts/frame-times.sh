#!/usr/bin/env bash
# Frame times of dungen-viz on a 4096x4096 map under Xvfb (Mesa llvmpipe): what a user feels.
# A benchmark, not a test: it prints figures and asserts nothing (times depend on the machine and
# on what else it runs; `uptime` is printed with them).
#
#   scripts/frame-times.sh [BUILD_DIR]        (default: build; needs Xvfb, xdotool, python3)
#   LOAD=2 SKIP_HEADLESS=1 scripts/frame-times.sh   (the window part only, beside 2 busy processes)
#   WINDOW_RUNS=5 ...                        (the window part five times, each with a fresh app,
#                                             and a summary: its long frames are sporadic)
#   COLD_SHADERS=1 ...                       (each window run with an empty Mesa shader cache, as
#                                             on a machine's first run: see below)
#   COMPARE=1 ...                            (the window part in compare mode instead: see 3.)
#
# 1. Headless (--frames N --no-wait): the run is left to the frames and the worker thread, as in
#    the window. Prints the time from start to the first frame against the platform's floor
#    (tests/bench/gl_floor), and the slowest and mean frame.
# 2. The real window, driven by xdotool: R (a new seed), releasing the width slider, instant
#    regions, dragging fill_percent, and the far seeks of Home and End. dungen-viz writes one
#    line a frame to the file named by DUNGEN_VIZ_FRAME_LOG ("seconds-since-start frame-ms
#    working ..."); for each action this prints the slowest frame, the longest gap between frames
#    (not counting the app's waits for input) and how long until the new map was shown (the
#    session and the texture's uploads idle again). The widgets' places are those of the default
#    layout at 1280x720 and UI scale 1 (see the variables below).
# 3. With COMPARE=1, the window part is compare mode's (C): two 4096x4096 rooms-and-mazes panes,
#    both seed 1, and the far seeks of Home and End, which move both panes (their seek parts and
#    the refresh of the diff and the figures take turns: app/logic/compare.hpp's WorkTurns); then
#    a click on a cell of pane A, whose history is read a part a frame.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
VIZ=$BUILD/dungen-viz
BIG=(--generator cellular-caves --width 4096 --height 4096)
FLOOR=$BUILD/tests/bench/gl_floor  # the platform's floor (a build with DUNGEN_BUILD_BENCH=ON)
FRAMES=${FRAMES:-300}
# LOAD=N: N busy processes (shell loops) run beside the window part, as another build or a video
# call would: the figures "under load".
LOAD=${LOAD:-0}
# How long an action may take before the script gives up on it (seconds).
ACTION_TIMEOUT=${ACTION_TIMEOUT:-180}
# How many times the window part runs, each with a fresh app: a frame of a few hundred
# milliseconds comes in some runs and not in others, so one run says little of how often.
WINDOW_RUNS=${WINDOW_RUNS:-1}
# Mesa's software rasteriser compiles a variant of a shader with LLVM the first time it draws with
# a new kind of input, 100-300 ms in that draw, and keeps each in its shader cache on disk, where
# later runs load it in a few milliseconds. The map's variants are compiled before the first frame
# (MapRenderer::warm_up), so that no action's frame is such a draw. By default the runs use the
# machine's cache (warm after its first run); COLD_SHADERS=1 gives each window run an empty one, as
# on a machine's first run.
COLD_SHADERS=${COLD_SHADERS:-}
COMPARE=${COMPARE:-}

[[ "$WINDOW_RUNS" =~ ^[1-9][0-9]*$ ]] ||
  { echo "frame-times: WINDOW_RUNS must be a whole number from 1 (got '$WINDOW_RUNS')" >&2; exit 2; }
[ -x "$VIZ" ] || { echo "frame-times: no $VIZ (build first)" >&2; exit 2; }
for tool in Xvfb xdotool python3; do
  command -v "$tool" >/dev/null || { echo "frame-times: needs $tool" >&2; exit 2; }
done
echo "machine: $(nproc) cores, load: $(uptime | sed 's/.*load average: //')"

# One virtual X server for the whole run.
display=$((100 + RANDOM % 800))
Xvfb ":$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
xvfb_pid=$!
log=$(mktemp /tmp/frame-times.XXXXXX)
results=$(mktemp /tmp/frame-times-runs.XXXXXX)  # the window part's lines, every run's
shader_cache=$log.shaders  # COLD_SHADERS's (emptied before each window run)
app_pid=""
load_pids=()
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  for p in "${load_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  kill "$xvfb_pid" 2>/dev/null || true
  rm -f "$log" "$log.out" "$results" "$results.run"
  rm -rf "$shader_cache"
}
trap cleanup EXIT
export DISPLAY=":$display"
sleep 1
"$VIZ" --size 1280x720 --frames 1 >/dev/null  # its first client is slower: a warm-up, not counted
first_ms() { sed -n 's/.*first frame shown \([0-9]*\) ms.*/\1/p'; }
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

if [ -z "${SKIP_HEADLESS:-}" ]; then
# The first frame, from main's first line to the first swap, against a floor measured in the same
# run: tests/bench/gl_floor, a bare GLFW + GL 3.3 program that makes the same window, compiles one
# trivial program, draws one triangle and swaps. Its time is the platform's (the GL driver's
# loading, its first compile, the X server's first picture); what dungen-viz takes above it is
# dungen's own (the UI's fonts and program, the map's program and picture). Medians of RUNS runs,
# interleaved.
RUNS=${RUNS:-7}
if [ -x "$FLOOR" ]; then
  "$FLOOR" >/dev/null  # warm-up, not counted
  floor="" small="" big="" floor_line=""
  # A pause after each run: a 4096x4096 run's memory takes the kernel a while to take back, which
  # would slow the next start.
  for _ in $(seq "$RUNS"); do
    floor_line=$("$FLOOR"); floor="$floor $(echo "$floor_line" | first_ms)"; sleep 0.5
    small="$small $("$VIZ" --size 1280x720 --generator cellular-caves --frames 2 --no-wait | first_ms)"
    sleep 0.5
    big="$big $("$VIZ" --size 1280x720 "${BIG[@]}" --frames 2 --no-wait | first_ms)"; sleep 1
  done
  f=$(echo "$floor" | median); sm=$(echo "$small" | median); b=$(echo "$big" | median)
  echo "== first frame, headless (medians of $RUNS runs; ms from main's first line to the first swap)"
  printf '  %-30s %5s ms  (the last run: %s)\n' "platform floor (gl_floor)" "$f" \
    "$(echo "$floor_line" | sed -n 's/.*after start (\(.*\)).*/\1/p')"
  printf '  %-30s %5s ms  (%+d ms above the floor)\n' "dungen-viz, default 160x50 map" "$sm" \
    "$((sm - f))"
  printf '  %-30s %5s ms  (%+d ms above the default map)\n' "dungen-viz, 4096x4096 caves" "$b" \
    "$((b - sm))"
else
  echo "frame-times: no $FLOOR (a build with DUNGEN_BUILD_BENCH=ON has it): no floor" >&2
fi

echo "== headless, 4096x4096 caves, $FRAMES frames (--no-wait)"
for extra in "" "--animate-regions" "--regions"; do
  out=$("$VIZ" --size 1280x720 "${BIG[@]}" $extra --frames "$FRAMES" --no-wait)
  first=$(echo "$out" | first_ms)
  stats=$(echo "$out" | sed -n 's/.*after the first: \(.*\)/\1/p')
  printf '  %-18s first frame %5s ms; %s\n' "${extra:-start}" "$first" "$stats"
done
fi

# Where the widgets are (1280x720, UI scale 1): a short headless run prints every noted widget's
# rectangle ("item controls/width/track X,Y,WxH": a slider's track, where its grab moves).
items=$("$VIZ" --size 1280x720 "${BIG[@]}" --frames 3 | grep ' item ')  # the map built, as when dragged
item() {  # item NAME FIELD: x, y (centre), w or right (x + w)
  echo "$items" | awk -v n="controls/$1" -v f="$2" '$3 == n {
    split($4, a, "[,x]"); if (f == "x") print a[1]; else if (f == "y") print int(a[2] + a[4] / 2);
    else if (f == "right") print a[1] + a[3]; exit }'
}
WIDTH_SLIDER_Y=$(item width/track y)
FILL_SLIDER_Y=$(item fill_percent/track y)
SLIDER_X0=$(item width/track x)
SLIDER_X1=$(item width/track right)
INSTANT_RADIO=($(($(item regions-instant x) + 8)) "$(item regions-instant y)")
[ -n "$WIDTH_SLIDER_Y" ] && [ -n "$FILL_SLIDER_Y" ] && [ -n "$SLIDER_X1" ] &&
  [ -n "${INSTANT_RADIO[1]}" ] ||
  { echo "frame-times: the widgets' places are missing from dungen-viz's layout lines" >&2; exit 2; }
echo "widgets: width slider $SLIDER_X0..$SLIDER_X1 at y $WIDTH_SLIDER_Y, fill_percent at y" \
  "$FILL_SLIDER_Y, instant regions at ${INSTANT_RADIO[*]}"

for _ in $(seq 1 "$LOAD"); do
  sh -c 'while :; do :; done' &
  load_pids+=($!)
done
cache_said="the machine's"
[ -n "$COLD_SHADERS" ] && cache_said="empty at each run's start"
what="4096x4096 caves"
[ -n "$COMPARE" ] && what="compare mode, two 4096x4096 rooms-and-mazes panes"
echo "== the real window (xdotool), $what, $LOAD busy processes beside it" \
  "($WINDOW_RUNS run(s); shader cache: $cache_said)"
# The floor under the frame gaps below, beside the same load: gl_floor's frames (a clear, one
# triangle and a swap each, in a window of the same size) show what the GL and the X server take
# to put a frame up on this machine now, with nothing of dungen's in it.
if [ -x "$FLOOR" ]; then
  printf '  %-26s %s\n' "platform floor (gl_floor)" \
    "$("$FLOOR" --size 1280x720 --frames 600 | sed -n 's/^gl_floor: \([0-9]* frames,.*\)/\1/p')"
fi
out_file=$log.out

# The log's last line: "t ms working".
last() { tail -n 1 "$log" 2>/dev/null || true; }
now_t() { last | awk '{print $1}'; }
# Waits until the app has worked (a frame says working) and is idle again after time $1;
# prints the app's time of the first idle frame, or "timeout".
wait_idle_after() {
  python3 - "$log" "$1" "$ACTION_TIMEOUT" <<'EOF'
import sys, time
path, since, timeout = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
end = time.time() + timeout
while time.time() < end:
    seen_work = False  # each pass reads the whole log again
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) < 3 or float(p[0]) <= since:
                continue
            if p[2] == "1":
                seen_work = True
            elif seen_work:
                print(p[0]); sys.exit(0)
    time.sleep(0.2)
print("timeout")
EOF
}
# Slowest frame and frame count between app times $1 and $2; $3 names the action, $4 (default
# "new map") what it shows.
report() {
  python3 - "$log" "$1" "$2" "$3" "${4:-new map}" <<'EOF'
import sys
path, a, b, name, shown = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
rows = [l.split() for l in open(path)]
if b == "timeout":
    print(f"  {name:<26} not finished within the timeout"); sys.exit(0)
b = float(b)
inside = [r for r in rows if len(r) >= 3 and a < float(r[0]) <= b]
ms = [float(r[1]) for r in inside]
if not ms:
    print(f"  {name:<26} no frames"); sys.exit(0)
over = sum(1 for m in ms if m > 50)
# What a user sees: the longest time from one frame's start to the next (a frame's own time plus
# anything between frames), from the first frame after the action on. But for the time before a
# frame that the app waited for input (the log's 11th column): nothing was moving, and the wait
# lasted until the input came (xdotool's key or click, slow to arrive beside busy processes: a
# fifth of a second at times after the app's idle redraw, a frame before it).
gaps = [(float(y[0]) - float(x[0])) * 1000 for x, y in zip(inside, inside[1:])
        if not (len(y) >= 11 and y[10] == "1")]
gap = max(gaps or [0.0])
long_gaps = sum(1 for g in gaps if g > 50)
# The frames that gave the map's texture back while its successor was built (the log's last
# column turning 1: TextureStager::park).
parks = [float(r[1]) for p, r in zip(rows, rows[1:])
         if len(p) >= 10 and len(r) >= 10 and a < float(r[0]) <= b and p[9] == "0" and r[9] == "1"]
parked = "".join(f"; the texture given back in a {m:.1f} ms frame" for m in parks)
print(f"  {name:<26} {shown} shown after {b - a:5.2f} s; {len(ms)} frames, "
      f"slowest {max(ms):6.1f} ms, mean {sum(ms) / len(ms):5.1f} ms, {over} over 50 ms; "
      f"longest gap {gap:6.1f} ms ({long_gaps} of {len(gaps)} over 50){parked}")
EOF
}

# start_app ARGS...: a fresh dungen-viz at 1280x720 with these arguments, writing the frame log
# (emptied first), its output in $out_file; returns once its first frame is logged.
start_app() {
: >"$log"
sleep 1  # the last run's memory given back first
if [ -n "$COLD_SHADERS" ]; then
  rm -rf "$shader_cache" && mkdir "$shader_cache"
  export MESA_SHADER_CACHE_DIR=$shader_cache
fi
DUNGEN_VIZ_FRAME_LOG="$log" "$VIZ" --size 1280x720 "$@" >"$out_file" 2>&1 &
app_pid=$!
for _ in $(seq 1 100); do [ -s "$log" ] && break; sleep 0.1; done
}
# far_seeks LABEL_PREFIX: Home (to step 0) and End (back to the last step), a report line each.
far_seeks() {
for key in Home End; do
  t=$(now_t); xdotool keydown "$key"; sleep 0.1; xdotool keyup "$key"
  report "$t" "$(wait_idle_after "$t")" "$1$key (far seek)"
done
}
stop_app() {
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
app_pid=""
}

# One run of the window part: a fresh app, its start and the actions, a line each.
window_run() {
start_app "${BIG[@]}"
start_idle=$(wait_idle_after 0)
python3 - "$log" "$start_idle" "$(first_ms <"$out_file")" <<'EOF'
import sys
rows = [l.split() for l in open(sys.argv[1])]
first = float(sys.argv[3]) / 1000  # the app's own line: the first swap, from main's first line
end = sys.argv[2]
ms = [float(r[1]) for r in rows[1:]]
over = sum(1 for m in ms if m > 50)
print(f"  {'start':<26} first frame {first * 1000:5.0f} ms after start; map shown after "
      f"{end} s; slowest later frame {max(ms):6.1f} ms, mean {sum(ms) / len(ms):5.1f} ms, "
      f"{over} over 50 ms")
EOF
win=$(xdotool search --sync --name '^dungen-viz$' | head -n 1)
xdotool windowfocus "$win" 2>/dev/null || true

# R: a new seed (held a moment: imgui 1.86 misses a press and release within one frame).
t=$(now_t); xdotool keydown r; sleep 0.1; xdotool keyup r
report "$t" "$(wait_idle_after "$t")" "R (new seed)"

# The width slider: grab its knob (at the right end, 4096), move it left, release.
t=$(now_t)
xdotool mousemove "$((SLIDER_X1 - 6))" "$WIDTH_SLIDER_Y" mousedown 1
for x in $(seq $((SLIDER_X1 - 8)) -2 $((SLIDER_X1 - 16))); do
  xdotool mousemove "$x" "$WIDTH_SLIDER_Y"; sleep 0.05
done
xdotool mouseup 1
report "$t" "$(wait_idle_after "$t")" "width slider release"

# Instant regions.
t=$(now_t); xdotool mousemove "${INSTANT_RADIO[@]}" click 1
report "$t" "$(wait_idle_after "$t")" "instant regions"

# Dragging fill_percent across 20 values over about two seconds, then releasing.
t=$(now_t)
mid=$(((SLIDER_X0 + SLIDER_X1) / 2))
xdotool mousemove "$mid" "$FILL_SLIDER_Y" mousedown 1
for x in $(seq "$mid" 2 $((mid + 40))); do
  xdotool mousemove "$x" "$FILL_SLIDER_Y"; sleep 0.1
done
t_up=$(now_t)
xdotool mouseup 1
done_t=$(wait_idle_after "$t_up")
python3 - "$log" "$t" "$t_up" <<'EOF'
import sys
rows = [l.split() for l in open(sys.argv[1])]
a, b = float(sys.argv[2]), float(sys.argv[3])
ms = [float(r[1]) for r in rows if a < float(r[0]) <= b]
if ms:
    over = sum(1 for m in ms if m > 50)
    print(f"  {'fill_percent drag':<26} {len(ms) / (b - a):5.1f} fps while dragging, slowest "
          f"{max(ms):6.1f} ms, {over} over 50 ms")
EOF
report "$t_up" "$done_t" "  after the release"

# Far seeks, across the run's skips. The map changes everywhere, and its texture takes the
# changed rows a band at a time (app/logic/upload_queue.hpp).
far_seeks ""
stop_app
}  # window_run

# One run of compare mode's window part: a fresh app with both panes, its start, Home and End.
compare_run() {
# Pane A's map: its middle, from a short headless run's "map viewport X,Y,WxH" line.
lines=$("$VIZ" --size 1280x720 --generator rooms-and-mazes --compare --frames 3)
PANE_A_MAP=($(awk '$2 == "map" && $3 == "viewport" {
  split($4, a, "[,x]"); print int(a[1] + a[3] / 2), int(a[2] + a[4] / 2); exit }' <<<"$lines"))
[ -n "${PANE_A_MAP[1]:-}" ] || { echo "frame-times: no map viewport in compare mode" >&2; exit 1; }
start_app --generator rooms-and-mazes --width 4096 --height 4096 --compare
# Pane A's run is built, then B's (a copy of A's settings): idle once both are, and still a
# second later (at most five rounds).
idle=$(wait_idle_after 0)
for _ in 1 2 3 4 5; do
  sleep 1
  [ "$idle" = timeout ] || [ "$(last | awk '{print $3}')" != 1 ] && break
  idle=$(wait_idle_after "$(now_t)")
done
echo "  start                      both panes' runs shown after $idle s"
win=$(xdotool search --sync --name '^dungen-viz$' | head -n 1)
xdotool windowfocus "$win" 2>/dev/null || true
far_seeks "compare: "
# A cell's history: a click at the middle of pane A's map. A maze's connectors and dead ends lie
# all over its run, so thousands of its blocks may hold a cell: the window reads them a part a
# frame (app/logic/session_history.cpp), and the app is idle again once it has read them all.
t=$(now_t); xdotool mousemove "${PANE_A_MAP[@]}" click 1
report "$t" "$(wait_idle_after "$t")" "compare: a cell's history" "its history"
stop_app
}  # compare_run

for run in $(seq 1 "$WINDOW_RUNS"); do
  [ "$WINDOW_RUNS" -gt 1 ] && echo " run $run of $WINDOW_RUNS"
  # (Not piped: the run's app stays this shell's, for the cleanup on an interrupt.)
  if [ -n "$COMPARE" ]; then compare_run; else window_run; fi >"$results.run"
  tee -a "$results" <"$results.run"
  if [ -n "${KEEP_LOG:-}" ]; then
    if [ "$WINDOW_RUNS" -gt 1 ]; then cp "$log" "$KEEP_LOG.$run"; else cp "$log" "$KEEP_LOG"; fi
  fi
done
if [ "$WINDOW_RUNS" -gt 1 ]; then
  # Over every run: the actions whose longest gap was over 50 ms, and the longest of all.
  sed -n 's/^ *\([^ ].*[^ ]\) *new map shown after.*longest gap *\([0-9.]*\) ms.*/\2 \1/p' "$results" |
    awk -v runs="$WINDOW_RUNS" '
      { n++; if ($1 > m) m = $1 }
      $1 > 50 { o++; list = list sprintf("; %s %.0f ms", substr($0, index($0, $2)), $1) }
      END {
        printf "  over %d runs: %d of %d actions with a gap over 50 ms, the longest %.0f ms%s\n",
          runs, o, n, m, (o ? " (" substr(list, 3) ")" : "")
      }'
fi
