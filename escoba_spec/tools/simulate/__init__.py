"""`simulate`: many bot matches of a variant, and their statistics.

Match i of a run is played with the seed `match_seed(root, i)` (sha256 of
the root seed and i): its decks shuffled by the stream
`tools.setup.deal_stream(match seed)`, each seat's bot drawing from
`bot_stream(match seed, seat)`; so each match, and therefore every
statistic, is the same whatever `--jobs` is, and whatever the engine
(`--engine kernel`, the default where the kernel plays the variant and the
bots, or `interpreted`). With `--jobs J > 1` the matches
run in a `ProcessPoolExecutor` in chunks of match indices; each worker
process rebuilds the ruleset once from the rule file path and the options.
Results are gathered in match order.

Outputs (`--out DIR`, every file written to a temporary name and renamed, and
only once every match has been played and every file rendered):

- `summary.json`: deterministic statistics (byte-identical for any --jobs);
- `timing.json`: throughput (hands/s, matches/s), which varies run to run;
- `games.csv`: one row per match;
- PNG plots when matplotlib is installed (optional: without it the plots are
  skipped with a note on stderr and everything else is written).

Deciding rule of a match (`decided_by` in summary.json): let S be the final
scores per side and W the winner. If the match ended by a win-match or
lose-match effect in the last hand, the rule(s) awarding that effect decided
it. Otherwise, for each points rule r, let S' = S minus the points every side
scored for r in the *last hand* only; r decided the match when, under S', the
match would not have ended with W as winner (no side at or above the target,
or a tie at the top among those that reached it, or another side highest).
A match may be decided by several rules (each counted) or by none (the
winner would have won anyway): `decided_by` gives the fraction of matches
each rule decided, and `none` the fraction no single rule decided.

Confidence intervals are 95% Wilson intervals for proportions and normal
approximations (mean +- 1.96 standard errors) for means. `--compare B` runs
the same matches (same seeds) under rule file B and tests the differences:
a two-proportion z-test for win rates, Welch's t-test (its p-value from
scipy's Student t distribution) for means. `docs/simulate.md` says what each
output means, for designers.
Modules: `matches.py` (the seeds, a worker's `Context`, `run_matches`),
`stats.py` (the summary, intervals and tests), `report.py` (text and JSON), `charts.py` (the plots).
"""

from .charts import figures, plots
from .matches import Context, match_record, match_seed, play_matches, run_matches
from .report import dumps, render_compare_text, render_text, results_files, run_label
from .stats import (
           compare,
           games_csv,
           mean_stats,
           summarize,
           two_proportion,
           welch,
           wilson,
)

__all__ = ["Context", "compare", "dumps", "figures", "games_csv", "match_record", "match_seed", "mean_stats", "play_matches",
           "plots", "render_compare_text", "render_text", "results_files", "run_label", "run_matches", "summarize", "two_proportion", "welch",
           "wilson"]
