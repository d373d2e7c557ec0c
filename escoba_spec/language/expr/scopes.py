"""Why a name of the language is not known where it was written: the message and the hint.

Each scope (expr.env.SCOPE_VARIABLES) sees some of the language's names: a scoring rule a
side at the end of a hand, an event a play, a declaration a dealt hand, a deal condition the
opening table, a sweep's weight the play that cleared the table. A name known elsewhere is an
`expr-unknown-name` error that says where it is known and what this scope sees instead; a
function comparing the sides is an `expr-type` error where there are no sides to compare.
"""

from __future__ import annotations

from .env import HAND_VARIABLES, PILE_VARIABLES, PLAY_VARIABLES, STACK_VARIABLES, SWEEP_VARIABLES

_END_OF_HAND = "a scoring rule looks at the end of the hand: pile, sweeps, captures, score, ..."


def out_of_scope(name: str, scope: str) -> tuple[str, str]:
    """(message, hint) for `name`, a variable of the language that `scope` does not know."""
    if scope == "sweep":
        return (f"'{name}' means nothing for a sweep's weight, which says what a sweep is worth by its play, "
                "whoever made it", f"a sweep's weight sees the play: {', '.join(SWEEP_VARIABLES)}; what a side's "
                "sweeps score is a scoring rule's points (points: sweeps)")
    if scope == "table":
        return (f"'{name}' is not known when the table is dealt",
                "a deal condition looks at the opening table: table and deck, e.g. count(table, rank == re) >= 3")
    if name in STACK_VARIABLES and scope.startswith("play"):
        return (f"'{name}' is the top card of a stack, and this variant's table is a spread",
                "set table.layout: stack, or look at the spread's cards: table_before, taken, table")
    if name in PILE_VARIABLES and scope.startswith("play"):
        return (f"'{name}' looks at the piles' top cards, and this variant's piles are face down",
                "set piles.top: shown (with a capture kind from other-piles or next-pile to take a pile), or look "
                "at the play's cards: played, taken, table")
    if name in PILE_VARIABLES:
        return f"'{name}' is known only on a play with piles shown (scoring.events, piles.top: shown)", _END_OF_HAND
    if name in STACK_VARIABLES:
        return f"'{name}' is known only on a play of a stack table (scoring.events, table.layout: stack)", _END_OF_HAND
    if name in HAND_VARIABLES and name not in PLAY_VARIABLES:
        return (f"'{name}' is known only in a declaration (declarations.rules)",
                "a declaration looks at the hand dealt: hand, table, round; a scoring rule at the end of the hand: "
                "pile, sweeps, captures, score, ...")
    return (f"'{name}' is known only on a play (scoring.events)",
            _END_OF_HAND + "; an event (scoring.events) sees the play: played, taken, previous, table, ...")


def no_sides(function: str, scope: str) -> tuple[str, str] | None:
    """(message, hint) for a function that compares the sides (most, all, any) in a scope that has
    none to compare: a deal condition, a sweep's weight; None where it may be used."""
    if scope == "table":
        return (f"{function}() compares the sides of a hand and cannot be used when the table is dealt",
                "a deal condition looks at the opening table: count(table, ...), sum(table)")
    if scope == "sweep":
        return (f"{function}() compares the sides, and a sweep's weight knows no side",
                "a sweep's weight looks at the play: e.g. 0 if last_play else 2 if count(taken) >= 4 else 1")
    return None
