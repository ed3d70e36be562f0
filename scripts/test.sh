#!/usr/bin/env bash
# Installs what is missing, builds everything (Release) and runs every test, the app's
# screenshot tests under Xvfb included.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DDUNGEN_BUILD_APP=ON >/dev/null
cmake --build build
ctest --test-dir build --output-on-failure -j2
