"""The kernel compiler: deterministic source, traced to the rule file, cached by its own hash."""

from __future__ import annotations

import ast
import re

import pytest

from escoba_spec.compiler.kernel import KernelUnsupported, generate_kernel, unsupported
from escoba_spec.compiler.kernels import kernel_file
from escoba_spec.language.validate import load_variant

from .conftest import RULES


def test_the_same_variant_gives_the_same_kernel_bytes():
    variant = load_variant(RULES / "escoba-de-15.yaml")
    again = load_variant(RULES / "escoba-de-15.yaml")
    assert generate_kernel(variant) == generate_kernel(again)


def test_each_scoring_rule_in_a_kernel_names_its_yaml_line():
    variant = load_variant(RULES / "scopa.yaml")
    source = generate_kernel(variant)
    ast.parse(source)
    for rule in variant.scoring.rules:
        assert f"# {rule.id}: scopa.yaml:{rule.origin.line}" in source


def test_an_option_of_the_rules_changes_the_kernel_it_gives():
    plain = generate_kernel(load_variant(RULES / "escoba-de-15.yaml"))
    ties_all = generate_kernel(load_variant(RULES / "escoba-de-15.yaml", {"ties": "all"}))
    assert plain != ties_all and "most(H[0], ALL, side, True)" in ties_all


def test_options_of_the_target_share_one_kernel_and_each_plays_to_its_own(tmp_path):
    """Issue 41: each value of a target option compiled a kernel of its own (seconds each, for a
    number); the target is handed to the kernel in its match state instead."""
    from escoba_spec.engine.interpreter import Interpreter

    from .kernel_support import assert_same_matches, engines

    variants = [load_variant(RULES / "escoba-de-15.yaml", {"target": t}) for t in ("21", "15", "31")]
    assert len({generate_kernel(v) for v in variants}) == 1
    assert len({kernel_file(v, tmp_path) for v in variants}) == 1
    for variant in variants[1:]:
        kernel, _ = engines(variant, native=False)
        batch, matches = assert_same_matches(kernel, Interpreter(variant), [3, 4, 5], ["greedy", "greedy"])
        for m, match in enumerate(matches):
            assert max(match.scores) >= variant.match.target
            assert max(batch.scores[m]) >= variant.match.target


def test_an_edit_of_constant_points_keeps_the_kernel_and_plays_the_new_points(rules_tree, tmp_path):
    """Issue 41: every edit of a rule file in the studio compiled a kernel afresh (seconds; ten and
    more with capture kinds), a point value as much as a new rule. Constant points of the rules and
    the events are handed to the kernel (Kernel.numbers), and the kernel names no file version."""
    from escoba_spec.engine.interpreter import Interpreter

    from .kernel_support import assert_same_matches, engines

    path = rules_tree / "cuarenta.yaml"
    plain = load_variant(path)
    text = path.read_text(encoding="utf-8")
    # the points of the rule "two for the deal" and of the caída, and the variant's name
    path.write_text(text.replace("      points: 2\n", "      points: 5\n", 2).replace("name: Cuarenta\n", "name: Rica\n", 1),
                    encoding="utf-8")
    edited = load_variant(path)
    assert edited.sha256 != plain.sha256
    assert [e.points for e in edited.scoring.events] != [e.points for e in plain.scoring.events]
    assert [r.points for r in edited.scoring.rules] != [r.points for r in plain.scoring.rules]
    assert generate_kernel(edited) == generate_kernel(plain)
    assert kernel_file(edited, tmp_path) == kernel_file(plain, tmp_path)
    kernel, _ = engines(edited, native=False)
    assert list(kernel.numbers) != list(engines(plain, native=False)[0].numbers)
    assert_same_matches(kernel, Interpreter(edited), [1, 2, 3, 4], ["greedy", "greedy"])


def test_an_edit_that_only_moves_the_rules_lines_finds_the_kernel_already_there(rules_tree, tmp_path):
    """Two lines of notes move every rule's line: the source's comments say so, the code is the
    same, and the cache's file (named by the code) is the one already compiled."""
    path = rules_tree / "scopa.yaml"
    plain = load_variant(path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\nid: scopa\n", "\n# a designer's notes,\n# two lines of them\nid: scopa\n", 1),
                    encoding="utf-8")
    moved = load_variant(path)
    assert moved.scoring.rules[0].origin.line == plain.scoring.rules[0].origin.line + 2
    assert generate_kernel(moved) != generate_kernel(plain)
    first = kernel_file(plain, tmp_path)
    assert kernel_file(moved, tmp_path) == first
    assert f"scopa.yaml:{plain.scoring.rules[0].origin.line}" in first.read_text(encoding="utf-8")  # left as written


