#!/usr/bin/env bash
# Installs the Debian packages Cairn needs to build, test and run.
# Idempotent: only missing packages are installed; safe to run as root or
# as a user with sudo.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config git
  libglfw3-dev libglm-dev nlohmann-json3-dev catch2 libimgui-dev libstb-dev libtinygltf-dev
  libgl1-mesa-dri fonts-dejavu-core
  python3 python3-glad python3-jsonschema libbenchmark-dev
  clang-14 libclang-rt-14-dev
  xvfb xauth xdotool
)

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "cairn: all build dependencies are installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "cairn: missing packages (${missing[*]}) and no sudo; run this script as root" >&2
  exit 1
fi

echo "cairn: installing ${missing[*]}"
"${SUDO[@]}" apt-get update
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
