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
from ..engine.names import SEARCH_BOTS
from ..engine.protocol import RuleSet
from ..engine.stream import Stream, seat_seed
from ..language import ir
from .seats import BOT_NAMES, ENGINES, SetupError, bot_names, check_bot_name, seating  # noqa: F401 - re-exported

BOTS: dict[str, Callable[..., Bot]] = {"greedy": GreedyBot, "random": RandomBot, "heuristic": HeuristicBot,
                                      "montecarlo": ExpertBot, "expert": ExpertBot}


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
    if base not in SEARCH_BOTS:
        return BOTS[base](rng=bot_stream(seed, seat))
    return ExpertBot(rng=bot_stream(seed, seat), budget=budget, kernel=expert_kernel(variant), flat=base == "montecarlo")


def expert_kernel(variant: ir.Variant | None):
    """The kernel the expert bot plays on; SetupError when the kernel cannot play the variant."""
    if variant is None:
        raise SetupError("the expert bot plays on the variant's kernel: make_bot needs the variant")
    from ..compiler.kernels import load_kernel

    check_expert(variant)
    return load_kernel(variant)


def check_expert(variant: ir.Variant) -> None:
    """SetupError when the kernel, and so the expert, cannot play the variant: said before a command
    that will seat the expert plays anything."""
    from ..compiler.kernel import unsupported

    reasons = unsupported(variant)
    if reasons:
        raise SetupError(f"the expert bot plays on the kernel, which does not play {', '.join(reasons)} of "
                         f"{variant.id} yet (bots: random, greedy, heuristic play it)")


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
