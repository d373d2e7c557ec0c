"""The user's cache folder: kernels and their machine code, and findings too slow to redo.

`$ESCOBA_SPEC_CACHE`, else `$XDG_CACHE_HOME/escoba-spec`, else
`~/.cache/escoba-spec`; never the project. Everything in it can be deleted:
it is made again on the next use. Files are written atomically, so a process
that finds one finds all of it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_root() -> Path:
    """The cache folder (not created here)."""
    root = os.environ.get("ESCOBA_SPEC_CACHE")
    if root:
        return Path(root)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "escoba-spec"


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
