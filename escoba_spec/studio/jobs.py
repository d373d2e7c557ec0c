"""Long runs started from the page, in one worker thread, polled for progress.

`Runs.submit` queues any job's work; a simulation's (`Runs.start`) plays its
matches with `play_matches` (the same seeds, records and summary as
`escoba-spec simulate`), a diff's (`Runs.diff`) its deals with `diff_variants`,
a balance report's is in `analyses`. One job runs at a
time so the page stays responsive; the page polls `GET /api/jobs/ID` for the
matches done and, at the end, `Job.result`, the one place it reads a run's
outputs from. A job can be cancelled between two chunks of matches: the
progress callback raises `Cancelled`.
"""

from __future__ import annotations

import base64
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from ..language import ir
from ..tools.setup import bot_names, seating

#: the most matches one job plays from the page (the command line goes to ten million)
MAX_GAMES = 200_000
MAX_JOBS = 16


class Cancelled(Exception):
    """Raised from the progress callback to stop a job between chunks."""


class Job:
    def __init__(self, games: int, kind: str = "simulate"):
        self.id = secrets.token_hex(8)
        self.kind = kind
        self.games = games
        self.total = games
        self.done = 0
        self.state = "queued"  # running, done, failed, cancelled
        self.cancel = threading.Event()
        self.result: dict | None = None
        self.analysis: dict | None = None  # an analyze job's, kept to write its report in another language
        self.files: dict[str, bytes] = {}  # a simulation's results folder, as `simulate --out DIR` writes it
        self.error = ""
        self.note = ""  # what the job is doing before its first match ("compiling the kernel of ...")
        self.started = time.monotonic()

    def view(self) -> dict:
        out = {"id": self.id, "kind": self.kind, "state": self.state, "done": self.done, "total": self.total,
               "seconds": round(time.monotonic() - self.started, 2)}
        if self.error:
            out["error"] = self.error
        if self.note:
            out["note"] = self.note
        if self.result is not None:
            out["result"] = self.result
        return out


