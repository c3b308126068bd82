#!/usr/bin/env bash
# Times a large level's open from outside, as docs/PERFORMANCE.md states it
# ("Scenes"), beside another build's open of the same level, taken in turn:
#
#   bench/tools/time_open.sh BUILD_DIR [ENTITIES] [RUNS] [BASELINE_BUILD_DIR]
#
# Writes the level once with make_level.py (ENTITIES, default 1,000,000;
# kept in ${TMPDIR:-/tmp} for later runs), then RUNS times (default 5), each
# build in turn:
#   validate  app/cli/cairn validate LEVEL
#   open      app/cairn-editor on LEVEL under xvfb-run, to its first frame
#             (screenshot written) and out again; left out without xvfb-run
# and the file read alone (cat > /dev/null), the floor any load stands on.
# Prints each one's least, median and greatest seconds and its greatest
# peak resident memory (MiB), and with a baseline each median over the
# baseline's.
set -euo pipefail

build=${1:?usage: time_open.sh BUILD_DIR [ENTITIES] [RUNS] [BASELINE_BUILD_DIR]}
entities=${2:-1000000}
runs=${3:-5}
baseline=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
level="${TMPDIR:-/tmp}/cairn-level-$entities.scene"
[[ -s "$level" ]] || /usr/bin/python3 "$here/make_level.py" "$entities" "$level"

state=$(mktemp -d)  # the editor's journal and layout stay out of the user's own
trap 'rm -rf "$state"' EXIT

# One timed run of a command: appends "seconds kilobytes" to $state/<name>.
timed() {
  local name=$1
  shift
  /usr/bin/time -f "%e %M" -o "$state/time" "$@" >/dev/null 2>&1 || {
    echo "failed: $*" >&2
    exit 1
  }
  cat "$state/time" >>"$state/$name"
}

builds=(build)
[[ -n "$baseline" ]] && builds+=(baseline)
kinds=(validate)
command -v xvfb-run >/dev/null && kinds+=(open)
for ((run = 1; run <= runs; ++run)); do
  timed read cat "$level"
  for which in "${builds[@]}"; do
    dir=$build
    [[ $which == baseline ]] && dir=$baseline
    timed "validate.$which" "$dir/app/cli/cairn" validate "$level"
    if command -v xvfb-run >/dev/null; then
      timed "open.$which" env XDG_STATE_HOME="$state" xvfb-run -a -s "-screen 0 1280x720x24" \
        "$dir/app/cairn-editor" --no-saved-layout --frames 1 --screenshot "$state/open.png" "$level"
    fi
  done
done

# "least median most peak_MB" of a file of "seconds kilobytes" lines.
summary() {
  sort -n "$1" | awk '
    { s[NR] = $1; if ($2 > peak) peak = $2 }
    END { printf "%.2f %.2f %.2f %.0f\n", s[1], (NR % 2) ? s[(NR + 1) / 2] : (s[NR / 2] + s[NR / 2 + 1]) / 2, s[NR], peak / 1024 }'
}

echo "$entities entities, $(du -mL "$level" | cut -f1) MiB of scene, $runs runs each, in turn"
echo "build: $build"
[[ -n "$baseline" ]] && echo "baseline: $baseline"
printf '%-20s %8s %8s %8s %8s %14s\n' "" "least s" "median s" "most s" "peak MiB" "/ baseline"
read -r least median most peak <<<"$(summary "$state/read")"
printf '%-20s %8s %8s %8s %8s %14s\n' "read the file" "$least" "$median" "$most" "$peak" ""
for kind in "${kinds[@]}"; do
  for which in "${builds[@]}"; do
    read -r least median most peak <<<"$(summary "$state/$kind.$which")"
    ratio=""
    if [[ $which == build && -n "$baseline" ]]; then
      ratio=$(awk -v a="$median" -v b="$(summary "$state/$kind.baseline" | cut -d' ' -f2)" \
        'BEGIN { printf "%.2fx (median)", a / b }')
    fi
    printf '%-20s %8s %8s %8s %8s %14s\n' "$kind ($which)" "$least" "$median" "$most" "$peak" "$ratio"
  done
done
