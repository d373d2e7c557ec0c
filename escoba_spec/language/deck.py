"""Stage 4, the deck: `deck` -> `ir.Deck`, a preset or the file's own, with the file's values.

A preset gives the suits and ranks (`cards.PRESETS`); a file may instead
declare its own (`suits:` and `ranks:`, each with its name in expressions, its
letter in the card text form and its words in the rulebook's languages). The
file may change the capture and primiera values of ranks by name, and give a
rank no capture value at all (`values: {fante: null}`): such cards take part
in no sum and capture, and are captured, only by rank (Cicera's courts).
"""

from __future__ import annotations

from . import ir
from .cards import OTHER_PRIMIERA, PRESETS, PRIMIERA, preset_ranks, preset_suits
from .diagnostics import did_you_mean
from .expr.env import (
    FIELDS,
    SCORING_SUIT,
    SIGNATURES,
    TABLE_VARIABLES,
    TIE_POLICIES,
    VARIABLES,
)

#: names an expression already gives a meaning to: a suit or rank may not take one
RESERVED = frozenset({*VARIABLES, *TABLE_VARIABLES, *FIELDS, *SIGNATURES, SCORING_SUIT, *TIE_POLICIES, "true",
                      "false", "and", "or", "not", "if", "else", "of", "ties", "eligible"})
#: the grammatical gender a rank's word has when the file does not say: English has none to agree with
DEFAULT_GENDER = {"en": "n", "es": "m", "pt": "m", "fr": "m", "it": "m"}


def build_deck(b) -> ir.Deck | None:
    """Entry point: the deck of the resolved document (b is the builder)."""
    spec = b.section("deck")
    declared = "suits" in spec or "ranks" in spec
    preset = spec.get("preset") or ("declared" if declared else "spanish-40")
    if declared and spec.get("preset"):
        b.error(b.blamed("deck.preset", "deck.suits", "deck.ranks"), "deck-preset-and-declared",
                f"the deck is both the preset {preset} and the suits and ranks the file declares",
                "keep one: remove preset (preset: null in a file that extends a variant), or suits and ranks")
        return None
    if declared:
        found = _declared(b, spec)
        if found is None:
            return None
        suits, ranks = found
    elif preset in PRESETS:
        suits, ranks = preset_suits(preset), list(preset_ranks(preset))
    else:
        return None
    rank_names = [r.name for r in ranks]
    for field, attr in (("values", "value"), ("primiera", "primiera")):
        for name, number in (spec.get(field) or {}).items():
            if name not in rank_names:
                b.error(f"deck.{field}.{name}", "unknown-rank", f"the {_deck_words(preset)} has no rank '{name}'",
                        did_you_mean(name, rank_names) or "ranks: " + ", ".join(rank_names))
                continue
            i = rank_names.index(name)
            if number is None:  # a capture value only: the schema wants a primiera value a number
                ranks[i] = ir.Rank(**{**ranks[i].__dict__, "value": 0, "valued": False, "other_values": ()})
            elif attr == "value":
                values = _capture_values(b, f"deck.{field}.{name}", number)
                if values:
                    ranks[i] = ir.Rank(**{**ranks[i].__dict__, "value": values[0], "other_values": values[1:]})
            else:
                ranks[i] = ir.Rank(**{**ranks[i].__dict__, attr: number})
    if all(not r.valued for r in ranks):
        b.error("deck.values", "no-capture-values", "no rank of the deck has a capture value",
                "give some ranks a value: only cards with one take part in sums")
    suit_names = [s.name for s in suits]
    scoring_suit = spec.get("scoring_suit", suit_names[0])
    if scoring_suit not in suit_names:
        b.error("deck.scoring_suit", "unknown-suit", f"the {_deck_words(preset)} has no suit '{scoring_suit}'",
                did_you_mean(scoring_suit, suit_names) or "suits: " + ", ".join(suit_names))
    joker_spec = spec.get("jokers") or {}
    values_all = sorted({v for r in ranks for v in r.capture_values})
    jokers = ir.Jokers(
        count=int(joker_spec.get("count", 0)),
        values=tuple(sorted(joker_spec.get("values") or values_all)),
        primiera=int(joker_spec.get("primiera", 0)),
    )
    if jokers.count == 0:
        jokers = ir.Jokers(0, (), 0)
    return ir.Deck(preset, tuple(suits), tuple(ranks), scoring_suit, jokers, b.sources(spec, "deck"))


