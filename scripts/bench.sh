#!/usr/bin/env bash
# Issue 9's figures in one table, issue 26's (goal "26": generators written as Lua scripts) and
# issue 27's (goal "27": the level analyses against the flood fill):
# builds dungen_bench (Release), runs it with repetitions and prints each goal's figure, the goal,
# and whether it is met ("(figure)": a figure the issue asks for without a number to meet).
# Times are medians of CPU time (this machine is shared: wall time would include other
# processes' turns); ratios are taken within the same run, whose repetitions are interleaved in
# a random order (a ratio's two benchmarks see the same slow and fast spells of the machine,
# which otherwise last long enough to fall on one of them only).
#
#   scripts/bench.sh            everything (about 13-23 minutes on a quiet 2-core machine, 3 of
#                               them the Lua walk at 1024x1024)
#   scripts/bench.sh --quick    3 repetitions, shorter runs, no 4096x4096 generator or stepped
#                               flood-fill runs (the history, seek and kernel runs stay), and one
#                               repetition of the Lua walk at 1024x1024 (15 s a run): a few
#                               minutes
#   scripts/bench.sh --filter REGEX   only the throughput benchmarks matching REGEX
#   BUILD_DIR=dir scripts/bench.sh    build there (default: build-bench)
#   APP_BUILD=dir scripts/bench.sh    where dungen-viz was built (default: build): its frame gaps
#                               (scripts/frame-times.sh's window part three times, quiet and beside
#                               2 busy processes, and once more loaded with an empty shader cache;
#                               then twice in compare mode, quietly: about nine minutes) where
#                               that build, Xvfb and xdotool are there
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
filter=''
reps=5
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1; reps=3 ;;
    --filter) filter="${2:?--filter needs a regex}"; shift ;;
    --reps) reps="${2:?--reps needs a number}"; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown flag '$1' (allowed: --quick, --filter REGEX, --reps N)" >&2; exit 2 ;;
  esac
  shift
done

build="${BUILD_DIR:-build-bench}"
nice -n 19 cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDUNGEN_BUILD_APP=OFF \
  -DDUNGEN_BUILD_TESTS=OFF -DDUNGEN_BUILD_BENCH=ON >/dev/null
nice -n 19 cmake --build "$build" --target dungen_bench >/dev/null
bench="$build/tests/bench/dungen_bench"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# Throughput: goal 1 (stepped vs batch), 2 (record sizes), 5 (room accretion), 7 (kernels).
# Issue 26: the Lua scripts against the built-in drunkard's walk, and the reload.
slow=''
if [ -z "$filter" ]; then
  filter='^(memcpy|rooms-and-tunnels|feature-accretion|room-accretion|cellular-caves|regions|regions-flood|regions-fresh|cave-pass|drunkards-walk|bsp-rooms|rooms-and-mazes|lua-[a-z-]+|analysis-[a-z-]+)/'
  if [ "$quick" = 1 ]; then
    filter='^(memcpy|rooms-and-tunnels|feature-accretion|room-accretion|cave-pass|regions-fresh|drunkards-walk)/|^regions/batch/|^(cellular-caves|regions|regions-flood)/[a-z]+/(160x50|1024x1024)$|^(bsp-rooms|rooms-and-mazes)/[a-z]+/1024x1024$|^lua-[a-z-]+/[a-z-]+/(80x45|20[01]x20[01])$'
    slow='^lua-drunkards-walk/[a-z]+/1024x1024$'
  fi
fi
min_time=0.2
[ "$quick" = 1 ] && min_time=0.05
echo "running dungen_bench ($reps repetitions; filter $filter) ..." >&2
nice -n 19 "$bench" --benchmark_filter="$filter" --benchmark_repetitions="$reps" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_min_time="$min_time" --benchmark_report_aggregates_only=true \
  --benchmark_out="$out/throughput.json" --benchmark_out_format=json >/dev/null
