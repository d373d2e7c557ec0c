"""A deck the rule file declares: its suits and ranks, names, letters, values and words.

The example is Escoba de 15 with the Spanish 48-card deck (the 8s and 9s
kept), written as a house rule; both engines play it, the rulebook names its
cards in five languages from the file's words, and every malformed deck is a
located error.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escoba_spec.engine import HandState
from escoba_spec.engine.interpreter import Interpreter
from escoba_spec.language.validate import load_variant

from .engine_fixtures import house_variants, kernel_rules, rulebook_leaks
from .test_capture_kinds import BOTS, _record, options

RANKS = """\
    - {name: ace, letter: "1", words: {en: {one: ace, other: aces}, es: {one: as, other: ases}, it: {one: asso, other: assi}}}
    - {name: two, letter: "2"}
    - {name: three, letter: "3"}
    - {name: four, letter: "4"}
    - {name: five, letter: "5"}
    - {name: six, letter: "6"}
    - {name: seven, letter: "7"}
    - {name: eight, letter: "8", primiera: 10}
    - {name: nine, letter: "9", primiera: 10}
    - {name: sota, letter: S, value: 8, words: {es: {one: sota, other: sotas, gender: f}, it: {one: fante, other: fanti}}}
    - {name: caballo, letter: C, value: 9, words: {en: {one: knight, other: knights}}}
    - {name: rey, letter: R, value: 10, words: {en: {one: king, other: kings}, es: {one: rey, other: reyes}}}
"""
SUITS = """\
    - {name: oros, letter: o, words: {en: coins, es: oros, pt: ouros, fr: deniers, it: denari}}
    - {name: copas, letter: c, words: {en: cups, es: copas, pt: copas, fr: coupes, it: coppe}}
    - {name: espadas, letter: e, words: {en: swords, es: espadas, pt: espadas, fr: épées, it: spade}}
    - {name: bastos, letter: b, words: {en: clubs, es: bastos, pt: paus, fr: bâtons, it: bastoni}}
"""
FORTY_EIGHT = f"""\
id: escoba-48
extends: escoba-de-15
name: Escoba with the 48-card Spanish deck
deck:
  preset: null
  suits:
{SUITS}  ranks:
{RANKS}  scoring_suit: oros
deal:
  stock_remainder: to-hands
options:
  deck: {{drop: true}}
"""


@pytest.fixture(scope="module")
def forty_eight(tmp_path_factory):
    return house_variants(tmp_path_factory, "declared", {"escoba-48": FORTY_EIGHT})["escoba-48"]


def test_the_declared_deck_has_its_cards_numbers_values_and_letters(forty_eight):
    deck = forty_eight.deck
    assert deck.preset == "declared" and [s.name for s in deck.suits] == ["oros", "copas", "espadas", "bastos"]
    assert [(r.name, r.number, r.value, r.primiera) for r in deck.ranks][6:] == [
        ("seven", 7, 7, 21), ("eight", 8, 8, 10), ("nine", 9, 9, 10), ("sota", 10, 8, 10), ("caballo", 11, 9, 10),
        ("rey", 12, 10, 10)]
    for rs in (Interpreter(forty_eight), kernel_rules(forty_eight)):
        assert rs.cards.size == 48 and rs.cards.text(rs.cards.parse("9e")) == "9e"
        assert options(rs, "9o", ["6c", "Sb"]) == ["6c"]  # 9 + 6 = 15; 9 + 8 (the sota) is 17
        assert options(rs, "8o", ["7c", "Sb", "Cb"]) == ["7c"]
        assert options(rs, "Ro", ["5c", "9e"]) == ["5c"]  # the rey counts 10: 10 + 5
        state = HandState.deal(rs, seed=3, players=2)
        assert (state.table | state.set_aside).bit_count() == 4 and [h.bit_count() for h in state.hands] == [3, 3]


@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_both_engines_play_a_declared_deck_alike(forty_eight, seed, data):
    layout = data.draw(st.sampled_from(forty_eight.players.layouts))
    names = [data.draw(st.sampled_from(sorted(BOTS))) for _ in range(layout.players)]
    kernel = kernel_rules(forty_eight)
    assert _record(kernel, names, seed, layout.team_size) == _record(Interpreter(forty_eight), names, seed,
                                                                        layout.team_size)


def test_the_rulebook_names_the_cards_with_the_files_words(forty_eight):
    from escoba_spec.tools.rulebook import render_rulebook

    assert not rulebook_leaks(forty_eight)
    en = render_rulebook(forty_eight, "en", "md")
    assert "The game uses a deck of its own: 48 cards, 4 suits of 12 cards." in en
    assert ("Its suits are coins, cups, swords, and clubs; each has these ranks, from the lowest: ace, 2, 3, 4, 5, "
            "6, 7, 8, 9, sota, knight, and king.") in en
    assert "the 7 of coins" in en
    it = render_rulebook(forty_eight, "it", "md")
    assert "asso, 2, 3, 4, 5, 6, 7, 8, 9, fante, caballo e rey" in it and "il 7 di denari" in it
    es = render_rulebook(forty_eight, "es", "md")
    assert "as, 2, 3, 4, 5, 6, 7, 8, 9, sota, caballo y rey" in es


def test_diff_tells_the_declared_deck_by_its_ranks(forty_eight):
    from escoba_spec.tools.diff import diff_variants

    from .conftest import RULES

    report = diff_variants(load_variant(RULES / "escoba-de-15.yaml"), forty_eight, deals=10, seed=1)
    texts = [d.text for d in report.differences]
    assert "deck: spanish-40 in escoba-de-15, declared in escoba-48" in texts
    assert any(t.startswith("ranks of the deck: [ace, two, three, four, five, six, seven, sota, caballo, rey]")
               for t in texts)
    assert report.exit_code == 0 and not report.unexplained


@pytest.mark.parametrize("deck, code, line", [
    ("  preset: spanish-40\n  suits:\n" + SUITS + "  ranks:\n" + RANKS, "deck-preset-and-declared", 4),
    ("  suits:\n" + SUITS, "deck-needs-suits-and-ranks", 5),
    ("  suits:\n" + SUITS.replace("name: bastos", "name: pile") + "  ranks:\n" + RANKS, "reserved-name", 8),
    ("  suits:\n" + SUITS + "  ranks:\n" + RANKS.replace("name: rey", "name: oros"), "duplicate-name", 21),
    ("  suits:\n" + SUITS.replace("letter: b", "letter: o") + "  ranks:\n" + RANKS, "duplicate-letter", 8),
    ("  suits:\n" + SUITS + "  ranks:\n" + RANKS.replace('letter: "9"', 'letter: "8"'), "duplicate-letter", 18),
    ("  suits:\n" + SUITS + "  ranks:\n" + RANKS + "  scoring_suit: denari\n", "unknown-suit", 22),
    ("  suits:\n" + SUITS + "  ranks:\n" + RANKS.replace('letter: "2"', 'letter: "two"'), "bad-value", 11),
])
def test_a_malformed_declared_deck_is_a_located_error(validate_text, deck, code, line):
    text = f"id: d\nname: A deck\ndeck:\n{deck}players:\n  layouts:\n    - {{players: 2}}\ncapture:\n  mode: sum\n" \
           "scoring:\n  rules:\n    - {id: cards, award: most(count(pile)), points: 1}\nmatch:\n  target: 11\n"
    variant, problems = validate_text(text, name="deck.yaml")
    assert variant is None
    found = [p for p in problems if p.code == code]
    assert found, [p.format() for p in problems]
    assert (found[0].file, found[0].line) == ("deck.yaml", line), found[0].format()
    assert found[0].hint
