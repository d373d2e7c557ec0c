"""`escoba-spec play`: whole matches of every rule file, the JSON record and the
narration, determinism, both engines, usage errors, and a human seat."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from escoba_spec.cli import main
from escoba_spec.compiler.kernel import unsupported
from escoba_spec.engine import Move, format_move, play_match
from escoba_spec.language.resolve import Resolver
from escoba_spec.language.validate import load_variant
from escoba_spec.tools.play import HumanSeat, MatchRunner, Quit, to_json
from escoba_spec.tools.setup import deal_stream, make_bot, make_setup

from .conftest import ROOT, RULES

RESOLVER = Resolver()  # loads each rule file once for the whole module


@cache
def _variant(path: Path, options: tuple[tuple[str, str], ...]):
    return load_variant(path, dict(options), resolver=RESOLVER)


def variant_of(path: Path, options: dict | None = None):
    return _variant(path, tuple(sorted((options or {}).items())))


def rule_files() -> list[Path]:
    return sorted(RULES.glob("*.yaml")) + sorted((RULES / "house").glob("*.yaml"))


@cache
def small_options(path: Path) -> tuple[tuple[str, str], ...]:
    """The smallest target a file offers, to keep matches short."""
    variant = variant_of(path)
    target = next((o for o in variant.options if o.id == "target"), None)
    if target is None:
        return ()
    return (("target", min(target.choices, key=int)),)


def cases() -> list:
    out = []
    for path in rule_files():
        variant = variant_of(path)
        for layout in variant.players.layouts:
            name = f"{path.stem}-{layout.players}x{layout.team_size}"
            out.append(pytest.param(path, layout.players, dict(small_options(path)), id=name))
    # options that change where cards go or what a play may be
    out.append(pytest.param(RULES / "comodines.yaml", 3, {"stock-remainder": "set-aside", "opening-table": "redeal"},
                            id="comodines-set-aside-redeal"))
    out.append(pytest.param(RULES / "escoba-francesa.yaml", 2, {"announce": "claim", "target": "21"},
                            id="francesa-claims"))
    return out


def record_of(path: Path, players: int, options: dict, *, seed: int = 5, bots="greedy", engine="kernel") -> dict:
    setup = make_setup(variant_of(path, options), players=players, seed=seed, bots=bots, engine=engine)
    return MatchRunner(setup).run()


def play_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["play", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


# ------------------------------------------------------------------ whole matches


@pytest.mark.parametrize("path, players, options", cases())
def test_a_full_match_finishes_and_adds_up(path, players, options):
    bots = "random" if options.get("announce") == "claim" else "greedy"
    record = record_of(path, players, options, bots=bots)
    variant = variant_of(path, options)
    setup = make_setup(variant, players=players, seed=5)
    size = setup.ruleset.cards.size
    sides = [str(s) for s in range(players // record["team_size"])]
    assert record["players"] == players and record["hands"]
    running = {s: 0 for s in sides}
    for hand in record["hands"]:
        for s in sides:
            running[s] += sum(hand["points"][s].values())
        assert hand["totals_after"] == running or hand["game_won"] is not None
        if hand["game_won"] is not None:  # a game of a set is won: the scores start again
            running = {s: 0 for s in sides}
            assert hand["totals_after"] == running
        left = hand["leftovers"]
        unclaimed = len(left["cards"]) if left["side"] is None else 0
        unplayed = len(hand["unplayed"])  # a hand the match ended mid-way
        assert sum(hand["cards"].values()) + len(hand["set_aside"]) + unclaimed + unplayed == size, hand["number"]
        assert set(hand["points"]["0"]) == set(record["categories"])
    assert record["totals"] == running
    assert record["winner"] in range(len(sides))
    # the same match as the engine plays it with the same seeded bots
    engine = play_match(setup.ruleset, [make_bot(bots, 5, s) for s in range(players)], 5, team_size=setup.team_size,
                        rng=deal_stream(5))
    assert engine.scores == [record["totals"][s] for s in sides]
    assert engine.winner == record["winner"]


@pytest.mark.parametrize("path, players, options", cases())
def test_the_kernel_and_interpreted_engines_agree(path, players, options):
    if unsupported(variant_of(path, options)):
        pytest.skip(f"{path.stem}: the kernel does not play {', '.join(unsupported(variant_of(path, options)))} yet")
    kernel = record_of(path, players, options, seed=11, bots="random")
    interpreted = record_of(path, players, options, seed=11, bots="random", engine="interpreted")
    assert kernel.pop("engine") == "kernel" and interpreted.pop("engine") == "interpreted"
    assert to_json(kernel) == to_json(interpreted)


def test_claims_sweeps_and_openings_show_in_the_record():
    # seeds that show each (the deal and bot streams are engine.stream's, as the kernel's)
    claims = record_of(RULES / "escoba-francesa.yaml", 2, {"announce": "claim"}, seed=1, bots="random")
    plays = [p for h in claims["hands"] for p in h["plays"]]
    assert any(p["move"].startswith("[") for p in plays)
    assert any(p["sweeps"] for p in plays)
    captured = record_of(RULES / "escoba-brasileira.yaml", 4, {}, seed=12)
    assert any(h["opening"]["action"] == "capture" for h in captured["hands"])
    redealt = record_of(RULES / "comodines.yaml", 3, {"opening-table": "redeal"}, seed=1)
    assert any(h["opening"]["redeals"] for h in redealt["hands"])


# ------------------------------------------------------------ the command line


def test_same_seed_same_bytes_and_json_shape(capsys):
    argv = [str(RULES / "escoba-de-15.yaml"), "--players", "3", "--seed", "9", "--bots", "random",
            "--option", "target=15", "--format", "json"]
    code, first, _ = play_cli(capsys, *argv)
    assert code == 0
    assert play_cli(capsys, *argv)[1] == first
    record = json.loads(first)
    assert set(record) >= {"variant", "name", "players", "team_size", "seed", "engine", "options", "hands",
                           "totals", "winner"}
    hand = record["hands"][0]
    assert set(hand) >= {"number", "dealer", "opening", "plays", "leftovers", "cards", "sweeps", "points",
                         "totals_after"}
    assert set(hand["plays"][0]) == {"seat", "side", "move", "card", "captured", "sweeps", "events"}
    assert record["options"]["target"] == "15" and record["engine"] == "kernel"
    other = play_cli(capsys, *[a if a != "9" else "10" for a in argv])[1]
    assert other != first


def test_end_to_end_through_python_m(capsys):
    argv = [sys.executable, "-m", "escoba_spec", "play", "rules/scopa.yaml", "--players", "2", "--seed", "4",
            "--bots", "greedy,random", "--format", "json"]
    runs = [subprocess.run(argv, cwd=ROOT, capture_output=True, timeout=60, check=False) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    assert runs[0].stdout.decode() == play_cli(capsys, *argv[4:])[1]
    text = subprocess.run(argv[:-2], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert text.returncode == 0 and "Winner: side" in text.stdout and "Final score:" in text.stdout


def test_the_narration_tells_every_play(capsys):
    argv = [str(RULES / "escoba-francesa.yaml"), "--players", "2", "--seed", "3", "--bots", "random",
            "--option", "announce=claim"]
    code, text, _ = play_cli(capsys, *argv)
    assert code == 0
    record = json.loads(play_cli(capsys, *argv, "--format", "json")[1])
    expected = []
    for hand in record["hands"]:
        for p in hand["plays"]:
            line = f"seat {p['seat']} (side {p['side']}) "
            play = p["move"]
            if play.startswith("["):
                claim, play = play[1:].split("] ")
                line += f"claims {claim.replace('+', ' ')} (a missed capture), "
            card, *taken = play.split("+")
            line += f"plays {card}, " + (f"takes {' '.join(taken)}" if taken else "trails")
            expected.append(line)
    told = [line for line in text.splitlines() if re.match(r"seat \d+ \(side \d+\) (claims|plays)", line)]
    assert len(told) == len(expected)
    for line, start in zip(told, expected):
        assert line.startswith(start), (line, start)
    for hand in record["hands"]:
        assert f"== Hand {hand['number']}: seat {hand['dealer']} deals" in text
        assert f"totals after hand {hand['number']}: " in text
    assert "Each escoba" in text and "leftover check: the leftovers total" in text
    assert any("— ESCOBA" in line for line in told)
    final = ", ".join(f"side {s} {n}" for s, n in record["totals"].items())
    assert f"Final score: {final}" in text and f"Winner: side {record['winner']}" in text


def test_the_narration_of_a_capture_names_its_cards(capsys):
    code, text, _ = play_cli(capsys, str(RULES / "scopa.yaml"), "--players", "2", "--seed", "1")
    assert code == 0
    record = json.loads(play_cli(capsys, str(RULES / "scopa.yaml"), "--players", "2", "--seed", "1",
                                 "--format", "json")[1])
    play = next(p for h in record["hands"] for p in h["plays"] if p["captured"])
    assert f"seat {play['seat']} (side {play['side']}) plays {play['card']}, takes {' '.join(play['captured'])}" in text


USAGE = [
    (["nope.yaml", "--players", "2", "--seed", "1"], "no such file: nope.yaml"),
    (["rules/scopa.yaml", "--players", "3", "--seed", "1"], "not played by 3 players (allowed: 2 players)"),
    (["rules/escoba-de-15.yaml", "--players", "5", "--seed", "1"],
     "allowed: 2 players, 3 players, 4 players in teams of 2"),
    (["rules/escoba-de-15.yaml", "--players", "4", "--team-size", "1", "--seed", "1"], "in teams of 1"),
    (["rules/scopa.yaml", "--players", "2", "--seed", "1", "--bots", "smart"], "no bot named 'smart'"),
    (["rules/scopa.yaml", "--players", "2", "--seed", "1", "--bots", "greedy,random,greedy"], "3 bots for 2 seats"),
    (["rules/scopa.yaml", "--players", "2", "--seed", "1", "--human", "2"], "--human 2 is not a seat"),
    (["rules/scopa.yaml", "--players", "2", "--seed", "1", "--human", "-1"], "--human -1 is not a seat"),
    (["rules/scopa.yaml", "--players", "2", "--seed", "1", "--human", "0", "--format", "json"], "--format json"),
    (["rules/scopa.yaml", "--players", "2", "--seed", "1", "--option", "targte=5"], "no option 'targte'"),
    (["rules/scopa.yaml", "--players", "2", "--seed", "1", "--option", "target=5"], "cannot be '5'"),
    (["rules/scopa.yaml", "--players", "2", "--seed", "1", "--option", "target"], "ID=VALUE"),
]


@pytest.mark.parametrize("argv, message", USAGE, ids=[m for _, m in USAGE])
def test_usage_errors_exit_2(argv, message, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, err = play_cli(capsys, *argv)
    assert code == 2
    assert err.startswith("escoba-spec: error: ") and message in err
    assert out == ""


def test_usage_error_through_python_m():
    run = subprocess.run([sys.executable, "-m", "escoba_spec", "play", "rules/scopa.yaml", "--players", "4",
                          "--seed", "1"], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 2 and "escoba-spec: error: scopa is not played by 4 players" in run.stderr


def test_a_rule_file_with_errors_prints_located_diagnostics(rules_tree, capsys):
    bad = rules_tree / "bad.yaml"
    bad.write_text("id: bad\nextends: escoba-de-15\nmatch:\n  taget: 21\n")
    code, out, err = play_cli(capsys, str(bad), "--players", "2", "--seed", "1")
    assert code == 1
    assert f"{bad}:4:3: error[unknown-key]" in err and "hint: did you mean 'target'?" in err
    assert out == ""


def test_bots_one_name_for_all_and_per_seat():
    variant = variant_of(RULES / "escoba-de-15.yaml")
    assert make_setup(variant, players=3, seed=1, bots="random").bot_names == ["random"] * 3
    assert make_setup(variant, players=2, seed=1).bot_names == ["greedy", "greedy"]
    setup = make_setup(variant, players=3, seed=1, bots="random,greedy", human=1)
    assert setup.bot_names == ["random", None, "greedy"]
    assert make_setup(variant, players=4, seed=1).team_size == 2
    assert len({make_bot("random", m, s).rng.state for m in (1, 2) for s in range(8)} | {deal_stream(1).state}) == 17


# --------------------------------------------------------------------- a person


class ScriptedPerson:
    """Stdin for the human seat that answers from the live engine state: an
    unknown card, garbage, a card not in hand, an illegal capture, `?`, then
    the first legal move until the first hand is over, then end of input."""

    def __init__(self, seat: int):
        self.seat = seat
        self.runner: MatchRunner | None = None
        self.sent: list[str] = []
        self.moves: list[str] = []

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        state = self.runner.state
        cards = state.cards
        if self.runner.match.hands_played >= 1:
            return ""
        if "unknown" not in self.sent:
            return self._send("unknown", "9x")
        if "garbage" not in self.sent:
            return self._send("garbage", "take the lot!")
        if "not-in-hand" not in self.sent:
            card = next(c for c in range(cards.size) if not state.hands[self.seat] >> c & 1)
            return self._send("not-in-hand", cards.text(card))
        if "illegal-capture" not in self.sent:
            legal = state.legal_moves()
            for card in cards.indices(state.hands[self.seat]):
                for taken in cards.indices(state.table):
                    if Move(card, 1 << taken) not in legal:
                        return self._send("illegal-capture", f"{cards.text(card)}+{cards.text(taken)}")
        if "help" not in self.sent:
            return self._send("help", "?")
        move = format_move(state.legal_moves()[0], cards)
        self.moves.append(move)
        return move + "\n"

    def _send(self, kind: str, text: str) -> str:
        self.sent.append(kind)
        return text + "\n"


def test_a_human_seat_is_answered_and_plays_a_hand():
    variant = variant_of(RULES / "escoba-de-15.yaml")
    setup = make_setup(variant, players=2, seed=7, human=1)
    person = ScriptedPerson(1)
    out = io.StringIO()
    runner = MatchRunner(setup, say=lambda line="": out.write(line + "\n"), human=HumanSeat(1, person, out))
    person.runner = runner
    with pytest.raises(Quit) as stop:
        runner.run()
    assert stop.value.code == 1 and "end of input" in str(stop.value)
    assert person.sent == ["unknown", "garbage", "not-in-hand", "illegal-capture", "help"]
    text = out.getvalue()
    assert "illegal move '9x': unknown card '9x'" in text
    assert "illegal move 'take the lot!': unknown card" in text
    assert "is not in the hand of seat 1" in text
    assert re.search(r"illegal move '\S+\+\S+': \S+ cannot capture", text)
    assert "(legal: " in text and "legal moves: " in text
    assert "-- your turn: seat 1, side 1" in text and "your hand: " in text and "table: " in text
    assert "totals after hand 1: " in text
    # the narration shows the person each card played with its suit's symbol
    told = re.findall(r"seat 1 \(side 1\) plays (\S+),", text)
    assert told and all(card[-1] in "♦♥♠♣" for card in told)
    assert [m.split("+")[0] for m in person.moves] == [card[:-1] for card in told]
    assert "Traceback" not in text


def test_the_card_alone_takes_its_only_capture():
    from escoba_spec.engine import HandState

    variant = variant_of(RULES / "escoba-de-15.yaml")
    rs = make_setup(variant, players=2, seed=0).ruleset
    cards = rs.cards
    state = HandState.setup(rs, [cards.mask_of(["7o", "1c", "Rb"]), cards.mask_of(["2c", "2e", "3b"])],
                            table=cards.mask_of(["Sb", "4c", "4e", "5b"]), dealer=1, to_play=0)
    legal = state.legal_moves()
    texts = [format_move(m, cards) for m in legal]
    # Rb (10) must take 5b, its only capture; 7o (7) takes Sb or 4c+4e
    assert HumanSeat.interpret("Rb", state, legal, texts) == (Move(cards.parse("Rb"), cards.mask_of(["5b"])), "")
    move, why = HumanSeat.interpret("7o", state, legal, texts)
    assert move is None and "more than one way" in why and "7o+Sb" in why and "7o+4c+4e" in why
    assert HumanSeat.interpret("1c", state, legal, texts) == (Move(cards.parse("1c")), "")
    move, why = HumanSeat.interpret("2c", state, legal, texts)
    assert move is None and "2c is not in the hand of seat 0" in why and "(legal: " in why


@pytest.mark.parametrize("stdin, code, message", [("", 1, "end of input"), ("?\nq\n", 130, "you quit")])
def test_human_end_of_input_and_quit(stdin, code, message, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    result, out, err = play_cli(capsys, str(RULES / "escoba-de-15.yaml"), "--players", "2", "--seed", "3",
                                "--human", "0")
    assert result == code and message in err
    assert "Traceback" not in out + err and "-- your turn: seat 0" in out


def test_human_end_of_input_through_python_m():
    run = subprocess.run([sys.executable, "-m", "escoba_spec", "play", "rules/open-table.yaml", "--players", "3",
                          "--seed", "2", "--human", "2"], cwd=ROOT, input="hello\n", capture_output=True,
                         text=True, timeout=60, check=False)
    assert run.returncode == 1
    assert "Traceback" not in run.stderr and "end of input" in run.stderr
    assert "unknown card 'hello'" in run.stdout
    # open hands: the person sees the other seats' hands
    assert "seat 0's hand: " in run.stdout and "seat 1's hand: " in run.stdout


def test_a_split_tie_is_shown_as_a_half_and_written_as_a_number(capsys):
    """With ties: split a tied majority gives each side ½: `play` prints it so, the JSON
    record holds 0.5, and the record's totals still add up to the final score."""
    args = ["play", str(RULES / "escoba-de-15.yaml"), "--players", "2", "--seed", "2", "--option", "ties=split"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert re.search(r"\s½\s+½\n", text), "a tied category shows ½ in both columns"
    assert main([*args, "--format", "json"]) == 0
    record = json.loads(capsys.readouterr().out)
    halves = [v for hand in record["hands"] for side in hand["points"].values() for v in side.values() if v == 0.5]
    assert halves
    for side, total in record["totals"].items():
        assert sum(sum(hand["points"][side].values()) for hand in record["hands"]) == total
    assert "Final score: side 0 " in text and text.count("Final score") == 1


def test_points_read_as_people_write_them():
    from fractions import Fraction

    from escoba_spec.tools.text import json_text, points_text

    assert [points_text(x) for x in (0, 21, Fraction(1, 2), Fraction(41, 2), Fraction(7, 3), Fraction(15, 7))] == \
        ["0", "21", "½", "20½", "2⅓", "2 1/7"]
    assert json.loads(json_text({"points": Fraction(1, 2), "total": 3})) == {"points": 0.5, "total": 3}


def test_the_leftovers_line_agrees_with_the_number_of_cards():
    """"Ro left on the table goes to side 1", "4o 6e left on the table go to side 0"."""
    variant = variant_of(RULES / "escoba-de-15.yaml", {})
    seen = set()
    for seed in range(40):
        lines: list[str] = []
        MatchRunner(make_setup(variant, players=2, seed=seed), say=lambda line="": lines.append(line)).run()
        for line in lines:
            if line.startswith("end of hand: ") and " left on the table " in line:
                cards = line[len("end of hand: "):line.index(" left on the table ")].split()
                verb = line.split(" left on the table ")[1].split()[0]
                assert verb == ("goes" if len(cards) == 1 else "go"), line
                seen.add(len(cards) == 1)
    assert seen == {True, False}  # both forms met


@pytest.mark.parametrize("engine", ["kernel", "interpreted"])
def test_a_naming_of_the_declared_matta_is_told_recorded_and_offered_in_words(capsys, engine):
    """Cirulla, seed 2: a declared hand whose matta is worth as much as an ace or a two; its holder (a
    greedy bot) names it an ace: the narration says so, the JSON record marks the naming, and the
    matta then plays as 7c=1."""
    code, out, _ = play_cli(capsys, "rules/cirulla.yaml", "--players", "2", "--seed", "2", "--engine", engine)
    assert code == 0 and "names 7c as an ace: it plays as one until it is captured" in out
    assert re.search(r"plays 7c=1, (takes|trails)", out)
    code, out, _ = play_cli(capsys, "rules/cirulla.yaml", "--players", "2", "--seed", "2", "--engine", engine,
                            "--format", "json")
    plays = [p for h in json.loads(out)["hands"] for p in h["plays"]]
    named = [p for p in plays if "names" in p]
    assert named and named[0]["move"] == "7c=1" and named[0]["names"] == "ace" and named[0]["captured"] == []
    assert any(p["card"] == "7c=1" and "names" not in p for p in plays)  # then played as the ace


def test_the_menu_tells_a_naming_move_in_words():
    from escoba_spec.engine import HandState
    from escoba_spec.engine.interpreter import Interpreter
    from escoba_spec.tools.play.faces import Faces, menu

    from .engine_fixtures import deck_order

    rs = Interpreter(variant_of(RULES / "cirulla.yaml"))
    state = HandState.deal(rs, deck_order(rs.cards, [["7c", "3b", "4d"], ["Cs", "Cd", "2b"]], ["Rb", "Rs", "Cb", "5c"],
                                          dealer=1), players=2, dealer=1)
    lines = menu(Faces(rs.cards), state.legal_moves(), state.table, 0, bool(state.naming[state.to_play]))
    assert [line.split(")", 1)[1].split() for line in lines] == [
        "7c=1 7c♥ plays as an ace until it is captured".split(), "7c=2 7c♥ plays as a two until it is captured".split()]


def test_a_bid_is_told_recorded_and_the_table_turned_up_after_it(capsys):
    """Seep, seed 1: seat 1 bids 10 (a greedy bot: the value it holds most of), the table is turned up,
    and its first play builds 10; the JSON record holds the bid as a move of its own."""
    seep = str(ROOT / "rules" / "seep.yaml")
    code, out, _ = play_cli(capsys, seep, "--players", "2", "--seed", "1")
    assert code == 0
    assert ("the first player held no card to bid on (deal.bid): dealt again 1 time\n"
            "table: empty, 4 cards face down apart\nseat 1 (side 1) bids 10 (ten)\n"
            "the table is turned up: 6d 3s 8s Qc\nseat 1 (side 1) plays 4c on 6d, building 10\n"
            "-- deal: the first round's other cards, up to 12 a seat, 24 left in the stock\n") in out
    code, out, _ = play_cli(capsys, seep, "--players", "2", "--seed", "1", "--format", "json")
    hands = json.loads(out)["hands"]
    bid, first = hands[0]["plays"][:2]
    assert bid == {"seat": 1, "side": 1, "move": "bid:10", "card": None, "captured": [], "sweeps": 0, "events": [],
                   "bid": 10, "turned_up": ["6d", "3s", "8s", "Qc"]}
    assert first["move"] == "4c+6d:10" and "bid" not in first
    assert all(sum("bid" in p for p in h["plays"]) == 1 for h in hands)  # one bid a hand, each recorded
