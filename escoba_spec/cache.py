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


#: the process's umask, read once (setting it is the only way to read it)
_UMASK = os.umask(0)
os.umask(_UMASK)


def write_atomically(path: Path, text: str) -> None:
    """Write through a temporary file beside `path` and rename it, so an interrupted run never
    leaves half a file. The file gets the mode any new file would (0666 less the umask), not
    the temporary file's 0600. The one atomic write of text: tools.files (kernel sources, rulebooks)
    uses it too."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