if [ -n "$slow" ]; then
  echo "running the Lua walk at 1024x1024 once (filter $slow) ..." >&2
  nice -n 19 "$bench" --benchmark_filter="$slow" --benchmark_min_time="$min_time" \
    --benchmark_out="$out/slow.json" --benchmark_out_format=json >/dev/null
fi

# Scale: goal 3 (full history) and 4 (seek); each runs once.
echo "running the 4096x4096 history and seek benchmarks ..." >&2
nice -n 19 "$bench" --benchmark_filter='^(history|seek)/' \
  --benchmark_out="$out/scale.json" --benchmark_out_format=json >/dev/null

peak=''
if [ -x scripts/peak-rss.sh ] || [ -f scripts/peak-rss.sh ]; then
  echo "running scripts/peak-rss.sh ..." >&2
  peak="$(bash scripts/peak-rss.sh 2>&1 | tail -n 30)" || peak="scripts/peak-rss.sh failed: $peak"
fi

# Issue 29's frame gap: the longest time between two frames after any action of
# scripts/frame-times.sh's window part, quiet and beside 2 busy processes, over three runs of it
# (a long frame comes in some runs and not in others).
gaps=''
app_build="${APP_BUILD:-build}"
if [ -x "$app_build/dungen-viz" ] && command -v Xvfb >/dev/null && command -v xdotool >/dev/null
then
  # Quiet and loaded with the machine's shader cache, three runs each; then one loaded run with an
  # empty one (COLD_SHADERS: a machine's first run, which compiles the map shader's variants before
  # its first frame: MapRenderer::warm_up).
  for how in 0:3: 2:3: 2:1:1; do
    IFS=: read -r load runs cold <<<"$how"
    echo "running scripts/frame-times.sh beside $load busy processes${cold:+, shaders cold} ..." >&2
    # "longest,over,all": the longest gap of any action, and how many of all the actions' gaps
    # were over 50 ms.
    g=$(SKIP_HEADLESS=1 LOAD=$load WINDOW_RUNS=$runs COLD_SHADERS=$cold \
      bash scripts/frame-times.sh "$app_build" 2>/dev/null |
      sed -n 's/.*longest gap *\([0-9.]*\) ms (\([0-9]*\) of \([0-9]*\) over 50).*/\1 \2 \3/p' |
      awk '$1 > m { m = $1 } { o += $2; n += $3 } END { if (n) print m "," o "," n }') || g=''
    gaps="$gaps ${g:-none}"
  done
  # Compare mode's far seeks and a cell's history (COMPARE=1: two 4096x4096 mazes, Home and End,
  # then a click on a cell of pane A), quiet, two runs.
  echo "running scripts/frame-times.sh in compare mode ..." >&2
  compare_gaps=$(SKIP_HEADLESS=1 COMPARE=1 WINDOW_RUNS=2 bash scripts/frame-times.sh \
    "$app_build" 2>/dev/null |
    sed -n 's/.*longest gap *\([0-9.]*\) ms (\([0-9]*\) of \([0-9]*\) over 50).*/\1 \2 \3/p' |
    awk '$1 > m { m = $1 } { o += $2; n += $3 } END { if (n) print m "," o "," n }') ||
    compare_gaps=''
fi

PEAK="$peak" GAPS="$gaps" COMPARE_GAPS="${compare_gaps:-}" python3 - "$out" <<'EOF'
import json, os, re, sys
out = sys.argv[1]
runs = {}
for f in ("throughput.json", "slow.json", "scale.json"):
    p = os.path.join(out, f)
    if not os.path.exists(p):
        continue
    for b in json.load(open(p))["benchmarks"]:
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        name = re.sub(r"/iterations:\d+$", "", b.get("run_name", b["name"]))
        scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
        runs[name] = dict(b, cpu_ns=b["cpu_time"] * scale)

rows = []
def row(goal, figure, value, target, met):
    rows.append((goal, figure, value, target, "-" if met is None else ("yes" if met else "NO")))
def ns(name):
    return runs[name]["cpu_ns"] if name in runs else None
