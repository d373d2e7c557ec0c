"""The report's sections from the runs (play.py): seat advantage, skill,
decisiveness, rules; and with two variants the stated differences beside
the measured ones, each with its test (tools/simulate's two-proportion z and
Welch t)."""

from __future__ import annotations

from ..simulate import compare
from ..simulate.stats import share, two_proportion, welch
from .hands import per_hand
from .play import MEASURED_BOTS, pair_run, pairings, trace_budgets


def seat_advantage(measured: dict) -> dict:
    """Per bot, over its self-play matches: each side's match win rate with its 95% Wilson
    interval, marking the side that deals the first hand (side 0, seat 0's) and the side that
    plays first in it; and the first player's edge over a fair share (the plots' figure)."""
    out = {}
    for bot in MEASURED_BOTS:
        run = measured["runs"][bot]
        first = run["first_player_edge"]["side"]
        out[bot] = {"games": run["games"], "first_player": run["first_player_edge"],
                    "sides": [{**side, "deals_first": side["side"] == 0, "plays_first": side["side"] == first}
                              for side in run["win_rate"]]}
    return out


def seated_wins(run_a: dict, run_b: dict) -> tuple[int, int, int, float]:
    """A pair of runs, one in each seating (run a seats its pattern's first bot on the even sides,
    run b on the odd ones): that bot's match wins, the other bot's, the matches, and the first
    bot's fair share of them. The skill ladder, the skill trace and the option grid share it."""
    wins = other = games = seats = 0
    for run, mine in ((run_a, 0), (run_b, 1)):
        games += run["games"]
        for side in run["win_rate"]:
            if side["side"] % 2 == mine:
                wins += side["wins"]
                seats += 1
            else:
                other += side["wins"]
    return wins, other, games, seats / (len(run_a["win_rate"]) + len(run_b["win_rate"]))


def _pairing(runs: dict, strong: str, weak: str) -> dict:
    """A pairing of the skill ladder over both seatings: its match wins, the weaker bot's, and the
    fair share."""
    wins, weak_wins, games, fair = seated_wins(runs[pair_run(strong, weak, "a")], runs[pair_run(strong, weak, "b")])
    mine, theirs = share(wins, games), share(weak_wins, games)
    return {"strong": strong, "weak": weak, "games": games, "wins": wins, "rate": mine["rate"], "ci95": mine["ci95"],
            "fair": round(fair, 6), "weak_wins": {"wins": weak_wins, "rate": theirs["rate"], "ci95": theirs["ci95"]}}


def _budget_against_greedy(runs: dict, budget: int) -> dict:
    """The expert at a smaller budget against greedy over both seatings (its trace's runs)."""
    wins, _, games, _ = seated_wins(runs[f"trace-{budget}-a"], runs[f"trace-{budget}-b"])
    mine = share(wins, games)
    return {"games": games, "wins": wins, "rate": mine["rate"], "ci95": mine["ci95"]}


def skill(measured: dict) -> dict:
    """The skill ladder: each bot against every weaker one over both seatings, with how often the
    weaker won (luck's share); the headline is the best bot against greedy. For the expert, the
    skill trace: the same against greedy at each of its budgets (playouts per decision)."""
    best = MEASURED_BOTS[-1]
    runs = measured["runs"]
    ladder = [_pairing(runs, strong, weak) for strong, weak in pairings()]
    head = next(p for p in ladder if p["strong"] == best and p["weak"] == "greedy")
    out = {"bot": best, "against": "greedy", **{k: head[k] for k in ("games", "wins", "rate", "ci95")},
           "ladder": ladder, "trace": None}
    if best == "expert":
        out["trace"] = [{"budget": b, **(_budget_against_greedy(runs, b) if f"trace-{b}-a" in runs
                                         else {k: out[k] for k in ("games", "wins", "rate", "ci95")})}
                        for b in trace_budgets(measured["expert_budget"])]
    return out


