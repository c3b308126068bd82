#!/usr/bin/env bash
# Packaging test: installs the build into a temporary prefix and builds
# examples/runtime against it with find_package(cairn), warnings as errors;
# its build runs the installed `cairn codegen` on the example's game project.
# Then runs the example on the sample scene exported with the installed
# `cairn`, and on the game's own export (which holds project components), and
# checks that a change of the project regenerates the header. Then builds
# the Gatehouse game module against the same prefix and plays its level with
# the installed cairn-player (when a display is there).
#
#   packaging_test.sh BUILD_DIR SOURCE_DIR CXX_COMPILER
set -euo pipefail

build_dir="$1"
source_dir="$2"
compiler="$3"

work="$(mktemp -d "${TMPDIR:-/tmp}/cairn-packaging.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Runs a command with its output in a log, printed when the command fails.
logged() {
  local log="$1"
  shift
  if ! "$@" > "$log" 2>&1; then
    echo "packaging_test.sh: failed: $*" >&2
    cat "$log" >&2
    exit 1
  fi
}

logged "$work/install.log" cmake --install "$build_dir" --prefix "$work/prefix"
if [ -z "$(find "$work/prefix" -path '*/cmake/cairn/cairnConfig.cmake')" ]; then
  echo "packaging_test.sh: the install holds no cairnConfig.cmake; the top-level CMakeLists.txt must include(CairnInstall)" >&2
  exit 1
fi

# A copy of the example, so that its project can be changed below.
cp -R "$source_dir/examples/runtime" "$work/example"
logged "$work/configure.log" cmake -S "$work/example" -B "$work/build" \
  -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CXX_COMPILER="$compiler" \
  -DCMAKE_CXX_FLAGS="-Wall -Wextra -Wpedantic -Werror" \
  -DCMAKE_BUILD_TYPE=Release
logged "$work/build.log" cmake --build "$work/build"

generated="$work/build/generated/game_components.h"
"$work/prefix/bin/cairn" codegen "$work/example/game" -o "$work/expected_components.h" --namespace game
cmp "$work/expected_components.h" "$generated"

"$work/prefix/bin/cairn" export "$source_dir/tests/serialization/data/sample.scene" -o "$work/level.runtime.json"
"$work/build/runtime_example" "$work/level.runtime.json" > "$work/output.txt"
diff -u "$source_dir/tests/cli/data/runtime_example_sample.txt" "$work/output.txt"

"$work/build/runtime_example" "$work/example/game/levels/orchard.runtime.json" > "$work/game_output.txt"
diff -u "$source_dir/tests/cli/data/runtime_example_game.txt" "$work/game_output.txt"

# A new default in the project reaches the game's structs at the next build.
sed -i 's/"default": 90,/"default": 30,/' "$work/example/game/cairn.project.json"
logged "$work/rebuild.log" cmake --build "$work/build"
if ! grep -q 'float speed = 30.0f;' "$generated"; then
  echo "packaging_test.sh: changing game/cairn.project.json did not regenerate $generated" >&2
  exit 1
fi
# The Gatehouse game module, built as its README says with
# cairn_add_game_module, and played by the installed cairn-player.
cp -R "$source_dir/examples/gatehouse" "$work/gatehouse"
rm -rf "$work/gatehouse/build"
logged "$work/module_configure.log" cmake -S "$work/gatehouse" -B "$work/gatehouse/build" \
  -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CXX_COMPILER="$compiler" \
  -DCMAKE_CXX_FLAGS="-Wall -Wextra -Wpedantic -Werror"
logged "$work/module_build.log" cmake --build "$work/gatehouse/build"
if [ ! -f "$work/gatehouse/build/libgatehouse.so" ]; then
  echo "packaging_test.sh: building examples/gatehouse gave no build/libgatehouse.so" >&2
  exit 1
fi
if [ -x "$work/prefix/bin/cairn-player" ] && [ -n "${DISPLAY:-}" ]; then
  "$work/prefix/bin/cairn-player" --frames 30 "$work/gatehouse/levels/gatehouse.scene" 2> "$work/player.log"
  if grep -q "no system plays\|cannot load" "$work/player.log"; then
    echo "packaging_test.sh: the installed cairn-player did not run the Gatehouse module:" >&2
    cat "$work/player.log" >&2
    exit 1
  fi
fi
echo "installed package OK: find_package(cairn), cairn::serialization, cairn::cairn codegen, cairn export, runtime_example, cairn_add_game_module, cairn-player with the module"