def ratio(a, b):
    x, y = ns(a), ns(b)
    return None if x is None or y is None or y == 0 else x / y

gens = [("rooms-and-tunnels", "80x45"), ("feature-accretion", "80x25"),
        ("room-accretion", "64x56"), ("cellular-caves", "160x50"), ("regions", "160x50")]
for g, default in gens:
    for size in (default, "1024x1024"):
        base = ("regions-flood" if g == "regions" else g) + "/batch/" + size
        r = ratio(g + "/stepped/" + size, base)
        label = ("flood fill" if g == "regions" else g) + " " + size
        if r is None:
            row("1", label + " stepped/batch", "not run", "<= 2.0", None)
        else:
            row("1", label + " stepped/batch", "%.2f" % r, "<= 2.0", r <= 2.0)
for g, _ in gens:
    name = g + "/stepped/1024x1024"
    label = "flood fill" if g == "regions" else g
    if name not in runs:
        row("2", label + " 1024x1024 bytes/step, /change", "not run", "<= 32, <= 12", None)
        continue
    s, c = runs[name].get("bytes/step", 0), runs[name].get("bytes/change", 0)
    row("2", label + " 1024x1024 bytes/step, /change", "%.1f, %.2f" % (s, c), "<= 32, <= 12",
        s <= 32 and c <= 12)
for which, what in (("floor+flood", "16.7M-step run (all-floor 4096x4096 + flood)"),
                    ("caves+flood", "4096x4096 caves + flood (defaults)")):
    name = "history/%s/4096x4096" % which
    if name not in runs:
        row("3", what + " history MB, earliest", "not run", "<= 512, 0", None)
        continue
    b = runs[name]
    row("3", what + " history MB, earliest",
        "%.0f MB (%.1fM steps), %d" % (b["history_MB"], b["steps"] / 1e6, b["earliest"]),
        "<= 512, 0", b["history_MB"] <= 512 and b["earliest"] == 0)
name = "seek/random/4096x4096"
if name in runs:
    b = runs[name]
    row("4", "seek over %.1fM steps: median, worst" % (b["steps"] / 1e6),
        "%.2f ms, %.2f ms" % (b["seek_median_ms"], b["seek_worst_ms"]), "< 16 ms",
        b["seek_worst_ms"] < 16)
else:
    row("4", "seek over 10M steps: median, worst", "not run", "< 16 ms", None)
t = ns("room-accretion/batch/1024x1024")
row("5", "room-accretion 1024x1024 batch ns/cell",
    "not run" if t is None else "%.0f" % (t / 1024 / 1024), "<= 50",
    None if t is None else t / 1024 / 1024 <= 50)
t = ns("room-accretion/batch/64x56")
row("5", "room-accretion 64x56 batch",
    "not run" if t is None else "%.3f ms" % (t / 1e6), "<= 0.3 ms",
    None if t is None else t / 1e6 <= 0.3)
peak = os.environ.get("PEAK", "")
if peak:
    for line in peak.splitlines():
        rows.append(("6", line.strip(), "", "", ""))
else:
    row("6", "peak RSS per generator at 4096x4096", "see scripts/peak-rss.sh", "<= 400 MB", None)
for what, limit in (("cave-pass", 1.5), ("regions", 20), ("regions-fresh", 40)):
    r = ratio(what + "/batch/4096x4096", "memcpy/4096x4096")
    row("7", what + "/batch/4096x4096 x memcpy", "not run" if r is None else "%.2f" % r,
        "<= %g" % limit, None if r is None else r <= limit)

# Issue 27: each level analysis on a 4096x4096 cave against the flood fill's fast path (fresh
# buffers, as each analysis makes its own), in the same run.
for what in ("distance", "pair", "dead-ends", "loops", "chokepoints"):
    r = ratio("analysis-%s/batch/4096x4096" % what, "regions-fresh/batch/4096x4096")
    row("27", "%s 4096x4096 x regions-fresh" % what, "not run" if r is None else "%.2f" % r,
        "<= 3", None if r is None else r <= 3)

