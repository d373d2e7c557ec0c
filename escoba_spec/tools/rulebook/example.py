"""A short example play, produced by the engine, for the rulebook.

`example_play(variant)` deals a hand with a fixed seed through
`escoba_spec.engine.game.Game` and lets `GreedyBot`s play its first turns. The
result records the seed, the table and every move in the card text form, so
the tests replay the same moves through the API and check that each one is
legal and captures what the rulebook says.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.bots import GreedyBot
from ...engine.game import Game
from ...language import ir

#: Seeds tried in order; the first whose opening plays include a capture is shown.
SEEDS = range(1, 41)


@dataclass(frozen=True)
class Step:
    seat: int
    move: str  # text form, e.g. '7o+2b+5e'
    card: str
    captured: tuple[str, ...]
    sweeps: int


@dataclass(frozen=True)
class Example:
    seed: int
    players: int
    team_size: int
    dealer: int
    table: tuple[str, ...]  # face up after the deal (and any opening rule)
    hands: tuple[tuple[str, ...], ...]
    opening: str | None  # the opening rule's action, if it applied
    opening_cards: tuple[str, ...]
    opening_taker: int
    steps: tuple[Step, ...]


def _plays(players: int) -> int:
    return min(3 * players, 8)


def example_play(variant: ir.Variant) -> Example:
    layout = variant.players.layouts[0]
    chosen = None
    for seed in SEEDS:
        example = _play(variant, layout.players, layout.team_size, seed)
        chosen = chosen or example
        if any(step.captured for step in example.steps):
            return example
    return chosen


def _play(variant: ir.Variant, players: int, team_size: int, seed: int) -> Example:
    game = Game(variant, players=players, team_size=team_size, seed=seed)
    game.new_hand(seed=seed)
    bots = [GreedyBot(seed + seat) for seat in range(players)]
    table = tuple(game.table)
    hands = tuple(tuple(h) for h in game.hands)
    opening = game.opening
    steps = []
    for _ in range(_plays(players)):
        if game.hand_over:
            break
        seat = game.to_play
        state = game.state
        move = bots[seat].choose(game.observation(seat), state.legal_moves())
        played = game.play(move)
        steps.append(Step(played.seat, played.move, played.card, played.captured, played.sweeps))
    return Example(
        seed=seed,
        players=players,
        team_size=team_size,
        dealer=0,
        table=table,
        hands=hands,
        opening=opening.action if opening is not None else None,
        opening_cards=tuple(game.cards.texts(opening.cards)) if opening is not None else (),
        opening_taker=opening.taker if opening is not None else -1,
        steps=tuple(steps),
    )


def replay(variant: ir.Variant, example: Example) -> list[str]:
    """Play the example's moves again through the API; the problems found (empty when it replays)."""
    problems = []
    game = Game(variant, players=example.players, team_size=example.team_size, seed=example.seed)
    game.new_hand(seed=example.seed)
    if tuple(game.table) != example.table:
        problems.append(f"table {game.table} != {list(example.table)}")
    for step in example.steps:
        if game.to_play != step.seat:
            problems.append(f"seat {game.to_play} plays, not {step.seat}")
        if step.move not in game.legal_moves():
            problems.append(f"{step.move} is not legal (legal: {game.legal_moves()})")
            break
        played = game.play(step.move)
        if tuple(sorted(played.captured)) != tuple(sorted(step.captured)) or played.sweeps != step.sweeps:
            problems.append(f"{step.move} captured {played.captured} ({played.sweeps} sweeps), "
                            f"not {step.captured} ({step.sweeps})")
    return problems
