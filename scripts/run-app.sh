#!/usr/bin/env bash
# Installs what is missing, builds dungen and dungen-viz (Release) and opens the visualizer.
# Without a display it says so in one line and prints a generated dungeon with `dungen` instead.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDUNGEN_BUILD_APP=ON >/dev/null
cmake --build build --target dungen dungen-viz
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "run-app: no display (DISPLAY is not set), so here is a dungeon from the dungen CLI instead:"
  exec build/dungen generate rooms-and-tunnels
fi
build/dungen-viz "$@" && exit 0 || rc=$?
if [ "$rc" -eq 3 ]; then  # dungen-viz could not open a window
  echo "run-app: no usable display, so here is a dungeon from the dungen CLI instead:"
  exec build/dungen generate rooms-and-tunnels
fi
exit "$rc"
