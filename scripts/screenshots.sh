#!/usr/bin/env bash
# Regenerates the README's screenshots in docs/screenshots/ with dungen-viz's own screenshot
# mode (under Xvfb when there is no display). Run after `bash scripts/test.sh` has built it.
set -euo pipefail
cd "$(dirname "$0")/.."
viz=build/dungen-viz
out=docs/screenshots
mkdir -p "$out"
run() {
  local name=$1
  shift
  local size=${SIZE:-1600x900}
  xvfb-run -a -s "-screen 0 ${size}x24" "$viz" --size "$size" --frames 4 \
    --screenshot "$out/$name.png" "$@" >/dev/null
  echo "wrote $out/$name.png"
}
run rooms-and-tunnels --generator rooms-and-tunnels --seed 7
run feature-accretion --generator feature-accretion --seed 7
run room-accretion --generator room-accretion --seed 7
run cellular-caves --generator cellular-caves --seed 7 --width 120 --height 90
# Mid-run: a candidate rejected, the room it overlaps outlined, the rooms numbered.
run mid-step-overlays --generator rooms-and-tunnels --seed 7 --steps 200
# A feature that would cover used cells: those cells outlined.
run feature-rejected --generator feature-accretion --seed 7 --steps 51
# Rooms that keep growing elsewhere when boxed in (the seed's rule): numbered on every piece.
run room-accretion-pieces --generator room-accretion --seed 7 --boxed-in 1 --steps 3000
# A smoothing pass cell by cell: the 3x3 window and its count, the cells this pass flipped.
run caves-window --generator cellular-caves --seed 7 --width 40 --height 24 --step-cells 1 \
  --steps 1500
# The flood fill at work (frontier in lime), then the finished labels with their glyphs.
run flood-fill-frontier --generator cellular-caves --seed 3 --width 60 --fill-percent 45 \
  --animate-regions --steps 560 --overlay-labels
run region-labels --generator cellular-caves --seed 3 --width 60 --fill-percent 45 \
  --regions --overlay-labels
# A level analysis mid-run: the distance map's rings from the player start, numbers when zoomed.
run analysis-distance --generator rooms-and-tunnels --seed 3 --width 40 --height 25 \
  --connectivity 4 --animate-regions --analysis distance --steps 290
# Projector mode at a classroom projector's 1280x720.
SIZE=1280x720 run projector --generator rooms-and-tunnels --seed 7 --steps 200 --projector
# Projector mode on a map too big for readable cells: the view follows the flood fill's cursor.
SIZE=1280x720 run projector-caves-follow --generator cellular-caves --seed 7 --animate-regions \
  --steps 3000 --projector
# The three generators added in wave 2, mid-run.
run bsp-rooms --generator bsp-rooms --seed 3 --steps 340
run drunkards-walk --generator drunkards-walk --seed 3 --steps 6000
run rooms-and-mazes --generator rooms-and-mazes --seed 7 --steps 862
# Compare mode: room_max_size 14 against 10, the same seed, step for step.
run compare --generator rooms-and-tunnels --seed 7 --steps 200 --compare --b-room-max-size 14
# The lab: 500 seeds of the default caves, histograms and the outliers.
run sweep --generator cellular-caves --sweep 500
# Exports made by the CLI (README's "Take the dungeon out").
dungen=$(dirname "$viz")/dungen
"$dungen" generate room-accretion --seed 4 --format png --cell-px 6 --out "$out/export-room-accretion.png"
echo "wrote $out/export-room-accretion.png"
"$dungen" record cellular-caves --seed 3 --width 80 --height 40 --frames 60 --cell-px 4 \
  --out "$out/record-cellular-caves.gif"
echo "wrote $out/record-cellular-caves.gif"
# A generator script mid-run beside its source (issue 26): the app and the file, side by side
# (ImageMagick draws the source).
SIZE=1280x820 run script-mid-run --script examples/generators/random-walk.lua --seed 3 --steps 900
convert -size 760x820 xc:'#1b1d24' -font DejaVu-Sans-Mono -pointsize 11.5 -fill '#dcdcdc' \
  -annotate +14+20 "$(cat examples/generators/random-walk.lua)" "$out/script-source.png"
convert "$out/script-mid-run.png" "$out/script-source.png" +append -depth 8 "$out/script-mid-run.png"
rm "$out/script-source.png"
echo "wrote $out/script-mid-run.png (with its source)"
