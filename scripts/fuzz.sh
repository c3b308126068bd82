#!/usr/bin/env bash
# Fuzzes Cairn's file loaders with libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer, one target each (fuzz/README.md):
#
#   scene_loader  scene and runtime files          fuzz/scene_loader_fuzzer.cpp
#   project       cairn.project.json (+ a scene)   fuzz/project_fuzzer.cpp
#   prefab        a scene and its prefab files     fuzz/prefab_fuzzer.cpp
#   merge         base, ours, theirs (+ prefabs)   fuzz/merge_fuzzer.cpp
#   gltf_import   a .gltf/.glb (+ its buffers)     fuzz/gltf_import_fuzzer.cpp
#
#   scripts/fuzz.sh [SECONDS]            # every target; SECONDS (default 60) is
#                                        # the total, split evenly between them
#   scripts/fuzz.sh TARGET... [SECONDS]  # only those targets, sharing SECONDS
#   scripts/fuzz.sh --list               # the target names
#
# Builds with clang++-14 (libFuzzer ships with clang, not g++) straight from
# the ecs and serialization sources (and, for gltf_import, the assets and
# render mesh sources with TinyGLTF and stb_image compiled in) into
# build-fuzz/, recompiling only what changed, then runs each target on a
# working corpus build-fuzz/corpus/TARGET/ seeded from fuzz/corpus/TARGET/
# (the scene loader's seeds are the files at the top of fuzz/corpus/).
# Every target runs even when one fails; the script exits non-zero when any
# finds a crash, a leak, a timeout, an out-of-memory or a sanitizer report,
# and the input is kept in build-fuzz/artifacts/TARGET/.
#
# Environment: CAIRN_FUZZ_CXX (compiler, default clang++-14), CAIRN_FUZZ_CXXFLAGS
# (extra compiler flags), CAIRN_JOBS (parallel compiles, default 2),
# CAIRN_FUZZ_DIR (default build-fuzz), CAIRN_FUZZ_FLAGS (extra libFuzzer
# flags, e.g. "-fork=1 -ignore_crashes=1" to go on past a known crash).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
all_targets=(scene_loader project prefab merge gltf_import)
usage="usage: scripts/fuzz.sh [TARGET...] [SECONDS]   (SECONDS: a positive total, default 60)
       scripts/fuzz.sh --list"

seconds=60
targets=()
for argument in "$@"; do
  case "$argument" in
    --list)
      printf '%s\n' "${all_targets[@]}"
      exit 0
      ;;
    -h|--help)
      echo "$usage"
      exit 0
      ;;
    *)
      if [[ "$argument" =~ ^[0-9]+$ ]]; then
        seconds="$argument"
      elif [[ " ${all_targets[*]} " == *" $argument "* ]]; then
        targets+=("$argument")
      else
        echo "scripts/fuzz.sh: unknown target '$argument' (scripts/fuzz.sh --list names them)" >&2
        echo "$usage" >&2
        exit 2
      fi
      ;;
  esac
done
if [ "$seconds" -eq 0 ]; then
  echo "$usage" >&2
  exit 2
fi
[ "${#targets[@]}" -gt 0 ] || targets=("${all_targets[@]}")

cxx="${CAIRN_FUZZ_CXX:-clang++-14}"
jobs="${CAIRN_JOBS:-2}"
out="${CAIRN_FUZZ_DIR:-$root/build-fuzz}"
if ! command -v "$cxx" > /dev/null; then
  echo "scripts/fuzz.sh: $cxx not found (install clang-14, or set CAIRN_FUZZ_CXX)" >&2
  exit 2
fi

