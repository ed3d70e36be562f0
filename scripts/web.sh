#!/usr/bin/env bash
# dungen-viz in the browser: installs what is missing (Emscripten, Chromium, the Debian source
# packages of Dear ImGui, giflib and Lua), builds build-web/dungen.html (+ .js, .wasm, .data, and
# .gz and .br copies of the four) with Emscripten, and serves it with scripts/web_serve.py.
#   bash scripts/web.sh          build, then serve http://localhost:8080/dungen.html (Ctrl-C stops;
#                                DUNGEN_WEB_PORT picks another port; DUNGEN_WEB_HOST=0.0.0.0
#                                serves the class network, and it prints the addresses to open)
#   bash scripts/web.sh --build  build only
#   bash scripts/web.sh --test   build, then the headless Chromium test (tests/web/browser_test.py)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-serve}
case "$mode" in
  serve | --build | --test) ;;
  *) echo "web.sh: unknown option '$mode': give nothing (build and serve), --build or --test" >&2
     exit 2 ;;
esac

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "web.sh: need root or sudo to install packages" >&2; exit 1; }
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
apt_get() { $SUDO apt-get -o DPkg::Lock::Timeout=600 "$@"; }

# fonttools (pyftsubset) cuts the UI font to what the page draws; brotli makes the .br copies.
PACKAGES=(emscripten chromium dpkg-dev python3 cmake ninja-build nlohmann-json3-dev libstb-dev
  fonts-dejavu-core fonttools brotli)
missing=()
for p in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = "installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "web.sh: installing ${missing[*]}"
  apt_get update -qq
  apt_get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Dear ImGui, giflib and Lua as source (Debian ships them only built for this machine): from Debian's
# source packages of the same release, unpacked into the build folder, never committed.
deps=build-web/deps
fetch_source() {  # package, folder under $deps
  [ -d "$deps/$2" ] && return 0
  if ! grep -rqsE '^(Types: .*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "web.sh: adding Debian's source packages (deb-src) to apt's sources"
    codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$codename" | $SUDO tee /etc/apt/sources.list.d/dungen-deb-src.sources >/dev/null
    apt_get update -qq
  fi
  rm -rf "$deps/src-$1" && mkdir -p "$deps/src-$1"
  (cd "$deps/src-$1" && apt-get source -qq "$1" >/dev/null 2>&1) || {
    echo "web.sh: 'apt-get source $1' failed" >&2; exit 1; }
  mv "$(find "$deps/src-$1" -mindepth 1 -maxdepth 1 -type d | head -1)" "$deps/$2"
  rm -rf "$deps/src-$1"
}
mkdir -p "$deps/include"
fetch_source imgui imgui
fetch_source giflib giflib
fetch_source lua5.4 lua
# With their installed times (-p): fresh times made every run recompile what includes them.
cp -rp /usr/include/nlohmann /usr/include/stb "$deps/include/"

# Debian's emcc finds its node modules (acorn) only there.
export NODE_PATH=/usr/share/nodejs
if ! emcmake cmake -S . -B build-web -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DDUNGEN_WEB_DEPS="$PWD/$deps" >build-web/configure.log 2>&1; then
  cat build-web/configure.log >&2
  exit 1
fi
cmake --build build-web

case "$mode" in
  --build) ;;
  --test) python3 tests/web/browser_test.py build-web ;;
  # It reads DUNGEN_WEB_HOST and DUNGEN_WEB_PORT itself (127.0.0.1, 8080 when unset).
  serve) exec python3 scripts/web_serve.py build-web ;;
esac
