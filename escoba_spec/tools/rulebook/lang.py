"""One language applied to one deck: messages, lists and the family's terms.

The words that differ by deck — the sweep (escoba / escopa / scopa), the
setenta or primiera, suits (oros / ouros / denari / diamonds ...) and ranks —
are catalogue entries keyed by the deck preset, so every variant on the same
deck reads the same in a language and no variant writes its own prose. A deck
the file declares brings its own words for its suits and ranks (a name, not
prose); the catalogue still says everything around them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...language import ir
from ...language.deck import DEFAULT_GENDER
from .catalog import Catalog, MissingMessage, catalog
from .render import author

_VOWEL = "aeiouyàâäéèêëîïôöûüœAEIOUYÀÂÉÈÊÎÔÛŒ"

#: Obligatory contractions and elisions, applied to every message once its
#: placeholders are filled (a template cannot know the word that will follow
#: it): French "de les" -> "des", "la escoba" -> "l'escoba"; Spanish "de el"
#: -> "del"; Portuguese "de os" -> "dos"; Italian "di il" -> "del".
CONTRACTIONS: dict[str, list[tuple[re.Pattern, object]]] = {
    "en": [(re.compile(r"\b([Aa]) (?=[aeioAEIO])"), r"\1n ")],
    "fr": [
        (re.compile(r"\b([Dd])e les\b"), r"\1es"),
        (re.compile(r"\b([Dd])e le\b"), r"\1u"),
        (re.compile(r"\b([Àà]) les\b"), "aux"),
        (re.compile(r"\b([Àà]) le\b"), "au"),
        (re.compile(rf"\b([LlDdQqNnJjMmTtSs]|[Qq]u)[ea] (?=[{_VOWEL}])"), r"\1'"),
        (re.compile(r"\b([Ss])i (?=ils?\b)"), r"\1'"),
    ],
    "es": [
        (re.compile(r"\b([Dd])e el\b"), r"\1el"),
        (re.compile(r"\b([Aa]) el\b"), r"\1l"),
    ],
    "pt": [
        (re.compile(r"\b([Dd])e (o|a|os|as)\b"), r"\1\2"),
        (re.compile(r"\b[Ee]m (o|a|os|as)\b"), r"n\1"),
        (re.compile(r"\b([Aa]) a\b"), "à"),
        (re.compile(r"\b([Pp])or (o|a|os|as)\b"), r"\1el\2"),
    ],
    "it": [
        # the article before a vowel, s + consonant, z, gn, ps, x, y (a declared deck's words: "l'asso", "lo zero")
        (re.compile(rf"\b([Ii])l (?=[{_VOWEL}])"), lambda m: "L'" if m.group(1) == "I" else "l'"),
        (re.compile(rf"\b([Ll])a (?=[{_VOWEL}])"), r"\1'"),
        (re.compile(r"\b([Ii])l (?=s[^aeiouàèéìòù\s]|z|gn|ps|x|y)"), lambda m: "Lo " if m.group(1) == "I" else "lo "),
        (re.compile(r"\b([Uu])n (?=s[^aeiouàèéìòù\s]|z|gn|ps|x|y)"), r"\1no "),
        (re.compile(r"\b([Dd])i lo\b"), r"\1ello"),
        (re.compile(r"\b([Aa]) lo\b"), r"\1llo"),
        (re.compile(r"\b([Dd])i il\b"), r"\1el"),
        (re.compile(r"\b([Dd])i l'"), r"\1ell'"),
        (re.compile(r"\b([Dd])i la\b"), r"\1ella"),
        (re.compile(r"\b([Dd])i i\b"), r"\1ei"),
        (re.compile(r"\b([Dd])i gli\b"), r"\1egli"),
        (re.compile(r"\b([Dd])i le\b"), r"\1elle"),
        (re.compile(r"\b([Aa]) il\b"), r"\1l"),
        (re.compile(r"\b([Aa]) l'"), r"\1ll'"),
        (re.compile(r"\b([Aa]) la\b"), r"\1lla"),
        (re.compile(r"\b([Aa]) i\b"), r"\1i"),
        (re.compile(r"\b([Dd])a il\b"), r"\1al"),
        (re.compile(r"\bin il\b"), "nel"),
        (re.compile(r"\bin la\b"), "nella"),
        (re.compile(r"\bin le\b"), "nelle"),
        (re.compile(r"\bin i\b"), "nei"),
        (re.compile(r"\bin gli\b"), "negli"),
        (re.compile(r"\bin l'"), "nell'"),
        (re.compile(r"\bsu il\b"), "sul"),
        (re.compile(r"\bsu la\b"), "sulla"),
        (re.compile(r"\bsu le\b"), "sulle"),
    ],
}


def contract(code: str, text: str) -> str:
    for pattern, replacement in CONTRACTIONS.get(code, ()):
        text = pattern.sub(replacement, text)
    return text


@dataclass(frozen=True)
class Noun:
    """A countable noun of the catalogue: its plural entry, fields and grammatical gender."""

    key: str
    gender: str
    fields: tuple[tuple[str, str], ...] = field(default=())

    def form(self, lang: Lang, count: int) -> str:
        return lang.n(self.key, count, **dict(self.fields))

    def sg(self, lang: Lang) -> str:
        return self.form(lang, 1)

    def a(self, lang: Lang) -> str:
        """The singular with its indefinite article (a jack, una jota, un asso)."""
        return lang.t(f"noun.a.{self.gender}", noun=self.sg(lang))

    def pl(self, lang: Lang) -> str:
        return self.form(lang, 2)


class Lang:
    def __init__(self, code: str, deck: ir.Deck):
        self.code = code
        self.cat: Catalog = catalog(code)
        self.deck = deck
        self.preset = deck.preset

    # ------------------------------------------------------------- messages

    def t(self, key: str, **fields: object) -> str:
        return contract(self.code, self.cat.text(key, **fields))

    def n(self, key: str, count: int, **fields: object) -> str:
        return contract(self.code, self.cat.plural(key, count, **fields))

    def has(self, key: str) -> bool:
        return self.cat.has(key)

    def join(self, items: list[str], kind: str = "and") -> str:
        items = [i for i in items if i]
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        if len(items) == 2:
            return self.t(f"list.{kind}.two", first=items[0], last=items[1])
        head = self.t("list.separator").join(items[:-1])
        return self.t(f"list.{kind}.end", first=head, last=items[-1])

    def prose(self, plain: str, forms: ir.Forms = ()) -> str:
        """A text of the rule file's author in this language: its form in the language, else
        the plain one (the one text written, or the first form given); shown as text only."""
        return author(self.prose_form(plain, forms)[0])

    def prose_form(self, plain: str, forms: ir.Forms = ()) -> tuple[str, str]:
        """(text, its language) of `prose`: the language is "" when the file does not say it."""
        for lang, text in forms:
            if lang == self.code:
                return text, lang
        if forms and forms[0][1] == plain:
            return plain, forms[0][0]
        return plain, ""

    def language_name(self, code_: str) -> str:
        """A language's name in this language (Portuguese, portugués, portoghese ...)."""
        from babel import Locale, UnknownLocaleError

        try:
            return Locale.parse(self.code).languages.get(code_, code_)
        except (UnknownLocaleError, ValueError):
            return code_

    def sentence(self, text: str) -> str:
        """Capitalise the first letter, after any opening punctuation (never past a digit)."""
        for i, ch in enumerate(text):
            if ch.isalpha():
                return text[:i] + ch.upper() + text[i + 1 :]
            if ch.isalnum():
                return text
        return text

    # ---------------------------------------------------------------- terms

    def gender(self, key: str) -> str:
        return self.t(key)

    def sweep_noun(self) -> Noun:
        return Noun(f"term.sweep.{self.preset}", self.gender("term.sweep.gender"))

    def sweep(self, count: int = 1) -> str:
        return self.sweep_noun().form(self, count)

    def primiera(self) -> str:
        return self.t(f"term.primiera.{self.preset}")

    @property
    def declared(self) -> bool:
        return self.preset == "declared"

    def _suit_word(self, suit: str) -> str:
        for s in self.deck.suits:
            if s.name == suit:
                return dict(s.words).get(self.code, s.name)
        raise MissingMessage(f"the deck has no suit {suit}")

    def _rank_words(self, rank: ir.Rank) -> tuple[str, str, str]:
        """A declared rank's (singular, plural, gender) in this language: its words, or else
        its number for a numeral (2, 3 ...) and its name for any other."""
        for lang, one, other, gender in rank.words:
            if lang == self.code:
                return one, other, gender
        word = rank.symbol if rank.symbol.isdigit() else rank.name
        return word, word, DEFAULT_GENDER[self.code]

    def suit_name(self, suit: str) -> str:
        if self.declared:
            return self._suit_word(suit)
        return self.t(f"suit.{self.preset}.{suit}")

    def suit_of(self, suit: str) -> str:
        if self.declared:
            return self.t("suit.of.declared", suit=self._suit_word(suit))
        return self.t(f"suit.of.{self.preset}.{suit}")

    def rank_by_number(self, number: int) -> ir.Rank:
        for rank in self.deck.ranks:
            if rank.number == number:
                return rank
        raise MissingMessage(f"the deck has no rank {number}")

    def rank_noun(self, rank: ir.Rank) -> Noun:
        if self.declared:
            one, other, gender = self._rank_words(rank)
            return Noun("rank.declared", gender, (("one", one), ("other", other)))
        base = f"rank.{self.preset}.{rank.name}"
        return Noun(base, self.gender(f"rank.gender.{self.preset}.{rank.name}"))

    def rank_name(self, rank: ir.Rank, count: int = 1) -> str:
        return self.rank_noun(rank).form(self, count)

    def rank_the(self, rank: ir.Rank) -> str:
        if self.declared:
            one, _, gender = self._rank_words(rank)
            return self.t(f"rank.the.declared.{gender}", rank=one)
        return self.t(f"rank.the.{self.preset}.{rank.name}")

    def card_the(self, rank: ir.Rank, suit: str) -> str:
        return self.t("card.the", rank=self.rank_the(rank), suit=self.suit_of(suit))

    def card_short(self, rank: ir.Rank, suit: str) -> str:
        word = rank.symbol if rank.symbol.isdigit() and rank.number != 1 else self.rank_name(rank)
        return self.t("card.short", rank=word, suit=self.suit_of(suit))

    def card_noun(self) -> Noun:
        return Noun("noun.card", self.gender("noun.card.gender"))

    def side_kind(self, layouts: tuple[ir.Layout, ...]) -> str:
        teams = {layout.team_size > 1 for layout in layouts}
        return "both" if len(teams) == 2 else ("team" if True in teams else "player")
