"""Stage 4, the table's layout: `table` -> `ir.Table`, and what a stack rules out.

A spread (the default) is the Scopa family's table: every card face up side by
side, a capture takes some of them. A stack is one face-up pile (Pişti and its
relatives): a played card is matched against the top card alone, a capture
takes the whole pile, a card that captures nothing becomes the new top. The
capture kinds keep their meaning, looking at the top card as the table: take
equal-rank, equal-value and whole-table. What needs several table cards to
choose among (sums, several sets, runs, a missed capture claimed, an opening
table that makes a capture) has no meaning on a stack: each is a located error.
"""

from __future__ import annotations

from . import ir
from .derive import kinds_of

#: what a kind that needs a spread takes, and why
_SPREAD_TAKES = {"sum": "adds up several table cards", "sum-with-played": "adds up table cards with the played card"}


def build_table(b) -> ir.Table:
    """Entry point: the table's layout (b is the builder)."""
    spec = b.section("table")
    return ir.Table(spec.get("layout", "spread"), b.sources(spec, "table"))


def check_stack(b, table: ir.Table, capture: ir.Capture, deal: ir.Deal) -> None:
    """On a stack, every capture rule must look at the top card alone."""
    if table.layout != "stack":
        return
    hint = "on a stack the kinds look at its top card: take equal-rank, equal-value or whole-table"
    if capture.mode != "kinds":
        b.error("capture.mode" if "mode" in b.section("capture") else "capture", "stack-needs-kinds",
                f"capture mode {capture.mode} takes sums of table cards, and a stack shows only its top card",
                "list the capture kinds instead, e.g. kinds: [{id: match, take: equal-rank}]")
    listed = (b.section("capture").get("kinds") or []) if capture.mode == "kinds" else []
    for i, kind in enumerate(kinds_of(capture) if capture.mode == "kinds" else ()):
        path = f"capture.kinds[{kind_index(listed, kind.id, i)}]"
        if kind.take in _SPREAD_TAKES:
            b.error(f"{path}.take", "stack-needs-spread",
                    f"the capture kind '{kind.id}' {_SPREAD_TAKES[kind.take]}, and a stack shows only its top card",
                    hint)
        if kind.sets != "one":
            b.error(f"{path}.sets", "stack-needs-spread",
                    f"the capture kind '{kind.id}' takes several sets, and a capture takes the whole stack", hint)
        if kind.run:
            b.error(f"{path}.run", "stack-needs-spread",
                    f"the capture kind '{kind.id}' runs on through the table's ranks, and a stack shows only its top "
                    "card", hint)
    if capture.builds is not None:
        b.error("capture.builds", "stack-needs-spread", "a build lies on the table beside loose cards, and a stack "
                "shows only its top card", "remove capture.builds, or play on a spread table")
    if capture.missed_capture_claim:
        b.error("capture.missed_capture_claim", "stack-needs-spread",
                "a missed capture is claimed from the table's cards, and on a stack the trailed card covers it",
                "remove missed_capture_claim, or use table.layout: spread")
    if deal.opening.trigger != "never":
        b.error("deal.opening.trigger", "stack-needs-spread",
                "an opening rule looks for a capture among the table cards, and a stack shows only its top card",
                "use trigger: never, or deal.replace for cards that may not start the stack")


def kind_index(listed: list, kid: str, default: int) -> int:
    """The position in the file's list of the kind with id `kid` (a house rule may reorder them)."""
    for i, item in enumerate(listed):
        if isinstance(item, dict) and item.get("id") == kid:
            return i
    return default
