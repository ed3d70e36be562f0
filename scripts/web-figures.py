#!/usr/bin/env python3
"""The page's figures, measured in headless Chromium (the same driver as tests/web/browser_test.py):
what a student's browser downloads (raw and as sent), how long until the page's HTML and the
app's first drawn frame, and how long a frame takes while playing. Medians of --runs loads.

  python3 scripts/web-figures.py [BUILD_DIR] [--runs N] [--slow]

--slow also loads the page over a throttled 1.6 Mbit/s link (DevTools network emulation).
The server is scripts/web_serve.py when it is there (precompressed files, as web.sh serves),
Python's plain http.server otherwise. Figures only: nothing here passes or fails.
"""

import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "web"))
sys.path.insert(0, HERE)
import browser_test as bt  # noqa: E402

PLAY_SECONDS = 5.0


def start_server(folder):
    try:
        import web_serve  # noqa: F401
        server, port = web_serve.start(folder)
        return server.shutdown, port, "scripts/web_serve.py (precompressed files)"
    except ImportError:
        server = bt.Server(folder)
        return server.close, server.port, "python3 http.server (uncompressed)"


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
        "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
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
    ms = page.evaluate(script, await_promise=True, timeout=PLAY_SECONDS + 30)
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
    stop, port, how = start_server(build)
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
            if i == 0:
                ms, line = frame_ms_playing(page)
                frames.append(ms)
                print(f"  playing: {ms:.1f} ms a frame (wall, {PLAY_SECONDS:.0f} s of "
                      f"requestAnimationFrame); the app's last line: {line}")
            page.call("Page.close")
        med = lambda k: statistics.median(v[k] for v in loads)  # noqa: E731
        print(f"  downloaded: {med(0):,.0f} B as sent ({med(1):,.0f} B decoded)")
        print(f"  first HTML (DOMContentLoaded): {med(2):.0f} ms; first drawn frame: "
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
