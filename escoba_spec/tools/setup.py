"""What the tools share to set a match up: the variant's ruleset, the bots, the seats.

`play` and `simulate` seat the same bots, seeded the same way, on a table
checked the same way; `diff` takes its bots from the same registry. A table,
a bot or an engine that cannot be had raises `SetupError`, whose message
names what is allowed (the command line reports it as a usage error).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..engine.bots import GreedyBot, HeuristicBot, RandomBot
from ..engine.expert import ExpertBot
from ..engine.interpreter import Interpreter
from ..engine.match import Bot
from ..engine.names import split_bot_name
from ..engine.protocol import RuleSet
from ..engine.stream import Stream, seat_seed
from ..language import ir

BOTS: dict[str, Callable[..., Bot]] = {"greedy": GreedyBot, "random": RandomBot, "heuristic": HeuristicBot,
                                      "expert": ExpertBot}
#: the two engines: the variant's kernel (numba, or its source as plain Python where numba is not)
#: and the interpreter walking the IR, the readable oracle the kernel is tested against
ENGINES = ("kernel", "interpreted")


class SetupError(ValueError):
    """A match that cannot be set up as asked: its message says what is allowed."""


@dataclass
class Setup:
    """Everything a match needs, checked: the variant, its RuleSet, the seats."""

    variant: ir.Variant
    ruleset: RuleSet
    engine: str
    players: int
    team_size: int
    seed: int
    bot_names: list[str | None]  # per seat; None for the human seat
    human: int | None = None
    bots: list[Bot | None] = field(default_factory=list)

    @property
    def sides(self) -> int:
        return self.players // self.team_size


def make_ruleset(variant: ir.Variant, engine: str = "kernel") -> RuleSet:
    """The variant's RuleSet: on its kernel's step functions, or interpreted. `kernel` where the
    kernel does not play the variant is the interpreter (`engine_used` says which, and why)."""
    if engine not in ENGINES:
        raise SetupError(f"no engine '{engine}' (choose {' or '.join(ENGINES)})")
    used, _ = engine_used(variant, engine)
    if used == "interpreted":
        return Interpreter(variant)
    from ..compiler.kernels import load_kernel

    return load_kernel(variant).ruleset()


@lru_cache(maxsize=64)
def _kernel_reasons(variant: ir.Variant) -> tuple[str, ...]:
    """compiler.kernel.unsupported, once per variant: a command asks it for the note, the
    ruleset and the setup (it builds the variant's kernel expressions to answer)."""
    from ..compiler.kernel import unsupported

    return tuple(unsupported(variant))


def engine_used(variant: ir.Variant, engine: str) -> tuple[str, str | None]:
    """The engine that plays `variant` when `engine` is asked, and the one line that says why
    it is not the one asked (None when it is)."""
    if engine != "kernel":
        return engine, None
    reasons = _kernel_reasons(variant)
    if reasons:
        return "interpreted", (f"the kernel does not play {', '.join(reasons)} of {variant.id} yet: "
                               "the interpreter plays it (slower)")
    return "kernel", None


def deal_stream(seed: int) -> Stream:
    """The stream that shuffles a match's decks (and redeals): stream 0 of the match seed, as
    the kernel deals, so every engine plays the same match from the same seed."""
    return Stream(seat_seed(seed, 0))


def bot_stream(seed: int, seat: int) -> Stream:
    """A seat's bot's stream: stream 1 + seat of the match seed, unrelated to the deal's."""
    return Stream(seat_seed(seed, 1 + seat))


def make_bot(name: str, seed: int, seat: int, variant: ir.Variant | None = None) -> Bot:
    """The bot `name` of `seat` in the match seeded `seed` (`expert:N`: the expert with N playouts
    a decision; it plays on the variant's kernel, so it needs `variant`)."""
    base, budget = check_bot_name(name)
    if base != "expert":
        return BOTS[base](rng=bot_stream(seed, seat))
    return ExpertBot(rng=bot_stream(seed, seat), budget=budget, kernel=expert_kernel(variant))


def check_bot_name(name: str) -> tuple[str, int | None]:
    """(bot, budget) of a bot's name; SetupError for a name no bot has."""
    try:
        base, budget = split_bot_name(name)
    except ValueError as exc:
        raise SetupError(str(exc)) from None
    if base not in BOTS:
        raise SetupError(f"no bot named '{name}' (bots: {', '.join(BOTS)}; expert:N gives the expert N playouts "
                         "a decision)")
    if budget is not None and base != "expert":
        raise SetupError(f"'{name}': only the expert bot takes a budget (expert:N)")
    return base, budget


def expert_kernel(variant: ir.Variant | None):
    """The kernel the expert bot plays on; SetupError when the kernel cannot play the variant."""
    if variant is None:
        raise SetupError("the expert bot plays on the variant's kernel: make_bot needs the variant")
    from ..compiler.kernel import unsupported
    from ..compiler.kernels import load_kernel

    reasons = unsupported(variant)
    if reasons:
        raise SetupError(f"the expert bot plays on the kernel, which does not play {', '.join(reasons)} of "
                         f"{variant.id} yet (bots: random, greedy, heuristic play it)")
    return load_kernel(variant)


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


def make_setup(
    variant: ir.Variant,
    *,
    players: int,
    seed: int,
    team_size: int | None = None,
    bots: str | Sequence[str] = "greedy",
    human: int | None = None,
    engine: str = "kernel",
) -> Setup:
    """Entry point: check the table against the variant's layouts and build the
    seats; raise SetupError naming what is allowed."""
    team_size = seating(variant, players, team_size)
    if human is not None and not 0 <= human < players:
        raise SetupError(f"--human {human} is not a seat: seats are 0 to {players - 1}")
    names = bot_names(bots, players, human)
    setup = Setup(variant, make_ruleset(variant, engine), engine_used(variant, engine)[0], players, team_size, seed,
                  names, human)
    setup.bots = [None if name is None else make_bot(name, seed, seat, variant) for seat, name in enumerate(names)]
    return setup
