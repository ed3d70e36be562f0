#!/usr/bin/env python3
"""Serves the browser build (build-web/) the way the page needs, with the standard library only.

    python3 scripts/web_serve.py FOLDER [--host H] [--port P]

- Types a browser insists on: .wasm as application/wasm (else Emscripten falls back to a slower
  start and warns), .js, .html, .data, .json, .png.
- Where the request accepts it and FILE.br or FILE.gz lies next to FILE (cmake/web_postlink.cmake
  writes them), sends that with Content-Encoding and FILE's own type: the page downloads a third
  to a quarter of its size.
- Cache-Control: no-cache, so a browser asks again after a rebuild instead of keeping old files.
- Logs nothing but errors.
--host 0.0.0.0 serves the class network; it prints the addresses to open. The defaults come from
DUNGEN_WEB_HOST (127.0.0.1) and DUNGEN_WEB_PORT (8080), as in scripts/web.sh.

The browser test imports it: start(folder, port=0) serves in a thread on a free port.
"""

import argparse
import datetime
import email.utils
import errno
import functools
import http.server
import os
import socket
import sys
import threading

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".data": "application/octet-stream",
    ".json": "application/json",
    ".png": "image/png",
    ".gif": "image/gif",
    # Asked for by name, a copy is a plain download (its own type would be the original's).
    ".br": "application/octet-stream",
    ".gz": "application/gzip",
}
# Best first: brotli is ~24% smaller than gzip on dungen.wasm.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_encodings(header):
    """The content codings an Accept-Encoding header allows (q above 0), as a set of names."""
    allowed, refused, star = set(), set(), False
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        name = name.strip().lower()
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        target = allowed if quality > 0 else refused
        if name == "*":
            star = quality > 0
        elif name:
            target.add(name)
    if star:
        allowed |= {name for name, _ in ENCODINGS} - refused
    return allowed


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def send_head(self):
        self.has_variants = False
        path = self.translate_path(self.path)
        if self.path.split("?")[0] == "/" and os.path.isfile(os.path.join(path, "dungen.html")):
            # A student who types only the address gets the page, not a file listing.
            self.send_response(302)
            self.send_header("Location", "/dungen.html")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not os.path.isfile(path):
            return super().send_head()  # folders, redirects and 404s as the standard server does
        chosen, encoding = path, None
        allowed = accepted_encodings(self.headers.get("Accept-Encoding"))
        for name, suffix in ENCODINGS:
            variant = path + suffix
            # A copy older than its file (a build stopped half way) is never sent for it.
            # (brotli keeps whole seconds of its file's time, hence int.)
            if os.path.isfile(variant) and int(os.path.getmtime(variant)) >= int(
                    os.path.getmtime(path)):
                self.has_variants = True
                if encoding is None and name in allowed:
                    chosen, encoding = variant, name
        try:
            f = open(chosen, "rb")
        except OSError:
            self.send_error(404, "File not found")
            return None
        try:
            stat = os.fstat(f.fileno())
            if self.not_modified(stat.st_mtime):
                f.close()
                self.send_response(304)
                self.end_headers()
                return None
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))  # the file's type, not .br's
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(stat.st_size))
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
            self.end_headers()
            return f
        except Exception:
            f.close()
            raise

    def not_modified(self, mtime):
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        if when is None:
            return False
        if when.tzinfo is None:  # HTTP dates are in GMT
            when = when.replace(tzinfo=datetime.timezone.utc)
        return int(mtime) <= when.timestamp()

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        if getattr(self, "has_variants", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_request(self, code="-", size="-"):
        # Errors only: browsers ask for /favicon.ico on their own, so that 404 is no news.
        if isinstance(code, int) and code >= 400 and self.path != "/favicon.ico":
            sys.stderr.write(f"web_serve: {int(code)} for {self.path}\n")

    def log_error(self, *args):
        pass  # log_request reports the status; timeouts and dropped connections are no news


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that reloads or closes mid-download drops its connection: not an error here.
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError):
            sys.stderr.write(f"web_serve: {type(error).__name__}: {error}\n")