def test_a_variant_the_kernel_cannot_play_yet_is_told_why(rules_tree):
    """A declaration naming the hand's number in the match: the kernel's deal is not told it."""
    path = rules_tree / "cirulla-late.yaml"
    path.write_text("id: cirulla-late\nextends: cirulla\ndeclarations:\n  rules:\n"
                    "    - {id: late-hand, name: Late, when: hand_number > 3 and sum(hand) <= 9, points: 1}\n",
                    encoding="utf-8")
    variant = load_variant(path)
    assert unsupported(variant) == ["the name 'hand_number' in a declaration"]
    with pytest.raises(KernelUnsupported, match=r"cirulla-late: the kernel does not play the name 'hand_number' in "
                       r"a declaration yet"):
        generate_kernel(variant)


def test_a_kernel_file_is_named_by_its_source_and_written_once(tmp_path):
    variant = load_variant(RULES / "scopone.yaml")
    first = kernel_file(variant, tmp_path)
    assert re.fullmatch(r"scopone_[0-9a-f]{16}\.py", first.name)
    stamp = first.stat().st_mtime_ns
    assert kernel_file(variant, tmp_path) == first and first.stat().st_mtime_ns == stamp
    assert first.read_text(encoding="utf-8") == generate_kernel(variant)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index", first.name]  # no temporary file left behind
    assert len(list((tmp_path / "index").iterdir())) == 1


def test_a_warm_start_finds_the_kernel_file_through_the_index_without_rendering_it(tmp_path, monkeypatch):
    from escoba_spec.compiler import kernels

    variant = load_variant(RULES / "scopone.yaml")
    first = kernel_file(variant, tmp_path)
    (index,) = (tmp_path / "index").iterdir()
    assert index.read_text(encoding="utf-8") == first.name + "\n"

    def no_rendering(_variant):
        raise AssertionError("the source was rendered again")

    monkeypatch.setattr(kernels, "generate_kernel", no_rendering)
    assert kernel_file(variant, tmp_path) == first
    first.unlink()  # an index naming a file that is gone renders the source again
    with pytest.raises(AssertionError, match="rendered again"):
        kernel_file(variant, tmp_path)


def _prints_ok(child: str) -> None:
    """Run `child` in a fresh interpreter (numba's import is what it checks): it must print ok."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout == "ok\n", out.stderr


def test_numba_loads_without_scipys_blas_and_its_linear_algebra_still_works():
    """engine.native answers numba's BLAS probe with no (a quarter of a warm load): importing it
    leaves scipy.linalg unloaded, and numba's np.dot and np.linalg still compile in that process."""
    child = ("import sys, numpy as np\n"
             "import escoba_spec.engine.native as native\n"
             "assert native.NATIVE and 'scipy.linalg' not in sys.modules, sorted(sys.modules)\n"
             "import numba\n"
             "f = numba.njit(lambda a: (np.dot(a, a), np.linalg.inv(a)))\n"
             "d, inv = f(np.eye(2) * 2.0)\n"
             "assert (d == np.eye(2) * 4).all() and (inv == np.eye(2) / 2).all()\n"
             "print('ok')\n")
    _prints_ok(child)


def test_numba_marks_up_no_message_with_colorama_which_still_imports_after():
    """engine.native imports numba with colorama hidden (numba's type inference makes hundreds of
    messages it throws away, each wrapping stdout with colorama): numba's messages are plain, and
    colorama, where it is installed, imports as usual afterwards."""
    child = ("import importlib.util, sys\n"
             "import escoba_spec.engine.native as native\n"
             "import numba.core.errors as errors\n"
             "assert native.NATIVE and errors.termcolor().errmsg('plain') == 'plain'\n"
             "assert 'colorama' not in sys.modules\n"
             "if importlib.util.find_spec('colorama') is not None:\n"
             "    import colorama\n"
             "    assert colorama.Fore.RED\n"
             "print('ok')\n")
    _prints_ok(child)


def test_the_same_rules_from_another_folder_are_the_same_kernel(tmp_path):
    """Issue 41: the kernel's source held the rule file's folder, so the studio (which names a file
    by its place in its folder) compiled again what the command line had built (66 s, then 5.5 s)."""
    from escoba_spec.compiler.kernel import generate_kernel
    from escoba_spec.language.validate import validate_file

    copy = tmp_path / "games" / "scopa.yaml"
    copy.parent.mkdir()
    copy.write_bytes((RULES / "scopa.yaml").read_bytes())
    here, _ = validate_file(RULES / "scopa.yaml")
    there, _ = validate_file(copy, display="scopa.yaml")
    source = generate_kernel(here)
    assert source == generate_kernel(there)
    assert "# most-cards: scopa.yaml:" in source  # each rule still traced to its line
