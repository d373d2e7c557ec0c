"""What stands between the page and the machine: the token, the body size, the page's policy.

`Guard` is plain ASGI middleware around the whole app. Every `/api` request
must carry `Authorization: Bearer TOKEN` (compared in constant time) or gets
401; a body larger than MAX_BODY gets 413 before it is read whole, whether it
says its length or streams it. Every answer carries a Content-Security-Policy
that lets the page run its own scripts only (the rulebook preview is a
sandboxed frame with no scripts at all), and no cross-origin headers, so
another site open in the same browser can neither call the API nor read it.
"""

from __future__ import annotations

import json
import os
import secrets
import sys

#: a rule file is at most 1 MiB; its JSON string can be a few times that (escapes)
MAX_BODY = 4 << 20

POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "font-src 'self' data:; connect-src 'self'; frame-src 'self' about:; object-src 'none'; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", POLICY.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"cache-control", b"no-store")]


class TooLarge(Exception):
    pass


async def _answer(send, status: int, message: str, extra: list | None = None) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *HEADERS, *(extra or [])]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    def __init__(self, app, token: str, max_body: int = MAX_BODY):
        self.app = app
        self.expected = f"Bearer {token}".encode()
        self.max_body = max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        if scope["path"] == "/api" or scope["path"].startswith("/api/"):
            if not secrets.compare_digest(headers.get(b"authorization", b""), self.expected):
                return await _answer(send, 401, "missing or wrong token: open the URL the studio printed "
                                                "(it ends in ?token=...)", [(b"www-authenticate", b"Bearer")])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return await _answer(send, 413, f"the request is larger than {self.max_body} bytes")
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise TooLarge
            return message

        started = False

        async def with_headers(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {k.lower() for k, _ in message.get("headers", [])}
                message = {**message, "headers": [*message.get("headers", []),
                                                  *(h for h in HEADERS if h[0] not in names)]}
            await send(message)

        try:
            await self.app(scope, limited, with_headers)
        except TooLarge:
            if not started:
                await _answer(send, 413, f"the request is larger than {self.max_body} bytes")
        except Exception as exc:  # the app has answered 500 already: one line on stderr, no traceback
            print(f"escoba-spec studio: internal error on {scope['path']}: {type(exc).__name__}: {exc} "
                  "(a bug in escoba-spec; ESCOBA_SPEC_DEBUG=1 shows the traceback)", file=sys.stderr)
            if os.environ.get("ESCOBA_SPEC_DEBUG"):
                raise
            if not started:
                await _answer(send, 500, f"internal error: {type(exc).__name__}: {exc}")
