"""`escoba-spec studio`: the designer's workbench in the browser (editor, rulebook, play, simulate, diff)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..tools.text import printable
from .common import UsageError


def register(sub) -> None:
    p = sub.add_parser("studio", help="open the rule files of a folder in the browser: edit, check, play, "
                                      "simulate, compare")
    p.add_argument("folder", nargs="?", default=".", metavar="FOLDER",
                   help="the folder of rule files to work on (default: the current folder); files are read and "
                        "saved only inside it")
    p.add_argument("--port", type=int, metavar="N",
                   help="the port to listen on (default: 8765, or any free port when it is busy; 0: any free port)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default: 127.0.0.1, this machine only)")
    p.add_argument("--no-browser", action="store_true", help="print the URL but do not open a browser")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    if not folder.exists():
        raise UsageError(f"no such folder: {printable(args.folder)}")
    if not folder.is_dir():
        raise UsageError(f"{printable(args.folder)} is a file; give the folder that holds the rule files "
                         f"(e.g. {printable(str(folder.parent))})")
    if args.port is not None and not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be from 0 to 65535, not {args.port}")
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        raise UsageError(f"the studio needs {exc.name}: pip install 'escoba-spec'") from None
    from ..studio.server import ServeError, serve

    try:
        serve(folder, host=args.host, port=args.port, open_browser=not args.no_browser)
    except ServeError as exc:
        print(printable(f"escoba-spec: error: {exc}"), file=sys.stderr)
        return 1
    return 0
