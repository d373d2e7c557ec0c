"""The studio's web app: the page, and the JSON API under /api that it calls.

Every endpoint is a thin call into the library: `checks` (validate a buffer),
`tools.rulebook`, `tables` (play), `jobs` (simulate), `analyses` (the balance
report of `tools.analyze`), `tools.diff`. Bodies
are JSON objects; answers are JSON, errors `{"error": message}` with the HTTP
status that fits (400 a bad request, 403 a path outside the folder, 404
missing, 409 a conflict, 413 too large, 415 a file that is not UTF-8, 422 a
rule file with errors, then with its `diagnostics`, 507 a save the disk had no
room for). The sync endpoints run in Starlette's thread pool, and
so does the play endpoints' waiting for the bots (the expert thinks for a while,
and its first match loads the variant's kernel), so the page's other calls are
answered meanwhile.
"""

from __future__ import annotations

import contextlib
import json
import secrets
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import __version__
from ..language.diagnostics import shown_name
from ..tools.setup import BOTS, SetupError
from .analyses import MAX_BUDGET, MAX_EXPERT_BUDGET, PAGE_EXPERT_BUDGET, report_of, start_analysis
from .checks import base_variant, check_text, diagnostic_json, rulebook_html, variant_of
from .choices import BadOptions, offered, option_problem, options_of, options_json
from .guard import MAX_BODY, Guard, TooLarge
from .jobs import MAX_GAMES, Runs
from .tables import TableError, Tables
from .workspace import Conflict, Missing, NotText, Refused, Unwritable, Workspace

STATIC = Path(__file__).resolve().parent / "static"
MAX_DEALS = 5000
ENGINES = ("kernel", "interpreted")


class Problem(Exception):
    """An answer other than 200: its status and message (and a rule file's diagnostics)."""

    def __init__(self, status: int, message: str, diagnostics: list | None = None):
        super().__init__(message)
        self.status = status
        self.diagnostics = diagnostics


def _number(body: dict, key: str, default: int | None, low: int, high: int) -> int | None:
    value = body.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Problem(400, f"'{key}' must be a whole number from {low} to {high}, not {value!r}")
    return value


def _amount(body: dict, key: str, default: float, high: float) -> float:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= high:
        raise Problem(400, f"'{key}' must be a number above 0 and at most {high:g}, not {value!r}")
    return float(value)


def _choice(body: dict, key: str, default: str, allowed) -> str:
    value = body.get(key, default)
    if value not in allowed:
        raise Problem(400, f"'{key}' must be one of {', '.join(allowed)}, not {value!r}")
    return value


