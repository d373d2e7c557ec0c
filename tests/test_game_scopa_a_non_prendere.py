"""Scopa a non prendere (rules/scopa-a-non-prendere.yaml), the published Scopa a perdere: the
positions Cartarium's text states (timendum/carte, content/giochi/scopa/non-prendere.md), on the
interpreter and on the kernel's code (run as plain Python)."""

from __future__ import annotations

import pytest

from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.validate import load_variant

from .conftest import RULES
from .engine_fixtures import moves_text, play, position
from .kernel_support import assert_same_matches, engines

VARIANT = load_variant(RULES / "scopa-a-non-prendere.yaml")
RS = Interpreter(VARIANT)


def _four(hand, table):
    return position(RS, [hand, ["2d"], ["3d"], ["4d"]], table)


def test_four_to_six_players_each_for_themselves_the_whole_deck_dealt():
    """"Numero giocatori: 4-6"; "Il mazziere distribuisce tutte le carte ai giocatori, nessuna carta
    viene posizionata sul tavolo"."""
    assert [(lay.players, lay.team_size) for lay in VARIANT.players.layouts] == [(4, 1), (5, 1), (6, 1)]
    assert VARIANT.deal.table_cards == 0 and VARIANT.match.goal == "avoid"


def test_an_ace_takes_the_whole_table_and_is_never_a_scopa():
    """"Se la carta giocata è un Asso, il giocatore raccoglie tutte le carte dal tavolo, se presenti,
    senza però segnare il punto di Scopa"."""
    state = _four(["1c", "Rb"], ["5c", "7b", "1s"])
    assert moves_text(state) == ["1c+5c+1s+7b", "Rb"]  # never the ace alone
    play(state, "1c+5c+1s+7b")
    assert state.sweeps == [0, 0, 0, 0] and state.table == 0


def test_a_player_who_can_make_a_scopa_must_make_it():
    """"Se il giocatore può fare scopa, è obbligato a farlo"."""
    assert moves_text(_four(["7c", "2b"], ["3c", "4s"])) == ["7c+3c+4s"]


def test_the_card_played_must_take_an_equal_card():
    """"Se la carta giocata corrisponde al valore di una carta sul tavolo, è obbligato a prenderla"."""
    moves = moves_text(_four(["5s", "Rb"], ["5c", "2s", "3b", "6d"]))  # no scopa to be made here
    assert "5s+5c" in moves and "5s" not in moves and "5s+2s+3b" not in moves


def test_every_player_tied_for_a_majority_scores_and_all_the_denari_win():
    """"In caso di parità sulle Carte, Denari o Premiera, il punto viene assegnato ad entrambi i
    giocatori"; the Napoleone (all the denari) "vince direttamente la partita"."""
    cards = RS.cards
    texts = [c.text for c in cards.cards]
    piles = [texts[:10], texts[10:20], texts[20:30], texts[30:]]
    score = RS.score_hand([cards.mask_of(p) for p in piles], [0] * 4, [1] * 4)
    assert [p["most-cards"] for p in score.points] == [1, 1, 1, 1]
    denari = [t for t in texts if t.endswith("d")]
    rest = [t for t in texts if not t.endswith("d")]
    won = RS.score_hand([cards.mask_of(denari), cards.mask_of(rest[:10]), cards.mask_of(rest[10:20]),
                         cards.mask_of(rest[20:])], [0] * 4, [1] * 4)
    assert (0, "napoleone", "win-match") in won.effects


@pytest.mark.parametrize("players", [4, 5, 6])
def test_matches_play_alike_on_the_kernel(players):
    kernel, interpreter = engines(VARIANT, native=False)
    assert_same_matches(kernel, interpreter, [1, 2], ["greedy"] * players)
