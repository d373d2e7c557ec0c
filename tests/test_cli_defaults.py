"""What the command line does when a new user leaves things out (issue 20, items 4 and 6)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from escoba_spec.cli import main
from escoba_spec.cli.main import COMMANDS

from .conftest import RULES


def test_the_bare_command_lists_every_command_with_one_line_and_exits_2(capsys):
    assert main([]) == 2
    err = capsys.readouterr().err
    names = [line.split()[0] for line in err.splitlines() if line.startswith("  ")]
    assert names == [c.__name__.rsplit(".", 1)[1] for c in COMMANDS]
    assert "--help" in err


def test_play_defaults_to_the_first_table_and_chooses_a_seed_it_prints(capsys):
    assert main(["play", str(RULES / "comodines.yaml"), "--format", "json"]) == 0
    out = capsys.readouterr()
    record = json.loads(out.out)  # stdout stays JSON: the seed is said on stderr
    seed = int(re.search(r"seed (\d+) \(give --seed \1 to repeat this run\)", out.err).group(1))
    assert record["seed"] == seed and record["players"] == 2
    assert main(["play", str(RULES / "comodines.yaml"), "--format", "json", "--seed", str(seed)]) == 0
    again = capsys.readouterr()
    assert json.loads(again.out) == record and again.err == ""  # the printed seed repeats the run


def test_simulate_chooses_a_seed_it_prints(capsys):
    assert main(["simulate", str(RULES / "scopa.yaml"), "--games", "2", "--format", "json"]) == 0
    out = capsys.readouterr()
    seed = int(re.search(r"seed (\d+) \(give --seed", out.err).group(1))
    assert json.loads(out.out)["summary"]["seed"] == seed


def test_diff_compares_a_variant_with_itself_under_another_option(capsys):
    """Issue 20: compare target 21 with 31 without writing a second file."""
    assert main(["diff", str(RULES / "escoba-de-15.yaml"), "--option-b", "target=31", "--deals", "20",
                 "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [d["field"] for d in report["differences"]] == ["match.target", "options.target.chosen"]
    assert main(["diff", str(RULES / "escoba-de-15.yaml"), "--option-b", "target=32"]) == 2
    assert main(["diff", str(RULES / "escoba-de-15.yaml")]) == 2
    assert "second rule file" in capsys.readouterr().err


def test_diff_plays_the_heuristic_bot_too(capsys):
    assert main(["diff", str(RULES / "scopa.yaml"), str(RULES / "scopa-a-perdere.yaml"), "--bots", "heuristic",
                 "heuristic", "--deals", "10", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == ["heuristic", "heuristic"]


def test_diff_with_a_broken_file_prints_json_diagnostics_under_format_json(capsys, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: broken\nextends: escoba-de-15\nmatch:\n  taget: 31\n", encoding="utf-8")
    assert main(["diff", str(RULES / "escoba-de-15.yaml"), str(broken), "--format", "json"]) == 1
    diagnostics = json.loads(capsys.readouterr().out)
    assert diagnostics[0]["code"] == "unknown-key" and diagnostics[0]["line"] == 4


def test_every_command_help_ends_with_examples_the_parser_accepts(capsys):
    import shlex

    import pytest

    from escoba_spec.cli.main import EXAMPLES, make_parser

    parser = make_parser()
    assert set(EXAMPLES) == {c.__name__.rsplit(".", 1)[1] for c in COMMANDS}
    for name, examples in EXAMPLES.items():
        assert 2 <= len(examples) <= 3 or name == "schema", name
        with pytest.raises(SystemExit):
            main([name, "--help"])
        help_text = capsys.readouterr().out
        assert help_text.rstrip().endswith(examples[-1]), name  # the examples close the help
        for line in examples:
            words = shlex.split(line.split(" > ")[0], comments=True)
            assert words[0] == "escoba-spec" and parser.parse_args(words[1:]).command == name, line


@pytest.mark.parametrize("command", [[], ["play"], ["simulate"], ["diff"], ["analyze"], ["studio"], ["validate"]])
def test_help_imports_no_engine_that_plays(command):
    """Issue 41: `--help` imported numba through the expert's kernel (0.8 s of CPU); the parser's
    names come from tools/seats, and what plays is imported when a command runs."""
    code = ("import sys\nfrom escoba_spec.cli import main\n"
            f"try:\n    main({[*command, '--help']!r})\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('numba', 'numpy', 'escoba_spec.engine.kernel', 'escoba_spec.tools.setup')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_the_parsers_bot_names_are_the_bots_made():
    from escoba_spec.tools.diff.compare import BOTS as DIFF_BOTS
    from escoba_spec.tools.seats import BOT_NAMES, DIFF_BOT_NAMES
    from escoba_spec.tools.setup import BOTS

    assert tuple(BOTS) == BOT_NAMES and tuple(DIFF_BOTS) == DIFF_BOT_NAMES
