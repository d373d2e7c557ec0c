"""The names a table is set up with, light enough for the command line's parser.

The bots' and engines' names, the check of a bot's name, and the seating of a table:
`--help` and a usage error need these and nothing that plays (tools/setup.py, which
makes the bots and the engines, imports numba through the expert's kernel).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.names import SEARCH_BOTS, split_bot_name
from ..language import ir

#: every bot, by name (tools/setup.BOTS makes them), and those diff seats (tools/diff/compare.BOTS)
BOT_NAMES = ("greedy", "random", "heuristic", "montecarlo", "expert")
DIFF_BOT_NAMES = ("greedy", "random", "heuristic")
#: the two engines: the variant's kernel (numba, or its source as plain Python where numba is not)
#: and the interpreter walking the IR, the readable oracle the kernel is tested against
ENGINES = ("kernel", "interpreted")


class SetupError(ValueError):
    """A match that cannot be set up as asked: its message says what is allowed."""


def check_bot_name(name: str) -> tuple[str, int | None]:
    """(bot, budget) of a bot's name; SetupError for a name no bot has."""
    try:
        base, budget = split_bot_name(name)
    except ValueError as exc:
        raise SetupError(str(exc)) from None
    if base not in BOT_NAMES:
        raise SetupError(f"no bot named '{name}' (bots: {', '.join(BOT_NAMES)}; expert:N gives the expert N "
                         "playouts a decision)")
    if budget is not None and base not in SEARCH_BOTS:
        raise SetupError(f"'{name}': only the expert and montecarlo bots take a budget (expert:N)")
    return base, budget


def seating(variant: ir.Variant, players: int, team_size: int | None = None) -> int:
    """The team size of a table of `players` seats (the layout's own when not
    given), checked against the variant's layouts."""
    layouts = [(lay.players, lay.team_size) for lay in variant.players.layouts]
    allowed = ", ".join(f"{p} players" + (f" in teams of {t}" if t > 1 else "") for p, t in layouts)
    counts = [t for p, t in layouts if p == players]
    if not counts:
        raise SetupError(f"{variant.id} is not played by {players} players (allowed: {allowed})")
    if team_size is None:
        return counts[0]
    if team_size not in counts:
        raise SetupError(f"{variant.id} is not played by {players} players in teams of {team_size} (allowed: {allowed})")
    return team_size


def bot_names(bots: str | Sequence[str], players: int, human: int | None = None) -> list[str | None]:
    """The bot of each seat (None for the human's) from one name for every seat,
    one per seat, or, with a human, one per seat but the human's."""
    names = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else [b.strip() for b in bots]
    for name in names:
        check_bot_name(name)
    others = [s for s in range(players) if s != human]
    if len(names) == 1:
        per_seat: list[str | None] = [names[0]] * players
    elif len(names) == players:
        per_seat = list(names)
    elif human is not None and len(names) == len(others):
        per_seat = [None] * players
        for seat, name in zip(others, names):
            per_seat[seat] = name
    else:
        wanted = f"{players}" + (f" (or {len(others)}, the seats but the human's)" if human is not None else "")
        raise SetupError(f"--bots names {len(names)} bots for {players} seats: give one name or {wanted}")
    if human is not None:
        per_seat[human] = None
    return per_seat
