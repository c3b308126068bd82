#!/usr/bin/env bash
# Fuzzes the scene and runtime loaders with libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer (fuzz/scene_loader_fuzzer.cpp).
#
#   scripts/fuzz.sh [SECONDS]     # default 60
#
# Builds with clang++-14 (libFuzzer ships with clang, not g++) straight from
# the ecs and serialization sources into build-fuzz/, recompiling only what
# changed, then runs for SECONDS on a working corpus seeded from
# fuzz/corpus/. Exits non-zero when the fuzzer finds a crash, a leak, a
# timeout or a sanitizer report; the input is kept in build-fuzz/artifacts/.
#
# Environment: CAIRN_FUZZ_CXX (compiler, default clang++-14), CAIRN_FUZZ_CXXFLAGS
# (extra compiler flags), CAIRN_JOBS (parallel compiles, default 2),
# CAIRN_FUZZ_DIR (default build-fuzz).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS]   (a positive number of seconds, default 60)" >&2
  exit 2
fi
cxx="${CAIRN_FUZZ_CXX:-clang++-14}"
jobs="${CAIRN_JOBS:-2}"
out="${CAIRN_FUZZ_DIR:-$root/build-fuzz}"
if ! command -v "$cxx" > /dev/null; then
  echo "scripts/fuzz.sh: $cxx not found (install clang-14, or set CAIRN_FUZZ_CXX)" >&2
  exit 2
fi

# -fsized-deallocation: clang 14 leaves sized operator delete (which g++
# enables by default and the ECS uses) off unless asked.
common=(-std=c++20 -g -O1 -fno-omit-frame-pointer -fsized-deallocation
        -fsanitize=address,undefined -fno-sanitize-recover=undefined
        -I"$root/ecs/include" -I"$root/serialization/include")
read -r -a extra_flags <<< "${CAIRN_FUZZ_CXXFLAGS:-}"
common+=("${extra_flags[@]}")
mkdir -p "$out/obj" "$out/corpus" "$out/artifacts"

# Other compiler or flags than last time: everything is recompiled.
flags_stamp="$out/flags.txt"
if [ "$(cat "$flags_stamp" 2>/dev/null)" != "$cxx ${common[*]}" ]; then
  rm -f "$out"/obj/*.o
  printf '%s' "$cxx ${common[*]}" > "$flags_stamp"
fi

# A source is recompiled when it, or any header it may include, is newer
# than its object.
newest_header="$(find "$root/ecs/include" "$root/serialization/include" "$root/serialization/src" -name '*.h' \
                   -printf '%T@\n' | sort -n | tail -1)"
sources=("$root"/ecs/src/*.cpp "$root"/serialization/src/*.cpp)
stale=()
objects=()
for source in "${sources[@]}"; do
  relative="${source#"$root"/}"
  object="$out/obj/${relative//\//_}.o"
  objects+=("$object")
  if [ ! -f "$object" ] || [ "$source" -nt "$object" ] ||
     awk -v h="$newest_header" -v o="$(stat -c %Y "$object")" 'BEGIN { exit !(h > o) }'; then
    stale+=("$source")
  fi
done

echo "== building the fuzz target with $cxx (${#stale[@]} of ${#sources[@]} sources to compile) =="
if [ "${#stale[@]}" -gt 0 ]; then
  export CAIRN_FUZZ_ROOT="$root" CAIRN_FUZZ_OUT="$out" CAIRN_FUZZ_CXX_BIN="$cxx"
  printf '%s\0' "${stale[@]}" | xargs -0 -P "$jobs" -I{} bash -c '
    source="$1"; shift
    relative="${source#"$CAIRN_FUZZ_ROOT"/}"
    exec "$CAIRN_FUZZ_CXX_BIN" "$@" -fsanitize=fuzzer-no-link -c "$source" -o "$CAIRN_FUZZ_OUT/obj/${relative//\//_}.o"
  ' _ {} "${common[@]}"
fi
"$cxx" "${common[@]}" -fsanitize=fuzzer "$root/fuzz/scene_loader_fuzzer.cpp" "${objects[@]}" \
  -o "$out/scene_loader_fuzzer"

echo "== fuzzing the scene loader for ${seconds}s =="
rm -f "$out"/artifacts/*
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
"$out/scene_loader_fuzzer" \
  -max_total_time="$seconds" \
  -timeout=10 \
  -rss_limit_mb=2048 \
  -max_len=65536 \
  -dict="$root/fuzz/scene.dict" \
  -artifact_prefix="$out/artifacts/" \
  -print_final_stats=1 \
  "$out/corpus" "$root/fuzz/corpus" || status=$?

if [ "$status" -ne 0 ] || [ -n "$(ls -A "$out/artifacts")" ]; then
  echo "scripts/fuzz.sh: the fuzzer found a problem (exit $status); inputs in $out/artifacts/:" >&2
  ls -l "$out/artifacts" >&2
  exit 1
fi
echo "== fuzzing found nothing in ${seconds}s =="