class Runs:
    """The jobs, and the one worker thread that plays them."""

    def __init__(self) -> None:
        self.jobs: dict[str, Job] = {}
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="studio-jobs")
        self.lock = threading.Lock()

    def start(self, runs: list[tuple[ir.Variant, str]], *, games: int, seed: int, bots: str, players: int | None,
              engine: str) -> Job:
        """Play `games` matches of each (variant, label) of `runs` (one, or two to compare)."""
        variant = runs[0][0]
        players = players or variant.players.layouts[0].players
        plan = _plan(runs, players, bots)
        job = Job(games)
        job.total = games * len(runs)
        return self.submit(job, lambda: self._simulate(job, plan, engine, seed))

    def diff(self, a: ir.Variant, b: ir.Variant, *, deals: int, seed: int, bot: str, engine: str = "kernel") -> Job:
        """Play `deals` seeded deals under `a` and `b` by `bot` at every seat of the first table
        both allow (`escoba-spec diff`), deal by deal: cancelled between two deals. On the
        variants' kernels by default, as the command line plays them (the interpreter for one the
        kernel does not play); while a kernel's first compile runs, the job's note says so."""
        from ..tools.diff import diff_variants, render_text
        from ..tools.setup import engine_used, make_ruleset

        common = {(x.players, x.team_size) for x in b.players.layouts}
        layout = next((lay for lay in a.players.layouts if (lay.players, lay.team_size) in common), None)
        job = Job(deals, kind="diff")

        def progress(done: int) -> None:
            job.done = done
            job.note = ""
            if job.cancel.is_set():
                raise Cancelled

        def work() -> None:
            used = [engine_used(v, engine) for v in (a, b)]
            if engine == "kernel":
                from ..compiler.kernels import compile_note

                job.note = compile_note([v for v, (e, _) in zip((a, b), used) if e == "kernel"])
            rulesets = None if engine == "interpreted" else (make_ruleset(a, engine), make_ruleset(b, engine))
            report = diff_variants(a, b, deals, seed, [bot] * layout.players if layout else None,
                                   rulesets=rulesets, progress=progress)
            job.note = ""
            job.result = {"report": report.to_json(), "text": render_text(report),
                          "engines": [e for e, _ in used], "engine_notes": [n for _, n in used if n]}

        return self.submit(job, work)

    def submit(self, job: Job, work) -> Job:
        """Queue `work()` for `job`: it sets `job.result` (and `job.done` as it goes); a job
        cancelled before its turn never starts, an exception is the job's error."""
        with self.lock:
            finished = [j for j in self.jobs.values() if j.state not in ("queued", "running")]
            for old in finished[: max(0, len(self.jobs) - MAX_JOBS + 1)]:
                self.jobs.pop(old.id, None)
            self.jobs[job.id] = job
        self.pool.submit(self._run, job, work)
        return job

    def get(self, job_id: str) -> Job | None:
        with self.lock:
            return self.jobs.get(job_id)

    def shutdown(self) -> None:
        for job in list(self.jobs.values()):
            job.cancel.set()
        self.pool.shutdown(wait=False, cancel_futures=True)

    def _run(self, job: Job, work) -> None:
        if job.cancel.is_set():
            job.state = "cancelled"
            return
        job.state = "running"
        try:
            work()
            job.state = "done"
        except Cancelled:
            job.state = "cancelled"
        except Exception as exc:  # an engine error: said on the page, the server goes on
            job.state, job.error = "failed", f"{type(exc).__name__}: {exc}"

    def _simulate(self, job: Job, plan: list, engine: str, seed: int) -> None:
        from ..tools.simulate import (
            Context,
            compare,
            play_matches,
            plots,
            render_compare_text,
            render_text,
            results_files,
            summarize,
        )

        # built here, not in the request: a kernel engine compiles (seconds, the first time), and
        # the page says so until the first match is played
        if engine == "kernel":
            from ..compiler.kernels import compile_note

            job.note = compile_note([variant for variant, _, _, _ in plan])
        contexts = [(Context(label, {}, len(names), team_size, names, variant=variant, engine=engine), label)
                    for variant, label, team_size, names in plan]
        summaries, texts, records, timings = [], [], [], []
        for n, (ctx, label) in enumerate(contexts):
            def progress(done: int, before: int = n * job.games) -> None:
                job.done = before + done
                job.note = ""
                if job.cancel.is_set():
                    raise Cancelled

            played, timing = play_matches(ctx, label, {}, seed, job.games, 1, progress)
            summary = summarize(played, ctx, label, seed)
            summaries.append(summary)
            records.append(played)
            timings.append(timing)
            texts.append(render_text(summary, timing))
        comparison = compare(summaries[0], summaries[1]) if len(summaries) == 2 else None
        if comparison is not None:
            texts.append(render_compare_text(comparison, contexts[0][1], contexts[1][1]))
        pngs = plots(summaries[0], summaries[1] if len(summaries) == 2 else None)
        job.files = results_files(summaries, comparison, timings, records, pngs,
                                   contexts[0][0].players // contexts[0][0].team_size)
        job.result = {
            "summary": summaries[0], "compare": summaries[1] if len(summaries) == 2 else None,
            "comparison": comparison, "text": "\n".join(texts),
            "plots": {name: "data:image/png;base64," + base64.b64encode(data).decode("ascii")
                      for name, data in (pngs or {}).items()},
            "plots_note": "" if pngs is not None else "matplotlib is not installed: pip install 'escoba-spec[plots]'",
            "engine": contexts[0][0].engine,
        }


def zipped(files: dict[str, bytes]) -> bytes:
    """`files` as one zip, each at its root, dated 1980-01-01 (the same run, the same bytes)."""
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def _plan(runs: list[tuple[ir.Variant, str]], players: int, bots: str) -> list[tuple]:
    """Each run's (variant, label, team size, bot per seat), checked: a table or bot the
    variant does not allow raises SetupError naming what is."""
    from ..tools.setup import SetupError

    plan = []
    for variant, label in runs:
        team_size = seating(variant, players)
        plan.append((variant, label, team_size, bot_names(bots, players)))
    if len({players // team_size for _, _, team_size, _ in plan}) > 1:
        raise SetupError("a comparison needs both variants played by the same number of sides")
    return plan
