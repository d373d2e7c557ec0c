"""`diff`: what one variant changes against another, and where play parts.

A designer's question — "what does my house rule actually change?" — has two
answers, and this module gives both:

* the *stated* differences: the two resolved IRs compared field by field
  (scoring rules by id, options by id, ranks by number), each said in words
  with both values and the kinds of effect it can have on play;
* the *observed* divergences: the same seeded deals played by the same
  seeded bots under both variants, walked in lockstep until the first point
  where they part (the dealt position, the legal moves, the chosen move, the
  sweeps of a play, the hand points, the match outcome).

Each divergence is attributed to the stated differences whose effect kinds
can produce it; one that no difference can produce is `unexplained`, which
is what the differential tests (and `diff`'s exit code 1) look for.

Entry point: `diff_variants(a, b, deals, seed, bots) -> DiffReport` (`compare.py`);
the stated differences are `differences.py`, the lockstep play `lockstep.py`,
the effect kinds `effects.py`, the report and its text `report.py`.
"""

from .compare import BOTS, diff_variants
from .differences import variant_differences
from .report import Difference, DiffReport, Divergence, render_text

__all__ = ["BOTS", "DiffReport", "Difference", "Divergence", "diff_variants", "render_text", "variant_differences"]
