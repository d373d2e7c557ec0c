"""Issue 21, classes 1 to 6: hostile input answered by a located error, exit 1.

The corpus (tests/corpus/) holds the cases as files; these tests pin what a
file cannot show: the command's exit code and message, a walk over a node
graph the event scan never saw, and inputs that are not regular files."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap

import pytest
import yaml

from escoba_spec.cli import main
from escoba_spec.language.loader import _Walker
from escoba_spec.language.validate import (
    MAX_OPTION_BUILDS,
    MIN_OPTION_BUILDS,
    load_variant,
    validate_file,
    validate_option_values,
)

from .conftest import ROOT, RULES

CORPUS = RULES.parent / "tests" / "corpus"


def test_validate_answers_an_alias_inside_itself_with_exit_1(tmp_path, capsys):
    path = tmp_path / "loop.yaml"
    path.write_text("id: c-loop\nextends: escoba-de-15\nname: &a [*a]\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr()
    assert f"{path}:3:11: error[recursive-alias]" in out.out
    assert "internal error" not in out.out + out.err


def test_the_walker_stops_at_a_cycle_it_is_handed_without_the_event_scan():
    """Defence in depth: a node graph that holds itself (composed by PyYAML, which allows it)."""
    root = yaml.compose("a: &x [1, *x]\n", Loader=yaml.SafeLoader)
    walker = _Walker("case.yaml", "")
    data = walker.walk(root, "")
    assert data == {"a": [1, None]}
    assert [(p.code, p.line, p.column) for p in walker.problems] == [("nesting-too-deep", 1, 4)]


FLOATS = sorted(p.name for p in CORPUS.glob("schema-float-*.yaml"))


@pytest.mark.parametrize("name", FLOATS)
@pytest.mark.parametrize("command", ["compile", "play"])
def test_a_whole_number_float_stops_compile_and_play_with_a_located_error(tmp_path, capsys, name, command):
    """15.0 used to pass validate and then crash compile (no float in generated code) or play."""
    path = CORPUS / name
    args = ["compile", str(path), "--out", str(tmp_path / "out")] if command == "compile" else \
        ["play", str(path), "--seed", "1"]
    assert main(args) == 1
    out = capsys.readouterr()
    assert f"{path}:" in out.out + out.err and "error[wrong-type]" in out.out + out.err
    assert "internal error" not in out.out + out.err
    assert not (tmp_path / "out").exists()


def test_a_house_rule_reusing_a_base_id_is_located_not_silently_the_base(rules_tree, capsys):
    """A file with the id escoba-de-15 beside the real one: the house rules extending it would
    get one or the other silently."""
    (rules_tree / "house" / "copy.yaml").write_text("id: escoba-de-15\nextends: escopa\n", encoding="utf-8")
    user = rules_tree / "house" / "user.yaml"
    user.write_text("id: c-user\nextends: escoba-de-15\n", encoding="utf-8")
    assert main(["validate", str(rules_tree / "house" / "copy.yaml"), str(user)]) == 1
    out = capsys.readouterr().out
    assert "copy.yaml:1:5: warning[duplicate-variant-id]: the variant id 'escoba-de-15' is also the id of " \
           "escoba-de-15.yaml in this folder" in out
    assert "user.yaml:2:10: error[extends-ambiguous]" in out


def test_a_draft_copy_beside_its_original_validates_with_a_warning(rules_tree, capsys):
    """Issue 41: validating one file failed because another file of the folder had its id (a
    draft copy beside its original). It is a warning; building both is the error."""
    original = rules_tree / "house" / "escoba-31-ties-all.yaml"
    draft = rules_tree / "house" / "draft.yaml"
    draft.write_bytes(original.read_bytes())
    assert main(["validate", str(draft)]) == 0
    out = capsys.readouterr()
    assert "draft.yaml:3:5: warning[duplicate-variant-id]" in out.out + out.err
    assert main(["validate", str(draft), str(original)]) == 1
    out = capsys.readouterr()
    assert "escoba-31-ties-all.yaml:3:5: error[duplicate-variant-id]" in out.out + out.err


def test_compiling_two_files_with_one_id_from_two_folders_is_a_located_error(tmp_path, capsys):
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "mine.yaml").write_text("id: c-mine\nextends: escoba-de-15\n", encoding="utf-8")
    out_dir = tmp_path / "out"
    assert main(["compile", str(tmp_path / "one" / "mine.yaml"), str(tmp_path / "two" / "mine.yaml"),
                 "--out", str(out_dir)]) == 1
    out = capsys.readouterr()
    assert f"{tmp_path / 'two' / 'mine.yaml'}:1:5: error[duplicate-variant-id]" in out.out
    assert "internal error" not in out.out + out.err
    assert not out_dir.exists()


#: every way a rule file can be something other than a regular file, and every way to reach one
SPECIAL_CHILD = textwrap.dedent("""
    import json, os, resource, socket, sys, time
    from pathlib import Path
    resource.setrlimit(resource.RLIMIT_AS, (200 << 20, 200 << 20))
    from escoba_spec.language.validate import validate_file
    tree = Path(sys.argv[1])
    os.mkfifo(tree / "pipe.yaml")
    server = socket.socket(socket.AF_UNIX); server.bind(str(tree / "socket.yaml"))
    targets = {"pipe": tree / "pipe.yaml", "socket": tree / "socket.yaml"}
    for device in ("/dev/zero", "/dev/urandom", "/dev/null", "/dev/full"):
        if os.path.exists(device):
            targets[device] = Path(device)
            (tree / f"link-{Path(device).name}.yaml").symlink_to(device)
            targets["link to " + device] = tree / f"link-{Path(device).name}.yaml"
    results = {}
    for name, target in targets.items():
        ways = {"given": target}
        if target.parent == tree:
            extends = tree / f"by-path-{target.stem}.yaml"
            extends.write_text(f"id: c-{target.stem}-user\\nextends: {target.name}\\n")
            ways["extends by path"] = extends
        for way, path in ways.items():
            start = time.perf_counter()
            _, problems = validate_file(path)
            results[f"{name} ({way})"] = {"errors": [(p.code, p.line, p.column) for p in problems if p.severity == "error"],
                                          "seconds": round(time.perf_counter() - start, 3)}
    print(json.dumps(results))
