"""Issue 21, class 8: outputs checked before the work, written whole, all or nothing.

A folder, a device or an unwritable place given for an output is a usage error (exit 2)
said before anything runs; a write that fails halfway leaves every old file as it was."""

from __future__ import annotations

import errno
import os
import shutil
import stat
from pathlib import Path

import pytest

from escoba_spec.cli import main
from escoba_spec.tools import files

from .conftest import RULES

SCOPA = str(RULES / "scopa.yaml")


def _full_disk_after(monkeypatch, n: int) -> None:
    """Every write after the first `n` fails as a full disk does."""
    real = os.fdopen
    count = {"n": 0}

    def fdopen(fd, *args, **kwargs):
        count["n"] += 1
        if count["n"] > n:
            os.close(fd)
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, *args, **kwargs)

    monkeypatch.setattr(files.os, "fdopen", fdopen)


def test_rulebook_out_a_folder_is_a_usage_error(tmp_path, capsys):
    assert main(["rulebook", SCOPA, "--out", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_rulebook_out_a_device_is_refused_and_the_device_left_alone(capsys):
    assert main(["rulebook", SCOPA, "--out", "/dev/full"]) == 2
    assert "not a regular file" in capsys.readouterr().err
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_failed_rulebook_write_leaves_the_old_file_whole(tmp_path, monkeypatch, capsys):
    out = tmp_path / "scopa.md"
    out.write_text("the old rulebook\n", encoding="utf-8")
    _full_disk_after(monkeypatch, 0)
    assert main(["rulebook", SCOPA, "--out", str(out)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "the old rulebook\n"
    assert [p.name for p in tmp_path.iterdir()] == ["scopa.md"]  # no temporary file left


def test_build_writes_every_module_and_rulebook_or_none(tmp_path, monkeypatch, capsys):
    rules = tmp_path / "rules"
    rules.mkdir()
    for name in ("scopa.yaml", "escoba-de-15.yaml"):
        shutil.copy(RULES / name, rules)
    gen, books = tmp_path / "gen", tmp_path / "books"
    gen.mkdir()
    (gen / "scopa.py").write_text("# the old module\n", encoding="utf-8")
    _full_disk_after(monkeypatch, 15)  # fails among the rulebooks, after both modules
    assert main(["build", "--rules", str(rules), "--out", str(gen), "--rulebooks", str(books)]) == 2
    assert "nothing written" in capsys.readouterr().err
    assert [p.name for p in gen.iterdir()] == ["scopa.py"]
    assert (gen / "scopa.py").read_text(encoding="utf-8") == "# the old module\n"
    assert not books.exists() or list(books.iterdir()) == []
    monkeypatch.undo()
    assert main(["build", "--rules", str(rules), "--out", str(gen), "--rulebooks", str(books)]) == 0
    assert len(list(books.iterdir())) == 20 and len(list(gen.iterdir())) == 2


def test_simulate_says_its_out_folder_is_unusable_before_playing(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    # ten million matches: the test would not end for hours if they were played before the check
    assert main(["simulate", SCOPA, "--games", "10000000", "--seed", "1", "--out", str(blocker / "out")]) == 2
    err = capsys.readouterr().err
    assert "is not a folder" in err and "before any match is played" in err


def test_check_writable_names_what_stops_a_write(tmp_path):
    assert files.check_writable(tmp_path / "new" / "deeper") is None
    (tmp_path / "f").write_text("x", encoding="utf-8")
    assert "is not a folder" in files.check_writable(tmp_path / "f")
    assert "is not a folder" in files.check_writable(tmp_path / "f" / "below")
    assert not (tmp_path / "new").exists()  # asking makes nothing


def test_write_files_never_replaces_what_is_not_a_regular_file(tmp_path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with pytest.raises(OSError):
        files.write_files({tmp_path / "ok.txt": "fine", folder: "over a folder"})
    assert folder.is_dir() and not (tmp_path / "ok.txt").exists()
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == ["a-folder"]
