"""Where the shipped games' sources read a rule differently, each reading is an option (issue 39,
part 2; docs/fidelity.md keeps the record): each choice plays what its source says, here on the
interpreter, and plays alike on the kernel's code (run as plain Python: the same code, without a
numba compile for every choice)."""

from __future__ import annotations

import pytest

from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.expr.env import MatchFacts
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .engine_fixtures import position
from .kernel_support import assert_same_matches, engines
from .test_capture_kinds import options as captures

#: every choice added for a reading, as (file, {option: choice})
READINGS = [
    ("scopa", {"primiera-suits": "missing-suit-zero"}),
    ("scopone", {"primiera-suits": "missing-suit-zero", "deal": "nine-and-four-kings-stay"}),
    ("scopa-dassi", {"primiera-suits": "missing-suit-zero", "ace-on-ace": "either"}),
    ("cirulla", {"primiera-suits": "missing-suit-zero", "most-cards": "at-least-21", "piccola": "up-to-7",
                 "direction": "clockwise"}),
    ("cirulla", {"piccola": "up-to-5"}),
    ("cuarenta", {"card-points": "capped-at-30", "caida-across-deals": "same-deal-only"}),
]


def _rules(name: str, **chosen: str) -> Interpreter:
    return Interpreter(load_variant(RULES / f"{name}.yaml", chosen or None))


def _score(rs, *piles, match=None):
    masks = [rs.cards.mask_of(p) for p in piles]
    return rs.score_hand(masks, [0] * len(masks), [1] * len(masks), *([match] if match else []))


@pytest.mark.parametrize("name", ["scopa", "scopone", "cirulla", "scopa-dassi"])
def test_a_side_missing_a_suit_competes_for_the_primiera_only_where_its_reading_says(name):
    """goblindegook/scopa's test: the six and seven of spade alone take the primiera from the five and
    six of coppe; Parlett: "A player who has taken cards in only three or fewer suits cannot compete"."""
    mine, theirs = ["6s", "7s"], ["5c", "6c"]
    four = _score(_rules(name), mine, theirs).points
    assert (four[0]["primiera"], four[1]["primiera"]) == (0, 0)
    zero = _score(_rules(name, **{"primiera-suits": "missing-suit-zero"}), mine, theirs).points
    assert (zero[0]["primiera"], zero[1]["primiera"]) == (1, 0)


def test_scopone_three_kings_on_the_table_void_the_deal_or_stand():
    """pagat, Scopone_RL: three or four kings among the four table cards void the deal; PyScopone
    deals nine and four with no such check."""
    kings = ["Rc", "Rs", "Rb", "1d"]
    redealt = _rules("scopone", deal="nine-and-four")
    stays = _rules("scopone", deal="nine-and-four-kings-stay")
    assert redealt.redeal_wanted(redealt.cards.mask_of(kings))
    assert not stays.redeal_wanted(stays.cards.mask_of(kings))
    assert stays.params.deal_of(4, 2) == redealt.params.deal_of(4, 2) == (9, 4)


def test_scopa_dassi_an_ace_on_an_ace_takes_that_ace_the_table_or_either():
    """lotoflaughs: "prende solo l'Asso"; Board Game Arena's simplified variant: the whole table;
    Scopone_RL: "Asso piglia tutto permette di ignorare la regola della presa diretta"."""
    table = ["1c", "5s", "7b"]
    got = {choice: captures(_rules("scopa-dassi", **{"ace-on-ace": choice}), "1d", table)
           for choice in ("only-that-ace", "whole-table", "either")}
    assert got == {"only-that-ace": ["1c"], "whole-table": ["1c+5s+7b"], "either": ["1c", "1c+5s+7b"]}


