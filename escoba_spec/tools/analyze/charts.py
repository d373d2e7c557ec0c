"""The report's plots as inline SVG (matplotlib, the plots extra): each a string that the
HTML page embeds, so the page is one self-contained file. Deterministic: a fixed hash
salt and no date in the SVG's metadata."""

from __future__ import annotations

import io

from .play import MEASURED_BOTS


def _svg(fig) -> str:
    import matplotlib

    matplotlib.rcParams["svg.hashsalt"] = "escoba-spec"
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg"):]


def plots_available() -> bool:
    """Whether matplotlib (the plots extra) can be imported: without it the report has no plots."""
    try:
        import matplotlib.figure  # noqa: F401
    except ImportError:
        return False
    return True


def charts(variant_sections: list[tuple[str, dict]], w: dict[str, str]) -> dict[str, str] | None:
    """Plots of the variants' measured sections, by name; None without matplotlib."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        return None
    return {"seats": _seats(Figure, variant_sections, w), "skill": _skill(Figure, variant_sections, w),
            "lengths": _lengths(Figure, variant_sections, w),
            "points": [_points(Figure, name, sec["hands"], w) if sec.get("hands") else None
                       for name, sec in variant_sections]}


def _around(ax, centre: float, values: list[float]) -> None:
    """The y axis centred on `centre` (an even share), wide enough for every value and at least
    15 points each way: an edge shows as a departure from the line, not a sliver of 0 to 1."""
    reach = max([0.15, *(abs(v - centre) + 0.05 for v in values)])
    ax.set_ylim(max(0.0, centre - reach), min(1.0, centre + reach))
    ax.axhline(centre, color="grey", linewidth=0.8, linestyle="--")


def _seats(Figure, variant_sections, w) -> str:
    """The first player's match win rate under each bot, with its 95% interval: each bar drawn from
    the even share (the dashed line), so an edge is its height."""
    fig = Figure(figsize=(6.4, 3.2), dpi=100)
    ax = fig.subplots()
    width = 0.8 / max(1, len(variant_sections))
    reached = []
    for i, (name, sec) in enumerate(variant_sections):
        rates, errs = [], [[], []]
        for bot in MEASURED_BOTS:
            fp = sec["seat_advantage"][bot]["first_player"]
            rate = fp["win_rate"]
            lo, hi = fp["ci95"][0] + fp["fair_share"], fp["ci95"][1] + fp["fair_share"]
            rates.append(rate)
            errs[0].append(max(0.0, rate - lo))
            errs[1].append(max(0.0, hi - rate))
            reached += [lo, hi]
        xs = [j + i * width for j in range(len(MEASURED_BOTS))]
        fair = sec["seat_advantage"][MEASURED_BOTS[0]]["first_player"]["fair_share"]
        ax.bar(xs, [r - fair for r in rates], width, bottom=fair, yerr=errs, capsize=3, label=name)
    _around(ax, fair, reached)
    ax.set_xticks([j + width * (len(variant_sections) - 1) / 2 for j in range(len(MEASURED_BOTS))], MEASURED_BOTS)
    ax.set_ylabel(w["win_rate"])
    ax.set_title(w["first_player_edge"])
    ax.legend(fontsize=8)
    fig.tight_layout()
    return _svg(fig)


def _lengths(Figure, variant_sections, w) -> str:
    """The match length distribution under the strongest bot measured."""
    fig = Figure(figsize=(6.4, 3.2), dpi=100)
    ax = fig.subplots()
    bot = MEASURED_BOTS[-1]
    for name, sec in variant_sections:
        dist = sec["decisiveness"][bot]["distribution"]
        total = sum(dist.values()) or 1
        xs = [int(k) for k in dist]
        ax.plot(xs, [dist[k] / total for k in dist], marker="o", label=name)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # hands are whole
    ax.set_xlabel(w["hands_mean"].split(" (")[0])
    ax.set_title(f"{w['decisiveness']} ({bot})")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return _svg(fig)


def _skill(Figure, variant_sections, w) -> str:
    """The skill ladder: each pairing's match win rate for the stronger bot, with its 95% interval,
    each bar drawn from the even share."""
    fig = Figure(figsize=(6.4, 3.4), dpi=100)
    ax = fig.subplots()
    width = 0.8 / max(1, len(variant_sections))
    reached, labels = [], []
    for i, (name, sec) in enumerate(variant_sections):
        ladder = sec["skill"]["ladder"]
        labels = [f"{p['strong']}\n– {p['weak']}" for p in ladder]
        rates = [p["rate"] for p in ladder]
        errs = [[p["rate"] - p["ci95"][0] for p in ladder], [p["ci95"][1] - p["rate"] for p in ladder]]
        reached += [x for p in ladder for x in p["ci95"]]
        fair = ladder[0]["fair"]
        ax.bar([j + i * width for j in range(len(ladder))], [r - fair for r in rates], width, bottom=fair, yerr=errs,
               capsize=3, label=name)
    _around(ax, fair, reached)
    ax.set_xticks([j + width * (len(variant_sections) - 1) / 2 for j in range(len(labels))], labels, fontsize=7)
    ax.set_ylabel(w["stronger_wins"])
    ax.set_title(w["skill"])
    ax.legend(fontsize=8)
    fig.tight_layout()
    return _svg(fig)


def _points(Figure, name: str, hands: dict, w) -> str:
    """The distribution of a side's points in a hand (the per-hand run)."""
    fig = Figure(figsize=(6.4, 2.8), dpi=100)
    ax = fig.subplots()
    dist = hands["side_points"]["distribution"]
    total = sum(dist.values()) or 1
    ax.bar([float(k) for k in dist], [c / total for c in dist.values()], 0.8)
    ax.set_xlabel(w["points_distribution"])
    ax.set_ylabel(w["share"])
    ax.set_title(f"{name}: {w['hands_note'].split(',')[0].format(hands=hands['hands'], bot=hands['bot'])}")
    fig.tight_layout()
    return _svg(fig)