class Studio:
    """The app's state: the folder, the open tables, the simulation jobs."""

    def __init__(self, folder: Path, token: str):
        self.workspace = Workspace(folder)
        self.token = token
        self.tables = Tables()
        self.runs = Runs()

    # -------------------------------------------------------------- helpers

    async def body(self, request: Request) -> dict:
        try:
            data = json.loads(await request.body())
        except (ValueError, UnicodeDecodeError):
            raise Problem(400, "the body must be a JSON object") from None
        except RecursionError:
            raise Problem(400, "the body is nested too deeply to be a request of the studio's") from None
        if not isinstance(data, dict):
            raise Problem(400, "the body must be a JSON object")
        return data

    def text_of(self, body: dict, key: str = "text") -> str | None:
        text = body.get(key)
        if text is not None and not isinstance(text, str):
            raise Problem(400, f"'{key}' must be the file's text, a string")
        if text is not None:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise Problem(400, f"'{key}' holds U+{ord(text[exc.start]):04X} (character {exc.start + 1}), a lone "
                                   "surrogate, which no UTF-8 file can hold") from None
        return text

    def variant(self, body: dict, path_key: str = "path", text_key: str = "text",
                options: dict[str, str] | None = None):
        """The variant of the file named in the body, from its text when sent (the buffer), under
        `options` (`--option`'s: one the file does not offer is 400, as it is a usage error there)."""
        relative = body.get(path_key)
        path = self.workspace.locate(relative)
        text = self.text_of(body, text_key)
        if text is None and not path.is_file():
            raise Missing(f"no rule file {relative}")
        variant, problems = variant_of(self.workspace.root, path, relative, text, options or None)
        if options and (message := option_problem(problems)):
            raise Problem(400, f"{relative}: {message}")
        if variant is None:
            errors = [diagnostic_json(d, relative) for d in problems if d.severity == "error"]
            raise Problem(422, f"{relative} has errors: fix them first", errors)
        return variant

    # ------------------------------------------------------------ endpoints

    async def index(self, request: Request) -> Response:
        page = STATIC / "index.html"
        if not page.is_file():
            return Response("the studio's page is not built: run `npm run build` in studio-web/", 500)
        return FileResponse(page, media_type="text/html")

    async def info(self, request: Request) -> Response:
        from ..engine.names import DEFAULT_BUDGET
        from ..tools.rulebook import LANGS

        return JSONResponse({"version": __version__, "folder": shown_name(str(self.workspace.root)),
                             "files": self.workspace.files(), "unlisted": self.workspace.unlisted(),
                             "langs": list(LANGS), "bots": list(BOTS),
                             "engines": list(ENGINES), "max_games": MAX_GAMES, "max_deals": MAX_DEALS,
                             "max_budget": MAX_BUDGET, "max_expert_budget": MAX_EXPERT_BUDGET,
                             "expert_budget": PAGE_EXPERT_BUDGET, "expert_playouts": DEFAULT_BUDGET})

    def files(self, request: Request) -> Response:
        return JSONResponse({"files": self.workspace.files(), "unlisted": self.workspace.unlisted()})

    def read(self, request: Request) -> Response:
        relative = request.query_params.get("path")
        text, sha = self.workspace.read(relative)
        return JSONResponse({"path": relative, "text": text, "sha256": sha})

    async def save(self, request: Request) -> Response:
        body = await self.body(request)
        text = self.text_of(body)
        if text is None:
            raise Problem(400, "'text' is required: the file's new text")
        expected = body.get("sha256")
        if expected is not None and not isinstance(expected, str):
            raise Problem(400, "'sha256' must be the hash the file was read with")
        sha = self.workspace.save(body.get("path"), text, expected)
        return JSONResponse({"path": body["path"], "sha256": sha, "saved": True})

    def _sha(self, body: dict) -> str | None:
        expected = body.get("sha256")
        if expected is not None and not isinstance(expected, str):
            raise Problem(400, "'sha256' must be the hash the file was read with")
        return expected

    async def rename(self, request: Request) -> Response:
        """The file moved to `to` (409 when `to` is taken, or the file changed since `sha256`)."""
        body = await self.body(request)
        self.workspace.rename(body.get("path"), body.get("to"), self._sha(body))
        return JSONResponse({"path": body["to"], "renamed": body["path"], "files": self.workspace.files()})

    async def duplicate(self, request: Request) -> Response:
        """A copy of the file, as saved, at `to` (409 when `to` is taken)."""
        body = await self.body(request)
        sha = self.workspace.duplicate(body.get("path"), body.get("to"))
        return JSONResponse({"path": body["to"], "sha256": sha, "files": self.workspace.files()})

    def delete(self, request: Request) -> Response:
        """The file removed (409 when it changed since `sha256`)."""
        relative = request.query_params.get("path")
        self.workspace.delete(relative, self._sha(dict(request.query_params)))
        return JSONResponse({"deleted": relative, "files": self.workspace.files()})

    def schema(self, request: Request) -> Response:
        from ..language.schema import variant_schema

        return JSONResponse(variant_schema())

    async def validate(self, request: Request) -> Response:
        body = await self.body(request)
        relative = body.get("path")
        path = self.workspace.locate(relative)
        text = self.text_of(body)
        if text is None:
            raise Problem(400, "'text' is required: the text to check")
        # off the event loop, as every computation: a slow check (a leftover search) holds no other request
        _, problems = await run_in_threadpool(check_text, self.workspace.root, path, relative, text)
        return JSONResponse({"diagnostics": [diagnostic_json(d, relative) for d in problems]})

    async def options(self, request: Request) -> Response:
        """The variant's options, for the page's pickers (422 while the text has errors)."""
        body = await self.body(request)
        variant = await run_in_threadpool(self.variant, body)
        return JSONResponse({"variant": variant.id, "options": options_json(variant)})

    async def rulebook(self, request: Request) -> Response:
        from ..tools.rulebook import LANGS, RulebookError

        body = await self.body(request)
        lang = _choice(body, "lang", "en", LANGS)
        options = options_of(body)

        def write() -> dict:
            variant = self.variant(body, options=options)
            path, text = self.workspace.locate(body["path"]), self.text_of(body)
            try:
                html = rulebook_html(self.workspace.root, path, body["path"], text, variant, lang)
            except RulebookError as exc:
                raise Problem(422, str(exc), []) from None
            return {"lang": lang, "variant": variant.id, "html": html}
        return JSONResponse(await run_in_threadpool(write))

    async def play(self, request: Request) -> Response:
        body = await self.body(request)
        variant = self.variant(body, options=options_of(body))
        players = _number(body, "players", variant.players.layouts[0].players, 2, 12)
        bots = body.get("bots", "greedy")
        if isinstance(bots, str):
            bots = [bots]
        if not isinstance(bots, list) or not all(isinstance(b, str) for b in bots):
            raise Problem(400, "'bots' must be a bot name or a list of them")
        seed = _number(body, "seed", secrets.randbelow(2**31), 0, 2**63 - 1)

        def deal() -> dict:
            return self.tables.open(variant, players=players, bots=bots, seed=seed).view()

        return JSONResponse(await run_in_threadpool(deal))

    def table(self, request: Request):
        table = self.tables.get(request.path_params["table"])
        if table is None:
            raise Missing("no such table: it was closed (start a new match)")
        return table

    def table_view(self, request: Request) -> Response:
        return JSONResponse(self.table(request).view())

    async def table_move(self, request: Request) -> Response:
        body = await self.body(request)
        table = self.table(request)

        def move() -> dict:
            table.play(body.get("move"))
            return table.view()

        return JSONResponse(await run_in_threadpool(move))

    def table_next(self, request: Request) -> Response:
        table = self.table(request)
        table.next_hand()
        return JSONResponse(table.view())

    def table_undo(self, request: Request) -> Response:
        """The person's last move taken back: the match replayed from its seed up to it."""
        table = self.table(request)
        table.undo()
        return JSONResponse(table.view())

    def table_close(self, request: Request) -> Response:
        if not self.tables.close(request.path_params["table"]):
            raise Missing("no such table")
        return JSONResponse({"closed": True})

    async def simulate(self, request: Request) -> Response:
        body = await self.body(request)
        variant = self.variant(body, options=options_of(body))
        games = _number(body, "games", 200, 1, MAX_GAMES)
        seed = _number(body, "seed", 1, 0, 2**63 - 1)
        players = _number(body, "players", None, 2, 12)
        engine = _choice(body, "engine", "kernel", ENGINES)
        bots = body.get("bots", "greedy")
        if not isinstance(bots, str):
            raise Problem(400, "'bots' must be a bot name, or names separated by commas (one per seat)")
        runs = self.with_compared(body, variant)
        job = self.runs.start(runs, games=games, seed=seed, bots=bots, players=players, engine=engine)
        return JSONResponse(job.view())

    def with_compared(self, body: dict, variant) -> list[tuple]:
        """(variant, label) of the body's file under its `options`, and of what its `compare`
        names: "self" (the same text under `options_b` over `options`, simulate's `--option-b`),
        "base" (the variant it extends) or another file of the folder (as saved), each of these
        under the options of `options` and `options_b` it offers. A label names the options."""
        from ..tools.simulate import run_label

        options = options_of(body)
        both = {**options, **options_of(body, "options_b")}
        runs = [(variant, run_label(body["path"], options))]
        against = body.get("compare")
        if against == "self":
            if both == options:
                raise Problem(400, "comparing the file with itself needs 'options_b': a choice of B's")
            runs.append((self.variant(body, options=both), run_label(body["path"], both)))
        elif against == "base":
            if not variant.extends:
                raise Problem(400, f"{variant.id} extends no base variant: pick a file to compare with")
            base = self.base(body["path"], variant.extends[0], both)
            runs.append((base, run_label(variant.extends[0], offered(base, both))))
        elif against is not None:
            if not isinstance(against, str):
                raise Problem(400, "'compare' must be \"self\", \"base\" or a rule file's path in the folder")
            chosen = offered(self.variant({"path": against}), both)
            runs.append((self.variant({"path": against}, options=chosen), run_label(against, chosen)))
        return runs

    async def analyze(self, request: Request) -> Response:
        from ..tools.rulebook import LANGS

        body = await self.body(request)
        budget = _amount(body, "budget", 0.1, MAX_BUDGET)
        expert_budget = _number(body, "expert_budget", PAGE_EXPERT_BUDGET, 1, MAX_EXPERT_BUDGET)
        lang = _choice(body, "lang", "en", LANGS)
        seed = _number(body, "seed", 1, 0, 2**63 - 1)
        variant = self.variant(body, options=options_of(body))
        runs = self.with_compared(body, variant)
        sides = {v.players.layouts[0].players // (v.players.layouts[0].team_size or 1) for v, _ in runs}
        if len(sides) > 1:
            raise Problem(400, "the variants analysed side by side must seat the same number of sides "
                               "at their first table")
        job = start_analysis(self.runs, runs, budget=budget, expert_budget=expert_budget, seed=seed, lang=lang)
        return JSONResponse(job.view())

    def job_report(self, request: Request) -> Response:
        """A finished analysis's report in another language, written again, nothing played."""
        from ..tools.rulebook import LANGS

        job = self.runs.get(request.path_params["job"])
        if job is None or job.kind != "analyze":
            raise Missing("no such analysis")
        if job.analysis is None:
            raise Problem(409, f"the analysis is {job.state}: it has no report")
        lang = _choice(dict(request.query_params), "lang", "en", LANGS)
        return JSONResponse(report_of(job.analysis, lang))

    def job_zip(self, request: Request) -> Response:
        """A finished run's results folder as one zip: a simulation's, what `simulate --out DIR`
        writes; an analysis's, what `analyze --out DIR` writes (in `lang`)."""
        from ..tools.rulebook import LANGS
        from .jobs import zipped

        job = self.runs.get(request.path_params["job"])
        if job is None or job.kind not in ("simulate", "analyze"):
            raise Missing("no such simulation or analysis")
        files = job.files
        if job.kind == "analyze" and job.analysis is not None:
            from ..tools.analyze import render

            files = render(job.analysis, _choice(dict(request.query_params), "lang", "en", LANGS))
        if not files:
            raise Problem(409, f"the {'simulation' if job.kind == 'simulate' else 'analysis'} is {job.state}: "
                               "it has no results")
        return Response(zipped(files), media_type="application/zip",
                        headers={"Content-Disposition": f'attachment; filename="{job.kind}-{job.id}.zip"'})

    def base(self, relative: str, base_id: str, options: dict[str, str] | None = None):
        found = base_variant(self.workspace.root, self.workspace.locate(relative), base_id, options)
        if found is None:
            raise Problem(404, f"the base variant {base_id} is not found")
        return found

    def job(self, request: Request) -> Response:
        job = self.runs.get(request.path_params["job"])
        if job is None:
            raise Missing("no such job: it is gone (start it again)")
        if request.method == "DELETE":
            job.cancel.set()
        return JSONResponse(job.view())

    async def diff(self, request: Request) -> Response:
        """A diff is a job (polled, cancelled with DELETE /api/jobs/ID, as a simulation): its
        deals may take minutes, and no request waits on them."""
        from ..tools.diff import BOTS as DIFF_BOTS

        body = await self.body(request)
        deals = _number(body, "deals", 200, 1, MAX_DEALS)
        seed = _number(body, "seed", 0, 0, 2**63 - 1)
        bot = _choice(body, "bots", "greedy", list(DIFF_BOTS))
        engine = _choice(body, "engine", "kernel", ENGINES)

        def start() -> dict:
            a = self.variant(body, "a", "text_a")
            b = self.variant(body, "b", "text_b")
            return self.runs.diff(a, b, deals=deals, seed=seed, bot=bot, engine=engine).view()
        return JSONResponse(await run_in_threadpool(start))


#: the status each refusal answers with
STATUSES = {Problem: 400, BadOptions: 400, Refused: 403, Missing: 404, Conflict: 409, TableError: 409,
            SetupError: 400, NotText: 415, Unwritable: 500}


def _handler(status: int):
    async def handle(request: Request, exc: Exception) -> Response:
        body: dict = {"error": str(exc)}
        if isinstance(exc, Problem) and exc.diagnostics is not None:
            body["diagnostics"] = exc.diagnostics
        return JSONResponse(body, status_code=getattr(exc, "status", status))
    return handle


async def _not_found(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": f"nothing at {request.url.path}"}, status_code=404)


async def _too_large(request: Request, exc: Exception) -> Response:
    """A body that streamed past the limit (the Guard stops reading it; a stated length is refused
    before the app sees the request)."""
    return JSONResponse({"error": f"the request is larger than {MAX_BODY} bytes"}, status_code=413)


async def _internal(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": f"internal error: {type(exc).__name__}: {exc}; this is a bug in escoba-spec"},
                        status_code=500)


def make_app(folder: Path, token: str) -> Guard:
    """Entry point: the ASGI app serving FOLDER, every /api call guarded by `token`."""
    studio = Studio(folder, token)
    api = [
        Route("/info", studio.info), Route("/files", studio.files), Route("/schema", studio.schema),
        Route("/file", studio.read, methods=["GET"]), Route("/file", studio.save, methods=["PUT"]),
        Route("/file", studio.delete, methods=["DELETE"]), Route("/file/rename", studio.rename, methods=["POST"]),
        Route("/file/duplicate", studio.duplicate, methods=["POST"]),
        Route("/validate", studio.validate, methods=["POST"]),
        Route("/options", studio.options, methods=["POST"]),
        Route("/rulebook", studio.rulebook, methods=["POST"]),
        Route("/play", studio.play, methods=["POST"]),
        Route("/play/{table}", studio.table_view, methods=["GET"]),
        Route("/play/{table}", studio.table_close, methods=["DELETE"]),
        Route("/play/{table}/move", studio.table_move, methods=["POST"]),
        Route("/play/{table}/next", studio.table_next, methods=["POST"]),
        Route("/play/{table}/undo", studio.table_undo, methods=["POST"]),
        Route("/simulate", studio.simulate, methods=["POST"]),
        Route("/analyze", studio.analyze, methods=["POST"]),
        Route("/jobs/{job}", studio.job, methods=["GET", "DELETE"]),
        Route("/jobs/{job}/report", studio.job_report, methods=["GET"]),
        Route("/jobs/{job}/results.zip", studio.job_zip, methods=["GET"]),
        Route("/diff", studio.diff, methods=["POST"]),
    ]
    routes = [Route("/", studio.index), Mount("/api", routes=api)]
    if (STATIC / "assets").is_dir():
        routes.append(Mount("/assets", app=StaticFiles(directory=STATIC / "assets")))
    handlers = {cls: _handler(status) for cls, status in STATUSES.items()}
    handlers.update({404: _not_found, TooLarge: _too_large, Exception: _internal})

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        studio.tables.close_all()
        studio.runs.shutdown()

    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.state.studio = studio
    return Guard(app, token)
