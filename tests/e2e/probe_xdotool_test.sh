#!/usr/bin/env bash
# probe_xdotool_test.sh PROBE CLOSE_REQUEST WORKDIR
#
# Smoke test with real X input: starts Xvfb on a display of its own, runs the probe
# there with a state file, finds its window, clicks "Press me" and types into
# the name field with xdotool. Then it asks the window to close as a window
# manager would (CLOSE_REQUEST sends WM_DELETE_WINDOW): the probe must ask
# first, stay open on "Keep running", and quit on the next request's "Quit".
# Nothing is replayed: the events travel X server -> GLFW -> ImGui like a
# person's.
set -euo pipefail
source "$(dirname "$0")/e2e_lib.sh"
skip_unless_installed Xvfb xdotool

probe=$1 close_request=$2 work=$3
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
"$probe" --size 800x600 state.txt >stdout.txt 2>stderr.txt &
probe_pid=$!
wait_until 20 "the probe's window" find_window
wait_until 20 "the probe's first frame" test -s state.txt

xdotool mousemove --window "$window" 160 64 click 1
wait_until 10 "clicks=1 after clicking 'Press me'" state_has "clicks=1"

xdotool mousemove --window "$window" 200 131 click 1
xdotool windowfocus --sync "$window"
xdotool type --delay 40 "xdo"
wait_until 10 "name=xdo after typing" state_has "name=xdo"

# The probe's close dialog sits at (300, 150); its buttons at (20, 80) and
# (200, 80) inside it, 140x40 each.
"$close_request" "$window"
wait_until 10 "close_requests=1 after a close request" state_has "close_requests=1"
wait_until 10 "the close dialog to open" state_has "close_dialog=open"
xdotool mousemove --window "$window" 570 250 click 1
wait_until 10 "'Keep running' to close the dialog" state_has "close_dialog=closed"
probe_exited && fail "the probe closed although 'Keep running' was chosen"

"$close_request" "$window"
wait_until 10 "close_requests=2 after a second close request" state_has "close_requests=2"
xdotool mousemove --window "$window" 390 250 click 1
wait_until 10 "the probe to quit after clicking 'Quit' in its close dialog" probe_exited
status=0
wait "$probe_pid" || status=$?
probe_pid=""
[ "$status" = 0 ] || fail "probe exited with $status ($(cat stderr.txt))"
expect_line stdout.txt "clicks=1"
expect_line stdout.txt "name=xdo"
expect_line stdout.txt "close_requests=2"
echo "probe xdotool: ok"
