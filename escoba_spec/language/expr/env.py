"""The names an expression may use: its variables, the card fields of a predicate, the
functions and what each takes (`SIGNATURES`); for one deck, its suits, ranks and the
tables the runtime helpers need (`Env`); and the state a side is scored in (`ScoreContext`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from .. import ir
from ..cards import CardSet
from .nodes import BOOL, CARD, CARDS, NUM, PRED, RANK, SIDES, SUIT

VARIABLES = {"pile": CARDS, "sweeps": NUM, "captures": NUM, "opponents": SIDES, "others": SIDES, "deck": CARDS}
#: where the match stands for the side being scored, at the end of a hand and during play:
#: its score and its best opponent's (as they stand, the hand's points so far included),
#: whether it holds the deal, and the hand's number in the match (1 up)
MATCH_VARIABLES = {"score": NUM, "opponent_score": NUM, "dealer": BOOL, "hand_number": NUM, "bid": NUM, "bidder": BOOL}
#: the names of an event on a play (scoring.events), besides the side's and the match's: the
#: card played, the table cards it took, the card played just before (none on a hand's first
#: play) and whether an opponent played it, the table before and after, whether this is the
#: hand's first play and its last, the round of the deal (1 up), whether it is the hand's last
#: round (the stock is out: no cards are dealt after it) and whether the play is its round's
#: first (the first after the cards were dealt: the card before it, if any, was played in an
#: earlier round), and the
#: side's declared hands: the cards of every hand its players declared with (declarations) in
#: this hand, as dealt (none while it has declared nothing)
PLAY_VARIABLES = {"played": CARDS, "taken": CARDS, "previous": CARDS, "previous_opponent": BOOL,
                  "table_before": CARDS, "table": CARDS, "first_play": BOOL, "last_play": BOOL, "round": NUM,
                  "last_round": BOOL, "first_in_round": BOOL, "declared": CARDS}
#: the names of an event on a play of a stack table (table.layout: stack), besides the play's: the
#: stack's top card before the play and after it (no card when the stack is empty)
STACK_VARIABLES = {"top_before": CARDS, "top": CARDS}
#: the names of an event on a play with piles shown (piles.top: shown), besides the play's: the
#: cards of another side's pile the play took whole (none when it took none), and the side's own
#: pile's top card after the play (none while its pile is empty)
PILE_VARIABLES = {"stolen": CARDS, "pile_top": CARDS}
#: the names of a sweep, for its weight (sweeps.weight): the play's that mean something the moment
#: a play clears the table, none of a side's pile or the match (the weight is what the sweep is, not
#: who made it); `taken` is the whole table before the play
SWEEP_VARIABLES = {name: PLAY_VARIABLES[name] for name in (
    "played", "taken", "previous", "previous_opponent", "first_play", "last_play", "round", "last_round",
    "first_in_round")}
#: the names of a declaration (declarations.rules), besides the side's and the match's: the
#: player's hand as dealt, the table, the round of the deal (1 up)
HAND_VARIABLES = {"hand": CARDS, "table": CARDS, "round": NUM}
PER_SIDE_VARIABLES = frozenset({"pile", "sweeps", "captures", "opponents", "others", *MATCH_VARIABLES,
                                *PLAY_VARIABLES, *HAND_VARIABLES, *STACK_VARIABLES, *PILE_VARIABLES})
#: the names of a condition on the opening table (a redeal): the cards face up and the deck
TABLE_VARIABLES = {"table": CARDS, "deck": CARDS}
#: what each scope of an expression may name (beyond suits, ranks and card fields): a side at
#: the end of a hand (scoring rules), a play (events), the opening table (redeal conditions)
_PLAY = {**VARIABLES, **MATCH_VARIABLES, **PLAY_VARIABLES}
SCOPE_VARIABLES = {"side": {**VARIABLES, **MATCH_VARIABLES}, "play": _PLAY,
                   "play-stack": {**_PLAY, **STACK_VARIABLES}, "play-piles": {**_PLAY, **PILE_VARIABLES},
                   "play-stack-piles": {**_PLAY, **STACK_VARIABLES, **PILE_VARIABLES},
                   "hand": {**VARIABLES, **MATCH_VARIABLES, **HAND_VARIABLES}, "table": TABLE_VARIABLES,
                   "sweep": {"deck": CARDS, **SWEEP_VARIABLES}}
#: how most() treats sides tied for the top (the IR's TiePolicy): nobody wins it
#: (none), every tied side does (all), or every tied side does and the rule's
#: points are shared between them (split, 000's "ties split the point"), or nobody
#: wins it and its points go to its next winner (carry, a scoring rule's only)
TIE_POLICIES: tuple[str, ...] = get_args(ir.TiePolicy)

#: the name of the deck's scoring suit (oros, diamonds, denari), so that a rule
#: written once holds for every deck option of a variant
SCORING_SUIT = "scoring_suit"
FIELDS = {"suit": SUIT, "rank": RANK, "value": NUM, "joker": BOOL}


@dataclass(frozen=True)
class Signature:
    """What a function of the language takes and gives."""

    params: tuple[str, ...]  # kind of each positional parameter; PRED is checked per card
    required: int
    variadic: bool = False  # the last parameter repeats
    result: str = NUM
    keywords: tuple[str, ...] = ()
    per_side: bool = False  # depends on the scored side: not allowed in a card predicate

    def kind(self, index: int) -> str | None:
        if index < len(self.params):
            return self.params[index]
        return self.params[-1] if self.variadic else None

    def arity(self) -> str:
        if self.variadic:
            return f"at least {self.required} arguments"
        if self.required == len(self.params):
            return f"{self.required} argument" + ("s" if self.required != 1 else "")
        return f"{self.required} or {len(self.params)} arguments"


SIGNATURES = {
    "count": Signature((CARDS, PRED), 1),
    "filter": Signature((CARDS, PRED), 2, result=CARDS),
    "sum": Signature((CARDS,), 1),
    "has": Signature((CARDS, CARD), 2, result=BOOL),
    "primiera": Signature((CARDS,), 1),
    "suits": Signature((CARDS,), 1),
    "straight": Signature((CARDS,), 1),
    "most": Signature((NUM,), 1, result=BOOL, keywords=("ties", "eligible"), per_side=True),
    "all": Signature((SIDES, BOOL), 2, result=BOOL, per_side=True),
    "any": Signature((SIDES, BOOL), 2, result=BOOL, per_side=True),
    "min": Signature((NUM, NUM), 2, variadic=True),
    "max": Signature((NUM, NUM), 2, variadic=True),
    "common": Signature((CARDS, CARDS), 2, result=CARDS),
    "union": Signature((CARDS, CARDS), 2, result=CARDS),
    "same_rank": Signature((CARDS,), 1),
    "same_suit": Signature((CARDS,), 1),
    "round_up": Signature((NUM, NUM), 2),
    "round_down": Signature((NUM, NUM), 2),
    "equal_groups": Signature((CARDS, NUM), 2, result=BOOL),
    "same_rank_as": Signature((CARDS, CARDS), 2, result=CARDS),
}
#: functions whose second argument is a step: a positive integer constant
STEP_FUNCTIONS = frozenset({"round_up", "round_down"})
#: equal_groups' bound: a whole number from 2 to this (a group's total is below it, so at most 10:
#: the search's memory packs a count of each value 1..10 into one 64-bit word)
EQUAL_GROUPS_BELOW = 11

class Env:
    """What names exist for one deck, and the deck tables the runtime helpers need."""

    def __init__(self, cards: CardSet, default_ties: str):
        if default_ties not in TIE_POLICIES:
            raise ValueError(f"default_ties must be one of {', '.join(TIE_POLICIES)}, not {default_ties!r}")
        deck = cards.deck
        self.cards = cards
        self.default_ties = default_ties
        self.suits = {suit.name: index for index, suit in enumerate(deck.suits)}
        self.scoring_suit = deck.scoring_suit  # what the name `scoring_suit` stands for
        self.ranks = {rank.name: rank.number for rank in deck.ranks}
        self.rank_numbers = sorted(rank.number for rank in deck.ranks)
        self.card_index = {(c.suit, c.rank): c.index for c in cards.cards[:cards.size] if not c.joker}
        self.suit_masks = cards.suit_masks
        self.rank_masks = tuple(
            sum(1 << c.index for c in cards.cards if c.rank == number and not c.joker)
            for number in range(1, max(self.rank_numbers, default=0) + 1)
        )
        values = sorted({c.value for c in cards.cards if not c.joker and c.value})
        self.value_groups = tuple(
            (value, sum(1 << c.index for c in cards.cards if c.value == value and not c.joker)) for value in values
        )
        self.primiera_table = tuple(
            (suit_mask, self._primiera_groups(suit)) for suit, suit_mask in enumerate(self.suit_masks) if suit_mask
        )

    @classmethod
    def from_cardset(cls, cards: CardSet, default_ties: str = "none") -> Env:
        return cls(cards, default_ties)

    def _primiera_groups(self, suit: int) -> tuple[tuple[int, int], ...]:
        points = sorted({c.primiera for c in self.cards.cards if c.suit == suit}, reverse=True)
        return tuple(
            (p, sum(1 << c.index for c in self.cards.cards if c.suit == suit and c.primiera == p)) for p in points
        )

    def names(self, in_predicate: bool, scope: str = "side") -> list[str]:
        """Every name a did-you-mean hint may suggest."""
        names = [*SCOPE_VARIABLES[scope], *self.suits, SCORING_SUIT, *self.ranks, "true", "false"]
        if in_predicate:
            names += FIELDS
        return names


@dataclass(frozen=True)
class MatchFacts:
    """Where the match stands as a hand is scored or a play happens."""

    scores: tuple = ()  # each side's match score as it stands (the hand's points so far included)
    dealer_side: int = -1  # the side of the hand's dealer
    hand_number: int = 1  # the hand's number in the match, 1 up
    out: tuple[int, ...] = ()  # the sides out of the match (goal avoid, lose-match)
    #: the points each rule with ties: carry carries into this hand (Params.carry_rules' order; () none)
    carried: tuple = ()
    bid: int = 0  # the value bid in this hand (deal.bid; 0: none yet, or no bid)
    bidder_side: int = -1  # the side that bid


@dataclass(frozen=True)
class PlayFacts:
    """One play, as an event's condition sees it (cards as masks)."""

    played: int  # the card played
    taken: int  # the table cards it took (a claimed capture included); 0 for a trail
    table_before: int
    previous: int  # the card played just before in the hand (0: this is its first play)
    previous_side: int  # the side that played it (-1: none)
    last_play: bool  # the hand's last play
    round: int  # the round of the deal, 1 up
    card: int = -1  # the card played, as an index (for the capture kinds that made the capture)
    claim: int = 0  # the part of `taken` claimed as a capture the previous player missed
    top_before: int = 0  # a stack's top card before the play (a mask; 0: the stack was empty or it is a spread)
    top: int = 0  # a stack's top card after the play
    stolen: int = 0  # the cards of another side's pile the play took whole (piles shown); not in `taken`
    #: the piles as the play found them (engine.protocol.PileView's fields), for the kinds that made a steal
    piles_before: tuple = ()
    tops: tuple = ()  # with piles shown, each side's pile's top card after the play (an index; -1: none)
    last_round: bool = False  # the play is in the hand's last round: the stock is out
    first_in_round: bool = False  # the play is the first of its round (the first after a deal)
    declared: tuple = ()  # per side, the cards of the hands it declared with this hand (() none)
    first_play: bool = False  # the hand's first play


NO_MATCH = MatchFacts()


@dataclass
class ScoreContext:
    """The state one side is scored in: at the end of a hand, or on a play (`play`), or,
    for a deal condition, the table."""

    side: int
    piles: list[int]
    sweeps: list[int]
    captures: list[int]
    env: Env
    table: int = 0  # the opening table (a condition on the deal); the table after the play (an event)
    match: MatchFacts = NO_MATCH
    play: PlayFacts | None = None
    hand: int = 0  # a declaration's hand


# --------------------------------------------------------------------------- parsing