def _capture_values(b, path: str, given) -> tuple[int, ...]:
    """A rank's capture values: one number, or a list of the values its holder chooses from (the
    first is the rank's value in expressions); () after an error."""
    values = [given] if isinstance(given, int) else list(given)
    low = [v for v in values if v < 1]
    if low:
        b.error(path, "out-of-range", f"a capture value must be at least 1, not {low[0]}",
                "or null: the rank has no capture value and captures only by rank")
        return ()
    if len(set(values)) < len(values):
        b.error(path, "duplicate-value", f"the capture values {values} name a value twice",
                "list each value the card may count once, e.g. [1, 11]")
        return ()
    return tuple(values)


def _deck_words(preset: str) -> str:
    return "deck the file declares" if preset == "declared" else f"{preset} deck"


def _declared(b, spec: dict) -> tuple[list[ir.Suit], list[ir.Rank]] | None:
    """The file's own suits and ranks, their names and letters checked."""
    for key, other in (("suits", "ranks"), ("ranks", "suits")):
        if key not in spec:
            b.error(f"deck.{other}", "deck-needs-suits-and-ranks",
                    f"the deck declares its {other} but not its {key}",
                    f"add deck.{key}: a declared deck gives both (or use a preset)")
            return None
    names: dict[str, str] = {}  # name -> where it was first given
    suits = []
    for i, item in enumerate(spec["suits"]):
        path = f"deck.suits[{i}]"
        _check_name(b, path, item["name"], names)
        words = tuple((lang, str(word)) for lang, word in sorted((item.get("words") or {}).items()))
        suits.append(ir.Suit(item["letter"], item["name"], words))
    _unique_letters(b, "deck.suits", [s.symbol for s in suits], "suit")
    ranks = []
    for i, item in enumerate(spec["ranks"]):
        path = f"deck.ranks[{i}]"
        number = i + 1
        _check_name(b, path, item["name"], names)
        value = item.get("value", number)
        values = _capture_values(b, f"{path}.value", value) if value is not None else ()
        primiera = item.get("primiera", PRIMIERA.get(number, OTHER_PRIMIERA))
        words = tuple(_rank_words(lang, word) for lang, word in sorted((item.get("words") or {}).items()))
        ranks.append(ir.Rank(item["letter"], item["name"], number, values[0] if values else 0, primiera,
                             value is not None, words, values[1:]))
    _unique_letters(b, "deck.ranks", [r.symbol.lower() for r in ranks], "rank")
    return suits, ranks


def _rank_words(lang: str, word) -> tuple[str, str, str, str]:
    if isinstance(word, str):
        return lang, word, word, DEFAULT_GENDER[lang]
    one = str(word["one"])
    return lang, one, str(word.get("other", one)), str(word.get("gender", DEFAULT_GENDER[lang]))


def _check_name(b, path: str, name: str, names: dict[str, str]) -> None:
    if name in RESERVED:
        b.error(f"{path}.name", "reserved-name", f"'{name}' already means something in an expression",
                "name the suit or rank another way, e.g. its word in the game's language")
    elif name in names:
        b.error(f"{path}.name", "duplicate-name", f"'{name}' names both {names[name]} and {path}",
                "every suit and rank needs a name of its own (expressions tell them apart by it)")
    names.setdefault(name, path)


def _unique_letters(b, path: str, letters: list[str], what: str) -> None:
    seen: dict[str, int] = {}
    for i, letter in enumerate(letters):
        if letter in seen:
            b.error(f"{path}[{i}].letter", "duplicate-letter",
                    f"the letter '{letter}' is the {what} {path}[{seen[letter]}]'s too, so a card's text would "
                    "name two cards", f"give each {what} its own letter (card texts read rank letter, suit letter)")
        seen.setdefault(letter, i)
