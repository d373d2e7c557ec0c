"""Recorded play of the seed variants: the same matches, move for move, from release to release.

`record` plays a few seeded matches of one rule file at each of its tables
with both engines and sums each up: the moves chosen (as text), how many were
legal at each turn, the final scores and the winner, as one digest per match
beside the plain scores. `tests/data/seed_plays.json` holds what the engines
played before the language grew capture kinds, deal layouts and declared
decks (commit cacd6eb); `test_seed_plays.py` replays it. To record again
(only when a rule is meant to change how a seed variant plays):

    python -m tests.seed_plays > tests/data/seed_plays.json
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the rule files of the seed variants and their house rules, as they were when recorded
FILES = ("comodines", "escoba-brasileira", "escoba-de-15", "escoba-francesa", "escopa", "escova-de-31",
         "open-table", "scopa", "house/escoba-31-ties-all", "house/escoba-6-teams-of-3",
         "house/escopa-no-leftover-check", "house/scopa-napola")
SEEDS = range(6)
BOT_CYCLE = ("greedy", "random", "heuristic")


def record(path: Path, seed: int, players: int, team_size: int, engine: str) -> dict:
    """One match: its digest, scores and winner."""
    from escoba_spec.engine import format_move, play_match
    from escoba_spec.engine.bots import GreedyBot, HeuristicBot, RandomBot
    from escoba_spec.engine.interpreter import Interpreter
    from escoba_spec.language.validate import load_variant
    from tests.engine_fixtures import kernel_rules

    variant = load_variant(path)
    ruleset = Interpreter(variant) if engine == "interpreted" else kernel_rules(variant)
    makers = {"greedy": GreedyBot, "random": RandomBot, "heuristic": HeuristicBot}
    log: list[str] = []

    class Logged:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, obs, moves):
            move = self.bot.choose(obs, moves)
            log.append(f"{obs.seat}:{len(moves)}:{format_move(move, ruleset.cards)}")
            return move

    bots = [Logged(makers[BOT_CYCLE[(seed + seat) % 3]](seed * 7 + seat)) for seat in range(players)]
    match = play_match(ruleset, bots, seed, team_size=team_size)
    digest = hashlib.sha256("\n".join(log).encode()).hexdigest()
    return {"moves": len(log), "digest": digest, "scores": [float(s) for s in match.scores], "winner": match.winner}


def record_all(root: Path = ROOT) -> dict:
    from escoba_spec.language.validate import load_variant

    out = {}
    for name in FILES:
        path = root / "rules" / f"{name}.yaml"
        for layout in load_variant(path).players.layouts:
            for seed in SEEDS:
                for engine in ("interpreted", "kernel"):
                    key = f"{name} {layout.players}/{layout.team_size} seed {seed} {engine}"
                    out[key] = record(path, seed, layout.players, layout.team_size, engine)
    return out


def dump(records: dict) -> str:
    """One match per line, keys sorted: a re-recording that changes nothing changes no byte."""
    lines = [f" {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(records.items())]
    return "{\n" + ",\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    sys.stdout.write(dump(record_all(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)))
