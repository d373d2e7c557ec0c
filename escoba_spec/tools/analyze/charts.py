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
    return {"seats": _seats(Figure, variant_sections, w), "lengths": _lengths(Figure, variant_sections, w)}


def _seats(Figure, variant_sections, w) -> str:
    """The first player's match win rate under each bot, with its 95% interval."""
    fig = Figure(figsize=(6.4, 3.2), dpi=100)
    ax = fig.subplots()
    width = 0.8 / max(1, len(variant_sections))
    for i, (name, sec) in enumerate(variant_sections):
        rates, errs = [], [[], []]
        for bot in MEASURED_BOTS:
            fp = sec["seat_advantage"][bot]["first_player"]
            rate = fp["win_rate"]
            lo, hi = fp["ci95"][0] + fp["fair_share"], fp["ci95"][1] + fp["fair_share"]
            rates.append(rate)
            errs[0].append(max(0.0, rate - lo))
            errs[1].append(max(0.0, hi - rate))
        xs = [j + i * width for j in range(len(MEASURED_BOTS))]
        ax.bar(xs, rates, width, yerr=errs, capsize=3, label=name)
        fair = sec["seat_advantage"][MEASURED_BOTS[0]]["first_player"]["fair_share"]
    ax.axhline(fair, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xticks([j + width * (len(variant_sections) - 1) / 2 for j in range(len(MEASURED_BOTS))], MEASURED_BOTS)
    ax.set_ylabel(w["win_rate"])
    ax.set_title(w["first_player_edge"])
    ax.set_ylim(0, 1)
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
    ax.set_xlabel(w["hands_mean"].split(" (")[0])
    ax.set_title(f"{w['decisiveness']} ({bot})")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return _svg(fig)
