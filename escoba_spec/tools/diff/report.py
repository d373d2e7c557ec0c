"""What `diff` finds, as data (`DiffReport`, JSON-ready) and as the text a designer reads."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..text import counted, points_text


@dataclass(frozen=True)
class Difference:
    """One stated difference between the two resolved variants."""

    field: str  # IR path, e.g. "capture.targets", "scoring.rules.napola"
    text: str  # a sentence with both values
    a: object  # JSON-ready values
    b: object
    effects: tuple[str, ...]  # effect kinds it can have; () = none on play

    def to_json(self) -> dict:
        return {"field": self.field, "text": self.text, "a": self.a, "b": self.b, "effects": list(self.effects)}


@dataclass(frozen=True)
class Divergence:
    """The first point where one deal played differently under the two variants."""

    deal: int  # 1-based
    seed: int  # the deal's seed (deck order, redeals, bots)
    turn: int | None  # 0 = the deal itself, n = the n-th play; None = after the hand
    seat: int | None  # the seat to play
    kind: str  # one of KINDS
    detail: str
    position: dict | None  # the shared position before the divergence
    a: dict  # what variant A allowed or did
    b: dict
    explained_by: tuple[str, ...]  # fields of the differences that can produce it

    @property
    def explained(self) -> bool:
        return bool(self.explained_by)

    def to_json(self) -> dict:
        return {"deal": self.deal, "seed": self.seed, "turn": self.turn, "seat": self.seat, "kind": self.kind,
                "detail": self.detail, "position": self.position, "a": self.a, "b": self.b,
                "explained_by": list(self.explained_by), "explained": self.explained}


@dataclass
class DiffReport:
    a: str  # variant ids (suffixed " (A)" / " (B)" when equal)
    b: str
    files: tuple[str, str]
    differences: list[Difference]
    deals: int
    seed: int
    bots: tuple[str, ...]
    players: int | None  # None when no table layout is common to both
    team_size: int | None
    comparable: bool  # the decks hold the same cards, so deals are compared card by card
    notes: list[str] = field(default_factory=list)
    diverged: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    first_divergence: Divergence | None = None
    unexplained: list[Divergence] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return 1 if self.unexplained else 0

    def to_json(self) -> dict:
        return {
            "variants": {"a": {"id": self.a, "file": self.files[0]}, "b": {"id": self.b, "file": self.files[1]}},
            "differences": [d.to_json() for d in self.differences],
            "deals": self.deals,
            "seed": self.seed,
            "bots": list(self.bots),
            "players": self.players,
            "team_size": self.team_size,
            "comparable": self.comparable,
            "notes": self.notes,
            "diverged": self.diverged,
            "kinds": self.kinds,
            "first_divergence": self.first_divergence.to_json() if self.first_divergence else None,
            "unexplained": [d.to_json() for d in self.unexplained],
        }


# ------------------------------------------------------------------- text form


def render_text(report: DiffReport) -> str:
    """The report as a designer reads it."""
    out = [f"{report.a} ({report.files[0]}) vs {report.b} ({report.files[1]})", ""]
    out.append(f"Differences ({len(report.differences)}):" if report.differences else "Differences: none")
    for i, d in enumerate(report.differences, 1):
        out.append(f"  {i}. {d.text}")
        out.append(f"     can change: {', '.join(d.effects) if d.effects else 'nothing in play'}")
    out.append("")
    if report.players is None:
        out += [f"note: {n}" for n in report.notes]
        return "\n".join(out) + "\n"
    teams = f" in teams of {report.team_size}" if report.team_size and report.team_size > 1 else ""
    out.append(f"Play: {report.deals} deals, seed {report.seed}, {report.players} players{teams}, "
               f"bots {', '.join(report.bots)}")
    out += [f"  note: {n}" for n in report.notes]
    kinds = ", ".join(f"{k} {n}" for k, n in report.kinds.items())
    out.append(f"  diverged: {report.diverged} of {report.deals} deals" + (f" ({kinds})" if kinds else ""))
    first = report.first_divergence
    out.append("")
    if first is None:
        out.append("First divergence: none")
    else:
        out.append("First divergence:")
        out += _divergence_lines(first, report, "  ")
    out.append("")
    if not report.unexplained:
        out.append("Unexplained divergences: none")
    else:
        out.append(f"Unexplained divergences ({len(report.unexplained)}):")
        for d in report.unexplained[:10]:
            out += _divergence_lines(d, report, "  ")
        if len(report.unexplained) > 10:
            out.append(f"  ... and {len(report.unexplained) - 10} more (--format json lists them all)")
    return "\n".join(out) + "\n"


def _divergence_lines(d: Divergence, report: DiffReport, pad: str) -> list[str]:
    when = "at the deal" if d.turn == 0 else (f"play {d.turn}, seat {d.seat}" if d.turn else "after the hand")
    lines = [f"{pad}deal {d.deal} (seed {d.seed}), {when}: {d.kind} — {d.detail}"]
    if d.position is not None:
        lines += _position_lines(d.position, pad + "  ")
    for name, side in ((report.a, d.a), (report.b, d.b)):
        if "allows" in side:
            lines.append(f"{pad}  {name} allows: {' '.join(side['allows']) or 'nothing'}")
            if side["only_here"]:
                lines.append(f"{pad}    only in {name}: {' '.join(side['only_here'])}")
        elif "played" in side:
            extra = f", scoring {counted(side['sweeps'], 'sweep')}" if "sweeps" in side else ""
            lines.append(f"{pad}  {name} played {side['played']}{extra}")
        elif "points" in side:
            lines.append(f"{pad}  {name}: " + "; ".join(
                f"side {i} {points_text(total)} "
                f"({', '.join(f'{r} {points_text(p)}' for r, p in pts.items()) or 'nothing'})"
                for i, (pts, total) in enumerate(zip(side["points"], side["totals"]))))
        elif "scores" in side:
            winner = f"side {side['winner']} wins" if side["winner"] is not None else "no winner yet"
            scores = "[" + ", ".join(points_text(s) for s in side["scores"]) + "]"
            lines.append(f"{pad}  {name}: scores {scores} (target {side['target']}), {winner}")
        elif "effects" in side:
            lines.append(f"{pad}  {name}: effects {side['effects'] or 'none'}")
        else:
            lines.append(f"{pad}  {name}:")
            lines += _position_lines(side, pad + "    ")
    if d.explained:
        lines.append(f"{pad}  explained by: {', '.join(d.explained_by)}")
    else:
        lines.append(f"{pad}  UNEXPLAINED: no stated difference can change the {d.kind}")
    return lines


def _position_lines(p: dict, pad: str) -> list[str]:
    lines = [f"{pad}dealer seat {p['dealer']}, seat {p['to_play']} to play, {p['stock']} cards in the stock"]
    if "opening" in p:
        lines.append(f"{pad}{p['opening']}")
    lines.append(f"{pad}table: {' '.join(p['table']) or '(empty)'}")
    if p.get("builds"):  # each build: its cards and the value only a card of it takes
        lines.append(f"{pad}builds: {' '.join(p['builds'])}")
    for seat, hand in enumerate(p["hands"]):
        lines.append(f"{pad}hand of seat {seat}: {' '.join(hand) or '(empty)'}")
    if p["plays"]:
        lines.append(f"{pad}plays so far: {', '.join(p['plays'])}")
    return lines