# Issue 29: big maps. Stepping against the batch run (caves at three sizes, bsp-rooms, and the
# generators of small steps), seeks inside a 4096x4096 cave generation, the app's peak memory
# (goal 6's rows above, scripts/peak-rss.sh) and its frame gap (scripts/frame-times.sh).
for g, size, limit in (("cellular-caves", "160x50", 2.5), ("cellular-caves", "1024x1024", 2.5),
                       ("cellular-caves", "4096x4096", 2.5), ("bsp-rooms", "1024x1024", 2.5),
                       ("drunkards-walk", "1024x1024", 2.0), ("rooms-and-mazes", "1024x1024", 2.0),
                       ("rooms-and-tunnels", "1024x1024", 2.0)):
    r = ratio(g + "/stepped/" + size, g + "/batch/" + size)
    row("29", "%s %s stepped/batch" % (g, size), "not run" if r is None else "%.2f" % r,
        "<= %g" % limit, None if r is None else r <= limit)
    # Where the stepped time goes (dungen_bench's "stepped parts", 1024x1024 only): recording
    # the changes, the history's records, its skip index and the rest, each x batch.
    base, rec = ns(g + "/batch/" + size), ns(g + "/recorded/" + size)
    enc, skip, st = ns(g + "/encoded/" + size), ns(g + "/skipped/" + size), ns(g + "/stepped/" + size)
    if None not in (base, rec, enc, skip, st) and base > 0:
        row("29", "  its parts: recording, records, skips, the rest (x batch)",
            "%.2f, %.2f, %.2f, %.2f" % ((rec - base) / base, (enc - rec) / base,
                                        (skip - rec) / base, (st - enc - skip + rec) / base),
            "(figure)", None)
name = "seek/cellular-caves/4096x4096"
if name in runs:
    b = runs[name]
    row("29", "seek inside a 4096x4096 cave generation (%.0fk steps): median, worst" %
        (b["steps"] / 1e3), "%.2f ms, %.2f ms" % (b["seek_median_ms"], b["seek_worst_ms"]),
        "<= 30 ms worst", b["seek_worst_ms"] <= 30)
else:
    row("29", "seek inside a 4096x4096 cave generation", "not run", "<= 30 ms worst", None)
# The other generators' seeks at 4096x4096: figures beside the caves' goal (none of their own).
for name in sorted(n for n in runs if n.startswith("seek/") and n.endswith("/4096x4096")
                   and n not in ("seek/random/4096x4096", "seek/cellular-caves/4096x4096")):
    b = runs[name]
    row("29", "seek inside a 4096x4096 %s run (%.0fk steps): median, worst" %
        (name.split("/")[1], b["steps"] / 1e3),
        "%.2f ms, %.2f ms" % (b["seek_median_ms"], b["seek_worst_ms"]), "(figure)", None)
gaps = os.environ.get("GAPS", "").split()
label = ("dungen-viz longest frame gap after an action, 4096x4096, three runs each: quiet, beside 2 "
         "busy processes")
if len(gaps) == 3 and "none" not in gaps[:2]:
    (quiet, q_over, q_all), (loaded, l_over, l_all) = (
        (float(x) for x in g.split(",")) for g in gaps[:2])
    row("29", label, "%.0f ms, %.0f ms (gaps over 50: %d of %d, %d of %d)" % (
        quiet, loaded, q_over, q_all, l_over, l_all), "<= 50 ms loaded", loaded <= 50)
else:
    row("29", label, "not run (needs dungen-viz in APP_BUILD, Xvfb, xdotool)", "<= 50 ms loaded",
        None)
cold_label = ("  the same on a machine's first run (an empty Mesa shader cache), one run beside 2 busy "
              "processes")
if len(gaps) == 3 and gaps[2] != "none":
    longest, over, total = (float(x) for x in gaps[2].split(","))
    row("29", cold_label, "%.0f ms (gaps over 50: %d of %d)" % (longest, over, total), "(figure)",
        None)
