"""The studio's folder: every path the page names is resolved here and confined to it.

A path from the page is relative to FOLDER, names a rule file (`.yaml` or
`.yml`), and after resolving (`..`, symlinks) must still lie inside FOLDER;
anything else is refused with `Refused` (403) or `Missing` (404). Saves are
atomic: the text goes to a temporary file beside the target, is flushed to disk
and then takes the target's place with `os.replace`, so a crash or a full disk
leaves the old file whole, never half a new one.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path, PurePosixPath

from ..language.loader import MAX_BYTES

SUFFIXES = (".yaml", ".yml")
#: the most rule files the folder's list shows (a home folder given by mistake stays quick)
MAX_FILES = 2000
#: folders never listed: tools' and version control's
SKIPPED = {"node_modules", "__pycache__", ".git", ".hg", ".svn", ".venv", "venv"}


class Refused(Exception):
    """A path the studio will not touch (outside FOLDER, not a rule file): HTTP 403."""


class Missing(Exception):
    """A rule file that is not there: HTTP 404."""


class Conflict(Exception):
    """The file changed on disk since the page read it: HTTP 409."""


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Workspace:
    """FOLDER, and the rule files in it."""

    def __init__(self, folder: Path):
        self.root = folder.resolve()

    def locate(self, relative: object) -> Path:
        """The file `relative` names, resolved, checked to be a rule file inside FOLDER."""
        if not isinstance(relative, str) or not relative.strip():
            raise Refused("give the file's path relative to the studio's folder")
        if "\x00" in relative or "\\" in relative:
            raise Refused(f"not a path: {relative!r}")
        pure = PurePosixPath(relative)
        if pure.is_absolute() or ".." in pure.parts:
            raise Refused(f"{relative} is outside the studio's folder")
        if pure.suffix.lower() not in SUFFIXES:
            raise Refused(f"{relative} is not a rule file (the studio opens .yaml and .yml files)")
        try:
            resolved = (self.root / pure).resolve()
        except (OSError, RuntimeError) as exc:  # a symlink loop
            raise Refused(f"{relative}: {exc}") from None
        if resolved != self.root and self.root not in resolved.parents:
            raise Refused(f"{relative} leads outside the studio's folder")
        if resolved.suffix.lower() not in SUFFIXES:  # a symlink named .yaml to some other file
            raise Refused(f"{relative} is not a rule file")
        return resolved

    def relative(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def files(self) -> list[str]:
        """The folder's rule files, relative and sorted, subfolders included."""
        found: list[str] = []
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED and not d.startswith("."))
            for name in sorted(filenames):
                if not name.lower().endswith(SUFFIXES) or name.startswith("."):
                    continue
                rel = (Path(dirpath) / name).relative_to(self.root).as_posix()
                try:
                    self.locate(rel)
                except Refused:
                    continue  # a symlink out of the folder is not one of its files
                found.append(rel)
                if len(found) >= MAX_FILES:
                    return found
        return found

    def read(self, relative: object) -> tuple[str, str]:
        """(the file's text, its sha256)."""
        path = self.locate(relative)
        try:
            if not path.is_file():
                raise Missing(f"no rule file {relative}")
            if path.stat().st_size > MAX_BYTES:
                raise Refused(f"{relative} is larger than {MAX_BYTES} bytes, the limit of a rule file")
            text = path.read_bytes().decode("utf-8", errors="replace")
        except OSError as exc:
            raise Missing(f"cannot read {relative}: {exc.strerror or exc}") from None
        return text, digest(text)

    def save(self, relative: object, text: str, expected: str | None = None) -> str:
        """Write `text` to the file atomically; its new sha256. With `expected` (the sha256 the
        page read), a file changed on disk since then is not overwritten (`Conflict`)."""
        path = self.locate(relative)
        data = text.encode("utf-8")
        if len(data) > MAX_BYTES:
            raise Refused(f"the text is {len(data)} bytes; rule files are limited to {MAX_BYTES} bytes")
        if not path.parent.is_dir():
            raise Missing(f"no folder {self.relative(path.parent)} in the studio's folder")
        if expected is not None and path.exists():
            try:
                current = path.read_bytes().decode("utf-8", errors="replace")
            except OSError as exc:
                raise Refused(f"cannot read {relative}: {exc.strerror or exc}") from None
            if digest(current) != expected:
                raise Conflict(f"{relative} changed on disk since it was opened; reload it or save under another name")
        # a new file gets the usual rw-r--r-- (mkstemp's own is owner-only)
        mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temp, mode)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        return digest(text)
