#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz: clang, -fsanitize=fuzzer,address,undefined) in
# build-fuzz, only them and the libraries they drive, and runs each for SECONDS (default 60)
# on its committed seed corpus with the committed dictionary. Fails on any finding (a crash, a
# sanitizer report, a broken check, a timeout or an out-of-memory): the input that found it is
# left in build-fuzz/findings/ (make it a regression test). Prints executions per target. The
# targets run as many at a time as there are cores (a fuzzer is one thread).
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
targets=(fuzz_cli_args fuzz_generator_timeline fuzz_preset fuzz_script)

scripts/deps.sh  # cmake, ninja, stb: what every build needs
# clang and its libFuzzer/sanitizer runtime (only recommended by clang: named here) from Debian,
# as scripts/deps.sh installs the rest.
if ! command -v clang++ >/dev/null || ! dpkg-query -W -f='${db:Status-Status}' libclang-rt-dev 2>/dev/null | grep -q '^installed$'; then
  echo "fuzz: installing clang"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
  $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends clang libclang-rt-dev >/dev/null
fi

# Release: optimised, as the targets run millions of times (the sanitizers still name the
# functions in their reports).
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DDUNGEN_FUZZ=ON \
  -DDUNGEN_BUILD_APP=OFF -DDUNGEN_BUILD_TESTS=OFF -DDUNGEN_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz --target "${targets[@]}"

mkdir -p build-fuzz/findings
status=0
# One target: its log in build-fuzz/TARGET.log, its exit status in build-fuzz/TARGET.status.
fuzz_one() {
  local t=$1
  local corpus=build-fuzz/corpus/$t  # grows as the fuzzer learns; the committed seeds stay
  mkdir -p "$corpus"
  local rc=0
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "build-fuzz/tests/fuzz/$t" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 \
    -dict=tests/fuzz/dungen.dict -print_final_stats=1 \
    -artifact_prefix="build-fuzz/findings/$t-" "$corpus" "tests/fuzz/corpus/$t" \
    $([ "$t" = fuzz_script ] && echo examples/generators) >"build-fuzz/$t.log" 2>&1 || rc=$?
  echo "$rc" >"build-fuzz/$t.status"
}

# As many targets at a time as there are cores (each fuzzer is one thread): the same seconds of
# fuzzing each, in a fraction of the time.
parallel=$(nproc 2>/dev/null || echo 1)
echo "== ${#targets[@]} targets, ${seconds} s each, ${parallel} at a time"
running=0
for t in "${targets[@]}"; do
  fuzz_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

for t in "${targets[@]}"; do
  log=build-fuzz/$t.log
  if [ "$(cat "build-fuzz/$t.status" 2>/dev/null || echo 1)" = 0 ]; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "$t: no findings, ${runs:-?} executions in ${seconds} s"
  else
    echo "$t: FINDING (log: $log, input: build-fuzz/findings/$t-*)"
    # The target's own words first (what broke), then the fuzzer's end of the log.
    grep -a "^$t: " "$log" | head -n 3 || true
    tail -n 30 "$log"
    status=1
  fi
done
exit $status
