#!/usr/bin/env python3
"""The page's figures, measured in headless Chromium (the same driver as tests/web/browser_test.py):
what a student's browser downloads (raw and as sent), how long until the page's HTML and the
app's first drawn frame, and how long a frame takes while playing. Medians of --runs loads.

  python3 scripts/web-figures.py [BUILD_DIR] [--runs N] [--slow] [--plain]

--slow also loads the page over a throttled 1.6 Mbit/s link (DevTools network emulation).
The server is scripts/web_serve.py (precompressed files, as web.sh serves); --plain serves with
Python's plain http.server instead (no compression: the figures before web_serve.py). Figures only: nothing here passes or fails.
"""

import functools
import http.server
import os
import statistics
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "web"))
import browser_test as bt  # noqa: E402

PLAY_SECONDS = 5.0


def start_server(folder, plain):
    """web.sh's server (the precompressed files), or with --plain Python's http.server (what
    the page had before web_serve.py)."""
    if plain:
        handler = functools.partial(Quiet, directory=folder)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server.shutdown, server.server_address[1], "python3 http.server (uncompressed)"
    server = bt.Server(folder)
    return server.close, server.port, "scripts/web_serve.py (precompressed files)"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def load(browser, url, throttle=None):
    """One load: (bytes sent, raw bytes, html ms, first frame ms, the page)."""
    page = bt.Page(browser, "about:blank")
    page.call("Network.enable")
    if throttle:
        page.call("Network.emulateNetworkConditions", throttle)
    page.call("Network.setCacheDisabled", {"cacheDisabled": True})
    sent, raw = {}, {}
    page.watch = lambda e: _network(e, sent, raw)
    page.call("Page.navigate", {"url": url})
    page.wait_for_line(r"first frame shown")
    stamp = page.stamps[[i for i, t in enumerate(page.lines) if "first frame shown" in t][0]]
    origin = page.evaluate("performance.timeOrigin")
    html = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: -1})"
        ".startTime")
    page.pump(0.5)
    return sum(sent.values()), sum(raw.values()), html, stamp - origin, page


def _network(event, sent, raw):
    if event.get("method") == "Network.loadingFinished":
        p = event["params"]
        sent[p["requestId"]] = p["encodedDataLength"]
    elif event.get("method") == "Network.dataReceived":
        p = event["params"]
        raw[p["requestId"]] = raw.get(p["requestId"], 0) + p["dataLength"]


def frame_ms_playing(page):
    """Wall time per animation frame while the run plays (the app draws in each)."""
    page.press(" ", "Space", 32)
    page.wait_for_line(r"playing")
    page.pump(1.0)
    script = ("new Promise(r => { let n = 0; const t0 = performance.now();"
              " function f() { n++; if (performance.now() - t0 < %d) requestAnimationFrame(f);"
              " else r((performance.now() - t0) / n); } requestAnimationFrame(f); })"
              % int(PLAY_SECONDS * 1000))
    ms = page.evaluate(script, await_promise=True)
    parts = [t for t in page.lines if ", playing, " in t]
    return ms, parts[-1] if parts else ""


def main():
    args = sys.argv[1:]
    runs = 3
    slow = "--slow" in args
    if "--runs" in args:
        runs = int(args[args.index("--runs") + 1])
    folders = [a for a in args if not a.startswith("--") and not a.isdigit()]
    build = folders[0] if folders else "build-web"
    stop, port, how = start_server(build, "--plain" in args)
    browser = bt.Chromium()
    url = f"http://127.0.0.1:{port}/dungen.html"
    try:
        print(f"web figures: {build}, served by {how}, {runs} loads at "
              f"{bt.WIDTH}x{bt.HEIGHT}")
        for name in ("dungen.html", "dungen.js", "dungen.wasm", "dungen.data"):
            path = os.path.join(build, name)
            if os.path.exists(path):
                print(f"  {name}: {os.path.getsize(path):,} B")
        loads, frames = [], []
        for i in range(runs):
            sent, raw, html, first, page = load(browser, url)
            loads.append((sent, raw, html, first))
            ms, line = frame_ms_playing(page)
            frames.append(ms)
            page.call("Page.close")
        print(f"  playing: {statistics.median(frames):.1f} ms a frame, median of {runs} loads "
              f"({', '.join(f'{f:.1f}' for f in frames)}; wall time per requestAnimationFrame "
              f"over {PLAY_SECONDS:.0f} s); the app's last line: {line}")
        med = lambda k: statistics.median(v[k] for v in loads)  # noqa: E731
        print(f"  downloaded: {med(0):,.0f} B as sent ({med(1):,.0f} B decoded)")
        print(f"  first HTML shown (first contentful paint): {med(2):.0f} ms; first drawn frame: "
              f"{med(3):.0f} ms (medians of {runs})")
        if slow:
            throttle = {"offline": False, "latency": 40, "downloadThroughput": 1.6e6 / 8,
                        "uploadThroughput": 0.75e6 / 8}
            sent, raw, html, first, page = load(browser, url, throttle)
            print(f"  at 1.6 Mbit/s: first HTML {html:.0f} ms, first drawn frame {first:.0f} ms "
                  f"({sent:,} B sent)")
            page.call("Page.close")
    finally:
        browser.close()
        stop()


if __name__ == "__main__":
    main()
