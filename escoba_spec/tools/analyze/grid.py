"""`analyze FILE --option-grid`: every value of each option played side by side.

For each option the variant offers (or those named), each of its values is
played in three runs of the fast bots on the same seeds: the heuristic bot
against itself (the first player's edge, the match's length, comebacks) and
against greedy in both seatings (skill: how much the better player wins;
luck: how often the weaker one does). Each value's figures carry their 95%
intervals and, beside the option's default value, the difference with its
test (two-proportion z, Welch t), so a designer reads which value makes the
game most skill-rewarding, shortest and most balanced. The expert sits in
none of these runs: a grid is tens of variants, and the fast bots' thousands
of matches a value are what separate values a few points apart.
"""

from __future__ import annotations

from pathlib import Path

from ...language.diagnostics import DiagnosticError
from ...language.validate import load_variant
from ..setup import seating
from ..simulate import Context, play_matches, summarize
from ..simulate.stats import share, two_proportion, welch
from .play import MATCHES_PER_BUDGET, MIN_MATCHES, run_seed
from .sections import seated_wins

#: the runs a value plays: (name, bots per side pattern)
GRID_RUNS = (("self", ["heuristic"]), ("skill-a", ["heuristic", "greedy"]), ("skill-b", ["greedy", "heuristic"]))


def grid_matches(budget: float) -> int:
    """The matches of each of a value's runs: half a report run's, at least MIN_MATCHES."""
    return max(MIN_MATCHES, int(MATCHES_PER_BUDGET * budget) // 2)


def grid_total(variant, ids: list[str], budget: float) -> int:
    """The matches an option grid plays (its progress's units)."""
    return sum(len(o.choices) for o in variant.options if o.id in ids) * len(GRID_RUNS) * grid_matches(budget)


def option_grid(variant, path: str, options: dict[str, str], ids: list[str], root: int, budget: float,
                jobs: int = 1, executor=None, progress=None) -> dict:
    """Entry point: per option of `ids` (in the variant's order), each value's figures, the
    differences from the default value, and which value is best by each measure."""
    out = {"bots": {"self": "heuristic", "skill": ["heuristic", "greedy"]}, "games_per_run": grid_matches(budget),
           "options": []}
    done = 0
    for option in (o for o in variant.options if o.id in ids):
        values = []
        for value in option.choices:
            def tick(n: int, base=done) -> None:
                if progress:
                    progress(base + n)

            measured, note = _value(path, {**options, option.id: value}, root, grid_matches(budget), jobs, executor,
                                    tick)
            done += len(GRID_RUNS) * grid_matches(budget)
            label = next((lab for v, lab, _ in option.value_labels if v == value), value)
            values.append({"value": value, "label": label, "default": value == option.default, "note": note,
                           **(measured or {})})
        out["options"].append({"id": option.id, "label": option.label or option.id, "default": option.default,
                               "rows": _against_default(values), "best": _best(values)})
    return out


def _value(path: str, options: dict[str, str], root: int, games: int, jobs: int, executor, tick):
    """One value's runs and figures; (None, why) where the kernel does not play it (the
    interpreter would take hours over a grid's matches)."""
    try:
        variant = load_variant(Path(path), options)
    except DiagnosticError as exc:  # a value the file offers but cannot be played with the others chosen
        return None, exc.diagnostics[0].message if exc.diagnostics else str(exc)
    players = variant.players.layouts[0].players
    team_size = seating(variant, players, None)
    sides = players // team_size
    runs = {}
    for k, (name, pattern) in enumerate(GRID_RUNS):
        bots = [pattern[seat % sides % len(pattern)] for seat in range(players)]
        ctx = Context(path, options, players, team_size, bots, variant=variant)
        if ctx.kernel is None:
            return None, ctx.note or "not played on the kernel"
        seed = run_seed(root, f"grid {name}")  # the same seeds for every value: common deals
        records, _ = play_matches(ctx, path, options, seed, games, jobs,
                                  lambda n, base=k * games: tick(base + n), executor)
        runs[name] = summarize(records, ctx, path, seed)
    return _figures(runs), None


def _figures(runs: dict) -> dict:
    self_play = runs["self"]
    edge = self_play["first_player_edge"]
    first_wins = self_play["win_rate"][edge["side"]]["wins"]
    strong, weak, games, _ = seated_wins(runs["skill-a"], runs["skill-b"])
    return {"first_player": {**share(first_wins, self_play["games"]), "fair": edge["fair_share"],
                             "edge": edge["edge"], "edge_ci95": edge["ci95"]},
            "hands": self_play["hands_per_match"], "comebacks": self_play["comebacks"],
            "skill": share(strong, games), "luck": share(weak, games)}


def _against_default(values: list[dict]) -> list[dict]:
    """Each measured value with its differences from the default value's figures (B: the value)."""
    base = next((v for v in values if v["default"] and v["note"] is None), None)
    for v in values:
        if base is None or v["note"] is not None or v is base:
            v["versus_default"] = None
            continue
        fa, fb = base["first_player"], v["first_player"]
        v["versus_default"] = {
            "first_player": two_proportion(fa["count"], fa["n"], fb["count"], fb["n"]),
            "skill": two_proportion(base["skill"]["count"], base["skill"]["n"], v["skill"]["count"], v["skill"]["n"]),
            "hands": welch(base["hands"], v["hands"]),
            "comebacks": two_proportion(base["comebacks"]["count"], base["comebacks"]["matches"],
                                        v["comebacks"]["count"], v["comebacks"]["matches"]),
        }
    return values


#: each measure a grid ranks values by: (its name, the figure, lower is better, the test beside the default)
MEASURES = (("skill", lambda v: -v["skill"]["rate"], "skill"), ("shortest", lambda v: v["hands"]["mean"], "hands"),
            ("balanced", lambda v: abs(v["first_player"]["edge"]), "first_player"))


def _best(values: list[dict]) -> dict:
    """Per measure, the value best by it: most skill-rewarding (the heuristic's highest win rate over
    greedy), shortest (fewest hands a match), most balanced (the first player's edge nearest 0);
    `clear` when it differs from the default significantly (at 5%), or is the default and every
    other value differs from it, so that a designer is not sent after a difference the matches
    do not show."""
    measured = [v for v in values if v["note"] is None]
    if not measured:
        return {}
    out = {}
    for name, key, test in MEASURES:
        best = min(measured, key=key)
        if best["default"]:  # the default is best: clearly so when every other value differs from it
            clear = all(v["versus_default"] and v["versus_default"][test]["significant"] for v in measured if v is not best)
        else:
            clear = bool(best["versus_default"] and best["versus_default"][test]["significant"])
        out[name] = {"value": best["value"], "label": best["label"], "default": best["default"], "clear": clear}
    return out
