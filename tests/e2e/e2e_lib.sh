# Shared helpers for the e2e shell tests. Source it; every helper that fails
# ends the test with a message naming what was expected.

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# skip_unless_installed TOOL... — exits 77 (CTest's SKIP_RETURN_CODE) when a
# tool the test needs is not installed.
skip_unless_installed() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: $tool is not installed" >&2; exit 77; }
  done
}

# wait_until SECONDS DESCRIPTION COMMAND... — retries COMMAND every 0.1 s.
wait_until() {
  local seconds=$1 what=$2
  shift 2
  local tries=$((seconds * 10))
  until "$@" >/dev/null 2>&1; do
    tries=$((tries - 1))
    [ "$tries" -gt 0 ] || fail "timed out after ${seconds}s waiting for $what"
    sleep 0.1
  done
}

# start_xvfb — starts a 1280x720x24 Xvfb and exports DISPLAY for it. Xvfb
# picks a free display itself (-displayfd), so tests running in parallel
# never race for one (xvfb-run -a does). Call stop_xvfb when done, e.g. from
# an EXIT trap.
E2E_XVFB_PID=""
start_xvfb() {
  local display_file
  display_file=$(mktemp)
  # -noreset: by default the server resets when its last client disconnects,
  # and a client connecting during the reset fails ("Failed to open display")
  # — between two runs of the probe, or after xdotool's first check.
  Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp -noreset 3>"$display_file" >/dev/null 2>&1 &
  E2E_XVFB_PID=$!
  wait_until 10 "Xvfb to report its display" test -s "$display_file"
  export DISPLAY=":$(tr -d '[:space:]' <"$display_file")"
  rm -f "$display_file"
}

# Waits for the server to be gone, so that the next test never meets it
# still shutting down.
stop_xvfb() {
  [ -n "$E2E_XVFB_PID" ] || return 0
  kill "$E2E_XVFB_PID" 2>/dev/null || true
  wait "$E2E_XVFB_PID" 2>/dev/null || true
  E2E_XVFB_PID=""
}

# expect_line FILE LINE — FILE has LINE as a whole line.
expect_line() {
  grep -qxF -- "$2" "$1" || fail "$1 lacks the line '$2'; it holds:
$(cat "$1")"
}

# png_size FILE — prints "WIDTHxHEIGHT" from the PNG's IHDR chunk.
png_size() {
  local signature
  signature=$(od -An -tx1 -N8 "$1" | tr -d ' \n')
  [ "$signature" = "89504e470d0a1a0a" ] || fail "$1 is not a PNG file"
  local b
  b=($(od -An -tu1 -j16 -N8 "$1"))
  echo "$(( (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3] ))x$(( (b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7] ))"
}

# expect_png FILE WxH — FILE is a PNG of that size.
expect_png() {
  [ -s "$1" ] || fail "screenshot $1 was not written"
  local size
  size=$(png_size "$1")
  [ "$size" = "$2" ] || fail "screenshot $1 is $size, expected $2"
}

# fresh_dir DIR — an empty DIR.
fresh_dir() {
  rm -rf "$1" && mkdir -p "$1" || fail "cannot create $1"
}