def decisiveness(measured: dict) -> dict:
    """Per bot: the match length (hands) distribution, mean and median; how often the sole
    leader after a hand (every hand but a match's last) went on to win; and the comebacks,
    matches won from behind, with the largest and mean deficit overcome."""
    out = {}
    for bot in MEASURED_BOTS:
        run = measured["runs"][bot]
        hands = run["hands_per_match"]
        out[bot] = {**{k: hands[k] for k in ("mean", "ci95", "median", "distribution") if k in hands},
                    "leader_wins": run["leader_wins"], "comebacks": run["comebacks"]}
    return out


def rules(measured: dict) -> dict:
    """Per points rule, under each bot: points per hand per side (mean, sd, 95% interval),
    the share of matches it decided, and the share in which it never scored."""
    out = {}
    for bot in MEASURED_BOTS:
        run = measured["runs"][bot]
        per = {}
        for rule, sides in run["points_per_hand"].items():
            per[rule] = {"name": run["rule_names"].get(rule, rule), "per_hand": sides,
                         "decided": run["decided_by"].get(rule, 0.0), "never_fires": run["never_fires"][rule]}
        out[bot] = per
    return out


#: the bot whose self-play ranks the rules and gives the verdict's seat figure: the strongest of the
#: fast bots, whose runs are a thousand times the expert's matches (the expert's shares are beside)
RANKING_BOT = "heuristic" if "heuristic" in MEASURED_BOTS else MEASURED_BOTS[-1]


def _decided(run: dict, rule: str) -> dict:
    """The share of a run's matches `rule` decided, with its count and Wilson interval."""
    return share(round(run["decided_by"].get(rule, 0.0) * run["games"]), run["games"])


def rule_ranking(measured: dict, hands: dict | None) -> dict:
    """Every rule that scores points (scoring rules, events and declarations, each marked), ranked
    by the share of RANKING_BOT's self-play matches it decided (with its interval), the strongest
    bot's share beside it; per side its points a hand and how often one side, several or none
    scored it, from the per-hand run."""
    best = MEASURED_BOTS[-1]
    run, strongest = measured["runs"][RANKING_BOT], measured["runs"][best]
    named = measured.get("hand_rules") or {"names": run["rule_names"], "kinds": {}}
    rows = [{"id": rule, "name": name, "kind": named["kinds"].get(rule, "rule"), "decided": _decided(run, rule),
             "strongest_decided": _decided(strongest, rule), "hands": hands["rules"].get(rule) if hands else None}
            for rule, name in named["names"].items()]
    rows.sort(key=lambda r: (-r["decided"]["count"], r["id"]))
    return {"bot": RANKING_BOT, "games": run["games"], "strongest": best, "strongest_games": strongest["games"],
            "rules": rows}


def sections(measured: dict) -> dict:
    hands = None
    if measured.get("hand_records"):
        hands = per_hand(measured["hand_records"], measured["players"], measured["team_size"], measured["first_player"],
                         measured["hand_rules"]["names"], measured["fewest"])
    out = {"seat_advantage": seat_advantage(measured), "skill": skill(measured),
           "decisiveness": decisiveness(measured), "rules": rules(measured), "hands": hands,
           "rule_ranking": rule_ranking(measured, hands)}
    out["verdict"] = verdict(out)
    return out


