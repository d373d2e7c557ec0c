// Simulate (many bot matches, a progress bar, the plots, a comparison) and Diff (the
// stated differences of two variants and the first deal where their play parts).

import { api, download, el } from "./api.js";
import { comparedPickers } from "./options.js";
import { simulationTables } from "./tables.js";

function fileOptions(studio, extra) {
  return [...extra, ...studio.files.map((f) => el("option", { value: f }, f))];
}

export function simulatePanel(root, studio) {
  const games = el("input", { id: "sim-games", type: "number", min: 1, max: studio.info.max_games, value: 200 });
  const seed = el("input", { id: "sim-seed", type: "number", min: 0, value: 1 });
  const bots = el("select", { id: "sim-bots" }, ...studio.info.bots.map((b) => el("option", { value: b,
    selected: b === "greedy" }, b)));
  const engine = el("select", { id: "sim-engine" }, ...studio.info.engines.map((e) => el("option", { value: e }, e)));
  const against = el("select", { id: "sim-compare" });
  // "this file under other options": B's choices, over A's (simulate's --option-b)
  const { options, optionsB, showB } = comparedPickers(studio, "sim", against);
  const bar = el("progress", { id: "sim-progress", max: 1, value: 0 });
  const status = el("p.status", { id: "sim-status" });
  const out = el("div", { id: "sim-out" });
  let job = null;

  const refresh = () => {
    const keep = against.value;
    against.replaceChildren(...fileOptions(studio, [el("option", { value: "" }, "nothing"),
      el("option", { value: "self" }, "this file under other options"),
      el("option", { value: "base" }, "the base variant it extends")]));
    against.value = keep || "";
    showB();
  };
  studio.onFiles.push(refresh);
  refresh();

  async function run() {
    const body = { path: studio.path, text: studio.text(), games: Number(games.value), seed: Number(seed.value),
      bots: bots.value, engine: engine.value, options: options.chosen() };
    if (against.value) body.compare = against.value;
    if (against.value) body.options_b = optionsB.chosen();
    out.replaceChildren();
    try {
      job = await api("POST", "/simulate", body);
      poll();
    } catch (e) {
      status.textContent = e.message;
    }
  }

  async function poll() {
    const current = job;
    bar.max = current.total;
    bar.value = current.done;
    status.textContent = current.note ? `${current.note}… (${current.seconds} s)`
      : `${current.state}: ${current.done} of ${current.total} matches (${current.seconds} s)`;
    if (current.state === "queued" || current.state === "running") {
      setTimeout(async () => {
        try {
          job = await api("GET", `/jobs/${current.id}`);
          poll();
        } catch (e) {
          status.textContent = e.message;
        }
      }, 300);
      return;
    }
    if (current.state === "failed") status.textContent = "the simulation failed: " + current.error;
    if (current.result) show(current.result);
  }

  // the results: the tables (sortable) with the plots beside them, the zip of the results folder,
  // and the command line's text summary below
  function show(r) {
    const done = job;
    const plots = Object.entries(r.plots).map(([name, src]) => el("figure", {}, el("img", { src, alt: name }),
      el("figcaption", {}, name)));
    const note = r.plots_note ? [el("p", {}, r.plots_note)] : [];
    const zip = el("button", { id: "sim-zip", title: "summary.json, timing.json, games.csv (games-compare.csv) and "
      + "the plots: what `escoba-spec simulate --out DIR` writes", onclick: () => download(`/jobs/${done.id}/results.zip`,
      `simulate-${done.id}.zip`).catch((e) => { status.textContent = e.message; }) }, "Download the results (zip)");
    out.replaceChildren(el("div.downloads", {}, zip),
      el("div.results-row", {}, el("div.results-tables", { id: "sim-tables" }, ...simulationTables(r)),
        el("div.plots", { id: "sim-plots" }, ...note, ...plots)),
      el("h4", {}, "The summary, as the command line prints it"), el("pre.summary", { id: "sim-summary" }, r.text));
  }

  root.append(el("div.controls", {},
    el("label", {}, "matches ", games), el("label", {}, "bots ", bots), el("label", {}, "seed ", seed),
    el("label", {}, "engine ", engine), el("label", {}, "compare with ", against),
    el("button.primary", { id: "sim-run", onclick: run }, "Run"),
    el("button", { onclick: () => job && api("DELETE", `/jobs/${job.id}`).catch(() => {}) }, "Cancel")),
  el("div.controls", {}, options.node, optionsB.node), bar, status, out);
}