def make_server(folder, host="127.0.0.1", port=0):
    """A server for folder on host:port (0: a free one). Raises FileNotFoundError or OSError."""
    if not os.path.isdir(folder):
        raise FileNotFoundError(errno.ENOENT, "no such folder", folder)
    handler = functools.partial(Handler, directory=os.path.abspath(folder))
    server_class = Server
    if ":" in host:  # an IPv6 address such as ::

        class Server6(Server):
            address_family = socket.AF_INET6

        server_class = Server6
    return server_class((host, port), handler)


def start(folder, host="127.0.0.1", port=0):
    """Serves folder in a background thread; returns (server, port). Stop with server.shutdown()
    and server.server_close()."""
    server = make_server(folder, host, port)
    threading.Thread(target=server.serve_forever, name="web_serve", daemon=True).start()
    return server, server.server_address[1]


def local_ipv4_addresses():
    """This machine's non-loopback IPv4 addresses that it can find without a network library;
    none where there is no network."""
    found = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # Connecting a UDP socket sends nothing; it picks the address the default route would use.
        probe.connect(("192.0.2.1", 9))
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    unique = []
    for address in found:
        if not address.startswith("127.") and address != "0.0.0.0" and address not in unique:
            unique.append(address)
    return unique


def announce(folder, host, port):
    """The line that says where to open the page."""
    page = "dungen.html" if os.path.isfile(os.path.join(folder, "dungen.html")) else ""
    if host in ("0.0.0.0", "", "::"):
        here, others = "localhost", local_ipv4_addresses()
    else:
        here, others = "localhost" if host == "127.0.0.1" else host, []

    def url(name):
        return f"http://{f'[{name}]' if ':' in name else name}:{port}/{page}"

    line = f"web_serve: dungen-viz is at {url(here)}"
    if others:
        line += " on this machine, " + " or ".join(url(name) for name in others) + " from others"
    return line + " (Ctrl-C stops)"


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="web_serve.py",
        description="Serve the browser build (build-web/) with the right types and its "
        "precompressed files.")
    parser.add_argument("folder", help="the folder to serve, e.g. build-web")
    parser.add_argument("--host", default=os.environ.get("DUNGEN_WEB_HOST") or "127.0.0.1",
                        help="address to listen on; 0.0.0.0 serves the network "
                        "(default: DUNGEN_WEB_HOST, else 127.0.0.1)")
    parser.add_argument("--port", default=os.environ.get("DUNGEN_WEB_PORT") or "8080",
                        help="port (default: DUNGEN_WEB_PORT, else 8080)")
    args = parser.parse_args(argv)

    def fail(message):
        print(f"web_serve: {message}", file=sys.stderr)
        return 1

    if not args.port.isdigit() or not 0 < int(args.port) < 65536:
        return fail(f"port '{args.port}' is not a number from 1 to 65535 (--port, DUNGEN_WEB_PORT)")
    port = int(args.port)
    if not os.path.isdir(args.folder):
        return fail(f"no folder {args.folder}: build the page first (bash scripts/web.sh --build)")
    try:
        server = make_server(args.folder, args.host, port)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            return fail(f"port {port} on {args.host} is in use: stop what uses it, or pick another "
                        "port with DUNGEN_WEB_PORT (or --port)")
        if error.errno == errno.EACCES:
            return fail(f"port {port} needs root: pick one above 1023 with DUNGEN_WEB_PORT")
        if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
            return fail(f"cannot listen on '{args.host}': give an address of this machine, "
                        "127.0.0.1 or 0.0.0.0 (DUNGEN_WEB_HOST, --host)")
        return fail(f"cannot serve on {args.host}:{port}: {error.strerror or error}")
    with server:
        print(announce(args.folder, args.host, port), flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
