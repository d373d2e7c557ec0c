"""The rulebook as a document model, built from the IR alone.

`build_document` walks every part of an `ir.Variant` and turns it into
sections of keyed blocks of text in one language; `render.py` writes the same
model as Markdown or HTML. Keys make two documents comparable block by block,
which is how house rules get their "differences from <base>" and options
their "what the other choice changes" (see `differences.py`).

Every IR dataclass has a builder here (`IR_SECTIONS` maps each one to where
it is described; the coverage test checks the map against `ir.py`), and
every value of every `Literal` field of the IR has a catalogue entry
`ir.<Class>.<field>.<value>`.
"""

from __future__ import annotations

import re

from ...language import ir
from ...language.cards import CardSet
from ...language.expr import nodes as E
from ...language.expr.env import SCORING_SUIT, Env
from .exprtext import ExprText
from .lang import Lang
from .model import Block, Document, Section, words_in
from .render import strong, suit
from .table import TableSections

#: Where each IR dataclass is described (the coverage test checks this against ir.py).
IR_SECTIONS = {
    "Variant": "title",
    "Origin": "sources",
    "Source": "sources",
    "Suit": "deck",
    "Rank": "deck",
    "Jokers": "deck",
    "Deck": "deck",
    "Layout": "players",
    "Players": "players",
    "OpeningTable": "deal",
    "RedealCondition": "deal",
    "Deal": "deal",
    "Replacement": "deal",
    "DealStage": "deal",
    "Bid": "deal",
    "Table": "play",
    "Piles": "play",
    "Capture": "play",
    "Builds": "play",
    "CaptureKind": "play",
    "PriorityStep": "play",
    "ObligationStep": "play",
    "Sweeps": "sweeps",
    "LeftoverCheck": "end",
    "Penalty": "end",
    "EndOfDeal": "end",
    "ScoringRule": "scoring",
    "PlayEvent": "scoring",
    "Declaration": "scoring",
    "Declarations": "scoring",
    "Scoring": "scoring",
    "Match": "match",
    "Visibility": "players",
    "Option": "options",
}

#: Sections compared between a variant and its base, in order.
RULE_SECTIONS = ("deck", "players", "deal", "play", "sweeps", "end", "scoring", "match")


def with_suits(text: str, suits: list[tuple[str, str]]) -> str:
    """`text` with the first mention of each suit's word marked as that suit (drawn with its
    symbol in HTML). Marked once the sentence is whole, so that its contractions and
    elisions, which look at the words, are made first."""
    start = 0
    for name, word in suits:
        m = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)").search(text, start)
        if m is None:
            continue
        token = suit(name, word)
        text = text[:m.start()] + token + text[m.end():]
        start = m.start() + len(token)
    return text


def uses_function(variant: ir.Variant, name: str) -> bool:
    return any(name in words_in(r.award_text) | words_in(r.points_text) for r in variant.scoring.rules)


def build_document(variant: ir.Variant, lang_code: str, *, display_file: str | None = None) -> Document:
    L = Lang(lang_code, variant.deck)
    cards = CardSet(variant.deck)
    env = Env.from_cardset(cards, variant.scoring.ties)
    words = ExprText(L, env, variant)
    b = _Builder(variant, L, cards, env, words)
    sections = [
        b.intro(),
        b.deck(),
        b.players(),
        b.deal(),
        b.play(),
        b.sweeps(),
        b.end(),
        b.scoring(),
        b.match(),
    ]
    labels = {
        "contents": L.t("page.contents"),
        "generated": L.t("page.generated", file=display_file or variant.file),
        "sweep": L.sweep(2),
    }
    return Document(
        lang=lang_code,
        title=L.prose(variant.name, variant.names),
        subtitle=L.t("page.subtitle"),
        sections=[s for s in sections if s.blocks],
        labels=labels,
    )


def counts_the_suit(texts: str, suit: str) -> bool:
    """Whether a scoring rule counts the cards of the scoring suit (`suit == oros`, or the name
    scoring_suit): a card of it named (`10 of diamonds`) or the suit left out (`suit != diamonds`)
    makes no suit score, and the rulebook must not say one does."""
    if SCORING_SUIT in words_in(texts):
        return True
    return re.search(rf"\bsuit\s*==\s*{re.escape(suit)}\b|\b{re.escape(suit)}\s*==\s*suit\b", texts) is not None