def verdict(sections_: dict) -> list[dict]:
    """The three findings with the largest effect, each a departure from what an even game would
    give, in percentage points, with its interval; only findings whose interval excludes no effect.
    Candidates: the best bot's edge over greedy (skill), the first player's match edge under
    RANKING_BOT, the dealer's side's share of hands won over an even share, and the share of
    RANKING_BOT's matches the most decisive rule decided over the average rule's share."""
    best = MEASURED_BOTS[-1]
    found = []
    sk = sections_["skill"]
    head = next(p for p in sk["ladder"] if p["strong"] == best and p["weak"] == "greedy")
    found.append({"kind": "skill", "bot": best, "against": "greedy", "value": head["rate"], "ci95": head["ci95"],
                  "effect": head["rate"] - head["fair"], "bounds": [head["ci95"][0] - head["fair"],
                                                                   head["ci95"][1] - head["fair"]],
                  "games": head["games"]})
    fp = sections_["seat_advantage"][RANKING_BOT]["first_player"]
    found.append({"kind": "first_player", "bot": RANKING_BOT, "value": fp["win_rate"],
                  "ci95": [fp["ci95"][0] + fp["fair_share"], fp["ci95"][1] + fp["fair_share"]], "effect": fp["edge"],
                  "bounds": fp["ci95"], "games": sections_["seat_advantage"][RANKING_BOT]["games"]})
    hands = sections_["hands"]
    if hands and len(hands["places"]) > 1:
        dealer = hands["places"][0]["won"]
        fair = (1 - hands["undecided"]["rate"]) / len(hands["places"])
        found.append({"kind": "dealer_hand", "bot": hands["bot"], "value": dealer["rate"], "ci95": dealer["ci95"],
                      "effect": dealer["rate"] - fair, "bounds": [dealer["ci95"][0] - fair, dealer["ci95"][1] - fair],
                      "games": hands["hands"]})
    ranking = sections_["rule_ranking"]["rules"]
    if len(ranking) > 1 and ranking[0]["decided"]["count"]:  # the rule deciding most, against the average rule
        top = ranking[0]
        mean = sum(r["decided"]["rate"] for r in ranking) / len(ranking)
        found.append({"kind": "rule", "bot": RANKING_BOT, "rule": top["name"], "value": top["decided"]["rate"],
                      "ci95": top["decided"]["ci95"], "mean": round(mean, 6), "effect": top["decided"]["rate"] - mean,
                      "bounds": [top["decided"]["ci95"][0] - mean, top["decided"]["ci95"][1] - mean],
                      "games": top["decided"]["n"]})
    clear = [f for f in found if f["bounds"][0] > 0 or f["bounds"][1] < 0]
    clear.sort(key=lambda f: -abs(f["effect"]))
    return [{**f, "effect": round(f["effect"], 6), "bounds": [round(x, 6) for x in f["bounds"]]} for f in clear[:3]]


def differences(a_measured: dict, b_measured: dict, stated: list[dict], a_sections: dict | None = None,
                b_sections: dict | None = None) -> dict:
    """Two variants: the stated differences and, per bot, the measured effects with their tests;
    with their sections, the skill ladder pairing by pairing and the per-hand figures too."""
    out = {"stated": stated, "measured": {}}
    for bot in MEASURED_BOTS:
        ra, rb = a_measured["runs"][bot], b_measured["runs"][bot]
        out["measured"][bot] = compare(ra, rb)
    sa, sb = skill(a_measured), skill(b_measured)
    out["skill"] = two_proportion(sa["wins"], sa["games"], sb["wins"], sb["games"])
    out["ladder"] = [{"strong": pa["strong"], "weak": pa["weak"],
                      **two_proportion(pa["wins"], pa["games"], pb["wins"], pb["games"])}
                     for pa, pb in zip(sa["ladder"], sb["ladder"])]
    ha, hb = (a_sections or {}).get("hands"), (b_sections or {}).get("hands")
    out["hands"] = None
    if ha and hb:
        da, db = ha["places"][0]["won"], hb["places"][0]["won"]
        out["hands"] = {
            "dealer_won": two_proportion(da["count"], da["n"], db["count"], db["n"]),
            "sweep_hands": two_proportion(ha["sweep_hands"]["count"], ha["sweep_hands"]["n"],
                                          hb["sweep_hands"]["count"], hb["sweep_hands"]["n"]),
            "side_points": welch(ha["side_points"], hb["side_points"]),
            "plays": welch(ha["plays"], hb["plays"]),
        }
    return out
