"""Deals: a table's own deal, the whole deck at once, the table first, first-lead rules, redeal conditions.

Written as house rules of Scopa (`Rd` is the re of denari, `1s` the ace of
spade); each behaviour is checked in both engines, and the kernels
are played against the interpreter hand by hand.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.compiler.kernel import generate_kernel
from escoba_spec.engine.state import HandState
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .engine_fixtures import both_engines, house_variants, moves_text, rulebook_leaks
from .test_capture_kinds import BOTS, _record

SEEDS = st.integers(0, 2**32 - 1)

#: house rules of Scopa, one per mechanism (and one with them all)
DEALS = {
    "four-get-ten": "players:\n  layouts:\n    - {players: 2}\n"
                    "    - {players: 4, team_size: 2, hand_size: 10, table_cards: 0}\n",
    "nine-and-four": "players:\n  layouts:\n    - {players: 2}\n    - {players: 4, team_size: 2, hand_size: 9}\n",
    "whole-deck": "deal:\n  hand_size: all\nplayers:\n  layouts:\n    - {players: 2}\n"
                  "    - {players: 4, team_size: 2}\n",
    "table-first": "deal:\n  order: table-first\n",
    "no-ace-lead": "deal:\n  first_lead: rank == ace\n",
    "ace-lead-at-four": "players:\n  layouts:\n    - {players: 2}\n"
                        "    - {players: 4, team_size: 2, first_lead: rank == ace}\n",
    "three-kings": "deal:\n  redeal:\n    - count(table, rank == 10) >= 3\n",
    "five-players": "players:\n  layouts:\n    - {players: 2}\n    - {players: 5}\ndeal:\n  stock_remainder: to-hands\n",
    "leftovers-to-nobody": "end_of_deal:\n  leftovers_to: nobody\n",
    "opening-fifteen": "deal:\n  opening: {trigger: total, targets: [15], multiples: [1, 2], action: capture, taker: dealer, "
                       "sweeps: true}\n",
    "all-of-them": "deal:\n  order: table-first\n  first_lead: rank == ace\n  redeal:\n"
                   "    - count(table, rank == 10) >= 3\n    - sum(table) > 30\n"
                   "players:\n  layouts:\n    - {players: 2}\n    - {players: 4, team_size: 2, hand_size: 9}\n",
}


@pytest.fixture(scope="module")
def deals(tmp_path_factory):
    return house_variants(tmp_path_factory, "deals", {name: f"id: {name}\nextends: scopa\n{body}"
                                                      for name, body in DEALS.items()})


both = both_engines


def _deck(cards, texts: list[str], seed: int = 0) -> list[int]:
    """A deck order starting with `texts`, the other cards after them shuffled."""
    first = [cards.parse(t) for t in texts]
    rest = [c for c in range(cards.size) if c not in first]
    random.Random(seed).shuffle(rest)
    return first + rest


# ------------------------------------------------------------ each table's deal


def test_a_layout_deals_its_own_hand_and_table(deals):
    for rs in both(deals["four-get-ten"]):
        four = HandState.deal(rs, seed=1, players=4, team_size=2)
        assert [h.bit_count() for h in four.hands] == [10] * 4 and four.table == 0 and four.stock_pos == 40
        two = HandState.deal(rs, seed=1, players=2)
        assert [h.bit_count() for h in two.hands] == [3, 3] and two.table.bit_count() == 4
    for rs in both(deals["nine-and-four"]):
        four = HandState.deal(rs, seed=2, players=4, team_size=2)
        assert [h.bit_count() for h in four.hands] == [9] * 4 and four.table.bit_count() == 4


def test_hand_size_all_deals_the_whole_deck_in_one_round(deals):
    for rs in both(deals["whole-deck"]):
        two = HandState.deal(rs, seed=3, players=2)
        assert [h.bit_count() for h in two.hands] == [18, 18] and two.table.bit_count() == 4
        four = HandState.deal(rs, seed=3, players=4, team_size=2)
        assert [h.bit_count() for h in four.hands] == [9] * 4 and four.stock_pos == len(four.stock)


def test_table_first_lays_the_top_cards_of_the_deck_face_up(deals):
    for rs in both(deals["table-first"]):
        cards = rs.cards
        order = _deck(cards, ["7d", "7c", "7s", "7b", "1d", "2d", "3d", "1c", "2c", "3c"])
        state = HandState.deal(rs, order, players=2)
        assert sorted(cards.texts(state.table)) == sorted(["7d", "7c", "7s", "7b"])
        assert state.table_dealt() == state.table
        assert sorted(cards.texts(state.hands[1])) == ["1d", "2d", "3d"]  # the seat after the dealer is dealt first


def test_a_remainder_dealt_to_the_hands_leaves_the_last_seats_one_card_fewer(deals):
    for rs in both(deals["five-players"]):
        state = HandState.deal(rs, seed=4, players=5)
        assert [h.bit_count() for h in state.hands] == [3] * 5 and state.stock_pos == 19
        for _ in range(15):
            state.apply(state.legal_moves()[0])
        leader = state.to_play
        assert leader == 1 and state.stock_pos == 40 and state.in_hands == 21
        sizes = [state.hands[(leader + i) % 5].bit_count() for i in range(5)]
        assert sizes == [5, 4, 4, 4, 4]  # 6 cards left over: one each from the leader on, the leader twice
        while not state.over:
            state.apply(state.legal_moves()[0])
            state.check_invariants()


def test_leftovers_to_nobody_are_set_aside(deals):
    for rs in both(deals["leftovers-to-nobody"]):
        for seed in range(40):
            state = HandState.deal(rs, seed=seed, players=2)
            while not state.over:
                state.apply(state.legal_moves()[-1])
            result = state.result
            if result.leftovers:
                assert result.leftovers_side is None and state.set_aside & result.leftovers == result.leftovers
                assert not any(pile & result.leftovers for pile in result.piles)
                break
        else:
            pytest.fail("no hand left cards on the table")


def test_an_opening_rule_with_its_own_targets_works_with_a_match_capture(deals):
    """Scopa captures by match and sum, so it has no target; the opening rule gives its own 15."""
    for rs in both(deals["opening-fifteen"]):
        cards = rs.cards
        order = _deck(cards, ["1d", "2d", "3d", "1c", "2c", "3c", "7d", "5c", "2s", "1b"])  # 7 + 5 + 2 + 1 = 15
        state = HandState.deal(rs, order, players=2)
        assert state.opening is not None and state.opening.action == "capture" and state.opening.multiple == 1
        assert state.table == 0 and state.sweeps == [1, 0] and state.piles[0] == cards.mask_of(["7d", "5c", "2s", "1b"])
        thirty = _deck(cards, ["1d", "2d", "3d", "1c", "2c", "3c", "Rd", "Rc", "Cs", "1b"])  # 10 + 10 + 9 + 1 = 30
        assert HandState.deal(rs, thirty, players=2).opening.multiple == 2
        plain = _deck(cards, ["1d", "2d", "3d", "1c", "2c", "3c", "Rd", "Rc", "Cs", "2b"])  # 31
        assert HandState.deal(rs, plain, players=2).opening is None


# ------------------------------------------------------------------ first lead


def test_the_first_player_may_not_lead_an_ace_unless_holding_only_aces(deals):
    for rs in both(deals["no-ace-lead"]):
        cards = rs.cards
        order = _deck(cards, ["1d", "5c", "6s", "2b", "3b", "4b", "Rd", "Rc", "Rs", "Cb"])  # seat 1 leads: 1d 5c 6s
        state = HandState.deal(rs, order, players=2)
        assert state.to_play == 1
        assert {m.split()[0] for m in moves_text(state)} == {"5c", "6s"}
        reasons = state.explain_illegal(next(m for m in _all_moves(state) if cards.text(m[0]) == "1d"))
        assert reasons == ["1d may not be led on the hand's first play (deal.first_lead), while the hand holds "
                           "other cards"]
        state.apply(state.legal_moves()[0])
        state.apply(state.legal_moves()[0])
        assert "1d" in {m.split()[0] for m in moves_text(state)}  # from the second play on, an ace may be led
        aces = _deck(cards, ["1d", "1c", "1s", "2b", "3b", "4b", "Rd", "Rc", "Rs", "Cb"])
        only_aces = HandState.deal(rs, aces, players=2)
        assert {m.split()[0] for m in moves_text(only_aces)} == {"1d", "1c", "1s"}


def _all_moves(state):
    from escoba_spec.engine.moves import Move

    return [Move(card, 0, 0) for card in range(state.cards.size) if state.hands[state.to_play] >> card & 1]


# -------------------------------------------------------------------- redeals


def test_three_kings_on_the_table_void_the_deal(deals):
    for rs in both(deals["three-kings"]):
        cards = rs.cards
        order = _deck(cards, ["1d", "2d", "3d", "1c", "2c", "3c", "Rd", "Rc", "Rs", "4b"])
        state = HandState.deal(rs, order, players=2, rng=random.Random(5))
        assert state.redeals == 1 and state.opening is None
        assert sum(1 for c in cards.texts(state.table) if c.startswith("R")) < 3
        assert state.deck != tuple(order)
        two_kings = _deck(cards, ["1d", "2d", "3d", "1c", "2c", "3c", "Rd", "Rc", "4s", "4b"])
        kept = HandState.deal(rs, two_kings, players=2)
        assert kept.redeals == 0 and kept.deck == tuple(two_kings)
        assert rs.redeal_wanted(cards.mask_of(["Rd", "Rc", "Rs", "4b"])) is True
        assert rs.redeal_wanted(cards.mask_of(["Rd", "Rc", "4s", "4b"])) is False


def test_every_redeal_condition_is_asked_and_both_engines_agree_on_every_table(deals):
    variant = deals["all-of-them"]
    interpreted, kernel = both(variant)
    rng = random.Random(11)
    for _ in range(300):
        table = sum(1 << c for c in rng.sample(range(40), 4))
        expected = (sum(1 for c in interpreted.cards.texts(table) if c.startswith("R")) >= 3
                    or sum(interpreted.cards.values[c] for c in range(40) if table >> c & 1) > 30)
        assert interpreted.redeal_wanted(table) is expected
        assert kernel.redeal_wanted(table) is expected


# ------------------------------------------------------------ both engines


@given(name=st.sampled_from(sorted(DEALS)), seed=SEEDS, data=st.data())
def test_the_kernel_deals_and_plays_like_the_interpreter(deals, name, seed, data):
    variant = deals[name]
    layout = data.draw(st.sampled_from(variant.players.layouts))
    names = [data.draw(st.sampled_from(sorted(BOTS))) for _ in range(layout.players)]
    interpreted, kernel = both(variant)
    assert _record(kernel, names, seed, layout.team_size) == _record(interpreted, names, seed, layout.team_size)


def test_the_kernels_redeal_condition_names_its_yaml_line(deals):
    source = generate_kernel(deals["three-kings"])
    assert re.search(r"# three-kings\.yaml:5\b", source), source


# --------------------------------------------------------------------- errors


@pytest.mark.parametrize("body, code, line, column", [
    ("deal:\n  first_lead: rank >= 1\n", "first-lead-does-nothing", 4, 15),
    ("deal:\n  first_lead: rank == 11\n", "expr-card", 4, 23),
    ("players:\n  layouts:\n    - {players: 4, team_size: 2, first_lead: rank >= 1}\n", "first-lead-does-nothing",
     5, 46),
    ("deal:\n  redeal:\n    - count(table) >= 0\n", "redeal-almost-always", 5, 7),
    ("deal:\n  redeal:\n    - count(pile, rank == re) >= 3\n", "expr-unknown-name", 5, 13),
    ("deal:\n  redeal:\n    - most(count(table))\n", "expr-type", 5, 7),
    ("deal:\n  redeal:\n    - count(tabel) > 3\n", "expr-unknown-name", 5, 13),
    ("deal:\n  table_cards: 0\n  redeal:\n    - count(table, rank == 10) >= 3\n", "opening-without-table", 6, 5),
    ("players:\n  layouts:\n    - {players: 2}\n    - {players: 4, team_size: 2, hand_size: 8}\n",
     "stock-does-not-divide", 6, 7),
    ("deal:\n  hand_size: all\n  table_cards: 4\nplayers:\n  layouts:\n    - {players: 2}\n    - {players: 5}\n",
     "stock-does-not-divide", 9, 7),
    ("players:\n  layouts:\n    - {players: 2, hand_size: 20}\n", "deck-too-small", 5, 7),
])
def test_a_deal_that_cannot_work_is_a_located_error(validate_text, body, code, line, column):
    variant, problems = validate_text(f"id: deals\nextends: scopa\n{body}", name="bad.yaml")
    assert variant is None, body
    found = [p for p in problems if p.code == code]
    assert found, [p.format() for p in problems]
    assert (found[0].file, found[0].line, found[0].column) == ("bad.yaml", line, column), found[0].format()
    assert found[0].hint


def test_a_hand_size_of_neither_form_says_both_forms(validate_text):
    _, problems = validate_text("id: deals\nextends: scopa\ndeal:\n  hand_size: most\n", name="bad.yaml")
    assert [(p.code, p.line, p.column) for p in problems] == [("bad-value", 4, 14)]
    assert "all" in problems[0].message and "1 to 26" in problems[0].hint


# ------------------------------------------------------- rulebook and diff


def test_the_rulebook_says_each_tables_deal_the_first_lead_and_the_redeal(deals):
    from escoba_spec.tools.rulebook import render_rulebook

    for name, variant in deals.items():
        assert not rulebook_leaks(variant), name
    english = render_rulebook(deals["four-get-ten"], "en", "md")
    assert "- With 4 players in 2 teams of 2: 10 cards to each player, and none on the table. " \
           "That is the whole deck." in english
    assert "- With 2 players: 3 cards to each player, and 4 cards face up on the table." in english
    whole = render_rulebook(deals["whole-deck"], "en", "md")
    assert "- With 2 players: 18 cards to each player, and 4 cards face up on the table. That is the whole deck." \
        in whole and "The whole deck is dealt in this one round: there is no stock and no further deal." in whole
    assert "First the dealer lays 4 cards face up on the table." in render_rulebook(deals["table-first"], "en", "md")
    assert ("On the first play of a hand, the first player may not lead aces, unless they hold nothing else."
            in render_rulebook(deals["no-ace-lead"], "en", "md"))
    at_four = render_rulebook(deals["ace-lead-at-four"], "en", "md")
    assert ("With 4 players in 2 teams of 2, on the first play of a hand the first player may not lead aces, unless "
            "they hold nothing else.") in at_four and "On the first play of a hand, the first player" not in at_four
    three = render_rulebook(deals["three-kings"], "en", "md")
    assert "If the number of re among the cards on the table is at least 3, the deal is void" in three
    # and with the French deck of its option, kings
    assert "If the number of **kings** among the cards on the table is at least 3, the deal is void" in three
    assert "so the players dealt last, the dealer last of all, hold one card fewer" in \
        render_rulebook(deals["five-players"], "en", "md")
    assert "the cards left on the table go to nobody: they are set aside" in \
        render_rulebook(deals["leftovers-to-nobody"], "en", "md")
    assert "15 or 30" in render_rulebook(deals["opening-fifteen"], "en", "md")
    italian = render_rulebook(deals["three-kings"], "it", "md")
    assert "la distribuzione è nulla" in italian


def test_diff_tells_the_deal_of_each_table_the_first_lead_and_the_redeal(deals):
    from escoba_spec.tools.diff import diff_variants

    scopa = load_variant(RULES / "scopa.yaml")
    texts = {}
    for name in ("nine-and-four", "no-ace-lead", "three-kings", "table-first"):
        report = diff_variants(scopa, deals[name], deals=40, seed=3)
        assert report.exit_code == 0 and not report.unexplained, name
        texts[name] = [d.text for d in report.differences]
    assert "tables: 2 or 4 players (4 in teams of 2) in scopa, 2 or 4 players (4 in teams of 2) in nine-and-four" \
        not in texts["nine-and-four"]
    assert ("cards the first player may not lead on a hand's first play: none in scopa, rank == ace in no-ace-lead"
            in texts["no-ace-lead"])
    assert ("conditions on the opening table that void the deal: none in scopa, [count(table, rank == 10) >= 3] in "
            "three-kings") in texts["three-kings"]
    assert texts["table-first"] == ["what the first round deals first, the hands or the table: hands-first in scopa, "
                                    "table-first in table-first"]
    at_four = diff_variants(deals["no-ace-lead"], deals["ace-lead-at-four"], deals=20, seed=1)
    assert [(d.field, d.text) for d in at_four.differences if "first_lead" in d.field] == [
        ("players.layouts.2.first_lead", "cards the first player may not lead on a hand's first play with 2 players: "
                                         "rank == ace in no-ace-lead, none in ace-lead-at-four")]  # not at four: both
    four = diff_variants(deals["four-get-ten"], deals["nine-and-four"], deals=20, seed=1, bots=["greedy"] * 4)
    assert "the deal with 4 players: 10 cards each, none on the table in four-get-ten, 9 cards each, 4 on the table " \
           "in nine-and-four" in [d.text for d in four.differences]