compare_gaps = os.environ.get("COMPARE_GAPS", "")
compare_label = ("  compare mode, two 4096x4096 mazes: Home, End and a cell's history, two runs, "
                 "quiet: the longest gap")
if compare_gaps:
    longest, over, total = (float(x) for x in compare_gaps.split(","))
    row("29", compare_label, "%.0f ms (gaps over 50: %d of %d)" % (longest, over, total),
        "(figure)", None)
else:
    row("29", compare_label, "not run (needs dungen-viz in APP_BUILD, Xvfb, xdotool)", "(figure)",
        None)

# Issue 26. A script's run against the built-in's, per step (the two may have got through
# different seeds; a seed's run has the same steps in both).
def per_step(name):
    t = ns(name)
    n = runs[name].get("steps/iter", 0) if name in runs else 0
    return None if t is None or n <= 0 else t / n
for size in ("80x45", "200x200", "1024x1024"):
    for mode in ("batch", "stepped"):
        a, b = per_step("drunkards-walk/%s/%s" % (mode, size)), per_step(
            "lua-drunkards-walk/%s/%s" % (mode, size))
        row("26", "drunkards-walk.lua / built-in %s %s, per step" % (mode, size),
            "not run" if a is None or b is None else "%.0fx (%.0f / %.0f ns)" % (b / a, b, a),
            "(figure)", None)
# Reloading a script and replaying it at its default size, against a 60 Hz frame.
load, replay = ns("lua-reload/load/80x45"), ns("lua-reload/replay/80x45")
frame_ms = 1000 / 60
if load is None or replay is None:
    row("26", "reload + replay drunkards-walk.lua 80x45", "not run", "<= 1 frame", None)
else:
    total = (load + replay) / 1e6
    row("26", "reload + replay drunkards-walk.lua 80x45",
        "%.2f + %.1f ms = %.2f frames" % (load / 1e6, replay / 1e6, total / frame_ms),
        "<= 1 frame (%.1f ms)" % frame_ms, total <= frame_ms)
# Full speed: the app plays kMaxSpeed steps a second, stepping at most kDefaultFrameBudgetSeconds
# a frame (src/app/logic/speed.hpp), so a recorded run must step this fast to keep up.
speed = open("src/app/logic/speed.hpp").read()
def constant(name):
    return float(re.search(name + r" = ([0-9'.]+);", speed).group(1).replace("'", ""))
needed = constant("kMaxSpeed") / 60 / constant("kDefaultFrameBudgetSeconds")
for name in ("drunkards-walk/stepped/200x200", "lua-drunkards-walk/stepped/200x200",
             "lua-recursive-backtracker/stepped/201x201", "lua-prims-maze/stepped/201x201",
             "lua-kruskals-maze/stepped/201x201",
             # The floor under every script: one set() and one step{} a step, nothing else.
             "lua-floor/stepped/200x200"):
    t = per_step(name)
    what, _, size = name.split("/")
    what = what[4:] + ".lua" if what.startswith("lua-") else "built-in " + what
    label = "%s %s recorded steps/s" % (what, size)
    if t is None:
        row("26", label, "not run", ">= %.2fM" % (needed / 1e6), None)
        continue
    # Against the app's top speed: the share of kMaxSpeed this pace can play within the budget.
    row("26", label, "%.3fM (%.0f steps a run): %.0f%% of top speed" %
        (1e3 / t, runs[name]["steps/iter"], min(100, 100 * 1e9 / t / needed)),
        ">= %.2fM" % (needed / 1e6), 1e9 / t >= needed)

w = [max(len(str(r[i])) for r in rows + [("goal", "figure", "value", "target", "met")])
     for i in range(5)]
fmt = "| %%-%ds | %%-%ds | %%-%ds | %%-%ds | %%-%ds |" % tuple(w)
print(fmt % ("goal", "figure", "value", "target", "met"))
print("|" + "|".join("-" * (x + 2) for x in w) + "|")
for r in rows:
    print(fmt % r)
EOF
