"""`diff` names a staged first round, packets and the bid in the file's words (deal.stages,
deal.packets, deal.bid), each with the effects it can have, and the lockstep play explains
the divergence they make."""

from __future__ import annotations

import pytest

from escoba_spec.tools.diff import diff_variants, variant_differences

from .engine_fixtures import house_variants
from .staged_deal_rules import seep_text

PLAIN = ("  packets: 4\n  stages:\n    - {deal: first-player, cards: 4}\n    - {deal: table}\n    - bid\n"
         "    - turn-up\n    - {play: 1}\n    - {deal: each}\n  bid:\n    cards: value >= 9\n    first_play: bid-value\n")


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    return house_variants(tmp_path_factory, "staged-diff", {
        "seep": seep_text(),
        "seep-plain": seep_text("seep-plain", (PLAIN, "")),
        "seep-other": seep_text("seep-other", ("cards: 4}", "cards: 3}"), ("packets: 4", "packets: 3"),
                                ("value >= 9", "value >= 10"), ("first_play: bid-value", "first_play: free")),
        "seep-same-cards": seep_text("seep-same-cards", ("value >= 9", "value > 8")),
    })


def texts(a, b) -> dict[str, tuple[str, tuple[str, ...]]]:
    return {d.field: (d.text, d.effects) for d in variant_differences(a, b)}


def test_a_staged_deal_packets_and_a_bid_against_a_deal_at_once(variants):
    found = texts(variants["seep-plain"], variants["seep"])
    assert set(found) == {"deal.stages", "deal.packets", "deal.bid"}
    assert found["deal.stages"] == (
        "the first round's stages: none (the first round dealt at once) in seep-plain, [4 cards to the first player, "
        "the table cards, the bid, the face-down table cards turned up, 1 play, each player dealt up to the hand] "
        "in seep", ("deal", "legal moves", "captures", "sweeps", "hand points"))
    assert found["deal.packets"] == (
        "cards dealt to a player at a time: each player's whole share at once in seep-plain, 4 in seep", ("deal",))
    assert found["deal.bid"] == (
        "the first player's bid: none in seep-plain, on cards where value >= 9, first play bid-value (a card of the "
        "bid value, or a build of it) in seep", ("deal", "legal moves", "captures"))


def test_each_part_of_two_staged_deals_is_its_own_difference(variants):
    found = texts(variants["seep"], variants["seep-other"])
    assert set(found) == {"deal.stages", "deal.packets", "deal.bid.cards", "deal.bid.first_play"}
    assert found["deal.stages"][0].startswith(
        "the first round's stages: [4 cards to the first player, the table cards, the bid, ")
    assert "in seep, [3 cards to the first player, the table cards," in found["deal.stages"][0]
    assert found["deal.packets"][0] == "cards dealt to a player at a time: 4 in seep, 3 in seep-other"
    assert found["deal.bid.cards"] == (
        "cards whose value the first player may bid (none held: the deal is void): value >= 9 in seep, value >= 10 "
        "in seep-other", ("deal", "legal moves"))
    assert found["deal.bid.first_play"] == (
        "the first player's first play, after the bid: bid-value (a card of the bid value, or a build of it) in seep, "
        "free in seep-other", ("legal moves", "captures"))


def test_the_same_bid_cards_said_another_way_are_no_difference(variants):
    assert texts(variants["seep"], variants["seep-same-cards"]) == {}


def test_the_divergence_of_a_staged_deal_is_explained_by_it(variants):
    report = diff_variants(variants["seep-plain"], variants["seep"], deals=3, seed=1)
    assert report.diverged == 3 and report.unexplained == []
    assert report.first_divergence.kind == "deal"
    assert "deal.stages" in report.first_divergence.explained_by
