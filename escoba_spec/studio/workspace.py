"""The studio's folder: every path the page names is resolved here and confined to it.

A path from the page is relative to FOLDER, names a rule file (`.yaml` or
`.yml`), and after resolving (`..`, symlinks) must still lie inside FOLDER;
anything else is refused with `Refused` (403) or `Missing` (404).

Nothing the person did not change is written. A file that is not UTF-8 is not
opened (`NotText`, 415: decoding it would replace its letters, and a save would
write the replacements); the page edits the text without its line breaks' and
byte order mark's bytes, and a save puts them back (`textform`); a save that
changes nothing writes nothing; and an existing file is overwritten only by a
page that read it (its sha256), never by one that thinks it new. Saves are
atomic: the text goes to a temporary file beside the target, is flushed to disk
and then takes the target's place with `os.replace`, so a crash or a full disk
leaves the old file whole, never half a new one (`Unwritable` says why it was
not saved).
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import tempfile
from pathlib import Path, PurePosixPath

from ..language.diagnostics import shown_name
from ..language.loader import MAX_BYTES
from .textform import as_saved, for_page

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
    """The file changed on disk since the page read it, or is there though the page thinks it new: HTTP 409."""


class NotText(Exception):
    """A file that is not UTF-8 text, which the studio does not open or overwrite: HTTP 415."""


class Unwritable(Exception):
    """A save the system refused (a full disk, no permission, a name too long): the file on disk is
    as it was. `status`: 507 for want of space, 403 for want of permission, 400 for a bad name, else 500."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


