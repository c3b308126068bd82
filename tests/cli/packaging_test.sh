#!/usr/bin/env bash
# Packaging test: installs the build into a temporary prefix, builds
# examples/runtime against it with find_package(cairn), exports the sample
# scene with the installed `cairn` and runs the example on the export.
#
#   packaging_test.sh BUILD_DIR SOURCE_DIR CXX_COMPILER
set -euo pipefail

build_dir="$1"
source_dir="$2"
compiler="$3"

work="$(mktemp -d "${TMPDIR:-/tmp}/cairn-packaging.XXXXXX")"
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
if [ -z "$(find "$work/prefix" -path '*/cmake/cairn/cairnConfig.cmake')" ]; then
  echo "packaging_test.sh: the install holds no cairnConfig.cmake; the top-level CMakeLists.txt must include(CairnInstall)" >&2
  exit 1
fi
cmake -S "$source_dir/examples/runtime" -B "$work/build" \
  -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_CXX_COMPILER="$compiler" \
  -DCMAKE_BUILD_TYPE=Release > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log"

"$work/prefix/bin/cairn" export "$source_dir/tests/serialization/data/sample.scene" -o "$work/level.runtime.json"
"$work/build/runtime_example" "$work/level.runtime.json" > "$work/output.txt"
diff -u "$source_dir/tests/cli/data/runtime_example_sample.txt" "$work/output.txt"
echo "installed package OK: find_package(cairn), cairn::serialization, cairn export, runtime_example"
