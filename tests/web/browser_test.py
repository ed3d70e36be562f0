#!/usr/bin/env python3
"""The browser build in a real browser: headless Chromium (Debian's chromium) opens
build-web/dungen.html from a local web server and is driven through the DevTools protocol, as a
person would drive the page (real key events into the page, the page's own console read back).

Scenario 1, the map: the page loads, its first frames draw the default map; a screenshot
(build-web/browser-test.png) must show many tile colours inside the map viewport (the app prints
where that is on its console) and the console must have no errors.
Scenario 2, the transport: with the run at step 0 (dungen.html?steps=0), Right steps once (the
app's console line says step 1), Space plays (the step counter keeps rising), Space again pauses.
Scenario 3, the mouse: a click on the max_rooms slider's left end makes a new map (a run of
another length); a click on "Save and share", then on "export PNG", downloads a PNG of the map.
Scenario 4, a big map (2048x2048 caves): built a slice a frame on the page's one thread, then
uploaded a band a frame; it must end up drawn.

Usage: python3 tests/web/browser_test.py [BUILD_DIR]   (scripts/web.sh --test runs it)
Exit 0 when both scenarios pass; 1 with a line saying what failed.
"""

import base64
import functools
import http.server
import json
import os
import queue
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

WIDTH, HEIGHT = 1280, 1000  # tall enough for "Save and share" opened in the left panel
TIMEOUT_S = 90  # for each wait; the whole test takes well under a minute here


def fail(why):
    print(f"browser test: FAILED: {why}")
    sys.exit(1)


