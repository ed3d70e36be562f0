#!/usr/bin/env bash
# Installs the Debian packages dungen needs to build, test and run. Idempotent: installs nothing
# when everything is already there. Works as root or through sudo.
set -euo pipefail

PACKAGES=(
  build-essential cmake pkg-config ninja-build
  libimgui-dev libglfw3-dev python3-glad libstb-dev
  libgtest-dev libbenchmark-dev nlohmann-json3-dev libgif-dev liblua5.4-dev
  xvfb xauth libgl1-mesa-dri xdotool
)

missing=()
for p in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = "installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "deps: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "deps: done"
