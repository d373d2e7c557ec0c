"""Stage 4, builds: `capture.builds` -> `ir.Builds`, with their checks.

A build (Cassino; Seep's house) is a hand card laid on loose table cards as one
unit of an announced value, which only a card of that value takes, and only
whole. A build of one set of that value is single and may be raised by a hand
card to a new value; one of several sets is multiple and keeps its value. The
fields say what the family varies: the values a build may announce, whether its
builder must hold a card of that value, who may raise what and with what, and
what a build's owner may no longer do while it stands (its duties). Every field
that cannot apply is a located error, never a silent no-op.
"""

from __future__ import annotations

from . import ir
from .cards import CardSet

DUTIES = ("no-trail", "keep-card")


def build_builds(b, cards: CardSet | None, capture: ir.Capture) -> ir.Builds | None:
    """Entry point: the builds of `capture.builds` (None: the variant has none)."""
    spec = b.section("capture").get("builds")
    if not isinstance(spec, dict):
        return None
    path = "capture.builds"
    values = sorted({v for r in cards.deck.ranks for v in r.capture_values}) if cards is not None else []
    lowest = int(spec.get("lowest", values[0] if values else 1))
    highest = int(spec.get("highest", values[-1] if values else 1))
    if lowest > highest:
        b.error(f"{path}.lowest", "build-values-empty", f"a build may announce no value: lowest {lowest} is above "
                f"highest {highest}", "give lowest a value at most highest")
    elif cards is not None and not any(lowest <= v <= highest for v in values):
        b.error(f"{path}.lowest", "build-values-unheld", f"no card has a capture value from {lowest} to {highest}, so "
                "no build could ever be taken", f"give values the deck's cards have, from {values[0]} to {values[-1]}"
                if values else "give the deck's ranks capture values")
    raising = spec.get("raise", "single")
    for field in ("raise_with_table", "raise_own"):
        if raising == "none" and field in spec:
            b.error(f"{path}.{field}", "raise-field-unused", f"{field} says how a build is raised, but raise is none",
                    "remove it, or set raise: single", severity="warning")
    duties = tuple(dict.fromkeys(spec.get("duties") or ()))
    if cards is not None:
        _check_deck(b, path, cards)
    _check_capture(b, path, capture)
    _check_leftovers(b)
    owners = spec.get("owners", "last")
    if owners == "shared" and not duties and spec.get("raise_own", True):
        b.error(f"{path}.owners", "owners-unused", "owners says who bears a build's duties and may not raise it, but "
                "there are no duties and anyone may raise a build", "add duties or raise_own: false, or remove owners",
                severity="warning")
    return ir.Builds(lowest, highest, bool(spec.get("hold", True)), raising, bool(spec.get("raise_with_table", False)),
                     bool(spec.get("raise_own", True)), duties, b.sources(spec, path),
                     per_value=spec.get("per_value", "any"), absorb=bool(spec.get("absorb", False)), owners=owners)


def _check_deck(b, path: str, cards: CardSet) -> None:
    """Builds add values the engine reads as one per card: a card of several values has none to add."""
    several = [r.name for r in cards.deck.ranks if r.other_values]
    if cards.joker_mask or several:
        what = "jokers and wild cards" if cards.joker_mask else f"cards of several values ({several[0]})"
        b.error(path, "builds-with-choices", f"builds add up the values of their cards, and {what} have a value of "
                "their holder's choosing, which builds cannot say yet", "give every rank one value, and no jokers")


def _check_capture(b, path: str, capture: ir.Capture) -> None:
    """A claim of a missed capture already extends a move the way a build would."""
    if capture.missed_capture_claim:
        b.error(path, "builds-with-claims", "builds and claims of a missed capture cannot be played together: both "
                "add to what a play takes from the table", "remove capture.missed_capture_claim, or the builds")


def _check_leftovers(b) -> None:
    """A build is taken by a card of its value whatever the capture rule says, so the captures no
    longer add up to the multiples a leftover check counts on."""
    if b.section("end_of_deal").get("check"):
        b.error("end_of_deal.check", "checksum-with-builds", "a leftover check cannot hold with builds: a build is "
                "taken by a card of its value, whatever the capture rule adds up to",
                "set end_of_deal.check: null, or remove capture.builds")
