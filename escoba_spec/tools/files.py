"""Files written whole or not at all: an interrupted run never leaves half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

#: the process's umask, read once (setting it is the only way to read it)
_UMASK = os.umask(0)
os.umask(_UMASK)


def write_atomically(path: Path, text: str) -> None:
    """Write through a temporary file and rename it, so an interrupted run never
    leaves a half-written module. The file gets the mode any new file would
    (0666 less the umask), not the temporary file's 0600."""
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


def write_all(out_dir: Path, files: dict[str, bytes]) -> None:
    """Write every file under a temporary name, then rename them all."""
    out_dir.mkdir(parents=True, exist_ok=True)
    temps = []
    try:
        for name, data in files.items():
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", dir=out_dir)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(tmp, 0o666 & ~_UMASK)
            temps.append((tmp, out_dir / name))
        for tmp, target in temps:
            os.replace(tmp, target)
    except BaseException:
        for tmp, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)
        raise
