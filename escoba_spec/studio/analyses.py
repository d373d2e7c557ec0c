"""Balance reports started from the page: `tools.analyze` as a job of `jobs.Runs`.

The job plays what `escoba-spec analyze` plays (the same runs, seeds and
bytes of analysis.json for a seed and budget) in the studio's worker thread,
one process: the server's threads make forking workers unsafe. Its result is
the three files the command writes, as text (report.html is shown in a
sandboxed frame, never run in the page), and the few figures the page shows
beside it. The analysis itself stays with the job, so the report can be
written again in another language without playing anything again.
"""

from __future__ import annotations

from .jobs import Cancelled, Job, Runs

#: the page's ceiling on --budget: 400 x 50 matches a run, the command line's default
#: (minutes on one core); the command line goes to 1000
MAX_BUDGET = 50.0
#: the page's ceiling on the expert's playouts a decision (the command line's is 100000)
MAX_EXPERT_BUDGET = 1000
#: the page's default expert (the command line's is the expert's own, 6000): the page plays in the
#: server's one process and hears a cancel between matches, so a match must be short on a busy
#: machine too: at 200 playouts one with an expert on both sides lasts some 0.06 s in Escoba de 15
#: (0.3 s at 1000, and over a second on CI's loaded machine; 2 s at 6000)
PAGE_EXPERT_BUDGET = 200


def start_analysis(runs: Runs, variants: list[tuple[object, str]], *, budget: float, expert_budget: int,
                   seed: int, lang: str) -> Job:
    """Entry point: queue the analysis of `variants` ((variant, label) pairs, one or two)."""
    from ..tools.analyze import total_matches

    total = total_matches(budget, expert_budget) * len(variants)
    job = Job(total, kind="analyze")

    def work() -> None:
        from ..compiler.kernels import compile_note
        from ..tools.analyze import analyze

        job.note = compile_note([variant for variant, _ in variants])  # said until the first matches

        def progress(done: int) -> None:
            job.done = done
            job.note = ""
            if job.cancel.is_set():
                raise Cancelled

        analysis = analyze(variants, {}, seed, budget, 1, None, progress, expert_budget)
        job.analysis = analysis
        job.result = report_of(analysis, lang)

    return runs.submit(job, work)


def report_of(analysis: dict, lang: str) -> dict:
    """What the page reads of a finished analysis: the three files, and its headline figures."""
    from ..tools.analyze import render

    files = {name: data.decode("utf-8") for name, data in render(analysis, lang).items()}
    return {"lang": lang, "html": files["report.html"], "markdown": files["report.md"],
            "json": files["analysis.json"], "seed": analysis["seed"], "budget": analysis["budget"],
            "expert_budget": analysis["expert_budget"], "games_per_run": analysis["games_per_run"],
            "expert_games_per_run": analysis["expert_games_per_run"],
            "variants": [{**headline(v, analysis["strongest"]), "runs": runs_of(v)} for v in analysis["variants"]],
            "differences": _differences(analysis["differences"])}


def headline(variant: dict, strongest: str) -> dict:
    """One variant's figures for the page: its skill, and the seat advantage under the best bot."""
    measured = variant["measured"]
    skill = measured["skill"]
    seats = measured["seat_advantage"][strongest]
    return {"id": variant["id"], "name": variant["name"], "file": variant["file"],
            "engine": variant["measured_engine"], "notes": variant["notes"],
            "skill": {k: skill[k] for k in ("bot", "against", "rate", "ci95", "games")},
            "seat_advantage": {"bot": strongest, "first_player_edge": seats["first_player"]["edge"],
                               "ci95": seats["first_player"]["ci95"], "dealer_side_rate": seats["sides"][0]["rate"]}}


def runs_of(variant: dict) -> dict:
    """A variant's figures the page tabulates, per bot (each against itself): the win rate per
    side, the first player's edge, the hands a match, and per points rule its points a hand
    per side, the matches it decided and those it never scored in; each with its interval."""
    measured = variant["measured"]
    return {bot: {"win_rate": seats["sides"], "first_player_edge": seats["first_player"],
                  "hands_per_match": measured["decisiveness"][bot], "rules": measured["rules"][bot]}
            for bot, seats in measured["seat_advantage"].items()}


def _differences(differences: dict | None) -> dict | None:
    if differences is None:
        return None
    return {"stated": len(differences["stated"]), "skill": differences["skill"]}
