"""Serving the studio: bind the port, print the URL with a fresh token, run uvicorn.

The socket is bound here before uvicorn starts, so a busy port is reported
plainly (and the URL printed is one that already answers). The URL, with the
token, is the first line on stdout; uvicorn's own messages go to stderr.
"""

from __future__ import annotations

import errno
import ipaddress
import secrets
import socket
import sys
import threading
import webbrowser
from pathlib import Path

#: the port tried when none is given; when it is busy, any free one is taken
DEFAULT_PORT = 8765


class ServeError(Exception):
    """The studio cannot listen as asked (a busy port, an address not of this machine)."""


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def bind(host: str, port: int | None) -> socket.socket:
    """A listening socket on host:port; with no port, DEFAULT_PORT or else any free port."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for candidate in ([DEFAULT_PORT, 0] if port is None else [port]):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, candidate))
            sock.listen(128)
            return sock
        except OSError as exc:
            sock.close()
            if port is None and candidate == DEFAULT_PORT and exc.errno == errno.EADDRINUSE:
                continue
            if exc.errno == errno.EADDRINUSE:
                raise ServeError(f"port {candidate} on {host} is already in use (another studio?): "
                                 "give another with --port N, or --port 0 for any free port") from None
            if exc.errno == errno.EACCES:
                raise ServeError(f"not allowed to listen on port {candidate}: ports below 1024 need root; "
                                 "give another with --port N") from None
            raise ServeError(f"cannot listen on {host}:{candidate}: {exc.strerror or exc}") from None
    raise ServeError("no free port")  # pragma: no cover (port 0 always finds one)


def url_of(host: str, port: int, token: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?token={token}"


def serve(folder: Path, *, host: str = "127.0.0.1", port: int | None = None, open_browser: bool = True) -> None:
    """Entry point: serve FOLDER until interrupted."""
    import uvicorn

    from .app import make_app

    sock = bind(host, port)
    token = secrets.token_urlsafe(24)
    url = url_of(host, sock.getsockname()[1], token)
    print(url, flush=True)
    print(f"escoba-spec studio: serving {folder.resolve()} (Ctrl-C stops it)", file=sys.stderr)
    if not is_loopback(host):
        print(f"escoba-spec studio: warning: listening on {host}, not only this machine: anyone who can reach it "
              "and has the token can read and save the folder's rule files", file=sys.stderr)
    config = uvicorn.Config(make_app(folder, token), log_level="warning", access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
