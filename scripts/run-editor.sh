#!/usr/bin/env bash
# Installs what is missing, builds Cairn and opens the editor on its built-in
# demo scene (or on the scene file given as the first argument).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup-deps.sh"

build_dir="${CAIRN_BUILD_DIR:-$root/build}"
"$root/scripts/configure.sh" "$build_dir"
cmake --build "$build_dir" -j "$(nproc)" --target cairn-editor

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "cairn: no display found; running on a virtual display and saving a screenshot to cairn-demo.png" >&2
  exec xvfb-run -a -s "-screen 0 1280x720x24" "$build_dir/app/cairn-editor" --frames 60 --screenshot cairn-demo.png "$@"
fi
exec "$build_dir/app/cairn-editor" "$@"
