"""Files written whole or not at all: an interrupted run never leaves half a file."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from ..cache import _UMASK, write_atomically  # noqa: F401 (one atomic write of text, kept below the stages)


def write_all(out_dir: Path, files: dict[str, bytes]) -> None:
    """Write every file of `out_dir` under a temporary name, then rename them all."""
    write_files({out_dir / name: data for name, data in files.items()})


def write_files(files: dict[Path, bytes | str]) -> None:
    """All of the files or none, in any folders: each is written under a temporary name
    beside its target, and only once every one is on disk are they renamed (a full disk
    or a read-only folder met halfway leaves the old files as they were). Text is UTF-8."""
    temps: list[tuple[str, Path]] = []
    try:
        for target, data in files.items():
            if target.exists() and not target.is_file():  # a folder, a device (/dev/full), a pipe
                raise OSError(errno.EINVAL, "not a regular file, which is never replaced", str(target))
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            temps.append((tmp, target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data.encode("utf-8") if isinstance(data, str) else data)
            os.chmod(tmp, 0o666 & ~_UMASK)
        for tmp, target in temps:
            os.replace(tmp, target)
    except BaseException:
        for tmp, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)
        raise


def check_writable(folder: Path) -> str | None:
    """Why files cannot be written into `folder` (made if missing), or None: asked before
    the work, so a long run does not end in an unwritable folder."""
    try:
        if folder.exists() and not folder.is_dir():
            return f"{folder} is not a folder"
        probe = folder
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        if not probe.is_dir():
            return f"{probe} is not a folder"
        with tempfile.TemporaryFile(dir=probe):  # a real write: permissions alone do not say (root, a read-only disk)
            pass
    except OSError as exc:
        return f"cannot write into {probe}: {(exc.strerror or str(exc)).lower()}"
    except ValueError as exc:  # a NUL byte in the path
        return f"cannot use {folder}: {exc}"
    return None
