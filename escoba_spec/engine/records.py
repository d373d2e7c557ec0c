"""What a hand leaves behind: the opening table's outcome and the hand's result."""

from __future__ import annotations

from dataclasses import dataclass

from .protocol import HandScore


@dataclass(frozen=True)
class Opening:
    """What the opening-table rule did at the start of the hand."""

    action: str  # play-on | set-aside | redeal | capture
    multiple: int  # the multiple k the table made
    cards: int  # the table cards it concerned
    taker: int = -1  # the seat that took them (action capture)
    redeals: int = 0  # how many times the hand was dealt again before this deal


@dataclass(frozen=True)
class HandResult:
    """The outcome of a finished hand."""

    score: HandScore
    piles: tuple[int, ...]
    sweeps: tuple[int, ...]
    captures: tuple[int, ...]
    leftovers: int  # table cards left at the end
    leftovers_side: int | None  # the side that took them; None = set aside (nobody captured)
    leftover_total: int
    leftover_listed: bool | None  # the total is one of the variant's listed totals; None = no check
    stopped: bool = False  # the match ended during the hand (scoring.events): no end-of-hand scoring
    #: the declarations made in the hand (HandState.declared): what simulate counts apart,
    #: such as sweeps a declaration scored (Cirulla's bonuses) beside the sweeps of play
    declared: tuple = ()

    def declared_sweeps(self, sides: int) -> dict[str, list[int]]:
        """Per declaration of sweeps that scored, by id, the sweeps each side took from it."""
        out: dict[str, list[int]] = {}
        for made in self.declared:
            if made.effect == "sweeps":
                out.setdefault(made.id, [0] * sides)[made.side] += made.points
        return out

    @property
    def totals(self) -> tuple[int, ...]:
        return self.score.totals()
