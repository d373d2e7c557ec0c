"""The bad-input corpus past the rule file: illegal moves through the Python API,
bad input at a `--human` seat, bad flags for every command (validate, schema,
compile, play, diff, rulebook, simulate, build).

Each case names the exception type (API) or exit code (command line) and a
piece of the message it must carry; no case may end in a traceback.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from escoba_spec import api
from escoba_spec.cli import main
from escoba_spec.engine import IllegalMove, Move, parse_move
from escoba_spec.language.diagnostics import DiagnosticError

from .conftest import ROOT, RULES

ESCOBA = str(RULES / "escoba-de-15.yaml")
SCOPA = str(RULES / "scopa.yaml")
CORPUS = Path(__file__).resolve().parent / "corpus"

# ------------------------------------------------------------------- the Python API


def dealt() -> api.Game:
    game = api.load(ESCOBA, players=2, seed=3)
    game.new_hand()
    return game


def _is_legal(game: api.Game, text: str) -> bool:
    return parse_move(text, game.cards) in game.state.legal_moves()


def capture_that_does_not_add_up(game: api.Game) -> str:
    for card in game.hand(game.to_play):
        for taken in game.table:
            if not _is_legal(game, f"{card}+{taken}"):
                return f"{card}+{taken}"
    raise AssertionError("the seeded deal has no such move")


def trail_that_must_capture(game: api.Game) -> str:
    for card in game.hand(game.to_play):
        if not _is_legal(game, card) and any(m.startswith(card + "+") for m in game.legal_moves()):
            return card
    raise AssertionError("the seeded deal has no such card")


def card_of_the_other_seat(game: api.Game) -> str:
    return game.hand(1 - game.to_play)[0]


def hand_played_out() -> api.Game:
    from escoba_spec.engine.bots import GreedyBot

    game = dealt()
    game.play_hand([GreedyBot(1), GreedyBot(2)])
    return game


def undealt() -> api.Game:
    return api.load(ESCOBA, players=2, seed=3)


#: (name, make the game, do the bad thing, exception type, words the message must hold)
API_CASES = [
    ("play-before-deal", undealt, lambda g: g.play("1o"), ValueError, "no hand has been dealt"),
    ("legal-moves-before-deal", undealt, lambda g: g.legal_moves(), ValueError, "new_hand()"),
    ("empty-move", dealt, lambda g: g.play(""), IllegalMove, "a move is a card"),
    ("blank-move", dealt, lambda g: g.play("   "), IllegalMove, "a move is a card"),
    ("lone-plus", dealt, lambda g: g.play("+"), IllegalMove, "a move is a card"),
    ("unknown-card", dealt, lambda g: g.play("zz"), IllegalMove, "unknown card 'zz'"),
    ("fullwidth-card", dealt, lambda g: g.play("７ｏ"), IllegalMove, "unknown card"),
    ("nul-in-move", dealt, lambda g: g.play("7o\x00"), IllegalMove, "unknown card"),
    ("huge-move-text", dealt, lambda g: g.play("1o+" * 50_000), IllegalMove, "illegal move"),
    ("unclosed-claim", dealt, lambda g: g.play("[7o"), IllegalMove, "must close with ']'"),
    ("empty-claim", dealt, lambda g: g.play("[]7o"), IllegalMove, "the claim names no card"),
    ("claim-with-nothing-to-claim", dealt, lambda g: g.play(f"[{g.table[0]}]{g.hand(g.to_play)[0]}"), IllegalMove,
     "no missed capture to claim"),
    ("card-captures-itself", dealt, lambda g: g.play("7o+7o"), IllegalMove, "cannot also be captured"),
    ("card-named-twice", dealt, lambda g: g.play("7o+1o+1o"), IllegalMove, "named twice"),
    ("card-of-another-seat", dealt, lambda g: g.play(card_of_the_other_seat(g)), IllegalMove,
     "is not in the hand of seat"),
    ("capture-from-the-stock", dealt, lambda g: g.play(f"{g.hand(g.to_play)[0]}+{card_of_the_other_seat(g)}"),
     IllegalMove, "not on the table"),
    ("capture-that-does-not-add-up", dealt, lambda g: g.play(capture_that_does_not_add_up(g)), IllegalMove,
     "cannot capture"),
    ("trail-that-must-capture", dealt, lambda g: g.play(trail_that_must_capture(g)), IllegalMove, "must capture"),
    ("move-off-the-deck", dealt, lambda g: g.play(Move(99)), IllegalMove, "not in the deck"),
    ("move-negative-card", dealt, lambda g: g.play(Move(-1)), IllegalMove, "not in the deck"),
    ("move-capture-off-the-deck", dealt, lambda g: g.play(Move(0, 1 << 90)), IllegalMove, "not in the deck"),
    ("move-of-wrong-type", dealt, lambda g: g.play(None), TypeError, "a move is text"),
    ("move-as-bytes", dealt, lambda g: g.play(b"7o"), TypeError, "not bytes"),
    ("play-after-hand-over", hand_played_out, lambda g: g.play("1o"), IllegalMove, "the hand is over"),
    ("new-hand-mid-hand", dealt, lambda g: g.new_hand(), ValueError, "not over yet"),
    ("hand-points-mid-hand", dealt, lambda g: g.hand_points, ValueError, "not over yet"),
    ("deck-order-too-short", undealt, lambda g: g.new_hand(deck=["1o", "2o"]), ValueError, "each of the 40 cards"),
    ("deck-order-with-repeats", undealt, lambda g: g.new_hand(deck=["1o"] * 40), ValueError, "exactly once"),
    ("deck-order-unknown-card", undealt, lambda g: g.new_hand(deck=["zz"] * 40), ValueError, "unknown card 'zz'"),
    ("deck-order-off-the-deck", undealt, lambda g: g.new_hand(deck=list(range(1, 41))), ValueError, "exactly once"),
    ("bots-for-too-few-seats", dealt, lambda g: g.play_hand([]), ValueError, "2 seats need 2 bots"),
]


@pytest.mark.parametrize("name,make,act,error,words", API_CASES, ids=[c[0] for c in API_CASES])
def test_api_refuses_with_the_exact_exception(name, make, act, error, words):
    game = make()
    before = None if game.state is None else (game.hands, game.table, game.to_play, game.history, game.scores)
    with pytest.raises(error) as caught:
        act(game)
    assert words in str(caught.value)
    if isinstance(caught.value, IllegalMove):
        assert caught.value.reasons
        if not game.hand_over:
            assert caught.value.legal == game.legal_moves()
    if before is not None:  # a refused move changes nothing
        assert (game.hands, game.table, game.to_play, game.history, game.scores) == before


LOAD_CASES = [
    ("players-not-allowed", lambda: api.load(ESCOBA, players=5), ValueError, "not played by 5 players"),
    ("no-players", lambda: api.load(ESCOBA, players=0), ValueError, "not played by 0 players"),
    ("team-size-not-allowed", lambda: api.load(ESCOBA, players=4, team_size=4), ValueError, "in teams of 4"),
    ("unknown-option", lambda: api.load(ESCOBA, {"nope": "1"}), DiagnosticError, "unknown-option"),
    ("option-value-not-offered", lambda: api.load(ESCOBA, {"target": "99"}), DiagnosticError, "bad-option-choice"),
    ("missing-file", lambda: api.load(RULES / "nope.yaml"), DiagnosticError, "unreadable-file"),
    ("invalid-file", lambda: api.load(CORPUS / "yaml-python-object-tag.yaml"), DiagnosticError, "unsafe-tag"),
]


@pytest.mark.parametrize("name,act,error,words", LOAD_CASES, ids=[c[0] for c in LOAD_CASES])
def test_api_load_refuses_with_the_exact_exception(name, act, error, words):
    with pytest.raises(error) as caught:
        act()
    assert words in str(caught.value)
    if isinstance(caught.value, DiagnosticError):
        assert all(d.file and d.message for d in caught.value.diagnostics)


def test_an_option_chosen_from_python_as_a_number_is_its_text():
    assert api.load(ESCOBA, {"target": 15}).ruleset.params.match_target == 15


# -------------------------------------------------------------- the --human seat

#: (name, what the person types, exit code, words the transcript must hold)
HUMAN_CASES = [
    ("quit", "q\n", 130, "your move, seat 0"),
    ("end-of-input", "", 1, "your move, seat 0"),
    ("help-then-quit", "?\nq\n", 130, "legal moves:"),
    ("empty-line-is-help", "\nq\n", 130, "legal moves:"),
    ("garbage", "garbage\nq\n", 130, "illegal move 'garbage': unknown card"),
    ("unclosed-claim", "[\nq\n", 130, "must close with ']'"),
    ("card-captures-itself", "7o+7o\nq\n", 130, "cannot also be captured"),
    ("control-characters", "\x00\x1b[2J\nq\n", 130, "unknown card"),
    ("fullwidth-card", "７ｏ\nq\n", 130, "unknown card"),
    ("very-long-line", "x" * 200_000 + "\nq\n", 130, "illegal move 'xxxx"),
    ("very-long-number", "9" * 200_000 + "\nq\n", 130, "no move is numbered 9999"),
    ("number-off-the-menu", "0\nq\n", 130, "no move is numbered 0: choose 1 to"),
    ("garbage-then-end-of-input", "zz\nyy\n", 1, "illegal move 'yy'"),
]


@pytest.mark.parametrize("name,typed,code,words", HUMAN_CASES, ids=[c[0] for c in HUMAN_CASES])
def test_bad_input_at_a_human_seat_is_explained_and_asked_again(monkeypatch, capsys, name, typed, code, words):
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(["play", ESCOBA, "--players", "2", "--seed", "1", "--human", "0"]) == code
    out, err = capsys.readouterr()
    assert words in out
    assert "Traceback" not in out + err
    assert ("you quit" in err) if code == 130 else ("end of input" in err)


# ------------------------------------------------------------------ command flags


def run_main(capsys, argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


#: (name, argv, exit code, words stderr must hold)
FLAG_CASES = [
    ("no-command", [], 2, "commands:"),  # issue 20: the bare command lists the commands
    ("unknown-command", ["frobnicate"], 2, "invalid choice: 'frobnicate'"),
    ("unknown-top-flag", ["--bogus", "validate", ESCOBA], 2, "unrecognized arguments: --bogus"),
    ("validate-no-path", ["validate"], 2, "required: PATH"),
    ("validate-bad-format", ["validate", "--format", "xml", ESCOBA], 2, "invalid choice: 'xml'"),
    ("validate-missing-file", ["validate", "no/such/file.yaml"], 2, "no such file: no/such/file.yaml"),
    ("validate-folder", ["validate", str(RULES)], 2, "is a folder"),
    ("validate-option-without-equals", ["validate", ESCOBA, "--option", "target"], 2, "--option takes ID=VALUE"),
    ("validate-unknown-option", ["validate", ESCOBA, "--option", "nope=1"], 2, "has no option 'nope'"),
    ("validate-option-value-not-offered", ["validate", ESCOBA, "--option", "target=99"], 2, "cannot be '99'"),
    ("schema-extra-argument", ["schema", "extra"], 2, "unrecognized arguments: extra"),
    ("compile-no-path", ["compile"], 2, "required: PATH"),
    ("compile-missing-file", ["compile", "nope.yaml"], 2, "no such file: nope.yaml"),
    ("compile-unknown-option", ["compile", ESCOBA, "--option", "nope=1"], 2, "has no option 'nope'"),
    ("compile-unknown-flag", ["compile", ESCOBA, "--force"], 2, "unrecognized arguments: --force"),
    # no --players: the variant's first table (issue 20), which teams of 3 do not fit
    ("play-default-table-bad-team", ["play", ESCOBA, "--seed", "1", "--team-size", "3"], 2, "not played by 2 players"),
    ("play-players-not-a-number", ["play", ESCOBA, "--players", "two", "--seed", "1"], 2, "invalid int value: 'two'"),
    ("play-players-not-allowed", ["play", ESCOBA, "--players", "5", "--seed", "1"], 2, "not played by 5 players"),
    ("play-no-players-at-all", ["play", ESCOBA, "--players", "0", "--seed", "1"], 2, "not played by 0 players"),
    ("play-team-size-not-allowed", ["play", ESCOBA, "--players", "2", "--seed", "1", "--team-size", "9"], 2,
     "in teams of 9"),
    ("play-human-not-a-seat", ["play", ESCOBA, "--players", "2", "--seed", "1", "--human", "5"], 2,
     "--human 5 is not a seat"),
    ("play-human-negative", ["play", ESCOBA, "--players", "2", "--seed", "1", "--human", "-1"], 2,
     "--human -1 is not a seat"),
    ("play-human-with-json", ["play", ESCOBA, "--players", "2", "--seed", "1", "--human", "0", "--format", "json"], 2,
     "cannot be combined with --format json"),
    ("play-unknown-bot", ["play", ESCOBA, "--players", "2", "--seed", "1", "--bots", "alphazero"], 2,
     "no bot named 'alphazero'"),
    ("play-too-many-bots", ["play", ESCOBA, "--players", "2", "--seed", "1", "--bots", "greedy,random,greedy"], 2,
     "names 3 bots for 2 seats"),
    ("play-unknown-engine", ["play", ESCOBA, "--players", "2", "--seed", "1", "--engine", "jit"], 2,
     "invalid choice: 'jit'"),
    ("play-seed-not-a-number", ["play", ESCOBA, "--players", "2", "--seed", "1e3"], 2, "invalid int value: '1e3'"),
    ("play-unknown-option", ["play", ESCOBA, "--players", "2", "--seed", "1", "--option", "nope=1"], 2,
     "has no option 'nope'"),
    ("diff-one-file", ["diff", ESCOBA], 2, "needs a second rule file B, or --option-b"),
    ("diff-no-deals", ["diff", ESCOBA, SCOPA, "--deals", "0"], 2, "--deals must be at least 1"),
    ("diff-deals-not-a-number", ["diff", ESCOBA, SCOPA, "--deals", "many"], 2, "invalid int value: 'many'"),
    ("diff-unknown-bot", ["diff", ESCOBA, SCOPA, "--bots", "nope"], 2, "unknown bot 'nope'"),
    ("diff-table-not-shared", ["diff", ESCOBA, SCOPA, "--bots", "greedy", "greedy", "greedy"], 2,
     "3 players is not a table both variants allow"),
    ("diff-bad-format", ["diff", ESCOBA, SCOPA, "--format", "html"], 2, "invalid choice: 'html'"),
    ("rulebook-no-path", ["rulebook"], 2, "required: PATH"),
    ("rulebook-unknown-language", ["rulebook", ESCOBA, "--lang", "xx"], 2, "invalid choice: 'xx'"),
    ("rulebook-unknown-format", ["rulebook", ESCOBA, "--format", "docx"], 2, "invalid choice: 'docx'"),
    ("rulebook-missing-file", ["rulebook", "nope.yaml"], 2, "no such file: nope.yaml"),
    ("rulebook-pdf-to-stdout", ["rulebook", ESCOBA, "--format", "pdf"], 2, "give --out FILE"),
    ("rulebook-unknown-option", ["rulebook", ESCOBA, "--option", "nope=1"], 2, "has no option 'nope'"),
    ("simulate-no-games", ["simulate", ESCOBA, "--seed", "1"], 2, "required: --games"),
    ("simulate-zero-games", ["simulate", ESCOBA, "--games", "0", "--seed", "1"], 2, "--games must be at least 1"),
    ("simulate-negative-games", ["simulate", ESCOBA, "--games", "-3", "--seed", "1"], 2, "--games must be at least 1"),
    ("simulate-games-not-a-number", ["simulate", ESCOBA, "--games", "x", "--seed", "1"], 2, "invalid int value: 'x'"),
    ("simulate-players-not-allowed", ["simulate", ESCOBA, "--games", "2", "--seed", "1", "--players", "5"], 2,
     "not played by 5 players"),
    ("simulate-unknown-bot", ["simulate", ESCOBA, "--games", "2", "--seed", "1", "--bots", "nope"], 2,
     "no bot named 'nope'"),
    ("simulate-no-jobs", ["simulate", ESCOBA, "--games", "2", "--seed", "1", "--jobs", "0"], 2,
     "--jobs must be at least 1"),
    ("simulate-compare-missing-file", ["simulate", ESCOBA, "--games", "2", "--seed", "1", "--compare", "nope.yaml"], 2,
     "no such file: nope.yaml"),
    ("build-missing-rules-folder", ["build", "--rules", "no/such/folder"], 2, "no rules folder at no/such/folder"),
    ("build-rules-is-a-file", ["build", "--rules", ESCOBA], 2, "no rules folder at"),
    ("build-unknown-flag", ["build", "--check"], 2, "unrecognized arguments: --check"),
]


@pytest.mark.parametrize("name,argv,code,words", FLAG_CASES, ids=[c[0] for c in FLAG_CASES])
def test_bad_flags_give_a_usage_error(capsys, name, argv, code, words):
    got, out, err = run_main(capsys, argv)
    assert got == code, err
    assert words in err
    assert "Traceback" not in out + err and "internal error" not in err


def test_compile_to_an_unwritable_folder_is_a_usage_error(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    got, out, err = run_main(capsys, ["compile", ESCOBA, "--out", str(blocker / "generated")])
    assert "Traceback" not in out + err
    assert got == 2 and "internal error" not in err


def test_compile_to_an_unwritable_folder_never_shows_a_traceback(capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    got, out, err = run_main(capsys, ["compile", ESCOBA, "--out", str(blocker / "generated")])
    assert got == 2 and "Traceback" not in out + err


def test_every_corpus_file_through_every_file_command(capsys, tmp_path):
    """validate, compile, play and diff on every corpus file: exit 1 with located errors, nothing written."""
    import shutil

    tree = tmp_path / "rules"
    shutil.copytree(RULES, tree)
    shutil.copytree(CORPUS, tree / "corpus")
    files = sorted(str(p) for p in (tree / "corpus").glob("*.yaml"))
    got, out, err = run_main(capsys, ["validate", "--format", "json", *files])
    assert got == 1 and "Traceback" not in err
    out_dir = tmp_path / "generated"
    got, out, err = run_main(capsys, ["compile", *files, "--out", str(out_dir)])
    assert got == 1 and "nothing written" in err and not out_dir.exists()
    for path in files[::10]:
        got, out, err = run_main(capsys, ["play", path, "--players", "2", "--seed", "1"])
        assert got == 1 and "nothing played" in err and "Traceback" not in out + err
        for argv in (["diff", ESCOBA, path, "--deals", "1"], ["rulebook", path],
                     ["simulate", path, "--games", "1", "--seed", "1"]):
            got, out, err = run_main(capsys, argv)
            assert got == 1 and "Traceback" not in out + err, argv


# ----------------------------------------------- a few through `python -m escoba_spec`


def run_module(*argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "escoba_spec", *argv], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=300, check=False)


SUBPROCESS_CASES = [
    ("validate-hostile-tag", ["validate", str(CORPUS / "yaml-python-object-tag.yaml")], "", 1, "error[unsafe-tag]"),
    ("validate-bad-scalar", ["validate", str(CORPUS / "yaml-bad-bool-tag.yaml")], "", 1, "error[bad-scalar]"),
    ("play-bad-players", ["play", ESCOBA, "--players", "x", "--seed", "1"], "", 2, "invalid int value"),
    ("play-human-garbage", ["play", ESCOBA, "--players", "2", "--seed", "1", "--human", "1"], "zz\n\x00\n", 1,
     "illegal move 'zz'"),
    ("diff-no-deals", ["diff", ESCOBA, SCOPA, "--deals", "0"], "", 2, "--deals must be at least 1"),
]


@pytest.mark.parametrize("name,argv,stdin,code,words", SUBPROCESS_CASES, ids=[c[0] for c in SUBPROCESS_CASES])
def test_python_m_escoba_spec_never_shows_a_traceback(name, argv, stdin, code, words):
    done = run_module(*argv, stdin=stdin)
    assert done.returncode == code, done.stderr
    assert words in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


# ------------------------------------------------------- escape sequences in output


ESCAPES = "\x1b]0;pwned\x07\x1b[2J\u202e"


def _rules_with(tmp_path, **extra: dict):
    """A copy of rules/ plus `<name>.yaml` files extending escoba-de-15 with `extra[name]`."""
    import shutil

    import yaml

    rules = tmp_path / "rules"
    shutil.copytree(RULES, rules)
    for name, fields in extra.items():
        (rules / f"{name}.yaml").write_text(yaml.safe_dump({"extends": "escoba-de-15", **fields}), encoding="utf-8")
    return rules


def _nothing_obeyed(text: str) -> None:
    assert not any(ch in text for ch in "\x1b\x07\u202e"), repr(text[:300])


def test_escape_sequences_from_a_rule_file_are_shown_not_obeyed(capsys, tmp_path):
    """A key, a value or a name holding terminal escape sequences is printed escaped
    by validate (message and source line), play and diff."""
    rules = _rules_with(tmp_path, escapes={"id": "c-escapes", ESCAPES: 1}, named={"id": "c-named", "name": ESCAPES})
    bad, named = rules / "escapes.yaml", rules / "named.yaml"
    got, out, err = run_main(capsys, ["validate", str(bad)])
    assert got == 1 and "unknown key" in out and "\\x1b]0;pwned" in out
    runs = [run_main(capsys, ["validate", "--format", "github", str(bad)]),
            run_main(capsys, ["play", str(named), "--players", "2", "--seed", "1", "--option", "target=15"]),
            run_main(capsys, ["diff", ESCOBA, str(named), "--deals", "1"])]
    assert [code for code, _, _ in runs] == [1, 0, 0]
    for _, printed, errors in [(got, out, err), *runs]:
        _nothing_obeyed(printed + errors)


def test_escape_sequences_reach_rulebooks_and_simulate_escaped(capsys, tmp_path):
    """A name and description holding escape sequences come out of `rulebook` (to the
    terminal and to files, md and html) as visible escapes; a rule file path holding
    them is printed escaped by `simulate`. No-break spaces of the rulebooks stay."""

    rules = _rules_with(tmp_path, named={"id": "c-named", "name": ESCAPES, "description": ESCAPES})
    named = rules / "named.yaml"
    odd_path = rules / "odd\x1b[2J.yaml"
    odd_path.write_text((rules / "escoba-de-15.yaml").read_text(encoding="utf-8").replace("id: escoba-de-15", "id: c-odd", 1),
                        encoding="utf-8")  # its own id: one id a file of the tree
    outputs = []
    for fmt in ("md", "html"):
        code, printed, errors = run_main(capsys, ["rulebook", str(named), "--format", fmt, "--lang", "fr"])
        assert code == 0 and "pwned\\x07\\x1b" in printed  # (Markdown also escapes the brackets)
        outputs.append(printed + errors)
        target = tmp_path / f"book.{fmt}"
        code, printed, errors = run_main(capsys, ["rulebook", str(named), "--format", fmt, "--out", str(target)])
        assert code == 0
        outputs.append(target.read_text(encoding="utf-8") + printed + errors)
    assert "\xa0" in outputs[0]  # the French rulebook's no-break spaces are not escaped
    code, printed, errors = run_main(capsys, ["simulate", str(odd_path), "--games", "2", "--seed", "1"])
    assert code == 0 and "odd\\x1b[2J.yaml" in printed
    outputs.append(printed + errors)
    for text in outputs:
        _nothing_obeyed(text)


def test_json_output_carries_escape_sequences_as_json_escapes(capsys, tmp_path):
    """--format json keeps non-ASCII text readable but writes the characters a terminal
    would obey (ESC and BEL, which JSON escapes anyway; DEL, C1 controls, bidi controls,
    which it does not) as \\uXXXX: the data read back is the rule file's, byte for byte."""
    import json

    name = ESCAPES + "\x85\x7f\u2066 é"
    rules = _rules_with(tmp_path, named={"id": "c-named", "name": name})
    named = rules / "named.yaml"
    odd_path = rules / "odd\u202e\x9b.yaml"
    odd_path.write_text((rules / "escoba-de-15.yaml").read_text(encoding="utf-8").replace("id: escoba-de-15", "id: c-odd", 1),
                        encoding="utf-8")  # its own id: one id a file of the tree
    runs = {
        "play": run_main(capsys, ["play", str(named), "--players", "2", "--seed", "1", "--option", "target=15",
                                  "--format", "json"]),
        "diff": run_main(capsys, ["diff", ESCOBA, str(odd_path), "--deals", "1", "--format", "json"]),
        "simulate": run_main(capsys, ["simulate", str(odd_path), "--games", "2", "--seed", "1",
                                      "--out", str(tmp_path / "sim"), "--format", "json"]),
        "validate": run_main(capsys, ["validate", "--format", "json", str(rules / "missing\u202e.yaml")]),
    }
    assert {k: code for k, (code, _, _) in runs.items()} == {"play": 0, "diff": 0, "simulate": 0, "validate": 2}
    for what, (_, printed, errors) in runs.items():
        assert not any(ch in printed for ch in "\x1b\x07\x7f\x85\x9b\u202e\u2066"), (what, printed[:300])
    assert json.loads(runs["play"][1])["name"] == name and "é" in runs["play"][1]
    assert json.loads(runs["diff"][1])["variants"]["b"]["file"] == str(odd_path)
    assert json.loads(runs["simulate"][1])["summary"]["rule_file"] == str(odd_path)
