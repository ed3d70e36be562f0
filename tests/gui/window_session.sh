# Sourced by the gui tests that drive a real dungen-viz window (tests/gui/*_test.sh): a private
# Xvfb display, cleanup on exit, where the app says its widgets are, and the window started with a
# frame log. Needs $name (the test's name, for messages) set before it is sourced.
for tool in Xvfb xdotool; do
  command -v "$tool" >/dev/null || { echo "$name: needs $tool" >&2; exit 2; }
done
work=$(mktemp -d)
display=$((300 + RANDOM % 600))
Xvfb ":$display" -screen 0 1280x720x24 >/dev/null 2>&1 &
xvfb=$!
app=""
cleanup() {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
export DISPLAY=":$display"
for _ in $(seq 1 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

items=""
# find_items VIZ ARGS...: a short headless run of the same window prints every noted widget's
# rectangle ("item controls/seed X,Y,WxH").
find_items() { items=$("$@" --frames 3); }
centre() {  # centre NAME: "x y" of the item's rectangle
  echo "$items" | awk -v n="$1" '$2 == "item" && $3 == n {
    split($4, a, "[,x]"); printf "%d %d\n", a[1] + a[3] / 2, a[2] + a[4] / 2; exit }'
}
# open_window FRAMES VIZ ARGS...: the window, its output in $work/out, focused once its first
# frame is drawn. FRAMES is only a ceiling (frames come up to 240 a second when the app has little
# to draw, far fewer on a busy machine): close_window ends the window when the test is done.
open_window() {
  local frames=$1
  shift
  DUNGEN_VIZ_FRAME_LOG=$work/frames.log "$@" --frames "$frames" --no-wait >"$work/out" &
  app=$!
  for _ in $(seq 1 100); do
    [ -s "$work/frames.log" ] && break
    kill -0 "$app" 2>/dev/null || break
    sleep 0.1
  done
  # The window, within 10 seconds; an app that exited (a bad argument, no GL) has none, and the
  # test fails with what it said rather than waiting for ever.
  local win=""
  for _ in $(seq 1 100); do
    win=$(xdotool search --name '^dungen-viz$' 2>/dev/null | head -n 1)
    [ -n "$win" ] && break
    kill -0 "$app" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$win" ]; then
    echo "$name: no dungen-viz window within 10 s (the app's error, if any, is above; its output:)" >&2
    cat "$work/out" >&2
    exit 1
  fi
  xdotool windowfocus "$win" 2>/dev/null || true
  sleep 0.5
}
# close_window: ends the window as Ctrl+C would (SIGTERM: the app finishes its frame and prints
# its closing lines, in $work/out) and waits for it.
close_window() {
  kill -TERM "$app" 2>/dev/null || true
  wait "$app"
  app=""
}
# click_at "X Y": a left click there, a hand's press and release, then a moment for the frame.
click_at() {
  # shellcheck disable=SC2086
  xdotool mousemove $1
  xdotool mousedown 1; sleep 0.08; xdotool mouseup 1
  sleep 0.3
}
# expect_line PATTERN WHY: the window's closing lines ($work/out) have a line matching PATTERN,
# or the test fails saying WHY.
expect_line() {
  grep -q "$1" "$work/out" || { echo "$name: $2" >&2; exit 1; }
}