""")


@pytest.mark.skipif(sys.platform != "linux", reason="named pipes, sockets and /dev/zero as Linux has them")
def test_special_files_are_refused_at_once_within_200_mib(tmp_path):
    """Class 6: a named pipe (which used to hang), /dev/zero and /dev/urandom (read until memory ran out),
    a socket, a symlink to a device, each given as the rule file or reached by extends: an error at 1:1 at
    once, in a child capped at 200 MiB and stopped after 60 s."""
    tree = tmp_path / "rules"
    tree.mkdir()
    done = subprocess.run([sys.executable, "-c", SPECIAL_CHILD, str(tree)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout)
    print("\nseconds (measured, not asserted):", {k: v["seconds"] for k, v in results.items()})
    assert len(results) >= 8
    for name, result in results.items():
        # extends: a symlink to a device leaves the rules tree; a pipe or socket in it is no file
        want = ("extends-outside" if "link" in name else "extends-missing") if "extends" in name else "unreadable-file"
        line_col = (2, 10) if "extends" in name else (1, 1)
        assert result["errors"] == [[want, *line_col]], (name, result)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_validate_of_a_named_pipe_exits_1_at_once(tmp_path):
    pipe = tmp_path / "rules.yaml"
    os.mkfifo(pipe)
    done = subprocess.run([sys.executable, "-m", "escoba_spec", "validate", str(pipe)], capture_output=True,
                          text=True, cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 1, done.stderr
    assert f"{pipe}:1:1: error[unreadable-file]: cannot read the file: it is a named pipe" in done.stdout


def test_a_rule_one_option_drops_and_another_renames_stays_dropped():
    """escopa: bonuses=dropped drops all-diamonds, deck=spanish-40 renames it; both together used to
    leave a rule named all-diamonds with no award (false), silently."""
    variant = load_variant(RULES / "escopa.yaml", {"bonuses": "dropped", "deck": "spanish-40"})
    assert "all-diamonds" not in [r.id for r in variant.scoring.rules]
    assert all(r.award_text != "false" for r in variant.scoring.rules)


def test_a_house_rule_dropping_a_rule_its_base_option_renames_keeps_it_dropped(rules_tree):
    house = rules_tree / "house" / "no-oros.yaml"
    house.write_text("id: c-no-oros\nextends: escoba-de-15\nscoring:\n  rules:\n    - {id: most-oros, drop: true}\n",
                     encoding="utf-8")
    variant = load_variant(house, {"deck": "french-40"})
    assert "most-oros" not in [r.id for r in variant.scoring.rules]


def test_validate_says_how_many_option_values_it_did_not_build(rules_tree, capsys):
    many = rules_tree / "house" / "many.yaml"
    many.write_text("id: c-many\nextends: escoba-de-15\noptions:\n"
                    + "".join(f"  o{i}: {{field: match.target, values: [21, 15]}}\n" for i in range(250)),
                    encoding="utf-8")
    variant, baseline = validate_file(many)
    found = validate_option_values(many, variant, baseline)
    notes = [d for d in found if d.code == "option-values-unchecked"]
    assert [(d.severity, d.line, d.column) for d in notes] == [("warning", 3, 1)]
    wanted = 250 + 6  # o0..o249 one other value each; escoba-de-15's target 2, ties 2, opening-table 1, deck 1
    said = re.search(r"the first (\d+) of the (\d+) other option values; the other (\d+) were not checked",
                     notes[0].message)
    assert said is not None, notes[0].message
    built, total, left = map(int, said.groups())
    assert total == wanted and built + left == wanted and MIN_OPTION_BUILDS <= built <= MAX_OPTION_BUILDS
