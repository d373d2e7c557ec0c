"""Seed 002's worked example, its first two deals played move by move under
rules/scopa.yaml with the deck the text itself uses (its `deck` option,
french-40: diamonds are the scoring suit, J=8, Q=9, K=10), with both the
interpreter and the kernel. "Tú" is seat 0; Ada (seat 1) deals, so
you play first."""

import pytest

from escoba_spec.engine import HandState
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.validate import load_variant
from tests.conftest import RULES
from tests.engine_fixtures import as_moves, deck_order, legal, moves_text, play

from .engine_fixtures import kernel_rules

SCOPA = load_variant(RULES / "scopa.yaml", {"deck": "french-40"})
ENGINES = {"interpreted": Interpreter(SCOPA), "kernel": kernel_rules(SCOPA)}

YOU, ADA = 0, 1


def example_hand(engine: str = "interpreted") -> HandState:
    rs = ENGINES[engine]
    order = deck_order(
        rs.cards,
        hands=[["7d", "7h", "As"], ["3h", "Kc", "Jd"]],
        table=["2c", "4h", "5s", "Qd"],
        dealer=ADA,
        later=[[["Js", "6d", "2h"], ["5c", "6s", "Qh"]]],
    )
    return HandState.deal(rs, order, players=2, dealer=ADA)


def table(state) -> list[str]:
    return sorted(state.cards.texts(state.table))


def test_the_deal_is_the_texts():
    state = example_hand()
    cards = state.cards
    assert state.to_play == YOU and state.dealer == ADA
    assert sorted(cards.texts(state.hands[YOU])) == sorted(["7d", "7h", "As"])
    assert sorted(cards.texts(state.hands[ADA])) == sorted(["3h", "Kc", "Jd"])
    assert table(state) == sorted(["2c", "4h", "5s", "Qd"])
    assert state.opening is None


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_first_two_deals_move_by_move(engine):
    state = example_hand(engine)
    cards = state.cards

    # "Juegas 7♦ y te llevas 2♣ y 5♠": no seven on the table, but 2 + 5
    assert as_moves(state, ["7d+2c+5s"]) <= legal(state)
    p = play(state, "7d+2c+5s")
    assert p.sweeps == 0 and table(state) == sorted(["4h", "Qd"])
    assert state.piles[YOU] == cards.mask_of(["7d", "2c", "5s"])

    # "Ada no puede capturar nada ... Deja 3♥"
    assert all("+" not in m for m in moves_text(state))
    play(state, "3h")

    # "Tu 7♥ podría llevarse ahora 4♥ y 3♥ ... dejas el A♠"
    assert legal(state) == as_moves(state, ["7h+4h+3h", "As"])
    play(state, "As")
    assert table(state) == sorted(["4h", "Qd", "3h", "As"])

    # "Ada tiene dos capturas posibles ... Juega el K♣ y se lleva la Q♦ y el A♠"
    assert legal(state) == as_moves(state, ["Jd+As+4h+3h", "Kc+Qd+As"])
    play(state, "Kc+Qd+As")
    assert table(state) == sorted(["4h", "3h"])

    # "Juegas 7♥ y te llevas 4♥ y 3♥. La mesa queda vacía ... una scopa"
    p = play(state, "7h+4h+3h")
    assert p.sweeps == 1 and state.sweeps == [1, 0] and state.table == 0

    # "A Ada solo le queda la J♦ y tiene que dejarla en la mesa vacía"
    assert moves_text(state) == ["Jd"]
    play(state, "Jd")

    # new hands of three
    assert sorted(cards.texts(state.hands[YOU])) == sorted(["Js", "6d", "2h"])
    assert sorted(cards.texts(state.hands[ADA])) == sorted(["5c", "6s", "Qh"])
    assert state.to_play == YOU

    # "Tu J♠ coincide con la J♦ ... segunda scopa y segundo oro"
    p = play(state, "Js+Jd")
    assert p.sweeps == 1 and state.sweeps == [2, 0]
    diamonds = cards.suit_masks[0]
    assert (state.piles[YOU] & diamonds).bit_count() == 2

    # "Ada ... pone la Q♥", "dejas el 2♥", "Ada deja el 5♣", "el 6♦ no se lleva nada"
    play(state, "Qh")
    assert legal(state) == as_moves(state, ["6d", "2h"])
    play(state, "2h")
    play(state, "5c")
    assert moves_text(state) == ["6d"]
    play(state, "6d")

    # "El 6♠ de Ada coincide con él y se lo lleva"
    assert as_moves(state, ["6s+6d"]) <= legal(state)
    p = play(state, "6s+6d")
    assert p.sweeps == 0
    assert table(state) == sorted(["Qh", "2h", "5c"])  # "sigue fuera del alcance de una scopa"
    assert state.piles[ADA] == cards.mask_of(["Kc", "Qd", "As", "6s", "6d"])
    assert state.sweeps == [2, 0] and state.captures == [3, 2]
    assert len(state.history) == 12 and state.stock_pos == 22  # the third deal is out
    state.check_invariants()


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_the_final_count_of_the_example_hand(engine):
    """"Al final tienes 22 cartas contra 18 de Ada y seis oros contra cuatro, y el
    settebello es tuyo: tres puntos. Ada gana la primiera, 78 a 73 [...] Con tus
    dos scopas la mano termina 5 a 1": piles consistent with every number the
    text gives, scored by the variant."""
    rs = ENGINES[engine]
    cards = rs.cards
    ada = ["7c", "7s", "6d", "6h", "6c", "6s", "As", "Kc", "Qd", "Ad", "2d"]  # 7+7+6+6 = 78
    yours = ["7d", "7h", "5s", "Ac", "Jd", "3d", "4d", "5d", "Kd"]  # 7+7+5+A = 21+21+15+16 = 73
    rest = [c.text for c in cards.cards if c.text not in ada + yours]
    ada, yours = ada + rest[:7], yours + rest[7:]  # no card of `rest` beats a primiera card above
    you_mask, ada_mask = cards.mask_of(yours), cards.mask_of(ada)
    assert (you_mask & ada_mask) == 0 and (you_mask | ada_mask) == cards.full_mask
    assert you_mask.bit_count() == 22 and ada_mask.bit_count() == 18
    diamonds = cards.suit_masks[0]
    assert (you_mask & diamonds).bit_count() == 6 and (ada_mask & diamonds).bit_count() == 4
    score = rs.score_hand([you_mask, ada_mask], [2, 0], [9, 6])
    assert score.totals() == (5, 1)
    assert score.points[YOU]["scope"] == 2 and score.points[ADA]["primiera"] == 1