class _Builder(TableSections):
    def __init__(self, variant: ir.Variant, L: Lang, cards: CardSet, env: Env, words: ExprText):
        self.v = variant
        self.L = L
        self.cards = cards
        self.env = env
        self.words = words
        self.uses_primiera = uses_function(variant, "primiera")

    def section(self, sid: str, **fields) -> Section:
        return Section(sid, self.L.sentence(self.L.t(f"section.{sid}", **fields)))

    def nums(self, values, kind: str = "and") -> str:
        return self.L.join([str(v) for v in values], kind)

    # ----------------------------------------------------------------- intro

    def intro(self) -> Section:
        L, v = self.L, self.v
        s = self.section("intro")
        counts = sorted({lay.players for lay in v.players.layouts})
        players = L.join([str(c) for c in counts], "or")
        if v.capture.mode == "sum":
            how = L.t("intro.sum", targets=self.nums(v.capture.targets, "or"))
        elif v.capture.mode == "match":
            how = L.t("intro.match")
        else:
            how = L.t("intro.kinds")
        key = {"reach": "intro.summary", "avoid": "intro.summary_avoid", "lead": "intro.summary_lead"}[v.match.goal]
        if v.match.goal == "avoid" and v.match.avoid_ends == "first-out":
            key = "intro.summary_avoid_first"
        s.p("intro", L.t(key, players=L.n("intro.players", counts[-1], list=players), how=how,
                         target=L.n("points.n", v.match.target)))
        text, lang = L.prose_form(v.description, v.descriptions)
        if text.strip():  # the rule file's own words on the variant, as written
            s.p("intro.author", L.t("intro.author"))
            s.blocks.append(Block("intro.description", "quote", text=L.prose(v.description, v.descriptions),
                                  lang=lang if lang != L.code else ""))
        return s

    def named(self, name: str, names, rule_id: str, text: str) -> str:
        """A rule's text after its name, as the rule file gives it (in the reader's language
        when it is given in it); without a name of its own, the text alone."""
        if name == rule_id and not names:
            return text
        return self.L.t("event.named", name=strong(self.L.prose(name, names)), text=text)

    # ------------------------------------------------------------------ deck

    def deck(self) -> Section:
        L, d = self.L, self.v.deck
        s = self.section("deck")
        plain = self.cards.size - d.jokers.count  # the deck before its jokers: they are added below
        s.p("deck.preset", L.t(f"deck.preset.{d.preset}", total=plain, suits=len(d.suits),
                               ranks=len(d.ranks)))
        if d.preset == "declared":
            suits_key = "deck.suits.declared"
        else:
            suits_key = "deck.suits" if len(d.ranks) == 10 else "deck.suits.thirteen"
        text = L.t(suits_key, suits=L.join([L.suit_name(x.name) for x in d.suits]),
                   ranks=L.join([L.rank_name(r) for r in d.ranks]))
        s.p("deck.suits", with_suits(text, [(x.name, L.suit_name(x.name)) for x in d.suits]))
        texts = " ".join(r.award_text + " " + r.points_text for r in self.v.scoring.rules)
        if counts_the_suit(texts, d.scoring_suit):
            s.p("deck.scoring_suit", L.t("deck.scoring_suit", suit=L.suit_name(d.scoring_suit)))
        if d.jokers.count:
            s.p("deck.jokers", L.n("deck.jokers", d.jokers.count, total=self.cards.size))
            s.p("deck.joker.values", L.t("deck.joker.values", values=self.nums(d.jokers.values, "or")))
            if self.uses_primiera:
                s.p("deck.joker.primiera", L.t("deck.joker.primiera", primiera=L.primiera()))
        intro = L.t("deck.values.primiera" if self.uses_primiera else "deck.values", primiera=L.primiera())
        s.p("deck.values.intro", intro)
        header = [L.t("deck.table.card"), L.t("deck.table.value")]
        if self.uses_primiera:
            header.append(L.sentence(L.primiera()))
        rows = []
        for r in d.ranks:
            row = [L.sentence(L.rank_name(r)), self.nums(r.capture_values, "or") if r.valued else "—"]
            if self.uses_primiera:
                row.append(str(r.primiera))
            rows.append(row)
        if d.jokers.count:
            values = d.jokers.values
            shown = f"{values[0]}–{values[-1]}" if list(values) == list(range(values[0], values[-1] + 1)) else ", ".join(map(str, values))
            row = [L.sentence(L.n("noun.joker", 1)), shown]
            if self.uses_primiera:
                row.append("0")
            rows.append(row)
        s.blocks.append(Block("deck.values", "table", header=header, rows=rows, style="values"))
        for r in d.ranks:
            if r.other_values:
                noun = L.rank_noun(r)
                s.p(f"deck.several.{r.name}", L.sentence(L.t("deck.several", a_card=noun.a(L), card=noun.sg(L),
                                                                values=self.nums(r.capture_values, "or"))))
        valueless = [r for r in d.ranks if not r.valued]
        if valueless:
            s.p("deck.valueless", L.sentence(L.t("deck.valueless", ranks=L.join([L.rank_name(r, 2) for r in valueless]))))
        if self.uses_primiera:
            s.p("deck.primiera", L.t("deck.primiera", primiera=L.primiera()))
        return s

    # --------------------------------------------------------------- players

    def players(self) -> Section:
        L, p = self.L, self.v.players
        s = self.section("players")
        layouts = [self.layout_words(lay) for lay in p.layouts]
        s.p("players.layouts", L.t("players.layouts", layouts=L.join(layouts, "or")))
        kind = L.side_kind(p.layouts)
        if kind != "player":
            s.p("players.partners", L.t("players.partners"))
        s.p("players.sides", L.t(f"players.sides.{kind}"))
        s.p("players.direction", L.t(f"ir.Players.direction.{p.direction}"))
        s.p("visibility", L.t(f"ir.Visibility.open_hands.{str(self.v.visibility.open_hands).lower()}"))
        return s

    def layout_words(self, lay: ir.Layout) -> str:
        """A table as words: 4 players, or 4 players in 2 teams of 2."""
        L = self.L
        if lay.team_size == 1:
            return L.n("players.count", lay.players)
        return L.t("players.layout.teams", players=L.n("players.count", lay.players),
                   teams=L.n("players.teams", lay.sides), size=lay.team_size)

    # ------------------------------------------------------------ end of hand

    def end(self) -> Section:
        L, e = self.L, self.v.end_of_deal
        s = self.section("end")
        s.p("end.leftovers", L.t(f"ir.EndOfDeal.leftovers_to.{e.leftovers_to}"))
        if e.check is not None and not self.v.deck.jokers.count:
            s.p("end.check", L.t("end.check", totals=self.nums(e.check.totals, "or")))
            p = e.penalty
            if p is None:
                s.p("end.penalty", L.t("end.no_penalty"))
            else:
                items = []
                if p.loses_match:
                    items.append(("loses_match", L.t("end.penalty.loses_match")))
                if p.points_to_opponents or p.opponents_add_sweeps:
                    text = L.n("end.penalty.points_to_opponents", p.points_to_opponents)
                    if p.opponents_add_sweeps:
                        text += L.t("end.penalty.opponents_add_sweeps", sweep=L.sweep(1))
                    items.append(("to_opponents", text))
                if p.points_lost or p.points_lost_add_sweeps:
                    text = L.n("end.penalty.points_lost", p.points_lost)
                    if p.points_lost_add_sweeps:
                        text += L.t("end.penalty.points_lost_add_sweeps", sweep=L.sweep(1))
                    items.append(("lost", text))
                if items:
                    s.p("end.penalty", L.t("end.penalty.intro"))
                    s.ul("end.penalty.items", items)
                else:
                    s.p("end.penalty", L.t("end.no_penalty"))
        s.p("end.then", L.t("end.then"))
        return s

    # --------------------------------------------------------------- scoring

    def scoring(self) -> Section:
        L = self.L
        s = self.section("scoring")
        if self.v.scoring.rules:  # a game of events only scores nothing at the end of a hand
            s.p("scoring.intro", L.t("scoring.intro"))
            items = [(rule.id, self.named(rule.name, rule.names, rule.id, self.words.rule(rule)))
                     for rule in self.v.scoring.rules]
            s.ul("scoring.rules", items)
        if self.v.scoring.events:
            key = "scoring.events_intro" if self.v.scoring.rules else "scoring.events_only_intro"
            s.p("scoring.events_intro", L.t(key))
            s.ul("scoring.events", [(event.id, self.event_text(event)) for event in self.v.scoring.events])
        d = self.v.declarations
        if d.rules:
            s.p("declarations.intro", L.t("declarations.intro"))
            s.ul("declarations.rules", [(r.id, self.declaration_text(r)) for r in d.rules])
            s.p("declarations.check", L.t(f"ir.Declarations.check.{d.check}") + " " + L.t(f"ir.Declarations.keep.{d.keep}"))
            if d.show:
                s.p("declarations.show", L.t("declarations.show"))
            if d.wild >= 0:
                card = self.cards.cards[d.wild]
                key = ("declarations.wild_captures" if d.wild_captures else
                       "declarations.wild_as_declared" if d.wild_as_declared else "declarations.wild")
                s.p("declarations.wild", L.t(key, card=L.card_the(L.rank_by_number(card.rank), self.v.deck.suits[card.suit].name)))
        return s

    def declaration_text(self, rule: ir.Declaration) -> str:
        """One declaration: its name, what it scores and when."""
        L, words = self.L, self.words
        condition = words.expression(rule.when, rule.when_text, E.BOOL)
        if rule.effect == "win-match":
            text = L.t("ir.Declaration.effect.win-match", condition=condition)
        else:
            text = L.t(f"ir.Declaration.effect.{rule.effect}", points=words.expression(rule.points, rule.points_text, E.NUM),
                       condition=condition, sweeps=L.sweep(2))
        return self.named(rule.name, rule.names, "", L.sentence(text))

    def event_text(self, event: ir.PlayEvent) -> str:
        """One event scored during play: its name, what it scores and when, and its notes."""
        L, words = self.L, self.words
        if event.effect == "points" and isinstance(event.when, E.Bool) and event.when.value:
            text = L.t("event.always", points=words.expression(event.points, event.points_text, E.NUM))
        elif event.effect == "points":
            text = L.t("ir.PlayEvent.effect.points", points=words.expression(event.points, event.points_text, E.NUM),
                       condition=words.expression(event.when, event.when_text, E.BOOL))
        else:
            text = L.t(f"ir.PlayEvent.effect.{event.effect}", condition=words.expression(event.when, event.when_text, E.BOOL))
        sentences = [L.sentence(text)]
        if event.kinds:
            sentences.append(L.t("event.kinds", kinds=self.kinds_text(event.kinds)))
        if event.instead_of:
            names = {e.id: L.prose(e.name, e.names) for e in self.v.scoring.events}
            sentences.append(L.t("event.instead_of", events=L.join([names[i] for i in event.instead_of], "and")))
        return self.named(event.name, event.names, "", " ".join(sentences))

    # ----------------------------------------------------------------- match

    def match(self) -> Section:
        L, m = self.L, self.v.match
        s = self.section("match")
        if m.goal == "reach" and m.check == "end-of-hand":
            s.p("match.target", L.n("match.target", m.target))
        else:
            goal = "ir.Match.avoid_ends.first-out" if m.goal == "avoid" and m.avoid_ends == "first-out" else \
                f"ir.Match.goal.{m.goal}"
            s.p("match.target", L.n(goal, m.target))
            s.p("match.check", L.t(f"ir.Match.check.{m.check}"))
        if m.games > 1:
            s.p("match.games", L.n("match.games", m.games))
            if m.shutout:
                s.p("match.shutout", L.n("match.shutout", m.shutout))
        if m.goal == "reach":  # with avoid, the goal's sentence says what several at once do
            s.p("match.both_past_target", L.t(f"ir.Match.both_past_target.{m.both_past_target}"))
        s.p("match.tie", L.t(f"ir.Match.tie.{m.tie}"))
        effects = {r.effect for r in (*self.v.scoring.rules, *self.v.scoring.events)}
        if "lose-match" in effects:
            s.p("match.lose", L.t("match.lose_effect"))
        if "win-match" in effects:
            s.p("match.win", L.t("match.win_effect"))
        return s
