"""Rubamazzo (rules/rubamazzo.yaml): the captures, steals and counts its sources state, in both engines.

Cards are Italian: `7d` the seven of denari, `Rb` the re of bastoni. The
sources: W Italian Wikipedia, S sapere.it, I intelligiochi.it, I1 cameyo42's
newLISP notes (a whole logged game), I3 madina9229/rubamazzo-game's tests, I6
giorgiamatteucci/rubamazzo1's rules text.
"""

from __future__ import annotations

import pytest

from escoba_spec.engine import HandState
from escoba_spec.language.validate import load_variant, validate_file, validate_option_values

from .conftest import RULES
from .engine_fixtures import both_engines, moves_text, play, rulebook_leaks

PATH = RULES / "rubamazzo.yaml"
IDS = ["interpreted", "kernel"]


def engines(**chosen):
    return both_engines(load_variant(PATH, chosen or None))


BOTH = engines()
TABLE_FIRST = engines(**{"both-match": "table-first"})
PILE_FIRST = engines(**{"both-match": "pile-first"})
OPTIONAL = engines(capture="optional")


def _position(rs, mine, theirs, table, piles=((), ()), stock=(), dealer=1):
    """Seat 0 holds `mine` and plays first; each pile is given bottom to top (its last card on top)."""
    cards = rs.cards
    return HandState.setup(rs, [cards.mask_of(mine), cards.mask_of(theirs)], cards.mask_of(table),
                           [cards.parse(c) for c in stock], dealer=dealer,
                           piles=[cards.mask_of(list(p)) for p in piles],
                           tops=[cards.parse(p[-1]) if p else -1 for p in piles])


def test_the_file_cites_its_sources_and_validates_cleanly_with_every_option():
    variant, problems = validate_file(PATH)
    assert variant is not None and problems == []
    assert validate_option_values(PATH, variant, problems) == []


def test_the_rulebook_says_every_rule_in_every_language():
    assert rulebook_leaks(load_variant(PATH)) == {}