#: the HTTP status of each reason the system gives for not writing a file
_WRITE_STATUS = {errno.ENOSPC: 507, errno.EDQUOT: 507, errno.EFBIG: 507, errno.EACCES: 403, errno.EPERM: 403,
                 errno.EROFS: 403, errno.ENAMETOOLONG: 400, errno.EISDIR: 409}


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
        """The folder's rule files, relative and sorted, subfolders included; a name that is not
        UTF-8 is left out (`unlisted`): no JSON, and so no page, can name it."""
        found: list[str] = []
        for rel in self._rule_files():
            if not _utf8(rel):
                continue
            try:
                self.locate(rel)
            except Refused:
                continue  # a symlink out of the folder is not one of its files
            found.append(rel)
            if len(found) >= MAX_FILES:
                break
        return found

    def unlisted(self) -> list[str]:
        """The rule files `files` leaves out for a name that is not UTF-8, each shown escaped."""
        return [shown_name(rel) for rel in self._rule_files() if not _utf8(rel)][:MAX_FILES]

    def _rule_files(self):
        """Every .yaml / .yml file of the folder, relative, in order (hidden and skipped folders not)."""
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED and not d.startswith("."))
            for name in sorted(filenames):
                if name.lower().endswith(SUFFIXES) and not name.startswith("."):
                    yield (Path(dirpath) / name).relative_to(self.root).as_posix()

    def read(self, relative: object) -> tuple[str, str]:
        """(the file's text as the page edits it, the sha256 of the file's bytes)."""
        path = self.locate(relative)
        text = self._text(path, relative)
        if text is None:
            raise Missing(f"no rule file {relative}")
        return for_page(text), digest(text)

    def _text(self, path: Path, relative: object) -> str | None:
        """The file's whole text (None when there is no file), strictly UTF-8."""
        try:
            if not path.exists():
                return None
            if not path.is_file():
                raise Refused(f"{relative} is not a file")
            if path.stat().st_size > MAX_BYTES:
                raise Refused(f"{relative} is larger than {MAX_BYTES} bytes, the limit of a rule file")
            raw = path.read_bytes()
        except OSError as exc:
            raise Missing(f"cannot read {relative}: {exc.strerror or exc}") from None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            before = raw[: exc.start].decode("utf-8", errors="replace")
            line, column = before.count("\n") + 1, len(before) - before.rfind("\n")
            raise NotText(f"{relative} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at line {line}, column {column}): "
                          "the studio opens only UTF-8 files, so that a save never changes a letter you did not "
                          f"change. Convert it first, e.g. from Latin-1: iconv -f latin1 -t utf-8 {path.name} "
                          f"> converted.yaml") from None

    def save(self, relative: object, text: str, expected: str | None = None) -> str:
        """Write `text` (the page's, with the file's line breaks put back) to the file atomically;
        the sha256 of its bytes. A file on disk is overwritten only when `expected` is the sha256
        of its bytes (the page read it, and it did not change since): else `Conflict`. A text
        that changes nothing writes nothing."""
        path = self.locate(relative)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise Unwritable(f"{relative} was not saved: the text holds U+{ord(text[exc.start]):04X} (character "
                             f"{exc.start + 1}), a lone surrogate, which no UTF-8 file can hold", 400) from None
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise Refused(f"the text is {len(text.encode('utf-8'))} bytes; rule files are limited to {MAX_BYTES} bytes")
        if not path.parent.is_dir():
            raise Missing(f"no folder {self.relative(path.parent)} in the studio's folder")
        before = self._text(path, relative)
        if before is not None:
            if expected is None:
                raise Conflict(f"{relative} already exists: open it to change it, or save under another name")
            if digest(before) != expected:
                raise Conflict(f"{relative} changed on disk since it was opened; reload it or save under another name")
            text = as_saved(text, before)
            if text == before:
                return digest(before)  # nothing changed: not a byte written
        data = text.encode("utf-8")
        if len(data) > MAX_BYTES:
            raise Refused(f"the text is {len(data)} bytes; rule files are limited to {MAX_BYTES} bytes")
        try:
            self._write(path, data)
        except OSError as exc:
            status = _WRITE_STATUS.get(exc.errno, 500)
            reason = "the disk is full" if status == 507 else exc.strerror or str(exc)
            raise Unwritable(f"{relative} was not saved: {reason}; the file on disk is as it was", status) from None
        return digest(text)

    # ------------------------------------------------ rename, duplicate, delete

    def _existing(self, relative: object, expected: str | None) -> Path:
        """The rule file `relative` names, there, itself (a symlink is refused: renaming or deleting
        it would be taken for its target's), unchanged since the page read it when `expected`."""
        path = self.locate(relative)
        if (self.root / str(relative)).is_symlink():
            raise Refused(f"{relative} is a symbolic link: rename or delete it outside the studio")
        text = self._text(path, relative)
        if text is None:
            raise Missing(f"no rule file {relative}")
        if expected is not None and digest(text) != expected:
            raise Conflict(f"{relative} changed on disk since it was opened; reload it first")
        return path

    def _free(self, relative: object) -> Path:
        """Where a new rule file `relative` goes: in a folder that is there, and no file yet."""
        path = self.locate(relative)
        if os.path.lexists(path):
            raise Conflict(f"{relative} already exists: pick another name")
        if not path.parent.is_dir():
            raise Missing(f"no folder {self.relative(path.parent)} in the studio's folder")
        return path

    def rename(self, relative: object, to: object, expected: str | None = None) -> None:
        """Move the rule file to `to` (in the folder, not over another file: `Conflict`)."""
        source, target = self._existing(relative, expected), self._free(to)
        try:
            os.link(source, target)  # fails if `to` appeared meanwhile: nothing is overwritten
            os.unlink(source)
        except FileExistsError:
            raise Conflict(f"{to} already exists: pick another name") from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK):
                raise Unwritable(f"{relative} was not renamed: {exc.strerror or exc}",
                                 _WRITE_STATUS.get(exc.errno, 500)) from None
            os.rename(source, target)  # a file system without hard links

    def duplicate(self, relative: object, to: object) -> str:
        """Copy the rule file, byte for byte, to the new file `to`; the copy's sha256."""
        source, target = self._existing(relative, None), self._free(to)
        data = source.read_bytes()
        try:
            self._write(target, data)
        except OSError as exc:
            raise Unwritable(f"{to} was not written: {exc.strerror or exc}", _WRITE_STATUS.get(exc.errno, 500)) from None
        return hashlib.sha256(data).hexdigest()

    def delete(self, relative: object, expected: str | None = None) -> None:
        """Remove the rule file (`expected`: only as the page read it)."""
        path = self._existing(relative, expected)
        try:
            path.unlink()
        except OSError as exc:
            raise Unwritable(f"{relative} was not deleted: {exc.strerror or exc}",
                             _WRITE_STATUS.get(exc.errno, 500)) from None

    @staticmethod
    def _write(path: Path, data: bytes) -> None:
        """`data` into a temporary file beside `path`, flushed to disk, then in `path`'s place."""
        # a new file gets the usual rw-r--r-- (mkstemp's own is owner-only)
        mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o644
        fd, temp = tempfile.mkstemp(prefix=f".{path.name[:200]}.", suffix=".tmp", dir=path.parent)
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


def _utf8(name: str) -> bool:
    """Whether a name read from the disk is UTF-8 (Python keeps other bytes as lone surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