class Server:
    """The build folder over HTTP on a free local port, in a thread."""

    def __init__(self, folder):
        handler = functools.partial(Quiet, directory=folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class Chromium:
    """Headless Chromium with the DevTools protocol on a pipe (--remote-debugging-pipe: JSON
    messages, each ended by a NUL byte, in on its fd 3 and out on its fd 4)."""

    def __init__(self):
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        if not exe:
            fail("no chromium on PATH (scripts/web.sh installs Debian's chromium)")
        self.profile = tempfile.mkdtemp(prefix="dungen-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        args = [exe, "--headless=new", "--no-sandbox", "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader", "--remote-debugging-pipe",
                f"--window-size={WIDTH},{HEIGHT}", f"--user-data-dir={self.profile}",
                "--no-first-run", "--no-default-browser-check", "about:blank"]
        # bash puts the two pipe ends on fds 3 and 4, then becomes chromium.
        script = f'exec "$@" 3<&{to_browser_r} 4>&{from_browser_w}'
        self.proc = subprocess.Popen(["bash", "-c", script, "chromium"] + args,
                                     pass_fds=(to_browser_r, from_browser_w),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.next_id = 0
        self.replies = {}
        self.events = queue.Queue()
        self.lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                with self.lock:
                    self.replies[-1] = None  # the browser went away
                    self.lock.notify_all()
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    with self.lock:
                        self.replies[message["id"]] = message
                        self.lock.notify_all()
                else:
                    self.events.put(message)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + TIMEOUT_S
        with self.lock:
            while self.next_id not in self.replies:
                if -1 in self.replies:
                    fail(f"chromium quit while answering {method}")
                if not self.lock.wait(timeout=max(0.0, deadline - time.time())):
                    fail(f"chromium did not answer {method} in {TIMEOUT_S} s")
            reply = self.replies.pop(self.next_id)
        if "error" in reply:
            fail(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def close(self):
        try:
            self.call("Browser.close")
        except SystemExit:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    """One tab: its console lines and errors, keys, screenshots."""

    def __init__(self, browser, url):
        self.browser = browser
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.call("Target.attachToTarget",
                                    {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            self.call(f"{domain}.enable")
        self.lines = []   # the console's text, in order
        self.errors = []  # console errors, uncaught exceptions, failed loads
        self.call("Page.navigate", {"url": url})

    def call(self, method, params=None):
        return self.browser.call(method, params, self.session)

    def pump(self, seconds):
        """Takes the page's events for up to `seconds`."""
        end = time.time() + seconds
        while True:
            left = end - time.time()
            if left <= 0:
                return
            try:
                event = self.browser.events.get(timeout=left)
            except queue.Empty:
                return
            self._take(event)

    def _take(self, event):
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"])
            self.lines.append(text)
            if params["type"] == "error":
                self.errors.append(f"console.error: {text}")
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            what = details.get("exception", {}).get("description", details.get("text"))
            self.errors.append(f"uncaught: {what}")
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append(f"log: {params['entry']['text']}")

    def check_no_errors(self):
        if self.errors:
            fail("the page reported errors: " + "; ".join(self.errors))

    def wait_for_line(self, pattern, after=0):
        """The first console line from index `after` on that matches; fails after TIMEOUT_S."""
        regex = re.compile(pattern)
        end = time.time() + TIMEOUT_S
        while time.time() < end:
            for i in range(after, len(self.lines)):
                m = regex.search(self.lines[i])
                if m:
                    return i, m
            self.check_no_errors()
            self.pump(0.2)
        fail(f"no console line matching {pattern!r} after {TIMEOUT_S} s; "
             f"the last lines: {self.lines[-5:]}")

    def press(self, key, code, key_code):
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent",
                      {"type": kind, "key": key, "code": code,
                       "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code})

    def click(self, x, y):
        """A left click, as the mouse gives one: move there, press, release (a frame or so
        apart, as a hand would)."""
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            params = {"type": kind, "x": x, "y": y}
            if kind != "mouseMoved":
                params.update({"button": "left", "clickCount": 1,
                               "buttons": 1 if kind == "mousePressed" else 0})
            self.call("Input.dispatchMouseEvent", params)
            self.pump(0.15)

    def item(self, name, after=0):
        """Where the app drew a named item: (x, y, w, h), from the newest of its console's layout
        lines (it prints them again whenever anything moves) once the page has settled."""
        pattern = r"^dungen-viz: item " + re.escape(name) + r" (\d+),(\d+),(\d+)x(\d+)"
        self.wait_for_line(pattern, after)
        self.pump(0.5)
        found = [m for m in map(re.compile(pattern).search, self.lines[after:]) if m]
        return tuple(int(v) for v in found[-1].groups())

    def screenshot(self, path):
        data = base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])
        with open(path, "wb") as f:
            f.write(data)
        return data


def decode_png(data):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG, as Chromium writes them."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("the screenshot is not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        fail(f"unexpected PNG format (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, channels)])
        previous = line
    return width, height, rows


def check_map_drawn(png, viewport, wanted=4, which="wall, floor, corridor, the background"):
    """Many tile colours inside the map viewport: the shader drew the map, not a blank."""
    width, height, rows = decode_png(png)
    x, y, w, h = viewport
    if w < 50 or h < 50 or x + w > width or y + h > height:
        fail(f"the map viewport {viewport} does not fit the {width}x{height} screenshot")
    counts = {}
    for row in rows[y + 5:y + h - 5]:
        for colour in row[x + 5:x + w - 5]:
            counts[colour] = counts.get(colour, 0) + 1
    total = sum(counts.values())
    # A colour is a tile colour on the map when it covers a real part of it (antialiased edges
    # and the grid's lines make many rare colours too).
    common = sorted((n for n in counts.values() if n >= total * 0.005), reverse=True)
    if len(common) < wanted:
        fail(f"the map viewport shows {len(common)} colours covering 0.5% or more of it "
             f"(wanted at least {wanted}: {which})")
    if common[0] > total * 0.9:
        fail("one colour covers over 90% of the map viewport: the map was not drawn")
    return len(common)


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build-web"
    if not os.path.exists(os.path.join(build, "dungen.html")):
        fail(f"{build}/dungen.html is missing: build it with scripts/web.sh --build")
    server = Server(build)
    browser = Chromium()
    base = f"http://127.0.0.1:{server.port}/dungen.html"
    try:
        # Scenario 1: the default map, drawn, no errors.
        page = Page(browser, base)
        _, m = page.wait_for_line(r"^dungen-viz: map viewport (\d+),(\d+),(\d+)x(\d+)")
        viewport = tuple(int(v) for v in m.groups())
        _, m = page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
        page.pump(1.0)  # a few more frames
        png = page.screenshot(os.path.join(build, "browser-test.png"))
        colours = check_map_drawn(png, viewport)
        page.check_no_errors()
        print(f"browser test: default map drawn ({colours} tile colours in the map viewport "
              f"{viewport}), at step {m.group(1)} of {m.group(2)}, no console errors; "
              f"screenshot {build}/browser-test.png")
        page.call("Page.close")

        # Scenario 2: step and play with the keyboard.
        page = Page(browser, base + "?steps=0")
        at, m = page.wait_for_line(r"^dungen-viz: step 0 of (\d+), paused")
        page.pump(0.5)
        page.press("ArrowRight", "ArrowRight", 39)
        at, m = page.wait_for_line(r"^dungen-viz: step (\d+) of \d+, paused", at + 1)
        if int(m.group(1)) != 1:
            fail(f"Right from step 0 went to step {m.group(1)}, not 1")
        page.press(" ", "Space", 32)
        at, m = page.wait_for_line(r"^dungen-viz: step (\d+) of \d+, playing", at + 1)
        first = int(m.group(1))
        at, m = page.wait_for_line(r"^dungen-viz: step (\d+) of \d+, playing", at + 1)
        if int(m.group(1)) <= first:
            fail(f"playing, the step went from {first} to {m.group(1)}")
        page.press(" ", "Space", 32)
        at, m = page.wait_for_line(r"^dungen-viz: step (\d+) of \d+, paused, ([\d.]+) ms", at)
        page.check_no_errors()
        print(f"browser test: Right stepped 0 -> 1, Space played on to step {m.group(1)} and "
              f"paused; {m.group(2)} ms a frame while playing in headless Chromium (software "
              f"WebGL)")
        page.call("Page.close")

        # Scenario 3: a slider and a download, with the mouse.
        downloads = tempfile.mkdtemp(prefix="dungen-downloads-")
        browser.call("Browser.setDownloadBehavior", {"behavior": "allow",
                                                     "downloadPath": downloads})
        page = Page(browser, base)
        at, m = page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
        steps_before = int(m.group(2))
        x, y, w, h = page.item("controls/max_rooms")
        page.click(x + max(2, w // 20), y + h // 2)  # near the left end: few rooms
        at, m = page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused", at + 1)
        if int(m.group(2)) == steps_before:
            fail(f"a click on the max_rooms slider left the run at {steps_before} steps")
        steps_after = int(m.group(2))
        x, y, w, h = page.item("controls/share")
        seen = len(page.lines)
        page.click(x + w // 2, y + h // 2)
        x, y, w, h = page.item("share/export-png", seen)
        page.click(x + w // 2, y + h // 2)
        path = os.path.join(downloads, "dungen.png")
        end = time.time() + TIMEOUT_S
        while not os.path.exists(path) and time.time() < end:
            page.pump(0.2)
        if not os.path.exists(path):
            fail(f"export PNG downloaded nothing (in {downloads}: {os.listdir(downloads)})")
        with open(path, "rb") as f:
            width, height, _ = decode_png(f.read())
        shutil.rmtree(downloads, ignore_errors=True)
        page.check_no_errors()
        print(f"browser test: the max_rooms slider made a new map ({steps_before} -> "
              f"{steps_after} steps); export PNG downloaded dungen.png, {width}x{height} px")
        page.call("Page.close")

        # Scenario 4: a big map.
        started = time.time()
        page = Page(browser, base + "?generator=cellular-caves&width=2048&height=2048")
        _, m = page.wait_for_line(r"^dungen-viz: map viewport (\d+),(\d+),(\d+)x(\d+)")
        viewport = tuple(int(v) for v in m.groups())
        _, m = page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
        built = time.time() - started
        page.pump(3.0)  # the upload and the picture go on a band a frame
        colours = check_map_drawn(page.screenshot(os.path.join(build, "browser-test-big.png")),
                                  viewport, 3, "wall, floor, the background")
        page.check_no_errors()
        print(f"browser test: a 2048x2048 map built in {built:.1f} s and drawn ({colours} tile "
              f"colours)")
    finally:
        browser.close()
        server.close()
    print("browser test: passed")


if __name__ == "__main__":
    main()
