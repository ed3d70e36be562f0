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
uploaded a band a frame; it must end up drawn. Scenario 5, a maze with its regions, its cells a
16-bit texture: drawn, its rooms in their colours.
Then the page as students get it (issue 24): a phone (390x844 CSS px, pixel ratio 3, touch: the
map and transport bar in view, each tap steps once, a pinch zooms); pixel ratio 2 (the drawing
buffer is the CSS size x 2); the page as big as its screen (the canvas follows, no errors); a
wheel notch is one zoom step; copy share string / copy link reach the clipboard and Ctrl+V pastes;
open preset opens the page's file picker and a file chosen there (or dropped) loads; a note sits
clear of the transport bar and closes; ?help, refused options and unknown lessons are said in the
page, and so are file:// and a browser without WebGL. Predict mode from a link on a phone
(issue 28): the question in a card, a tap answers it, a tap on a cell lists its history. Generator scripts (issue 26): a shipped
one by name, one in the address (?script=), one pasted into the Script section and run, one
chosen with open script; a broken one is said in the log with its line. The server is
scripts/web_serve.py (as web.sh serves): the wasm must come compressed.

Usage: python3 tests/web/browser_test.py [BUILD_DIR]   (scripts/web.sh --test runs it)
Exit 0 when every scenario passes; 1 with a line saying what failed.
"""

import base64
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
import urllib.request
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in scripts/ from the import below
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import web_serve  # noqa: E402

WIDTH, HEIGHT = 1280, 1000  # tall enough for "Save and share" opened in the left panel
TIMEOUT_S = 90  # for each wait; the whole test takes well under a minute here


def fail(why):
    print(f"browser test: FAILED: {why}")
    sys.exit(1)


class Server:
    """The build folder over HTTP on a free local port, in a thread: scripts/web_serve.py, the
    server web.sh runs (the right types, the precompressed files)."""

    def __init__(self, folder):
        self.folder = folder
        self.httpd, self.port = web_serve.start(folder)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def check_compressed(self):
        """The wasm as a browser asking for brotli gets it: compressed, with the wasm's type.
        Returns (bytes sent, bytes of the file)."""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/dungen.wasm",
                                         headers={"Accept-Encoding": "gzip, br"})
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as reply:
            body = reply.read()
            kind, encoding = reply.headers["Content-Type"], reply.headers["Content-Encoding"]
        if kind != "application/wasm" or encoding not in ("br", "gzip"):
            fail(f"dungen.wasm came as {kind!r} with encoding {encoding!r}, not application/wasm "
                 "compressed (scripts/web.sh --build writes the .br and .gz copies)")
        size = os.path.getsize(os.path.join(self.folder, "dungen.wasm"))
        return len(body), size


class Chromium:
    """Headless Chromium with the DevTools protocol on a pipe (--remote-debugging-pipe: JSON
    messages, each ended by a NUL byte, in on its fd 3 and out on its fd 4)."""

    def __init__(self, extra=()):
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        if not exe:
            fail("no chromium on PATH (scripts/web.sh installs Debian's chromium)")
        self.profile = tempfile.mkdtemp(prefix="dungen-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        args = [exe, "--headless=new", "--no-sandbox", "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader", "--remote-debugging-pipe",
                f"--window-size={WIDTH},{HEIGHT}", f"--user-data-dir={self.profile}",
                "--no-first-run", "--no-default-browser-check", *extra, "about:blank"]
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
        self.stamps = []  # when each line came (ms since the epoch, the browser's clock)
        self.errors = []  # console errors, uncaught exceptions, failed loads
        self.watch = None  # also given every event, when set (scripts/web-figures.py)
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
        if self.watch:
            self.watch(event)
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"])
            self.lines.append(text)
            self.stamps.append(params.get("timestamp", 0.0))
            if params["type"] == "error":
                self.errors.append(f"console.error: {text}")
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            what = details.get("exception", {}).get("description", details.get("text"))
            self.errors.append(f"uncaught: {what}")
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append(f"log: {params['entry']['text']}")

    def evaluate(self, expression, await_promise=False):
        """The value of a JavaScript expression in the page."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": await_promise})
        if "exceptionDetails" in result:
            fail(f"{expression[:60]}...: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def ended_text(self):
        """What the page shows when the app ended at once (its help, a refused address), or
        None while it runs."""
        end = time.time() + TIMEOUT_S
        while time.time() < end:
            text = self.evaluate("(function () { var e = document.getElementById('ended');"
                                 " return e && getComputedStyle(e).display !== 'none'"
                                 " ? e.innerText : null; })()")
            if text is not None:
                return text
            self.pump(0.2)
        return None

    def check_no_errors(self):
        if self.errors:
            fail("the page reported errors: " + "; ".join(self.errors))

    def wait_for_line(self, pattern, after=0, seconds=None, required=True):
        """The first console line from index `after` on that matches; fails after `seconds`
        (TIMEOUT_S), or with required=False gives (None, None)."""
        regex = re.compile(pattern)
        seconds = TIMEOUT_S if seconds is None else seconds
        end = time.time() + seconds
        while time.time() < end:
            for i in range(after, len(self.lines)):
                m = regex.search(self.lines[i])
                if m:
                    return i, m
            self.check_no_errors()
            self.pump(0.2)
        if not required:
            return None, None
        fail(f"no console line matching {pattern!r} after {seconds} s; "
             f"the last lines: {self.lines[-5:]}")

    def press(self, key, code, key_code):
        """A key pressed and released at once."""
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

    def click_item(self, name, after=0):
        """A click on the middle of a named item (see item)."""
        x, y, w, h = self.item(name, after)
        self.click(x + w // 2, y + h // 2)

    def choose_file(self, path):
        """The file chosen in the page's file picker (headless Chromium shows no dialog)."""
        document = self.call("DOM.getDocument")["root"]["nodeId"]
        picker = self.call("DOM.querySelector", {"nodeId": document, "selector": "#picker"})
        self.call("DOM.setFileInputFiles", {"files": [path], "nodeId": picker["nodeId"]})

    def emulate(self, width, height, ratio=1, mobile=False, screen=None):
        """The page as a device shows it: its size in CSS pixels, its pixel ratio, a phone's
        touch screen, the screen's size (a kiosk: the page as big as the screen)."""
        params = {"width": width, "height": height, "deviceScaleFactor": ratio,
                  "mobile": mobile}
        if screen:
            params.update({"screenWidth": screen[0], "screenHeight": screen[1]})
        self.call("Emulation.setDeviceMetricsOverride", params)
        if mobile:
            self.call("Emulation.setTouchEmulationEnabled", {"enabled": True,
                                                            "maxTouchPoints": 5})

    def tap(self, x, y):
        """A finger's tap (CSS pixels): down, a tenth of a second, up."""
        self.call("Input.dispatchTouchEvent", {"type": "touchStart",
                                               "touchPoints": [{"x": x, "y": y}]})
        self.pump(0.1)
        self.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        self.pump(0.3)

    def wheel(self, x, y, delta_y):
        """One turn of the wheel as Chrome gives it: pixels (100 a notch), down positive."""
        self.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        self.pump(0.2)
        self.call("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y,
                                               "deltaX": 0, "deltaY": delta_y})
        self.pump(0.3)

    def canvas(self):
        """(drawing buffer width, height, CSS width, height, device pixel ratio)."""
        return tuple(self.evaluate(
            "[canvas.width, canvas.height, canvas.clientWidth, canvas.clientHeight, "
            "devicePixelRatio]"))

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

def layout_rect(page, pattern, after=0):
    """A rect the app's layout lines give (drawing-buffer pixels)."""
    _, m = page.wait_for_line(pattern + r" (\d+),(\d+),(\d+)x(\d+)", after)
    found = [m for m in map(re.compile(pattern + r" (\d+),(\d+),(\d+)x(\d+)").search,
                            page.lines[after:]) if m]
    return tuple(int(v) for v in found[-1].groups())


def inside(rect, width, height):
    x, y, w, h = rect
    return x >= 0 and y >= 0 and x + w <= width and y + h <= height and w > 0 and h > 0


def scenario_phone(browser, base, build):
    """A phone in portrait (390x844 CSS px, pixel ratio 3, touch): the map and the transport bar
    are in view, the canvas is the page's size x 3, and a tap on the step button steps once."""
    page = Page(browser, "about:blank")
    page.emulate(390, 844, 3, mobile=True)
    page.call("Page.navigate", {"url": base + "?steps=0"})
    at, _ = page.wait_for_line(r"^dungen-viz: step 0 of (\d+), paused")
    page.pump(0.5)
    bw, bh, cw, ch, ratio = page.canvas()
    if (cw, ch) != (390, 844) or (bw, bh) != (1170, 2532):
        fail(f"on a 390x844 phone at ratio 3 the canvas is {cw}x{ch} CSS px with a {bw}x{bh} "
             f"buffer (wanted 390x844 and 1170x2532)")
    for name in ("map viewport", "transport bar"):
        rect = layout_rect(page, r"^dungen-viz: " + name)
        if not inside(rect, bw, bh):
            fail(f"on the phone the {name} {rect} is not inside the {bw}x{bh} canvas")
    x, y, w, h = page.item("transport/step")
    steps = []
    for tap in range(3):
        page.tap((x + w / 2) / ratio, (y + h / 2) / ratio)
        at, m = page.wait_for_line(r"^dungen-viz: step (\d+) of \d+, paused", at + 1)
        page.pump(0.5)
        later = [int(m.group(1)) for m in
                 map(re.compile(r"^dungen-viz: step (\d+) of \d+, paused").search,
                     page.lines[at:]) if m]
        steps.append(later[-1])
        at = len(page.lines) - 1
    if steps != [1, 2, 3]:
        fail(f"three taps on the step button went to steps {steps}, not [1, 2, 3]")
    # Two fingers on the map moving apart to twice their distance: the cells twice as big.
    mx, my, mw, mh = layout_rect(page, r"^dungen-viz: map viewport")
    cx, cy = (mx + mw / 2) / ratio, (my + mh / 2) / ratio
    cell = re.compile(r"^dungen-viz: map cell ([\d.]+) px")
    before = [float(m.group(1)) for m in map(cell.search, page.lines) if m][-1]
    for kind, spread in (("touchStart", 40), ("touchMove", 60), ("touchMove", 80),
                         ("touchEnd", None)):
        points = [] if spread is None else [{"x": cx - spread / 2, "y": cy, "id": 0},
                                            {"x": cx + spread / 2, "y": cy, "id": 1}]
        page.call("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        page.pump(0.2)
    page.pump(0.5)
    after = [float(m.group(1)) for m in map(cell.search, page.lines) if m][-1]
    if abs(after / before - 2.0) > 0.1:
        fail(f"a pinch from 40 to 80 px changed the cell size {before} -> {after} px (wanted x2)")
    png = page.screenshot(os.path.join(build, "browser-test-phone.png"))
    # (Three steps in: the walls, a room or none yet, and the background.)
    check_map_drawn(png, layout_rect(page, r"^dungen-viz: map viewport"), 2,
                    "wall, the background")
    page.check_no_errors()
    print("browser test: phone 390x844 at ratio 3: canvas 1170x2532, map and transport bar in "
          f"view, three taps stepped {steps}, a pinch to twice the spread zoomed {before} -> "
          f"{after} px a cell; screenshot {build}/browser-test-phone.png")
    page.call("Page.close")


def tap_until(page, where, pattern, after, tries=3, seconds=15):
    """Taps where() (CSS pixels, asked again before each tap) until a console line from `after`
    on matches: (its index, the taps it took). A tap the page's frames lose (the press and release
    reach the app a frame apart on the page's clock; CI once saw a tap on a predict choice go
    unanswered for 90 s, and once three taps 15 s apart) is tapped again, at most `tries` times,
    where the target is then (it may have moved since); the caller says how many it took. The
    last one unanswered fails the test, saying where it tapped."""
    for taps in range(1, tries + 1):
        x, y = where()
        page.tap(x, y)
        i, _ = page.wait_for_line(pattern, after, seconds=seconds, required=False)
        if i is not None:
            return i, taps
    fail(f"{tries} taps, the last at ({x:.1f}, {y:.1f}) CSS px, and no console line matching "
         f"'{pattern}' within {seconds} s of each; the last lines: {page.lines[-5:]}")


def scenario_predict(browser, base, build):
    """Predict mode from a link on a phone (issue 28): ?predict&steps=20 opens on the first
    question, in a card over the map's foot (the Algorithm panel is folded on a phone); a tap on
    the true answer reveals the step, scored right; a tap on a cell that step carved opens its
    history, which lists that step."""
    page = Page(browser, "about:blank")
    page.emulate(390, 844, 3, mobile=True)
    page.call("Page.navigate",
              {"url": base + "?generator=rooms-and-tunnels&seed=3&predict&steps=20"})
    at, _ = page.wait_for_line(r"^dungen-viz: pane A question: attempt 4")
    ratio = 3
    question = at

    def answer():  # the middle of "none: carved", the true answer, where it is drawn now
        x, y, w, h = page.item("predict/choice/0", question)
        return (x + w / 2) / ratio, (y + h / 2) / ratio

    at, taps = tap_until(page, answer, r"^dungen-viz: pane A predict: 1 of 1 right$", at)
    page.wait_for_line(r"^dungen-viz: pane A revealed: right$", at)
    # Cell (30,12), inside the room the step carved, on the 80x45 map fitted to the viewport.
    mx, my, mw, mh = layout_rect(page, r"^dungen-viz: map viewport")
    px = min(mw / 80, mh / 45)
    cx, cy = mx + (mw - 80 * px) / 2 + 30.5 * px, my + (mh - 45 * px) / 2 + 12.5 * px
    _, cell_taps = tap_until(page, lambda: (cx / ratio, cy / ratio),
                             r"^dungen-viz: cell history \(30,12\) 1 steps$", at)
    page.pump(0.5)
    page.screenshot(os.path.join(build, "browser-test-predict.png"))
    page.check_no_errors()
    print("browser test: predict on a phone: the link opened on attempt 4's question, a tap on "
          f"the answer scored it right ({taps} tap{'s' if taps > 1 else ''}), a tap on the carved "
          f"cell listed its one step ({cell_taps} tap{'s' if cell_taps > 1 else ''}); "
          f"screenshot {build}/browser-test-predict.png")
    page.call("Page.close")


def scenario_hidpi_and_kiosk(browser, base, build):
    """Pixel ratio 2: the buffer is the CSS size x 2 and the map is drawn. Then the page as big
    as the screen (a projector in kiosk mode): the canvas follows it with no console errors
    (Emscripten's glfwSetWindowSize asked for full screen there), also after a resize."""
    page = Page(browser, "about:blank")
    page.emulate(1280, 720, 2)
    page.call("Page.navigate", {"url": base})
    page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
    page.pump(0.5)
    bw, bh, cw, ch, _ = page.canvas()
    if (bw, bh) != (2 * cw, 2 * ch) or (cw, ch) != (1280, 720):
        fail(f"at ratio 2 the canvas is {cw}x{ch} CSS px with a {bw}x{bh} buffer")
    png = page.screenshot(os.path.join(build, "browser-test-hidpi.png"))
    check_map_drawn(png, layout_rect(page, r"^dungen-viz: map viewport"))
    page.call("Page.close")

    page = Page(browser, "about:blank")
    page.emulate(800, 600, 1, screen=(800, 600))
    page.call("Page.navigate", {"url": base})
    page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
    page.pump(1.0)
    sizes = [page.canvas()[:2]]
    bar = layout_rect(page, r"^dungen-viz: transport bar")
    if not inside(bar, 800, 600):
        fail(f"with the page as big as the 800x600 screen the transport bar is at {bar}")
    seen = len(page.lines)
    page.emulate(1024, 768, 1, screen=(1024, 768))
    page.wait_for_line(r"^dungen-viz: window 1024x768", seen)
    page.pump(1.0)
    sizes.append(page.canvas()[:2])
    if sizes != [(800, 600), (1024, 768)]:
        fail(f"the canvas did not follow the page as big as the screen: {sizes}")
    page.check_no_errors()
    print("browser test: ratio 2 gives a 2560x1440 buffer for 1280x720, drawn; a page as big as "
          "its screen (800x600, then 1024x768) keeps the canvas at its size, no errors")
    page.call("Page.close")


def scenario_wheel(browser, base):
    """One notch of the wheel over the map is one zoom step (x1.2), the right way round."""
    page = Page(browser, "about:blank")
    page.emulate(1280, 720)
    page.call("Page.navigate", {"url": base})
    page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
    x, y, w, h = layout_rect(page, r"^dungen-viz: map viewport")
    cells = []
    for delta in (0, -100, 100, 100):
        if delta:
            seen = len(page.lines)
            page.wheel(x + w / 2, y + h / 2, delta)
            page.wait_for_line(r"^dungen-viz: map cell", seen)
            page.pump(0.3)
        _, m = page.wait_for_line(r"^dungen-viz: map cell ([\d.]+) px")
        found = [float(m.group(1)) for m in
                 map(re.compile(r"^dungen-viz: map cell ([\d.]+) px").search, page.lines) if m]
        cells.append(found[-1])
    ratios = [b / a for a, b in zip(cells, cells[1:])]
    wanted = [1.2, 1 / 1.2, 1 / 1.2]
    if any(abs(r - w) > 0.02 for r, w in zip(ratios, wanted)):
        fail(f"wheel notches up, down, down changed the cell size {cells} (ratios {ratios}, "
             f"wanted {wanted})")
    page.check_no_errors()
    print(f"browser test: wheel notches up, down, down: map cell {cells} px (x1.2 a notch)")
    page.call("Page.close")


def scenario_clipboard_and_files(browser, base, server_port):
    """copy share string and copy link reach the real clipboard; Ctrl+V pastes it into the
    share field; open preset opens the browser's file picker and loads the file chosen there."""
    origin = f"http://127.0.0.1:{server_port}"
    browser.call("Browser.grantPermissions", {"origin": origin, "permissions": [
        "clipboardReadWrite", "clipboardSanitizedWrite"]})
    page = Page(browser, "about:blank")
    page.emulate(1280, 1000)
    page.call("Page.navigate", {"url": base + "?seed=5"})
    page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
    x, y, w, h = page.item("controls/share")
    seen = len(page.lines)
    page.click(x + w // 2, y + h // 2)
    x, y, w, h = page.item("share/copy", seen)
    page.click(x + w // 2, y + h // 2)
    page.pump(0.5)
    copied = page.evaluate("navigator.clipboard.readText()", await_promise=True)
    if not copied.startswith("rooms-and-tunnels?") or "seed=5" not in copied:
        fail(f"copy share string put {copied!r} on the clipboard")
    x, y, w, h = page.item("share/copy-link", seen)
    page.click(x + w // 2, y + h // 2)
    page.pump(0.5)
    link = page.evaluate("navigator.clipboard.readText()", await_promise=True)
    if not link.startswith(base + "?share=rooms-and-tunnels%3F"):
        fail(f"copy link put {link!r} on the clipboard")
    # Paste: another share string on the clipboard, Ctrl+V in the field, Enter loads it.
    page.evaluate("navigator.clipboard.writeText('cellular-caves?seed=9')", await_promise=True)
    x, y, w, h = page.item("share/paste", seen)
    page.click(x + w // 2, y + h // 2)
    # Ctrl down, V (the browser's paste command: a paste event), V up, Ctrl up, as a hand does.
    keys = [("rawKeyDown", "Control", "ControlLeft", 17, []), ("rawKeyDown", "v", "KeyV", 86,
            ["paste"]), ("keyUp", "v", "KeyV", 86, []), ("keyUp", "Control", "ControlLeft", 17,
                                                         [])]
    for kind, key, code, number, commands in keys:
        page.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                             "windowsVirtualKeyCode": number, "modifiers": 2,
                                             "commands": commands})
        page.pump(0.15)
    page.pump(0.3)
    seen = len(page.lines)
    # A quick tap: down and up before the next frame (ImGui 1.86 would miss it; the window holds
    # the release back a frame).
    page.press("Enter", "Enter", 13)
    page.wait_for_line(r"^dungen-viz: item controls/fill_percent", seen)
    print(f"browser test: copy share string gave {copied!r}, copy link {link[:60]}...; Ctrl+V "
          "pasted 'cellular-caves?seed=9' and Enter loaded it")

    # open preset: the page's file picker opens (its click is counted: headless Chromium shows
    # no dialog to intercept), and a file chosen in it loads.
    page.evaluate("window.pickerOpened = 0; document.getElementById('picker')"
                  ".addEventListener('click', function () { window.pickerOpened++; })")
    x, y, w, h = page.item("share/open-preset")
    page.click(x + w // 2, y + h // 2)
    page.pump(0.5)
    if page.evaluate("window.pickerOpened") != 1:
        fail("open preset did not open the page's file picker")
    preset = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "presets",
                                          "tutorial-rooms-and-tunnels.json"))
    seen = len(page.lines)
    page.choose_file(preset)
    page.wait_for_line(r"^dungen-viz: preset note", seen)
    page.wait_for_line(r"^dungen-viz: item controls/max_rooms", seen)
    # A preset dropped on the page opens the same way.
    dropped = os.path.join(os.path.dirname(preset), "caves-dense.json")
    seen = len(page.lines)
    for kind in ("dragEnter", "dragOver", "drop"):
        page.call("Input.dispatchDragEvent", {"type": kind, "x": 640, "y": 300, "data": {
            "items": [], "files": [dropped], "dragOperationsMask": 1}})
        page.pump(0.1)
    page.wait_for_line(r"^dungen-viz: item controls/fill_percent", seen)
    page.check_no_errors()
    print("browser test: open preset opened the browser's file picker; the file chosen there "
          "(presets/tutorial-rooms-and-tunnels.json) loaded, with its note; caves-dense.json "
          "dropped on the page loaded too")
    page.call("Page.close")


def scenario_messages(browser, base, build, server_port):
    """A note (a step past the end) sits clear of the transport bar and closes; ?help shows the
    help in the page; options that mean nothing in a page and unknown lessons are refused in
    words; a lesson's name opens it; a page opened as a file says it needs a web server."""
    page = Page(browser, "about:blank")
    page.emulate(1280, 720)
    page.call("Page.navigate", {"url": base + "?steps=99999"})
    page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
    page.pump(1.0)
    note = page.evaluate("(function () { var n = document.querySelector('#notes .note');"
                         " if (!n) return null; var r = n.getBoundingClientRect();"
                         " return [n.innerText, r.left, r.top, r.width, r.height]; })()")
    if not note or "past the end" not in note[0]:
        fail(f"a step past the end gave no note (notes: {note})")
    bx, by, bw, bh = layout_rect(page, r"^dungen-viz: transport bar")
    _, nx, ny, nw, nh = note
    if ny + nh > by and nx < bx + bw and nx + nw > bx:
        fail(f"the note {note[1:]} covers the transport bar {(bx, by, bw, bh)}")
    page.screenshot(os.path.join(build, "browser-test-note.png"))
    page.evaluate("document.querySelector('#notes .note button').click()")
    if page.evaluate("document.querySelectorAll('#notes .note').length") != 0:
        fail("the note's close button left it there")
    page.check_no_errors()
    page.call("Page.close")

    cases = [("?help", ["dungen.html?generator=", "--seed N"]),
             ("?frames=3", ["--frames means nothing in the page"]),
             ("?size=800x600", ["--size means nothing in the page", "browser window"]),
             ("?preset=caves-dens", ["no lesson of that name", "caves-dense, caves-sparse"])]
    for query, wanted in cases:
        page = Page(browser, base + query)
        text = page.ended_text()
        if text is None or any(w not in text for w in wanted):
            fail(f"dungen.html{query} showed {text!r}, not {wanted}")
        page.call("Page.close")
    page = Page(browser, base + "?preset=caves-dense")
    page.wait_for_line(r"^dungen-viz: preset note")
    page.wait_for_line(r"^dungen-viz: item controls/fill_percent")
    page.check_no_errors()
    page.call("Page.close")
    page = Page(browser, "file://" + os.path.abspath(os.path.join(build, "dungen.html")))
    text = page.ended_text()
    if text is None or "needs a web server" not in text:
        fail(f"the page opened as a file showed {text!r}")
    page.call("Page.close")
    # A browser without WebGL (switched off, as on a machine without a usable GPU driver).
    plain = Chromium(extra=("--disable-webgl", "--disable-3d-apis"))
    try:
        page = Page(plain, base)
        text = page.ended_text()
        if text is None or "no WebGL 2" not in text or "hardware acceleration" not in text:
            fail(f"the page without WebGL showed {text!r}")
    finally:
        plain.close()
    print("browser test: without WebGL the page says so and what to do; "
          "a note sits clear of the transport bar and closes; ?help, ?frames, "
          "?size and an unknown lesson say what is wrong in the page; ?preset=caves-dense opens "
          "the lesson; file:// says a web server is needed")


# A small generator script, as a student would write one (docs/SCRIPTING.md): a walk of `moves`
# steps from the middle. `verb` is in its words; `name` is its name.
def walk_script(name, verb):
    return ("return { name = '" + name + "', summary = 'a test walk',\n"
            "params = { { name = 'width', default = 24, min = 4, max = 64 },\n"
            "  { name = 'height', default = 16, min = 4, max = 64 },\n"
            "  { name = 'moves', default = 60, min = 1, max = 200 } },\n"
            "pseudocode = { 'start in the middle', 'walk one cell', 'done' },\n"
            "run = function(p)\n"
            "  step{ level = 'phase', line = 1, words = 'start' }\n"
            "  local x, y = p.width // 2, p.height // 2\n"
            "  for i = 1, p.moves do\n"
            "    local d = draw_int('dir', 1, 4)\n"
            "    x = math.max(1, math.min(p.width - 2, x + ({ 0, 1, 0, -1 })[d]))\n"
            "    y = math.max(1, math.min(p.height - 2, y + ({ -1, 0, 1, 0 })[d]))\n"
            "    set(x, y, 'floor')\n"
            "    step{ line = 2, words = '" + verb + " to (' .. x .. ',' .. y .. ')' }\n"
            "  end\n"
            "  done{ line = 3, words = 'done' }\n"
            "end }\n")


def scenario_scripts(browser, base, build, server_port):
    """Generator scripts in the page (issue 26): a shipped one by name (?generator=prims-maze),
    one carried by the address (?script=, URL-encoded; a broken one is said in the log with its
    line), one pasted into the Script section's editor and run, and one chosen in the page's
    file picker (open script)."""
    from urllib.parse import quote
    page = Page(browser, "about:blank")
    page.emulate(WIDTH, HEIGHT)
    page.call("Page.navigate", {"url": base + "?generator=prims-maze&seed=3"})
    page.wait_for_line(r"^dungen-viz: pane A script prims-maze$")
    _, m = page.wait_for_line(r"^dungen-viz: map viewport (\d+),(\d+),(\d+)x(\d+)")
    viewport = tuple(int(v) for v in m.groups())
    _, m = page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
    page.pump(1.0)
    colours = check_map_drawn(page.screenshot(os.path.join(build, "browser-test-script.png")),
                              viewport, 2, "wall, floor")
    page.check_no_errors()
    print(f"browser test: ?generator=prims-maze ran the shipped script to step {m.group(1)} of "
          f"{m.group(2)} ({colours} tile colours drawn)")
    page.call("Page.close")

    page = Page(browser, "about:blank")
    page.emulate(WIDTH, HEIGHT)
    page.call("Page.navigate", {"url": base + "?script=" + quote(walk_script("linked-walk",
                                                                             "amble")) +
                                "&steps=20"})
    page.wait_for_line(r"^dungen-viz: pane A script linked-walk$")
    page.wait_for_line(r"^dungen-viz: step 20 of \d+, paused")
    page.check_no_errors()

    # The Script section: paste another script over the text, run it (same seed and step).
    origin = f"http://127.0.0.1:{server_port}"
    browser.call("Browser.grantPermissions", {"origin": origin, "permissions": [
        "clipboardReadWrite", "clipboardSanitizedWrite"]})
    seen = len(page.lines)
    page.click_item("controls/script")
    page.click_item("script/editor", seen)
    page.evaluate("navigator.clipboard.writeText(" + json.dumps(walk_script("pasted-walk",
                                                                           "stroll")) + ")",
                  await_promise=True)
    # Ctrl+A selects all, Ctrl+V pastes (the browser's paste event brings the clipboard).
    for letter, code, number, commands in (("a", "KeyA", 65, ["selectAll"]),
                                           ("v", "KeyV", 86, ["paste"])):
        keys = [("rawKeyDown", "Control", "ControlLeft", 17, []),
                ("rawKeyDown", letter, code, number, commands),
                ("keyUp", letter, code, number, []),
                ("keyUp", "Control", "ControlLeft", 17, [])]
        for kind, key, kcode, knumber, kcommands in keys:
            page.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": kcode,
                                                 "windowsVirtualKeyCode": knumber,
                                                 "modifiers": 2, "commands": kcommands})
            page.pump(0.15)
    page.pump(0.3)
    page.click_item("script/run", seen)  # no line names pasted-walk before it runs
    page.wait_for_line(r"^dungen-viz: pane A script pasted-walk$", seen)
    page.wait_for_line(r"^dungen-viz: pane A step 20 of ", seen)
    page.check_no_errors()
    print("browser test: ?script= opened the linked walk at step 20; a script pasted into the "
          "Script section and run replaced it on the same step")

    # copy link: a script the page does not ship travels in the link, with its settings.
    seen = len(page.lines)
    page.click_item("controls/share")
    page.click_item("share/copy-link", seen)
    page.pump(0.5)
    link = page.evaluate("navigator.clipboard.readText()", await_promise=True)
    if "?share=pasted-walk%3F" not in link or "&script=" not in link:
        fail(f"copy link of a pasted script gave {link[:120]!r}...")
    other = Page(browser, "about:blank")
    other.emulate(WIDTH, HEIGHT)
    other.call("Page.navigate", {"url": link})
    other.wait_for_line(r"^dungen-viz: pane A script pasted-walk$")
    other.check_no_errors()
    other.call("Page.close")
    print(f"browser test: copy link of the pasted script ({len(link)} characters) carried its "
          "text and opened it in a new page")

    # open script: the page's file picker, and the file chosen there opens.
    page.evaluate("window.pickerOpened = 0; document.getElementById('picker')"
                  ".addEventListener('click', function () { window.pickerOpened++; })")
    page.click_item("share/open-script")  # Save and share is open (copy link, above)
    page.pump(0.5)
    if page.evaluate("window.pickerOpened") != 1:
        fail("open script did not open the page's file picker")
    chosen = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "examples",
                                          "generators", "kruskals-maze.lua"))
    seen = len(page.lines)
    page.choose_file(chosen)
    page.wait_for_line(r"^dungen-viz: pane A script kruskals-maze$", seen)
    page.check_no_errors()
    page.call("Page.close")
    print("browser test: open script opened the page's file picker; kruskals-maze.lua chosen "
          "there opened")

    # A broken script in the address: the page opens on the default map and says what is
    # wrong, with its line, where the log's last line is.
    broken = walk_script("broken-walk", "amble").replace("local x, y", "local x, y )", 1)
    page = Page(browser, base + "?script=" + quote(broken))
    page.wait_for_line(r"^dungen-viz: pane A error link\.lua:8: ")
    page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
    page.check_no_errors()
    page.call("Page.close")
    print("browser test: a broken ?script= opened the page with its error and line "
          "(link.lua:8) in the log")


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
        sent, size = server.check_compressed()
        print(f"browser test: dungen.wasm served compressed, {sent:,} of {size:,} bytes")
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
        page.call("Page.close")

        # Scenario 5: a maze with its regions: the cells a 16-bit texture (GL_R16UI: its rooms'
        # labels and its one region fit 8 bits), drawn with each room's colour.
        page = Page(browser, base + "?generator=rooms-and-mazes&width=61&height=41&regions")
        _, m = page.wait_for_line(r"^dungen-viz: map viewport (\d+),(\d+),(\d+)x(\d+)")
        viewport = tuple(int(v) for v in m.groups())
        page.wait_for_line(r"^dungen-viz: step (\d+) of (\d+), paused")
        page.pump(1.0)
        colours = check_map_drawn(page.screenshot(os.path.join(build, "browser-test-regions.png")),
                                  viewport, 8, "rooms in their colours, corridor, wall, background")
        page.check_no_errors()
        print(f"browser test: a maze with regions drawn from 16-bit cells ({colours} colours); "
              f"screenshot {build}/browser-test-regions.png")
        page.call("Page.close")

        scenario_phone(browser, base, build)
        scenario_predict(browser, base, build)
        scenario_hidpi_and_kiosk(browser, base, build)
        scenario_wheel(browser, base)
        scenario_clipboard_and_files(browser, base, server.port)
        scenario_messages(browser, base, build, server.port)
        scenario_scripts(browser, base, build, server.port)
    finally:
        browser.close()
        server.close()
    print("browser test: passed")


if __name__ == "__main__":
    main()
