#!/usr/bin/env bash
# Configures a build folder: scripts/configure.sh BUILD_DIR [cmake options...]
#
# A new folder uses Ninja, which starts a target's compiles before the
# libraries it links are done and so keeps every core busy; a folder
# configured before keeps its generator.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="$1"
shift
generator=()
if [ ! -f "$build_dir/CMakeCache.txt" ]; then generator=(-G Ninja); fi
cmake -S "$root" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
