"""Stage 4, the piles: `piles` -> `ir.Piles`, and what a kind that takes a pile needs.

By default a side's captures lie face down and unordered (the Scopa family). With
`top: shown` each side keeps one pile whose last capturing card lies face up on
top, seen by every seat; a capture kind `from: other-piles` (or `next-pile`)
then takes another side's whole pile when the played card matches its top card
(Rubamazzo, "steal the pile"). A pile shows only its top card, so such a kind
takes by that card (equal-rank, equal-value) or whole (whole-table), and takes
one pile: sums, several sets and runs have no meaning there. Cards that reach a
pile with no play of its side to put on top (an opening table taken, a missed
capture claimed) would leave the top unknown: each is a located error.
"""

from __future__ import annotations

from . import ir
from .derive import kinds_of
from .table import kind_index

#: what a pile kind cannot take, and why
_TOP_ONLY = {"sum": "adds up several cards", "sum-with-played": "adds up cards with the played card"}


def build_piles(b) -> ir.Piles:
    """Entry point: how the sides keep their captures (b is the builder)."""
    spec = b.section("piles")
    return ir.Piles(spec.get("top", "hidden"), b.sources(spec, "piles"))


def check_piles(b, piles: ir.Piles, capture: ir.Capture, deal: ir.Deal) -> None:
    """A kind that takes a pile needs its top card shown, and takes the pile by that card alone."""
    listed = (b.section("capture").get("kinds") or []) if capture.mode == "kinds" else []
    hint = "a pile shows its top card only: take equal-rank or equal-value matches it, whole-table takes the pile"
    for i, kind in enumerate(kinds_of(capture) if capture.mode == "kinds" else ()):
        if kind.from_zone == "table":
            continue
        at = kind_index(listed, kind.id, i)
        path = f"capture.kinds[{at}]"
        item = listed[at] if at < len(listed) and isinstance(listed[at], dict) else {}
        if piles.top != "shown":
            b.error(f"{path}.from", "pile-needs-shown-top",
                    f"the capture kind '{kind.id}' takes a pile by its top card, and the piles lie face down",
                    "set piles.top: shown, so that each pile's last capturing card lies face up on top")
        if kind.take in _TOP_ONLY:
            b.error(f"{path}.take", "pile-needs-top-take",
                    f"the capture kind '{kind.id}' {_TOP_ONLY[kind.take]}, and a pile shows only its top card", hint)
        for field, words in (("sets", "several sets"), ("run", "a run")):
            if (kind.sets != "one" if field == "sets" else kind.run):
                b.error(f"{path}.{field}", "pile-needs-top-take",
                        f"the capture kind '{kind.id}' takes {words}, and a pile is taken whole", hint)
        for field in ("unless_rank_on_table", "empty_table"):
            if field in item:
                b.error(f"{path}.{field}", "kind-field-unused",
                        f"{field} is about the table, and the capture kind '{kind.id}' takes a pile",
                        f"remove {field}")
    if piles.top != "shown":
        return
    if not any(k.from_zone != "table" for k in (kinds_of(capture) if capture.mode == "kinds" else ())):
        b.error("piles.top", "piles-shown-unused",
                "the piles show their top cards, and no capture kind takes a pile by it",
                "add a kind that takes from a pile (from: other-piles or next-pile), or remove piles.top")
    if deal.opening.trigger != "never" and deal.opening.action == "capture":
        b.error("deal.opening.action", "pile-top-unknown",
                "the opening table taken puts cards in a pile with no card of a play on top, and piles show their top",
                "use another opening action, or piles.top: hidden")
    if capture.missed_capture_claim:
        b.error("capture.missed_capture_claim", "pile-top-unknown",
                "a missed capture claimed with a trail puts cards in a pile with no capturing card on top, and piles "
                "show their top", "remove missed_capture_claim, or use piles.top: hidden")
