"""The rulebook says a staged first round, packets and the bid as the engine plays them
(deal.stages, deal.packets, deal.bid; engine/staging.py): the stages in order in place of
the first round's "each player gets N cards", the later rounds as usual, in five languages.

The deal section alone is compared here, so the rulebooks are built without their example hand
(rules/seep.yaml's own, with its bid, is built by `escoba-spec build` and its tests)."""

from __future__ import annotations

import re

import pytest

from escoba_spec.tools.rulebook import LANGS, document, render_rulebook
from escoba_spec.tools.rulebook.coverage import leaks

from .engine_fixtures import house_variants
from .staged_deal_rules import seep_text

BUILDS = ("  builds:\n    lowest: 9\n    highest: 13\n    hold: true\n    raise: single\n    raise_own: false\n"
          "    per_value: one\n    absorb: true\n    owners: shared\n    duties: [keep-card]\n")

TEXTS = {
    "seep": seep_text(),
    "seep-free": seep_text("seep-free", ("first_play: bid-value", "first_play: free")),
    "seep-no-builds": seep_text("seep-no-builds", (BUILDS, "")),
    "seep-kept-down": seep_text("seep-kept-down", ("    - turn-up\n", "")),
    "seep-some-down": seep_text("seep-some-down", ("face_down: 4", "face_down: 2")),
    "seep-no-packets": seep_text("seep-no-packets", ("  packets: 4\n", "")),
    "escoba-one-by-one": "id: escoba-one-by-one\nextends: escoba-de-15\ndeal:\n  packets: 1\n",
    "escoba-packets-of-three": "id: escoba-packets-of-three\nextends: escoba-de-15\ndeal:\n  packets: 3\n",
}


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    return house_variants(tmp_path_factory, "staged-book", TEXTS)


def deal_blocks(variant, lang: str = "en") -> dict[str, str]:
    doc = document(variant, lang, base=False, options=False, example=False)
    return {b.key: b.text for b in doc.section("deal").blocks}


SEEP_ROUND = (
    "The first round of each hand is dealt in stages, in this order. "
    "First the dealer deals 4 cards to the first player. "
    "Then the dealer lays 4 cards face down on the table. "
    "Then the first player looks at their cards and bids. "
    "Then the table cards lying face down are turned face up. "
    "Then the first player plays one card, before any more cards are dealt. "
    "Then the dealer completes the hands 4 cards at a time, going round the table from the first player, "
    "until every player has been dealt 12 cards in this round.")


def test_a_staged_first_round_is_said_stage_by_stage_instead_of_each_player_getting_a_hand(variants):
    blocks = deal_blocks(variants["seep"])
    assert blocks["deal.round"] == SEEP_ROUND
    assert "deal.order" not in blocks and "deal.face_down" not in blocks  # the stages lay the table
    assert not any("to each player, starting with" in text for text in blocks.values())
    assert list(blocks)[:6] == ["deal.round", "deal.bid", "deal.bid.void", "deal.bid.first_play", "deal.rounds",
                                "deal.packets"]


def test_the_later_rounds_are_still_said_with_their_packets(variants):
    blocks = deal_blocks(variants["seep"])
    assert blocks["deal.rounds"] == ("When everyone has played all their cards, the dealer deals 12 cards each again, "
                                     "and so on until the stock is used up.")
    assert blocks["deal.packets"] == ("In the later rounds the cards are dealt 4 at a time, going round the table "
                                      "from the player dealt first, until each player has their share.")
    assert blocks["deal.first_player"] == "In every round the player after the dealer plays first, and the dealer plays last."


def test_the_bid_says_who_bids_on_which_cards_the_redeal_and_the_bound_first_play(variants):
    blocks = deal_blocks(variants["seep"])
    assert blocks["deal.bid"] == ("The first player bids the value of one of the cards they hold, and only cards "
                                  "where the value is at least 9 may be bid on.")
    assert blocks["deal.bid.void"] == ("If the first player holds no such card when it is time to bid, the deal is "
                                       "void: the cards are shuffled and dealt again by the same dealer.")
    assert blocks["deal.bid.first_play"] == (
        "The first player's first play must be of the value they bid: either a build of that value (made, raised or "
        "added to), or a card of that value, played to capture or laid on the table.")


def test_a_bid_binds_a_card_only_where_plays_cannot_build_and_nothing_when_free(variants):
    assert deal_blocks(variants["seep-no-builds"])["deal.bid.first_play"] == (
        "The first player's first play must be a card of the value they bid, played to capture or laid on the table.")
    assert deal_blocks(variants["seep-free"])["deal.bid.first_play"] == (
        "The bid does not restrict the first player's first play.")


def test_face_down_table_cards_not_turned_up_before_a_play_say_who_takes_them(variants):
    text = deal_blocks(variants["seep-kept-down"])["deal.round"]
    assert ("Then the dealer lays 4 cards on the table. Of these, the first 4 cards are dealt face down and set apart, "
            "unseen: they go to the pile of the first player to make a capture, whose side alone may look at them. "
            "Then the first player looks at their cards and bids.") in text
    assert "turned face up" not in text


def test_some_table_cards_face_down_until_turned_up(variants):
    assert ("Then the dealer lays 4 cards on the table, the first 2 face down and the others face up. "
            "Then the first player looks") in deal_blocks(variants["seep-some-down"])["deal.round"]


def test_a_staged_round_without_packets_deals_each_hand_whole(variants):
    blocks = deal_blocks(variants["seep-no-packets"])
    assert blocks["deal.round"].endswith(
        "Then the dealer completes each player's hand, starting with the first player, until every player has been "
        "dealt 12 cards in this round.")
    assert "deal.packets" not in blocks


def test_packets_are_said_of_every_round_where_smaller_than_a_hand(variants):
    blocks = deal_blocks(variants["escoba-one-by-one"])
    assert blocks["deal.round"] == "The dealer deals 3 cards to each player, starting with the player after the dealer."
    assert blocks["deal.packets"] == ("In every round the cards are dealt one at a time, going round the table from "
                                      "the player dealt first, until each player has their share.")
    assert "deal.packets" not in deal_blocks(variants["escoba-packets-of-three"])  # a packet of a whole hand


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_says_the_staged_deal_without_a_missing_word(variants, lang):
    english = {name: deal_blocks(v) for name, v in variants.items()}
    for name, variant in variants.items():
        blocks = deal_blocks(variant, lang)  # a missing or untranslated key raises MissingMessage
        assert set(blocks) == set(english[name]), name
        for key, text in blocks.items():
            assert not leaks(text), (name, key, text)
            if lang != "en" and key.startswith(("deal.round", "deal.bid", "deal.packets")):
                assert text != english[name][key], (name, key)  # translated, not the English
        for fmt in ("md", "html"):
            page = render_rulebook(variant, lang, fmt, base=False, example=False)
            assert not leaks(re.sub(r"<style>.*?</style>", "", page, flags=re.S)), (name, fmt)
