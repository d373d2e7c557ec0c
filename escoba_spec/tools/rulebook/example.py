"""A whole example hand, played by the engine and scored, for the rulebook.

`example_play(variant)` deals a hand with a fixed seed through
`escoba_spec.engine.game.Game` and lets `GreedyBot`s play it to its end: every
play (the hand before it, the move, what it took, the table after it), the
cards dealt each round, the declarations and events scored, the leftovers, and
the hand's scoring rule by rule. The result records the seed and every move in
the card text form, so the tests replay the same moves through the API and
check that each one is legal, captures what the rulebook says, and ends in the
score it shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...engine.bots import GreedyBot
from ...engine.game import Game
from ...language import ir

#: Seeds tried in order; the first whose hand has a capture and a sweep is shown
#: (else the first with a capture, else the first).
SEEDS = range(1, 41)


@dataclass(frozen=True)
class Step:
    seat: int
    move: str  # text form, e.g. '7o+2b+5e'
    card: str
    captured: tuple[str, ...]
    sweeps: int
    hand: tuple[str, ...] = ()  # the seat's hand before the play
    table: tuple[str, ...] = ()  # the table after it (at the last play: the cards left over)
    round: int = 1  # the round of the deal it is played in, 1 up
    events: tuple[tuple[str, int, str], ...] = ()  # (event id, points, effect) the play scored
    face_down: int = 0  # how many face-down cards the capture took with it
    bid: int = 0  # the value bid (deal.bid): the step is a bid, no card played (`card` is '')


@dataclass(frozen=True)
class Declared:
    round: int
    seat: int
    id: str
    points: int
    effect: str  # points | sweeps | win-match


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
    declared: tuple[Declared, ...] = ()
    leftovers: tuple[str, ...] = ()  # the table's cards at the end of the hand
    leftovers_side: int | None = None  # the side that took them (None: set aside, or none left)
    points: tuple[tuple[tuple[str, int | Fraction], ...], ...] = ()  # per side: (rule id, points), in rule order
    effects: tuple[tuple[int, str, str], ...] = ()  # (side, rule id, win-match | lose-match)
    piles: tuple[int, ...] = ()  # cards each side captured
    sweeps: tuple[int, ...] = ()  # sweeps each side made
    totals: tuple[int | Fraction, ...] = ()  # each side's points for the hand
    stopped: bool = False  # the match ended during the hand
    winner: int | None = None  # the side that won the match with this hand, if it did
    face_down: int = 0  # the table cards lying face down after the deal

    @property
    def sides(self) -> int:
        return self.players // self.team_size

    @property
    def finished(self) -> bool:
        """The hand was played to its end and scored."""
        return bool(self.totals) or self.stopped


def example_play(variant: ir.Variant) -> Example:
    layout = variant.players.layouts[0]
    first = with_capture = None
    for seed in SEEDS:
        example = _play(variant, layout.players, layout.team_size, seed)
        first = first or example
        if any(step.captured for step in example.steps):
            with_capture = with_capture or example
            if any(step.sweeps for step in example.steps):
                return example
    return with_capture or first


def _play(variant: ir.Variant, players: int, team_size: int, seed: int) -> Example:
    game = Game(variant, players=players, team_size=team_size, seed=seed)
    game.new_hand(seed=seed)
    state = game.state
    bots = [GreedyBot(seed + seat) for seat in range(players)]
    table = tuple(game.table)
    face_down = game.face_down
    hands = tuple(tuple(h) for h in game.hands)
    opening = game.opening
    steps = []
    limit = game.cards.size + 8  # every card is played once
    while not game.hand_over and len(steps) < limit:
        seat = game.to_play
        state = game.state
        hand = tuple(game.hand(seat))
        round_ = state.rounds
        events_before = len(state.events)
        move = bots[seat].choose(game.observation(seat), state.legal_moves())
        played = game.play(move)
        scored = tuple((e.id, e.points, e.effect) for e in state.events[events_before:])
        after = tuple(game.table)
        if game.hand_over and game.hand_result is not None:
            after = tuple(game.cards.texts(game.hand_result.leftovers))
        steps.append(Step(played.seat, played.move, played.card, played.captured, played.sweeps, hand, after,
                          round_, scored, played.face_down, played.bid))
    state = game.state
    result = game.hand_result
    declared = tuple(Declared(d.round, d.seat, d.id, d.points, d.effect) for d in state.declared)
    if result is None:  # cannot happen: the engine ends every hand it deals
        return Example(seed, players, team_size, 0, table, hands, None, (), -1, tuple(steps), declared)
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
        declared=declared,
        leftovers=tuple(game.cards.texts(result.leftovers)),
        leftovers_side=result.leftovers_side if result.leftovers else None,
        points=tuple(tuple(points.items()) for points in result.score.points),
        effects=tuple(result.score.effects),
        piles=tuple(bin(p).count("1") for p in result.piles),
        sweeps=tuple(result.sweeps),
        totals=tuple(result.totals),
        stopped=result.stopped,
        winner=game.winner,
        face_down=face_down,
    )


def replay(variant: ir.Variant, example: Example) -> list[str]:
    """Play the example's moves again through the API; the problems found (empty when it
    replays, reaching the same end and the same score)."""
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
    if not problems:
        if not game.hand_over:
            problems.append("the hand is not over after the example's plays")
        elif tuple(game.hand_result.totals) != example.totals:
            problems.append(f"the hand scores {game.hand_result.totals}, not {example.totals}")
    return problems