def test_cirulla_most_cards_at_three_players_and_la_piccolas_reach():
    """spazioinwind: "1 punto a chi prende almeno 21 carte", where pagat gives the most cards; la
    piccola up to the six (pagat), the five (spazioinwind) or the seven (fishingcardgames)."""
    rs = _rules("cirulla")
    cards = [c.text for c in rs.cards.cards[:rs.cards.size]]  # the deck (not the matta read as each rank)
    piles = [cards[:14], cards[14:27], cards[27:]]
    most = [p["most-cards"] for p in _score(rs, *piles).points]
    assert most == [1, 0, 0]
    assert [p["most-cards"] for p in _score(_rules("cirulla", **{"most-cards": "at-least-21"}), *piles).points] == [0, 0, 0]
    run = [f"{r}d" for r in range(1, 8)]
    reach = {choice: _score(_rules("cirulla", piccola=choice), run, ["1c"]).points[0]["piccola"]
             for choice in ("up-to-5", "up-to-6", "up-to-7")}
    assert reach == {"up-to-5": 5, "up-to-6": 6, "up-to-7": 7}
    assert _rules("cirulla", direction="clockwise").variant.players.direction == "clockwise"


def test_cuarenta_card_points_stop_at_30_in_ganglypuma22s_reading():
    """GanglyPuma22's engine since August 2026: "The card count stops paying at 30"; a side on 28 with
    24 cards takes 2 of the cartón's 10, and a ronda dealt at 30 scores nothing."""
    def carton(rs, score):
        cards = list(range(40))
        piles = [sum(1 << c for c in cards[:24]), sum(1 << c for c in cards[24:])]
        return rs.score_hand(piles, [0, 0], [1, 1], MatchFacts((score, 0), 1, 1)).points[0]["carton"]

    to_38, capped = _rules("cuarenta"), _rules("cuarenta", **{"card-points": "capped-at-30"})
    assert (carton(to_38, 28), carton(capped, 28), carton(capped, 10), carton(capped, 30)) == (10, 2, 10, 0)
    for rs, ronda in ((to_38, 4), (capped, 0)):
        state = position(rs, [["4d", "4c", "4s", "Kd", "Kc"], ["2d", "3c", "5s", "6d", "7c"]], [])
        state.match = MatchFacts((30, 0), 1, 2)
        state.rounds = 1
        assert state._declare() is False
        assert sum(d.points for d in state.declared if d.id == "ronda") == ronda


@pytest.mark.parametrize(("name", "chosen"), READINGS, ids=[f"{n}-{'-'.join(c.values())}" for n, c in READINGS])
def test_every_reading_plays_alike_on_the_kernel(name, chosen):
    variant = load_variant(RULES / f"{name}.yaml", chosen)
    kernel, interpreter = engines(variant, native=False)
    layout = variant.players.layouts[0]
    assert_same_matches(kernel, interpreter, [1, 2, 3], ["greedy"] * layout.players, team_size=layout.team_size)


def test_cuarenta_a_caida_on_the_last_card_of_the_deal_before_only_where_its_reading_allows():
    """GanglyPuma22's engine: a caída only on a card "played in the same deal" (lastPlayedCard's
    dealNumber); the texts read here do not speak of deals, and the default allows it."""
    from escoba_spec.language.expr.env import PlayFacts

    def caida(rs, first_in_round):
        cards = rs.cards
        play = PlayFacts(cards.mask_of(["4c"]), cards.mask_of(["4d"]), cards.mask_of(["4d", "2s"]),
                         cards.mask_of(["4d"]), 1, False, 2, card=cards.parse("4c"), first_in_round=first_in_round)
        fired = rs.play_events(0, [0, 0], [0, 0], [0, 0], cards.mask_of(["2s"]), play, MatchFacts((0, 0), 1, 1))
        return [f[0] for f in fired]

    allowed, same_deal = _rules("cuarenta"), _rules("cuarenta", **{"caida-across-deals": "same-deal-only"})
    assert caida(allowed, False) == caida(allowed, True) == caida(same_deal, False) == ["caida"]
    assert caida(same_deal, True) == []
