"""`escoba-spec play --human`: what the person at the terminal sees and types: the
numbered moves, suit symbols and colour, capture values, the cards that can capture,
and the pause after each hand's score (a terminal's, never piped input's)."""

from __future__ import annotations

import io
import re
import sys

import pytest

from escoba_spec.cli import main
from escoba_spec.engine import HandState, Move, format_move
from escoba_spec.language.validate import load_variant
from escoba_spec.tools.play import HumanSeat, MatchRunner, Quit
from escoba_spec.tools.play.faces import Faces, can_show_symbols, capturers, menu
from escoba_spec.tools.setup import make_ruleset, make_setup
from escoba_spec.tools.terminal import PLAIN, Painter

from .conftest import RULES

ESCAPE = "\x1b["


def ruleset(name: str):
    return make_ruleset(load_variant(RULES / name, {}))


@pytest.fixture(scope="module")
def escoba():
    return ruleset("escoba-de-15.yaml")


def position(rs):
    """Seat 0 holds 7o, 1c, Rb; the table is Sb 4c 4e 5b: 7o takes Sb or 4c+4e, Rb takes 5b, 1c only trails."""
    cards = rs.cards
    return HandState.setup(rs, [cards.mask_of(["7o", "1c", "Rb"]), cards.mask_of(["2c", "2e", "3b"])],
                           table=cards.mask_of(["Sb", "4c", "4e", "5b"]), dealer=1, to_play=0)


class Terminal(io.StringIO):
    """Input typed at a terminal (isatty), for the pause a person is asked for."""

    def isatty(self) -> bool:
        return True


# ------------------------------------------------------------------ the cards


@pytest.mark.parametrize("rules, card, shown", [
    ("escoba-de-15.yaml", "7o", "7o♦"), ("escoba-de-15.yaml", "Sc", "Sc♥"), ("escoba-de-15.yaml", "1e", "1e♠"),
    ("escoba-de-15.yaml", "Rb", "Rb♣"), ("scopa.yaml", "7d", "7d♦"), ("scopa.yaml", "Fb", "Fb♣"),
    ("scopa.yaml", "3c", "3c♥"), ("scopa.yaml", "Cs", "Cs♠"), ("escopa.yaml", "Kh", "Kh♥"),
    ("escopa.yaml", "Qd", "Qd♦"), ("escopa.yaml", "As", "As♠"), ("escopa.yaml", "7c", "7c♣"),
])
def test_each_card_shows_its_code_then_its_suit_symbol(rules, card, shown):
    cards = ruleset(rules).cards
    faces = Faces(cards)
    assert faces.card(cards.parse(card)) == shown
    # the code stays what is typed: the text shown still parses back, symbol aside
    assert cards.parse(shown[:-1]) == cards.parse(card)


def test_each_card_shows_the_value_it_counts_in_a_capture(escoba):
    cards = escoba.cards
    faces = Faces(cards)
    assert faces.card(cards.parse("Sb"), value=True) == "Sb♣(8)"
    assert faces.card(cards.parse("Co"), value=True) == "Co♦(9)"
    assert faces.card(cards.parse("Re"), value=True) == "Re♠(10)"
    assert faces.card(cards.parse("1c"), value=True) == "1c♥(1)"


def test_a_joker_is_shown_as_wild():
    cards = ruleset("comodines.yaml").cards
    joker = next(c.index for c in cards.cards if c.joker)
    assert Faces(cards).card(joker, value=True) == f"{cards.text(joker)}(wild)"


