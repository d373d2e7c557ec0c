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

/** A simulation's tables: win rate per side, points per hand per rule and side (sweeps too), the
 *  match's figures; with a comparison, B's beside A's and the tested difference B - A. */
export function simulationTables(r) {
  const a = r.summary;
  const b = r.compare;
  const c = r.comparison;
  const both = (h) => (b ? [`A ${h}`, `B ${h}`] : [h]);
  const mean = (m) => [{ text: num(m.mean), value: m.mean }, { text: interval(m.ci95), value: m.ci95[0] }];
  const headTail = b ? ["B − A", "p"] : [];

  const win = sortable("sim-table-sides", "Win rate per side (95% interval)",
    ["side", "seats", ...both("wins"), ...both("rate"), ...both("95% interval"), ...headTail],
    a.win_rate.map((w, s) => {
      const o = b && b.win_rate[s];
      return [s, w.seats.join(" "), w.wins, ...(o ? [o.wins] : []), { text: pct(w.rate), value: w.rate },
        ...(o ? [{ text: pct(o.rate), value: o.rate }] : []), interval(w.ci95, pct), ...(o ? [interval(o.ci95, pct)] : []),
        ...(b ? tested(c.win_rate[s], pct) : [])];
    }));

  const rows = [];
  const rules = Object.keys(a.points_per_hand);
  for (const rule of [...rules, "sweeps"]) {
    const per = rule === "sweeps" ? a.sweeps_per_hand : a.points_per_hand[rule];
    const other = b && (rule === "sweeps" ? b.sweeps_per_hand : b.points_per_hand[rule]);
    const tests = c && (rule === "sweeps" ? c.sweeps_per_hand : c.points_per_hand[rule]);
    const name = rule === "sweeps" ? "sweeps (count)" : a.rule_names[rule] || rule;
    per.forEach((m, s) => {
      const [am, aci] = mean(m);
      const [bm, bci] = other ? mean(other[s]) : [];
      rows.push([name, s, am, ...(other ? [bm] : []), aci, ...(other ? [bci] : []),
        ...(b ? tested(tests && tests[s]) : [])]);
    });
  }
  const perRule = sortable("sim-table-rules", "Points per hand, per rule and side (mean, 95% interval)",
    ["rule", "side", ...both("mean"), ...both("95% interval"), ...headTail], rows);

  const edge = (s) => [{ text: pct(s.first_player_edge.edge), value: s.first_player_edge.edge },
    interval(s.first_player_edge.ci95, pct)];
  const hands = (s) => mean(s.hands_per_match);
  const match = sortable("sim-table-match", "The match", ["figure", ...both("value"), ...both("95% interval"),
    ...headTail], [
    ["first player's edge (seat " + a.first_player_edge.seat + ")", edge(a)[0], ...(b ? [edge(b)[0]] : []), edge(a)[1],
      ...(b ? [edge(b)[1]] : []), ...(b ? tested(c.first_player_edge, pct) : [])],
    ["hands per match", hands(a)[0], ...(b ? [hands(b)[0]] : []), hands(a)[1], ...(b ? [hands(b)[1]] : []),
      ...(b ? tested(c.hands_per_match) : [])],
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
    const each = (f) => Array.from({ length: sides }, (_, s) => f(s));
    const perRun = sortable(`analyze-table-runs-${i}`, `${v.name} (${v.file}): each bot against itself, ${games}`,
      ["bots", ...each((s) => `side ${s} wins`), ...each((s) => `side ${s} 95% interval`), "first player's edge",
        "edge 95% interval", "hands a match", "hands 95% interval"],
      runs.map(([bot, run]) => [bot, ...run.win_rate.map((w) => ({ text: pct(w.rate), value: w.rate })),
        ...run.win_rate.map((w) => interval(w.ci95, pct)),
        { text: pct(run.first_player_edge.edge), value: run.first_player_edge.edge },
        interval(run.first_player_edge.ci95, pct),
        { text: num(run.hands_per_match.mean, 2), value: run.hands_per_match.mean },
        interval(run.hands_per_match.ci95, (x) => num(x, 2))]));
    const [bot, run] = runs.find(([name]) => name === v.seat_advantage.bot) || runs[runs.length - 1];
    const rows = Object.values(run.rules).flatMap((rule) => rule.per_hand.map((m, s) => [
      rule.name, s, { text: num(m.mean), value: m.mean }, { text: interval(m.ci95), value: m.ci95[0] },
      { text: pct(rule.decided), value: rule.decided },
      { text: pct(rule.never_fires.rate), value: rule.never_fires.rate }, interval(rule.never_fires.ci95, pct)]));
    const perRule = sortable(`analyze-table-rules-${i}`, `${v.name}: points a hand per rule under ${bot}`,
      ["rule", "side", "mean", "95% interval", "decided matches", "never scores in", "95% interval"], rows);
    return [perRun, perRule];
  });
}