# ------------------------------------------------------------------ the table


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_w_a_re_takes_only_another_re_one_card(rs):
    """W: "se in mano ha un Re di denari da terra (dal tavolo) può prendere solo un altro Re": one
    card, never a sum, and it must."""
    state = _position(rs, ["Rd", "3c"], ["5s", "6b"], ["Rc", "Rs", "7b", "3b"])
    assert moves_text(state) == ["Rd+Rc", "Rd+Rs", "3c+3b"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_s_a_card_that_takes_nothing_is_laid_on_the_table(rs):
    """S: "giocando una delle proprie carte, prenderne un'altra di uguale valore ... in caso contrario
    scarta"."""
    state = _position(rs, ["4d", "3c"], ["5s", "6b"], ["Rc", "7b"])
    assert moves_text(state) == ["4d", "3c"]
    play(state, "4d")
    assert sorted(rs.cards.texts(state.table)) == ["4d", "7b", "Rc"]


@pytest.mark.parametrize("rs", OPTIONAL, ids=IDS)
def test_s_with_the_option_a_capture_may_be_declined(rs):
    """S: "potrà ... prenderne un'altra": the card may be laid instead."""
    state = _position(rs, ["Rd"], ["5s"], ["Rc"])
    assert moves_text(state) == ["Rd+Rc", "Rd"]


# ------------------------------------------------------------------ the piles


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i3_a_seven_steals_the_pile_topped_by_a_seven(rs):
    """I3 (GameLogicTest, "handleDeckSteal"): Giovanni holds 7 Denari and Re Bastoni, the table 6
    Bastoni and Fante Coppe, Marco's pile 7 Spade (on top) and 7 Bastoni: the 7 takes the pile;
    Giovanni's pile holds 7 Denari, 7 Spade, 7 Bastoni, Marco's is empty."""
    state = _position(rs, ["7d", "Rb"], ["5c", "1s"], ["6b", "Fc"], piles=((), ("7b", "7s")))
    assert moves_text(state) == ["7d+7s+7b", "Rb"]
    play(state, "7d+7s+7b")
    cards = rs.cards
    assert state.piles == [cards.mask_of(["7d", "7s", "7b"]), 0]
    assert state.tops == [cards.parse("7d"), -1]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_w_the_stealing_card_tops_the_pile_and_can_be_stolen_in_turn(rs):
    """W: "il giocatore deve tenere scoperta l'ultima carta del proprio mazzo": after a steal the
    stealing card is on top, and a card of its rank takes the whole pile back."""
    state = _position(rs, ["7d", "2c"], ["7c", "5s"], ["Fc"], piles=((), ("3b", "7s")))
    play(state, "7d+7s+3b")
    assert moves_text(state) == ["7c+7d+7s+3b", "5s"]  # the 7 must steal it back
    play(state, "7c+7d+7s+3b")
    assert state.piles[0] == 0 and state.piles[1].bit_count() == 4


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_w_when_the_table_and_a_pile_both_match_the_player_chooses(rs):
    """W: "Se la carta in tavola è la stessa del mazzo dell'avversario si prende quella che si
    preferisce"."""
    state = _position(rs, ["5d"], ["2s"], ["5c"], piles=((), ("5s",)))
    assert moves_text(state) == ["5d+5c", "5d+5s"]


@pytest.mark.parametrize("rs", TABLE_FIRST, ids=IDS)
def test_s_with_the_option_the_table_comes_first(rs):
    """S: a pile is stolen only with a card "che non sia però anche scoperta sul tavolo"."""
    state = _position(rs, ["5d"], ["2s"], ["5c"], piles=((), ("5s",)))
    assert moves_text(state) == ["5d+5c"]


@pytest.mark.parametrize("rs", PILE_FIRST, ids=IDS)
def test_i1_with_the_option_the_pile_comes_first(rs):
    """I1 (code): a played card equal to the opponent's top card steals, checked first."""
    state = _position(rs, ["5d"], ["2s"], ["5c"], piles=((), ("5s",)))
    assert moves_text(state) == ["5d+5s"]


@pytest.mark.parametrize("order, first", [("table-first", "5d+5c"), ("pile-first", "5d+5s")])
def test_an_order_between_table_and_pile_holds_with_sums_too_and_a_sum_comes_last(order, first):
    """both-match and sums chosen together: the order holds, a sum only when nothing matches."""
    for rs in engines(**{"both-match": order, "sums": "after-a-match"}):
        assert moves_text(_position(rs, ["5d"], ["2s"], ["5c", "2c", "3c"], piles=((), ("5s",)))) == [first]
        assert moves_text(_position(rs, ["5d"], ["2s"], ["2c", "3c"], piles=((), ("5s",)))) == ["5d+5s"]
        assert moves_text(_position(rs, ["5d"], ["2s"], ["2c", "3c"])) == ["5d+2c+3c"]


@pytest.mark.parametrize("rs", BOTH, ids=IDS)
def test_i6_a_steal_is_the_last_capture_for_the_leftovers(rs):
    """I6: the cards left on the table go to "l'ultimo giocatore che ha preso una carta dal tavolo
    oppure rubato il mazzo altrui"."""
    state = _position(rs, ["4d"], ["2c"], ["Rc"], piles=((), ("1b", "4s")))
    play(state, "4d+1b+4s")
    play(state, "2c")
    cards = rs.cards
    assert state.over and state.result.leftovers_side == 0
    assert state.piles[0] == cards.mask_of(["4d", "1b", "4s", "Rc", "2c"])


# ------------------------------------------------------------------ a whole game


#: I1's logged game: the deck by rank (table, player 1's hand, player 2's hand, the stock), and the
#: cards played in order; player 1 leads every deal
_I1_DECK = [8, 6, 1, 3, 10, 10, 2, 10, 6, 9, 7, 2, 5, 7, 9, 3, 1, 7, 10, 3, 2, 5, 9, 4, 7, 3, 1, 4, 6, 9, 5, 4, 1,
            8, 4, 6, 8, 5, 8, 2]
_I1_PLAYS = [10, 6, 2, 9, 10, 10, 5, 9, 2, 3, 7, 7, 7, 3, 10, 2, 1, 5, 4, 3, 9, 4, 7, 1, 9, 8, 5, 4, 6, 1,
             4, 2, 6, 8, 8, 5]


@pytest.mark.parametrize("rs", PILE_FIRST, ids=IDS)
def test_i1_the_logged_game_ends_8_to_32(rs):
    """I1's whole logged game ("carte player 1 = 8, carte player 2 = 32") replayed under its rules:
    a steal first, else one equal table card, else the card laid; the last capturer takes what is
    left. Suits are given to each rank's cards in the order they appear."""
    cards = rs.cards
    letters = "RCF"
    seen: dict[int, int] = {}
    texts = []
    for rank in _I1_DECK:
        suit = "dcsb"[seen.get(rank, 0)]
        seen[rank] = seen.get(rank, 0) + 1
        texts.append((str(rank) if rank <= 7 else letters[10 - rank]) + suit)
    table, first, second, stock = texts[:4], texts[4:7], texts[7:10], texts[10:]
    deck = [cards.parse(t) for t in first + second + table + stock]  # ours deals the hands first
    state = HandState.deal(rs, deck, players=2, dealer=1)
    for rank in _I1_PLAYS:
        hand = state.hands[state.to_play]
        move = next(m for m in state.legal_moves()
                    if hand >> m.card & 1 and cards.cards[m.card].rank == rank)
        state.apply(move)
    assert state.over
    assert [p.bit_count() for p in state.result.piles] == [8, 32]
    assert state.result.score.points[1]["most-cards"] == 1


@pytest.mark.parametrize("rs", engines(**{"equal-cards": "all"}), ids=IDS)
def test_l2_with_the_option_a_card_takes_every_table_card_of_its_rank(rs):
    """lotoflaughs.com's Rubamazzetto: "Nell'ipotesi che un giocatore possieda una o più carte simili
    a quelle centrali, può prenderle tutte in una volta" (deck.kinds sets: all)."""
    state = _position(rs, ["Rd", "3c"], ["5s", "6b"], ["Rc", "Rs", "7b"])
    assert moves_text(state) == ["Rd+Rc+Rs", "3c"]


@pytest.mark.parametrize("rs", engines(**{"asso-piglia-tutto": "yes"}), ids=IDS)
def test_w_with_asso_piglia_tutto_an_ace_takes_the_table_or_the_next_pile(rs):
    """W: "se un giocatore ha un asso può rubare o le carte nel tavolo o il mazzo del compagno
    seguente": the whole table, or the next player's whole pile whatever its top."""
    state = _position(rs, ["1d", "3c"], ["5s", "6b"], ["Rc", "7b"], piles=((), ("4s", "2b")))
    assert sorted(moves_text(state)) == ["1d+4s+2b", "1d+Rc+7b", "3c"]


# ------------------------------------------------------ events that see the piles

STEAL_EVENTS = """\
id: rubamazzo-steal-events
extends: rubamazzo
scoring:
  events:
    - {id: big-steal, name: A big steal, when: count(stolen) >= 2, points: count(stolen)}
    - {id: stealer, name: Stealer, kinds: [steal], points: 1}
    - {id: seven-on-top, name: A seven on top, when: "count(pile_top, rank == 7) == 1", points: 1}
"""


@pytest.mark.parametrize("engine", [0, 1], ids=IDS)
def test_an_event_sees_the_pile_a_play_took_whole_and_the_top_card_it_leaves(validate_text, engine):
    """A house rule of Rubamazzo scoring steals (issue 37 item 3): `stolen` is the pile taken whole
    (not in `taken`), `pile_top` the scoring side's own top card after the play, and an event may
    name the kind that took a pile."""
    variant, problems = validate_text(STEAL_EVENTS, name="rubamazzo-steal-events.yaml")
    assert variant is not None, [p.format() for p in problems]
    rs = both_engines(variant)[engine]
    state = _position(rs, ["7d", "Rb"], ["5c", "1s"], ["6b", "Fc"], piles=((), ("7b", "7s")))
    play(state, "7d+7s+7b")
    assert [(e.id, e.points) for e in state.events] == [("big-steal", 2), ("stealer", 1), ("seven-on-top", 1)]
    play(state, "5c")  # the other side trails: its pile is empty, no event
    play(state, "Rb")  # a trail: nothing stolen, but the pile's top is still the seven
    assert [(e.side, e.id) for e in state.events[3:]] == [(0, "seven-on-top")]


def test_the_piles_names_are_known_only_with_piles_shown(validate_text):
    variant, problems = validate_text(
        "id: scopa-stolen\nextends: scopa\nscoring:\n  events:\n"
        "    - {id: stolen-one, name: Stolen, when: count(stolen) > 0}\n", name="scopa-stolen.yaml")
    assert variant is None
    found = [p for p in problems if p.code == "expr-unknown-name"]
    assert found and found[0].line == 5 and "piles.top: shown" in found[0].hint