# -fsized-deallocation: clang 14 leaves sized operator delete (which g++
# enables by default and the ECS uses) off unless asked. /usr/include/stb:
# where Debian's libstb-dev puts the stb_image.h that tiny_gltf.h includes.
# cairn/ecs/version.h, as CMake configures it (ecs/cmake/version.h.in), from
# the version in the top-level CMakeLists.txt; rewritten only when it changes.
version="$(sed -n 's/^project(cairn VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")"
mkdir -p "$out/include/cairn/ecs"
version_header="$(sed "s/@PROJECT_VERSION@/$version/" "$root/ecs/cmake/version.h.in")"
if [ "$(cat "$out/include/cairn/ecs/version.h" 2>/dev/null)" != "$version_header" ]; then
  printf '%s\n' "$version_header" > "$out/include/cairn/ecs/version.h"
fi

common=(-std=c++20 -g -O1 -fno-omit-frame-pointer -fsized-deallocation
        -fsanitize=address,undefined -fno-sanitize-recover=undefined
        -I"$root/ecs/include" -I"$out/include" -I"$root/serialization/include"
        -I"$root/assets/include" -I"$root/render/include" -isystem /usr/include/stb)
read -r -a extra_flags <<< "${CAIRN_FUZZ_CXXFLAGS:-}"
common+=("${extra_flags[@]}")
read -r -a fuzzer_flags <<< "${CAIRN_FUZZ_FLAGS:-}"
mkdir -p "$out/obj" "$out/bin" "$out/dict" "$out/corpus" "$out/artifacts" "$out/seeds"

