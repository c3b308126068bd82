#!/usr/bin/env bash
# probe_replay_test.sh PROBE SCRIPT WORKDIR
#
# Runs cairn-platform-probe on a 1280x720x24 Xvfb with a replay script that clicks,
# types, drags, presses shortcuts, double-clicks and scrolls; checks the state
# the probe prints at exit, both screenshots and their size, and that a second
# run produces the same pixels (scripted runs are deterministic).
set -euo pipefail
source "$(dirname "$0")/e2e_lib.sh"
skip_unless_installed Xvfb

probe=$1 script=$2 work=$3
fresh_dir "$work"
cd "$work"
start_xvfb
trap stop_xvfb EXIT

run_probe() {  # run_probe DIR
  mkdir -p "$1"
  (cd "$1" && "$probe" --size 1280x720 --replay "$script" --screenshot final.png >stdout.txt 2>stderr.txt) \
    || fail "probe exited with $? ($(cat "$1/stderr.txt"))"
}

run_probe first
for line in "clicks=1" "right_clicks=1" "name=hello wörld" "dropped=Apple" "speed=2.00" "double_clicks=1" \
            "scrolled=1.50" "saves=1"; do
  expect_line first/stdout.txt "$line"
done
expect_png first/final.png 1280x720
expect_png first/probe-replay-mid.png 1280x720
[ ! -s first/stderr.txt ] || fail "probe reported errors: $(cat first/stderr.txt)"

run_probe second
cmp -s first/final.png second/final.png || fail "two runs of the same replay gave different screenshots"
echo "probe replay: ok"