export function diffPanel(root, studio) {
  const a = el("select", { id: "diff-a" });
  const b = el("select", { id: "diff-b" });
  const deals = el("input", { id: "diff-deals", type: "number", min: 1, max: studio.info.max_deals, value: 200 });
  const engine = el("select", { id: "diff-engine" }, ...studio.info.engines.map((e) => el("option", { value: e }, e)));
  const bar = el("progress", { id: "diff-progress", max: 1, value: 0 });
  const status = el("p.status", { id: "diff-status" });
  const out = el("div", { id: "diff-out" });
  let job = null;
  const refresh = () => {
    const keep = [a.value, b.value];
    a.replaceChildren(...fileOptions(studio, [el("option", { value: "" },
      studio.path ? `this file (${studio.path})` : "this file")]));
    b.replaceChildren(...fileOptions(studio, []));
    a.value = keep[0] || "";
    if (keep[1]) b.value = keep[1];
  };
  studio.onFiles.push(refresh);
  refresh();
  // another file opened: A is that file, and the last file's diff (its result, or its run) goes
  studio.onOpen.push(() => {
    if (job && (job.state === "queued" || job.state === "running")) api("DELETE", `/jobs/${job.id}`).catch(() => {});
    job = null;
    a.value = "";
    bar.max = 1;
    bar.value = 0;
    status.textContent = "";
    out.replaceChildren();
  });

  async function run() {
    const pathA = a.value || studio.path;
    const body = { a: pathA, b: b.value, deals: Number(deals.value), engine: engine.value };
    if (pathA === studio.path) body.text_a = studio.text();
    if (b.value === studio.path) body.text_b = studio.text();
    status.textContent = "playing the deals under both…";
    out.replaceChildren();
    const path = studio.path;
    try {
      const started = await api("POST", "/diff", body);
      if (studio.path !== path) return;  // another file was opened meanwhile
      job = started;
      poll();
    } catch (e) {
      status.textContent = e.message;
    }
  }

  // a diff is a job, as a simulation is: polled for the deals played, cancelled between two
  async function poll() {
    const current = job;
    if (!current) return;  // another file was opened: its diff is gone
    bar.max = current.total;
    bar.value = current.done;
    if (current.state === "queued" || current.state === "running") {
      status.textContent = current.note ? `${current.note}… (${current.seconds} s)`
        : `${current.state}: ${current.done} of ${current.total} deals (${current.seconds} s)`;
      setTimeout(async () => {
        try {
          const next = await api("GET", `/jobs/${current.id}`);
          if (job !== current) return;
          job = next;
          poll();
        } catch (e) {
          status.textContent = e.message;
        }
      }, 300);
      return;
    }
    if (current.state === "failed") status.textContent = "the diff failed: " + current.error;
    else if (current.state === "cancelled") status.textContent = `cancelled after ${current.done} of ${current.total} deals`;
    if (current.result) show(current.result);
  }

  function show({ report, text, engines, engine_notes: notes }) {
    status.textContent = `${report.differences.length} stated difference${report.differences.length === 1 ? "" : "s"}; `
      + `play parted in ${report.diverged} of ${report.deals} deals`
      + (engines ? ` (engines: A ${engines[0]}, B ${engines[1]})` : "") + (notes && notes.length ? `; ${notes.join("; ")}` : "");
    const list = el("ol.differences", { id: "diff-differences" }, ...report.differences.map((d) =>
      el("li", {}, d.text, el("small", {}, d.effects.length ? ` — can change: ${d.effects.join(", ")}` : ""))));
    const first = report.first_divergence;
    const parted = first ? el("div.divergence", { id: "diff-first" },
      el("p", {}, `deal ${first.deal} (seed ${first.seed}), ${first.turn === null ? "after the hand"
        : first.turn === 0 ? "at the deal" : `play ${first.turn}, seat ${first.seat}`}: ${first.kind} — ${first.detail}`),
      el("p", {}, first.explained ? `explained by: ${first.explained_by.join(", ")}`
        : "explained by no stated difference: a bug, or a rule the differences do not name")) : el("p", {}, "no deal played differently");
    out.replaceChildren(el("h4", {}, "Stated differences"), list, el("h4", {}, "First divergence"), parted,
      el("h4", {}, "The whole report"), el("pre.summary", { id: "diff-text" }, text));
  }

  root.append(el("div.controls", {}, el("label", {}, "A ", a), el("label", {}, "B ", b),
    el("label", {}, "deals ", deals), el("label", {}, "engine ", engine), el("button.primary", { id: "diff-run", onclick: run }, "Compare"),
    el("button", { id: "diff-cancel", onclick: () => job && api("DELETE", `/jobs/${job.id}`).catch(() => {}) }, "Cancel")),
  bar, status, out);
}
