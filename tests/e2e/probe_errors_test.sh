#!/usr/bin/env bash
# probe_errors_test.sh PROBE WORKDIR
#
# A replay that cannot run says why, with the script line, and the exit code
# tells the kind of failure: 2 for an invalid script, 1 for a failed check, a
# replay cut short by --frames, or an unwritable screenshot.
set -euo pipefail
source "$(dirname "$0")/e2e_lib.sh"
skip_unless_installed Xvfb

probe=$1 work=$2
fresh_dir "$work"
cd "$work"
start_xvfb
trap stop_xvfb EXIT

# expect_failure NAME CODE MESSAGE ARGS... — the probe exits with CODE and
# prints MESSAGE on stderr.
expect_failure() {
  local name=$1 code=$2 message=$3
  shift 3
  local actual=0
  "$probe" "$@" >"$name.out" 2>"$name.err" || actual=$?
  [ "$actual" = "$code" ] || fail "$name: exit code $actual, expected $code ($(cat "$name.err"))"
  grep -qxF -- "$message" "$name.err" || fail "$name: stderr lacks '$message'; it holds: $(cat "$name.err")"
}

printf 'click 160 64\nclik 1 2\n' > bad.txt
expect_failure bad-script 2 "cairn: bad.txt:2: unknown command 'clik'" --replay bad.txt

printf 'click 160 64\nexpect clicks 2\nquit\n' > check.txt
expect_failure failed-check 1 "cairn: check.txt:2: expect: clicks is '1', expected '2'" --replay check.txt

printf 'wait 100\n' > long.txt
expect_failure cut-short 1 "cairn: long.txt:1: replay stopped by --frames 5 before the script ended" \
  --replay long.txt --frames 5

expect_failure unwritable 1 \
  "cairn: cannot write screenshot: cannot save no/such/dir/a.png: cannot create a temporary file beside it: No such file or directory" \
  --frames 2 --screenshot no/such/dir/a.png

expect_failure missing 2 "cairn: missing.txt: cannot open replay script: No such file or directory" \
  --replay missing.txt

# --no-draw builds every frame (a script's checks still pass) but draws none,
# so a screenshot is refused, on the command line or in the script.
printf 'click 160 64\nwait 1\nexpect clicks 1\n' > undrawn.txt
"$probe" --no-draw --replay undrawn.txt >/dev/null || fail "a --no-draw replay whose check holds failed"
expect_failure undrawn-screenshot-option 2 \
  "cairn-platform-probe: options '--screenshot' and '--no-draw' exclude each other: a frame not drawn cannot be written" \
  --no-draw --frames 2 --screenshot undrawn.png
printf 'wait 1\nscreenshot undrawn.png\nwait 1\n' > undrawn-shot.txt
expect_failure undrawn-screenshot-line 1 \
  "cairn: undrawn-shot.txt:2: screenshot undrawn.png: this run has --no-draw, so there is no frame to write" \
  --no-draw --replay undrawn-shot.txt
[ ! -e undrawn.png ] || fail "a --no-draw run wrote undrawn.png"

# Without a replay, --frames and --screenshot still give a picture of the last frame.
"$probe" --size 960x540 --frames 3 --screenshot plain.png >/dev/null || fail "probe --frames 3 --screenshot failed"
expect_png plain.png 960x540
echo "probe errors: ok"
