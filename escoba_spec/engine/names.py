"""Bot names as the command line, the API and the kernel take them: `greedy`, `expert:500`.

A name is a bot's name, optionally followed by `:N`, the expert's budget (playouts per
decision). Kept apart from the bots so that the kernel's driver and the tools read the
same names without importing each other.
"""

from __future__ import annotations

#: the expert's playouts per decision when a name gives none: chosen by measurement (docs/bots.md):
#: it beats the reference search bot (bench/reference_pimc.py) at under 20 ms a decision on one core
DEFAULT_BUDGET = 6000
#: the most playouts per decision a name may ask for: some seconds a decision (Scopa's expert plays
#: some 170,000 playouts a second on one core), where 2**40 once asked for days and ignored Ctrl-C
MAX_BUDGET = 1_000_000


#: the bots that search, and so take a budget (`expert:500`): the expert, and the montecarlo bot, its
#: search one decision deep (flat Monte Carlo, the expert before its search looked further)
SEARCH_BOTS = ("expert", "montecarlo")


def split_bot_name(name: str) -> tuple[str, int | None]:
    """(`expert`, 500) from `expert:500`; (`greedy`, None) from `greedy`. ValueError when the part
    after the colon is not a whole number of playouts from 1 to MAX_BUDGET."""
    base, colon, budget = name.strip().partition(":")
    if not colon:
        return base, None
    if not budget.isdigit() or not 1 <= int(budget) <= MAX_BUDGET:
        raise ValueError(f"'{name}': the budget after ':' is a whole number of playouts per decision, "
                         f"from 1 to {MAX_BUDGET} (e.g. expert:400)")
    return base, int(budget)