# Other compiler or flags than last time: everything is recompiled.
flags_stamp="$out/flags.txt"
if [ "$(cat "$flags_stamp" 2>/dev/null)" != "$cxx ${common[*]}" ]; then
  rm -f "$out"/obj/*.o "$out"/obj/*.d "$out"/bin/*
  printf '%s' "$cxx ${common[*]}" > "$flags_stamp"
fi

# What each target is made of, besides its fuzz/TARGET_fuzzer.cpp.
core_sources=("$root"/ecs/src/*.cpp "$root"/serialization/src/*.cpp)
gltf_sources=("$root"/assets/src/gltf_import.cpp "$root"/assets/src/model.cpp "$root"/assets/src/render_mesh.cpp
              "$root"/render/src/mesh_asset.cpp "$root"/render/src/bounds.cpp "$root"/render/src/mesh_data.cpp
              "$root"/render/src/mesh_shape.cpp "$root"/fuzz/tinygltf_impl.cpp)
target_sources() {  # TARGET: its sources but the fuzzer's own
  case "$1" in
    gltf_import) printf '%s\n' "${core_sources[@]}" "${gltf_sources[@]}" ;;
    *) printf '%s\n' "${core_sources[@]}" ;;
  esac
}
object_of() {  # SOURCE
  local relative="${1#"$root"/}"
  echo "$out/obj/${relative//\//_}.o"
}

# Every source the selected targets need, each once.
declare -A wanted=()
sources=()
for target in "${targets[@]}"; do
  while IFS= read -r source; do
    if [ -z "${wanted[$source]:-}" ]; then
      wanted[$source]=1
      sources+=("$source")
    fi
  done < <(target_sources "$target"; echo "$root/fuzz/${target}_fuzzer.cpp")
done

# A source is recompiled when its object is missing or older than the
# source or any file its dependency list (-MMD) names.
stale=()
for source in "${sources[@]}"; do
  object="$(object_of "$source")"
  depfile="${object%.o}.d"
  if [ ! -f "$object" ] || [ ! -f "$depfile" ]; then
    stale+=("$source")
    continue
  fi
  mapfile -t dependencies < <(sed -e 's/^[^:]*://' -e 's/\\$//' "$depfile" | tr ' ' '\n' | sed '/^$/d')
  if ! newer="$(find "$source" "${dependencies[@]}" -newer "$object" -print -quit 2>/dev/null)" || [ -n "$newer" ]; then
    stale+=("$source")
  fi
done

echo "== building ${targets[*]} with $cxx (${#stale[@]} of ${#sources[@]} sources to compile) =="
if [ "${#stale[@]}" -gt 0 ]; then
  export CAIRN_FUZZ_ROOT="$root" CAIRN_FUZZ_OUT="$out" CAIRN_FUZZ_CXX_BIN="$cxx"
  printf '%s\0' "${stale[@]}" | xargs -0 -P "$jobs" -I{} bash -c '
    source="$1"; shift
    relative="${source#"$CAIRN_FUZZ_ROOT"/}"
    object="$CAIRN_FUZZ_OUT/obj/${relative//\//_}.o"
    exec "$CAIRN_FUZZ_CXX_BIN" "$@" -fsanitize=fuzzer-no-link -MMD -MF "${object%.o}.d" -c "$source" -o "$object"
  ' _ {} "${common[@]}"
fi
for target in "${targets[@]}"; do
  objects=()
  while IFS= read -r source; do
    objects+=("$(object_of "$source")")
  done < <(target_sources "$target"; echo "$root/fuzz/${target}_fuzzer.cpp")
  binary="$out/bin/${target}_fuzzer"
  if [ ! -f "$binary" ] || [ -n "$(find "${objects[@]}" -newer "$binary" -print -quit)" ]; then
    "$cxx" "${common[@]}" -fsanitize=fuzzer "${objects[@]}" -o "$binary"
  fi
done

# A run of the old single-target script left the scene loader's corpus at
# the top of build-fuzz/corpus/.
mkdir -p "$out/corpus/scene_loader"
find "$out/corpus" -maxdepth 1 -type f -exec mv -f -t "$out/corpus/scene_loader" {} +

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
share=$(( seconds / ${#targets[@]} ))
[ "$share" -ge 1 ] || share=1
failed=()
for target in "${targets[@]}"; do
  # Seeds: fuzz/corpus/TARGET/, or for the scene loader the files at the top
  # of fuzz/corpus/ (its subfolders are the other targets' seeds).
  seeds="$root/fuzz/corpus/$target"
  if [ "$target" = scene_loader ]; then
    seeds="$out/seeds/scene_loader"
    rm -rf "$seeds"
    mkdir -p "$seeds"
    find "$root/fuzz/corpus" -maxdepth 1 -type f -exec cp -t "$seeds" {} +
  fi
  # The target's dictionary: the scene format's tokens, and its own.
  dict="$out/dict/$target.dict"
  case "$target" in
    scene_loader) cat "$root/fuzz/scene.dict" ;;
    project) cat "$root/fuzz/scene.dict" "$root/fuzz/project.dict" ;;
    prefab|merge) cat "$root/fuzz/scene.dict" "$root/fuzz/prefab.dict" ;;
    gltf_import) cat "$root/fuzz/gltf.dict" ;;
  esac > "$dict"
  artifacts="$out/artifacts/$target"
  scratch="$out/tmp/$target"  # where the targets that write files write them
  rm -rf "$artifacts" "$scratch"
  mkdir -p "$artifacts" "$scratch" "$out/corpus/$target"

  echo "== fuzzing $target for ${share}s =="
  status=0
  TMPDIR="$scratch" "$out/bin/${target}_fuzzer" \
    -max_total_time="$share" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -max_len=65536 \
    -dict="$dict" \
    -artifact_prefix="$artifacts/" \
    -print_final_stats=1 \
    -print_funcs=0 \
    "${fuzzer_flags[@]}" \
    "$out/corpus/$target" "$seeds" || status=$?
  if [ "$status" -ne 0 ] || [ -n "$(ls -A "$artifacts")" ]; then
    echo "scripts/fuzz.sh: fuzzing $target found a problem (exit $status); inputs in $artifacts/:" >&2
    ls -l "$artifacts" >&2
    failed+=("$target")
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "scripts/fuzz.sh: problems found by: ${failed[*]} (inputs in $out/artifacts/)" >&2
  exit 1
fi
echo "== fuzzing ${targets[*]} found nothing in ${seconds}s =="
