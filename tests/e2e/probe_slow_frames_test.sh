#!/usr/bin/env bash
# probe_slow_frames_test.sh PROBE WORKDIR
#
# Real X input on deliberately slow frames: the probe runs under Xvfb with
# --frame-delay-ms 200, and xdotool sends input that starts and ends between
# two frames — a double-click, a quick Ctrl+S tap, and text with a Backspace
# in the middle. ImGui 1.86 reads keys and buttons once per frame; without
# the platform's input queue (app/platform InputQueue) the double-click is a
# single click, the tap is never seen down, and the Backspace is lost or
# applied after all the text.
set -euo pipefail
source "$(dirname "$0")/e2e_lib.sh"
skip_unless_installed Xvfb xdotool

probe=$1 work=$2
fresh_dir "$work"
cd "$work"

probe_pid=""
cleanup() {
  [ -z "$probe_pid" ] || kill "$probe_pid" 2>/dev/null || true
  stop_xvfb
}
trap cleanup EXIT

state_has() { grep -qxF -- "$1" state.txt; }
find_window() { window=$(xdotool search --name '^Cairn platform probe$' | head -n1) && [ -n "$window" ]; }
probe_exited() { ! kill -0 "$probe_pid" 2>/dev/null; }

start_xvfb
wait_until 10 "Xvfb on $DISPLAY" xdotool getmouselocation
"$probe" --size 800x600 --frame-delay-ms 200 state.txt >stdout.txt 2>stderr.txt &
probe_pid=$!
wait_until 20 "the probe's window" find_window
wait_until 20 "the probe's first frame" test -s state.txt
xdotool windowfocus --sync "$window"

# Double-click "Double-click me" (40,400 300x32): both clicks within a
# millisecond, between two frames.
xdotool mousemove --window "$window" 190 416
sleep 0.5
xdotool mousedown 1 mouseup 1 mousedown 1 mouseup 1
wait_until 10 "double_clicks=1 after a double-click within one frame" state_has "double_clicks=1"

# A Ctrl+S tap, pressed and released within a few milliseconds.
xdotool key ctrl+s
wait_until 10 "saves=1 after a quick Ctrl+S" state_has "saves=1"

# The name field: "ab", Backspace, "c" typed faster than the frames come.
xdotool mousemove --window "$window" 200 131 click 1
sleep 0.5
xdotool type --delay 15 "ab"
xdotool key BackSpace
xdotool type --delay 15 "c"
wait_until 10 "name=ac after typing 'ab', Backspace, 'c'" state_has "name=ac"

xdotool mousemove --window "$window" 120 564 click 1
wait_until 10 "the probe to quit after clicking Quit" probe_exited
status=0
wait "$probe_pid" || status=$?
probe_pid=""
[ "$status" = 0 ] || fail "probe exited with $status ($(cat stderr.txt))"
expect_line stdout.txt "double_clicks=1"
expect_line stdout.txt "saves=1"
expect_line stdout.txt "name=ac"
echo "probe slow frames: ok"
