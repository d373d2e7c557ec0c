// Results as tables: a run's figures per side and per rule, each with its 95% interval,
// sorted by clicking a column's header (again: the other way round).

import { el } from "./api.js";

export const pct = (x) => (x === null || x === undefined ? "–" : `${(100 * x).toFixed(1)}%`);
export const num = (x, digits = 3) => (x === null || x === undefined ? "–" : Number(x).toFixed(digits));
export const interval = (ci, f = num) => (ci ? `[${f(ci[0])}, ${f(ci[1])}]` : "–");

function order(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
}

/** A cell: {text, value (what it sorts by), cls?, title?}, or a plain string or number. */
const cellOf = (c) => (c !== null && typeof c === "object" ? c : { text: c ?? "–", value: c });

export function sortable(id, caption, headers, rows) {
  const data = rows.map((row) => row.map(cellOf));
  const body = el("tbody");
  let by = null;
  let dir = 1;
  const ths = headers.map((h, i) => el("th", { "data-col": String(i), title: `sort by ${h} (click again: the other way)`,
    onclick: () => { dir = by === i ? -dir : 1; by = i; draw(); } }, h));
  function draw() {
    const sorted = by === null ? data : [...data].sort((x, y) => order(x[by].value, y[by].value) * dir);
    body.replaceChildren(...sorted.map((row) => el("tr", {}, ...row.map((c) =>
      el("td" + (c.cls ? "." + c.cls : ""), { title: c.title }, c.text)))));
    ths.forEach((th, i) => { th.dataset.sort = i === by ? (dir > 0 ? "ascending" : "descending") : ""; });
  }
  draw();
  return el("table.results", { id }, el("caption", {}, caption), el("thead", {}, el("tr", {}, ...ths)), body);
}

/** A difference B - A with its test: the cell, marked when significant at 5%. */
export function tested(t, f = num) {
  if (!t) return [{ text: "–", value: null }, { text: "–", value: null }];
  const sign = t.diff > 0 ? "+" : "";
  return [{ text: sign + f(t.diff), value: t.diff, cls: t.significant ? "significant" : "",
    title: t.significant ? "significant at 5%" : "not significant at 5%" }, { text: num(t.p), value: t.p }];
}

/** A figure and its 95% interval in one cell (the interval smaller), sorted by the figure. */
export function withInterval(value, ci, f = num) {
  return { text: el("span", {}, f(value), el("small.ci", {}, " " + interval(ci, f))), value };
}

/** A simulation's tables: win rate per side, points per hand per rule and side (sweeps too), the
 *  match's figures, each with its 95% interval; with a comparison, B's beside A's and the tested
 *  difference B - A. */
export function simulationTables(r) {
  const a = r.summary;
  const b = r.compare;
  const c = r.comparison;
  const both = (h) => (b ? [`A ${h}`, `B ${h}`] : [h]);
  const tail = b ? ["B − A", "p"] : [];
  const mean = (m) => withInterval(m.mean, m.ci95);

  const win = sortable("sim-table-sides", "Win rate per side (95% interval)",
    ["side", "seats", ...both("wins"), ...both("rate"), ...tail],
    a.win_rate.map((w, s) => {
      const o = b && b.win_rate[s];
      return [s, w.seats.join(" "), w.wins, ...(o ? [o.wins] : []), withInterval(w.rate, w.ci95, pct),
        ...(o ? [withInterval(o.rate, o.ci95, pct)] : []), ...(b ? tested(c.win_rate[s], pct) : [])];
    }));

  const rows = [];
  for (const rule of [...Object.keys(a.points_per_hand), "sweeps"]) {
    const per = rule === "sweeps" ? a.sweeps_per_hand : a.points_per_hand[rule];
    const other = b && (rule === "sweeps" ? b.sweeps_per_hand : b.points_per_hand[rule]);
    const tests = c && (rule === "sweeps" ? c.sweeps_per_hand : c.points_per_hand[rule]);
    const name = rule === "sweeps" ? "sweeps (count)" : a.rule_names[rule] || rule;
    per.forEach((m, s) => rows.push([name, s, mean(m), ...(other ? [mean(other[s])] : []),
      ...(b ? tested(tests && tests[s]) : [])]));
  }
  const perRule = sortable("sim-table-rules", "Points per hand, per rule and side (mean, 95% interval)",
    ["rule", "side", ...both("mean"), ...tail], rows);

  const edge = (x) => withInterval(x.first_player_edge.edge, x.first_player_edge.ci95, pct);
  const match = sortable("sim-table-match", "The match (95% interval)", ["figure", ...both("value"), ...tail], [
    [`first player's edge (seat ${a.first_player_edge.seat})`, edge(a), ...(b ? [edge(b), ...tested(c.first_player_edge,
      pct)] : [])],
    ["hands per match", mean(a.hands_per_match), ...(b ? [mean(b.hands_per_match), ...tested(c.hands_per_match)] : [])],
  ]);
  const legend = b ? [el("p.legend", { id: "sim-legend" }, `A: ${a.rule_file} · B: ${b.rule_file} · B − A in bold `
    + "where it is significant at 5%")] : [];
  return [...legend, win, perRule, match];
}

/** An analysis's tables, per variant: each bot against itself (the win rate per side, the first
 *  player's edge, the hands a match), and per rule and side the points a hand under its
 *  strongest bot, with the matches the rule decided and those it never scored in. */
export function analysisTables(r) {
  const games = `${r.games_per_run} matches a run, the expert's ${r.expert_games_per_run}`;
  return r.variants.flatMap((v, i) => {
    const runs = Object.entries(v.runs || {});
    if (!runs.length) return [];
    const sides = runs[0][1].win_rate.length;
    const perRun = sortable(`analyze-table-runs-${i}`,
      `${v.name} (${v.file}): each bot against itself, ${games} (95% intervals)`,
      ["bots", ...Array.from({ length: sides }, (_, s) => `side ${s} wins`), "first player's edge", "hands a match"],
      runs.map(([bot, run]) => [bot, ...run.win_rate.map((w) => withInterval(w.rate, w.ci95, pct)),
        withInterval(run.first_player_edge.edge, run.first_player_edge.ci95, pct),
        withInterval(run.hands_per_match.mean, run.hands_per_match.ci95, (x) => num(x, 2))]));
    const [bot, run] = runs.find(([name]) => name === v.seat_advantage.bot) || runs[runs.length - 1];
    const rows = Object.values(run.rules).flatMap((rule) => rule.per_hand.map((m, s) => [
      rule.name, s, withInterval(m.mean, m.ci95), { text: pct(rule.decided), value: rule.decided },
      withInterval(rule.never_fires.rate, rule.never_fires.ci95, pct)]));
    const perRule = sortable(`analyze-table-rules-${i}`,
      `${v.name}: points a hand per rule under ${bot} (95% intervals)`,
      ["rule", "side", "mean", "decided matches", "never scores in"], rows);
    return [perRun, perRule];
  });
}
