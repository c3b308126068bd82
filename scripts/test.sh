#!/usr/bin/env bash
# Installs what is missing, builds Cairn and runs every test.
#
#   scripts/test.sh                  # RelWithDebInfo build in build/
#   CAIRN_SANITIZE=ON scripts/test.sh  # ASan + UBSan build in build-sanitize/
#
# Environment: CAIRN_BUILD_DIR (build folder), CAIRN_SANITIZE (ON/OFF),
# CAIRN_WERROR (ON/OFF; ON when CI is set), CAIRN_JOBS (parallel jobs).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup-deps.sh"

sanitize="${CAIRN_SANITIZE:-OFF}"
if [ "$sanitize" = "ON" ]; then
  default_dir="$root/build-sanitize"
  bench=OFF
else
  default_dir="$root/build"
  bench=ON
fi
build_dir="${CAIRN_BUILD_DIR:-$default_dir}"
werror="${CAIRN_WERROR:-$([ -n "${CI:-}" ] && echo ON || echo OFF)}"
jobs="${CAIRN_JOBS:-$(nproc)}"

# The sanitizer build's end-to-end tests find their widgets with the plain
# build's editor when there is one (cmake/CairnTesting.cmake): brought up to
# date here, it finds the same places several times faster.
map_editor=""
plain_dir="$root/build"
if [ "$sanitize" = "ON" ] && [ -f "$plain_dir/CMakeCache.txt" ] &&
   grep -q '^CAIRN_SANITIZE:BOOL=OFF' "$plain_dir/CMakeCache.txt" &&
   cmake --build "$plain_dir" -j "$jobs" --target cairn-editor; then
  map_editor="$plain_dir/app/cairn-editor"
fi

"$root/scripts/configure.sh" "$build_dir" \
  -DCAIRN_SANITIZE="$sanitize" \
  -DCAIRN_WERROR="$werror" \
  -DCAIRN_BUILD_BENCH="$bench" \
  -DCAIRN_E2E_MAP_EDITOR="$map_editor"
cmake --build "$build_dir" -j "$jobs"

# GL tests neither read nor write Mesa's shader disk cache: its writer thread
# can be caught half-way by LeakSanitizer's stop-the-world at exit.
export MESA_SHADER_CACHE_DISABLE=true
# Under the sanitizers llvmpipe also rasterises on the calling thread: its
# worker threads, still winding down when the editor exits, make the exit
# leak check crash ("Tracer caught signal 11"), in most runs of the xdotool
# smoke test on an idle machine.
if [ "$sanitize" = "ON" ]; then export LP_NUM_THREADS=0; fi
# The exit leak check also crashed inside its pointer scan
# (ScanRangeForPointers reading address 0x1438, "Tracer caught signal 11") in
# three of four runs of one GUI test, the outcome moving with the heap's
# layout (the length of the work folder's path changed it). Without
# intercepting __tls_get_addr the sanitizer does not track the dynamic TLS
# blocks of libraries loaded at run time and scans no range of its own for
# them: the same test then passed five runs of five, reporting no leak.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:intercept_tls_get_addr=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# GUI tests open real windows: run the whole suite on a virtual display.
cd "$build_dir"
xvfb-run -a -s "-screen 0 1280x720x24" ctest --output-on-failure -j "$jobs" --timeout 600
