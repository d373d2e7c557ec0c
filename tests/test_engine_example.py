"""Seed 002's worked example, its first two deals played move by move under
the Scopa IR, with the text's own French deck: diamonds are the scoring
suit, J=8, Q=9, K=10. "Tú" is seat 0; Ada (seat 1) deals, so you play first."""

from escoba_spec.engine import HandState
from tests.engine_fixtures import as_moves, deck_order, legal, moves_text, play, ruleset, scopa

YOU, ADA = 0, 1


def example_hand() -> HandState:
    rs = ruleset(scopa())
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


def test_first_two_deals_move_by_move():
    state = example_hand()
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