def test_no_symbols_where_the_output_cannot_encode_them(escoba):
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    assert not can_show_symbols(ascii_out) and can_show_symbols(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    cards = escoba.cards
    assert Faces(cards, symbols=False).card(cards.parse("7o"), value=True) == "7o(7)"


def test_cards_are_coloured_only_when_the_painter_paints(escoba, monkeypatch):
    cards = escoba.cards
    seven = cards.parse("7o")
    assert ESCAPE in Faces(cards, Painter(colour=True)).card(seven, value=True, marked=True)
    assert ESCAPE not in Faces(cards, PLAIN).card(seven, value=True, marked=True)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Painter(Terminal()).on  # a terminal, but NO_COLOR
    monkeypatch.delenv("NO_COLOR")
    assert Painter(Terminal()).on and not Painter(io.StringIO()).on


def test_the_hand_cards_that_can_capture_are_marked():
    setup = make_setup(load_variant(RULES / "escoba-de-15.yaml", {}), players=2, seed=1)
    runner = MatchRunner(setup)
    runner.state = state = position(runner.rs)  # the position the seat is shown
    cards = runner.cards
    assert capturers(state.legal_moves()) == cards.mask_of(["7o", "Rb"])
    out = io.StringIO()
    with pytest.raises(Quit):
        HumanSeat(0, io.StringIO("q\n"), out).choose(runner)
    hand = next(line for line in out.getvalue().splitlines() if line.startswith("your hand:"))
    assert "7o♦(7)*" in hand and "Rb♣(10)*" in hand and "1c♥(1) " in hand and "1c♥(1)*" not in hand
    assert "*: can capture" in hand
    assert ESCAPE not in out.getvalue()  # not a terminal: no colour


def test_a_terminal_shows_the_cards_in_colour():
    setup = make_setup(load_variant(RULES / "escoba-de-15.yaml", {}), players=2, seed=1)
    runner = MatchRunner(setup)
    runner.state = position(runner.rs)
    out = io.StringIO()
    with pytest.raises(Quit):
        HumanSeat(0, io.StringIO("q\n"), out, paint=Painter(colour=True)).choose(runner)
    assert ESCAPE in out.getvalue()


# ------------------------------------------------------------------ the menu


def test_the_menu_numbers_every_legal_move_with_the_code_to_type(escoba):
    state = position(escoba)
    legal = state.legal_moves()
    lines = menu(Faces(escoba.cards), legal, state.table)
    assert len(lines) == len(legal)
    for n, (line, move) in enumerate(zip(lines, legal), 1):
        assert re.match(rf"\s*{n}\) {re.escape(format_move(move, escoba.cards))} ", line)
    assert any(line.endswith("1c♥ trails") for line in lines)
    assert any(line.endswith("7o♦ takes Sb♣") for line in lines)


def test_a_capture_of_the_whole_table_says_it_clears_it(escoba):
    cards = escoba.cards
    state = HandState.setup(escoba, [cards.mask_of(["5o"]), cards.mask_of(["2c"])],
                            table=cards.mask_of(["Sb", "2e"]), dealer=1, to_play=0)
    assert menu(Faces(cards), state.legal_moves(), state.table) == ["  1) 5o+2e+Sb  5o♦ takes 2e♠ Sb♣, clearing the table"]


def test_a_number_from_the_menu_plays_that_move(escoba):
    state = position(escoba)
    legal = state.legal_moves()
    texts = [format_move(m, escoba.cards) for m in legal]
    for n, move in enumerate(legal, 1):
        assert HumanSeat.interpret(str(n), state, legal, texts) == (move, "")
    assert HumanSeat.interpret("01", state, legal, texts) == (legal[0], "")
    # the move typed still works beside the numbers
    assert HumanSeat.interpret("Rb", state, legal, texts) == (Move(escoba.cards.parse("Rb"), escoba.cards.mask_of(["5b"])), "")


@pytest.mark.parametrize("typed", ["0", "99", "5", "9" * 5000])
def test_a_number_off_the_menu_is_explained_with_the_legal_moves(escoba, typed):
    state = position(escoba)
    legal = state.legal_moves()
    texts = [format_move(m, escoba.cards) for m in legal]
    move, why = HumanSeat.interpret(typed, state, legal, texts)
    assert move is None
    assert f"illegal move '{typed}': no move is numbered {typed}: choose 1 to {len(legal)}" in why
    assert "(legal: " + ", ".join(texts) + ")" in why


def test_a_number_typed_at_the_cli_plays_the_numbered_move(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\n"))
    assert main(["play", str(RULES / "escoba-de-15.yaml"), "--players", "2", "--seed", "7", "--human", "0"]) == 130
    out = capsys.readouterr().out
    first = re.search(r"moves:\n\s*1\) (\S+)", out).group(1)
    assert f"seat 0 (side 0) plays {first.split('+')[0]}" in out
    assert "(1-3 or a move, ? for help)> 1\n" in out


# ------------------------------------------------------------------ the pause


class FirstMoves:
    """Stdin at a terminal that plays the first legal move, and answers the pause after
    the first hand with `answer`; it records every question it is asked."""

    def __init__(self, answer: str):
        self.answer = answer
        self.runner: MatchRunner | None = None
        self.asked: list[int] = []  # the hands played when each pause came

    def isatty(self) -> bool:
        return True

    def readline(self) -> str:
        state = self.runner.state
        if state.over:  # the pause after a hand's score
            self.asked.append(self.runner.match.hands_played)
            return self.answer
        if self.runner.match.hands_played >= 1 and self.asked:
            return "q\n"
        return format_move(state.legal_moves()[0], state.cards) + "\n"


@pytest.mark.parametrize("answer", ["\n", ""])  # Enter, or the end of the input, goes on to the next hand
def test_a_person_at_a_terminal_is_asked_to_press_enter_after_each_hands_score(answer):
    setup = make_setup(load_variant(RULES / "escoba-de-15.yaml", {}), players=2, seed=7, human=0)
    stdin, out = FirstMoves(answer), io.StringIO()
    runner = MatchRunner(setup, say=lambda line="": out.write(line + "\n"), human=HumanSeat(0, stdin, out))
    stdin.runner = runner
    with pytest.raises(Quit) as stop:
        runner.run()
    assert stop.value.code == 130 and stdin.asked == [1]
    text = out.getvalue()
    score, pause, hand2 = text.index("totals after hand 1"), text.index("press Enter"), text.index("== Hand 2")
    assert score < pause < hand2


def test_q_at_the_pause_quits_the_match():
    seat = HumanSeat(0, Terminal("q\n"), io.StringIO())
    with pytest.raises(Quit) as stop:
        seat.pause(None)
    assert stop.value.code == 130


def test_piped_input_is_never_asked_to_press_enter():
    inp = io.StringIO("\n7o\n")
    seat = HumanSeat(0, inp, io.StringIO())
    seat.pause(None)
    assert inp.read() == "\n7o\n"  # nothing consumed


def test_a_piped_match_runs_through_hands_without_a_pause(monkeypatch, capsys):
    """Piped moves go to moves only: a script that plays two hands needs no blank lines."""
    setup = make_setup(load_variant(RULES / "escoba-de-15.yaml", {}), players=2, seed=7, human=0)
    out = io.StringIO()

    class Piped(FirstMoves):
        def isatty(self) -> bool:
            return False

        def readline(self) -> str:
            if self.runner.match.hands_played >= 2:
                return ""
            return format_move(self.runner.state.legal_moves()[0], self.runner.state.cards) + "\n"

    stdin = Piped("")
    runner = MatchRunner(setup, say=lambda line="": out.write(line + "\n"), human=HumanSeat(0, stdin, out))
    stdin.runner = runner
    with pytest.raises(Quit):
        runner.run()
    text = out.getvalue()
    assert "== Hand 3" in text and "press Enter" not in text


def test_a_claim_is_told_before_the_play(escoba):
    cards = escoba.cards
    move = Move(cards.parse("4c"), 0, cards.mask_of(["3c", "5e", "7o"]))
    assert Faces(cards).describe(move, cards.mask_of(["1b"])) == "claims 7o♦ 3c♥ 5e♠ (a missed capture), then 4c♥ trails"


# ------------------------------------------------------------------ a bid (deal.bid: Seep)

SEEP = RULES / "seep.yaml"


@pytest.fixture(scope="module")
def seep():
    return make_ruleset(load_variant(SEEP, {}), "interpreted")


def _bidding(rs):
    """Seat 1 to bid on 10d 10h Qs Jc (tests.test_engine_bid), the table face down."""
    import random

    from escoba_spec.engine import shuffled_deck

    return HandState.deal(rs, shuffled_deck(rs.cards.size, random.Random(1)), players=2, dealer=0, rng=random.Random(2))


def test_the_menu_offers_each_bid_with_its_ranks_name(seep):
    state = _bidding(seep)
    assert menu(Faces(seep.cards), state.legal_moves(), state.table) == [
        "  1) bid:10  bid 10 (ten)", "  2) bid:11  bid 11 (jack)", "  3) bid:12  bid 12 (queen)"]


def test_a_bid_is_typed_or_picked_by_number_and_a_wrong_one_is_explained(seep):
    state = _bidding(seep)
    legal = state.legal_moves()
    texts = [format_move(m, seep.cards) for m in legal]
    assert HumanSeat.interpret("bid:11", state, legal, texts) == (legal[1], "")
    assert HumanSeat.interpret("bid 12", state, legal, texts) == (legal[2], "")
    assert HumanSeat.interpret("1", state, legal, texts) == (legal[0], "")
    move, why = HumanSeat.interpret("bid:9", state, legal, texts)
    assert move is None and why == ("illegal move 'bid:9': seat 1 cannot bid 9: a bid is the value of a card they "
                                    "hold among those deal.bid.cards allows (10, 11, 12) (legal: bid:10, bid:11, bid:12)")
    move, why = HumanSeat.interpret("Qs", state, legal, texts)
    assert move is None and "seat 1 bids first, before any play (deal.bid): bid one of 10, 11, 12" in why
    state.apply(legal[1])
    legal = state.legal_moves()
    move, why = HumanSeat.interpret("Qs", state, legal, [format_move(m, seep.cards) for m in legal])
    assert move is None and "seat 1 bid 11, so its first play builds 11 or plays a card of value 11" in why


def test_a_person_bids_at_the_terminal_and_sees_the_table_face_down_then_turned_up(monkeypatch, capsys):
    """Seep, seed 1: seat 1 bids first on 10d 4c 6c 9c; a bid it does not hold is refused, the
    menu's number 2 bids 10, and the table lies face down until then."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(sys, "stdin", io.StringIO("bid:8\n2\nq\n"))
    assert main(["play", str(SEEP), "--players", "2", "--seed", "1", "--human", "1"]) == 130
    out = capsys.readouterr().out
    before, after = out.split("seat 1 (side 1) bids 10 (ten)\n")
    assert "           4 cards face down apart, turned up after the bid\n" in before
    assert "bid:       you bid first: the value of a card you hold, which your first play must build or play\n" in before
    assert "  1) bid:9   bid 9 (nine)\n  2) bid:10  bid 10 (ten)\n" in before
    assert "illegal move 'bid:8': seat 1 cannot bid 8" in before
    assert after.startswith("the table is turned up: 6d♦ 3s♠ 8s♠ Qc♣\n")
    assert "table:     6d♦(6)  3s♠(3)  8s♠(8)  Qc♣(12)\n" in after and "face down" not in after
    assert "bid:       you bid 10 (ten)\n" in after
    assert "  1) 10d       10d♦ trails\n  2) 4c+6d:10  4c♣ on 6d♦, building 10\n" in after  # bound to the bid
