// Analyze: the balance report of `escoba-spec analyze` for the text in the editor (and, to
// compare, its base variant or another file), run as a job with a progress bar. The report
// is shown in a frame sandboxed with no permission at all (no script, no same origin): it is
// a page of tables and inline SVG, and nothing in it runs in the studio's page.

import { api, download, el } from "./api.js";
import { comparedPickers } from "./options.js";
import { analysisTables } from "./tables.js";

const FILES = [["report.html", "html", "text/html"], ["report.md", "markdown", "text/markdown"],
  ["analysis.json", "json", "application/json"]];

const pct = (x) => (x === null || x === undefined ? "–" : `${(100 * x).toFixed(1)}%`);

export function analyzePanel(root, studio) {
  const info = studio.info;
  const budget = el("input", { id: "analyze-budget", type: "number", min: 0.01, max: info.max_budget, step: "any",
    value: 1, title: `400 × budget matches a run (at most ${info.max_budget}; the command line goes further)` });
  const playouts = el("input", { id: "analyze-playouts", type: "number", min: 1, max: info.max_expert_budget,
    value: info.expert_budget, title: "the expert's playouts a decision in its runs" });
  const seed = el("input", { id: "analyze-seed", type: "number", min: 0, value: 1 });
  const lang = el("select", { id: "analyze-lang" }, ...info.langs.map((l) => el("option", { value: l }, l)));
  const against = el("select", { id: "analyze-compare" });
  const { options, optionsB, showB } = comparedPickers(studio, "analyze", against);
  const runButton = el("button.primary", { id: "analyze-run", onclick: () => run() }, "Run");
  const cancelButton = el("button", { id: "analyze-cancel", disabled: true, onclick: () => cancel() }, "Cancel");
  const bar = el("progress", { id: "analyze-progress", max: 1, value: 0 });
  const status = el("p.status", { id: "analyze-status" });
  const headline = el("div.headline", { id: "analyze-headline" });
  const tables = el("div.results-tables", { id: "analyze-tables" });
  const downloads = el("div.downloads", { id: "analyze-downloads" });
  const frame = el("iframe", { id: "analyze-frame", title: "balance report", sandbox: "", hidden: true });
  let job = null;
  let urls = [];

  const refresh = () => {
    const keep = against.value;
    against.replaceChildren(el("option", { value: "" }, "nothing"),
      el("option", { value: "self" }, "this file under other options"),
      el("option", { value: "base" }, "the base variant it extends"),
      ...studio.files.map((f) => el("option", { value: f }, f)));
    against.value = keep || "";
    showB();
  };
  studio.onFiles.push(refresh);
  refresh();

  async function run() {
    if (!studio.path) return;
    const body = { path: studio.path, text: studio.text(), budget: Number(budget.value),
      expert_budget: Number(playouts.value), seed: Number(seed.value), lang: lang.value, options: options.chosen() };
    if (against.value) body.compare = against.value;
    if (against.value) body.options_b = optionsB.chosen();
    headline.replaceChildren();
    tables.replaceChildren();
    status.textContent = "starting…";
    try {
      job = await api("POST", "/analyze", body);
    } catch (e) {
      status.textContent = e.message;
      return;
    }
    runButton.disabled = true;
    cancelButton.disabled = false;
    poll();
  }

  async function cancel() {
    if (!job) return;
    try {
      await api("DELETE", `/jobs/${job.id}`);
      status.textContent = "cancelling after the matches being played…";
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
          runButton.disabled = false;
          cancelButton.disabled = true;
        }
      }, 300);
      return;
    }
    runButton.disabled = false;
    cancelButton.disabled = true;
    if (current.state === "failed") status.textContent = "the analysis failed: " + current.error;
    if (current.state === "cancelled") status.textContent = `cancelled after ${current.done} of ${current.total} matches`;
    if (current.state === "done" && current.result) show(current.result);
  }

  // the language of a finished report: written again from the same analysis, nothing replayed
  lang.addEventListener("change", async () => {
    if (!job || job.state !== "done") return;
    try {
      show(await api("GET", `/jobs/${job.id}/report?lang=${encodeURIComponent(lang.value)}`));
    } catch (e) {
      status.textContent = e.message;
    }
  });

  function show(r) {
    const lines = r.variants.map((v) => el("div.variant", {},
      el("strong", {}, v.name), " ", el("code", {}, v.file), el("br"),
      el("span.skill", {}, `skill: ${v.skill.bot} against ${v.skill.against} wins ${pct(v.skill.rate)} of `
        + `${v.skill.games} matches [${pct(v.skill.ci95[0])}, ${pct(v.skill.ci95[1])}]`), el("br"),
      el("span.seats", {}, `seat advantage (${v.seat_advantage.bot}): the first player's edge `
        + `${pct(v.seat_advantage.first_player_edge)} [${pct(v.seat_advantage.ci95[0])}, `
        + `${pct(v.seat_advantage.ci95[1])}]; the first dealer's side wins ${pct(v.seat_advantage.dealer_side_rate)}`),
      ...v.notes.map((n) => el("div.note", {}, n))));
    const d = r.differences;
    if (d) {
      lines.push(el("div.variant", { id: "analyze-differences" }, `${d.stated} stated difference`
        + `${d.stated === 1 ? "" : "s"}; skill, the second less the first: ${pct(d.skill.diff)} `
        + `(p = ${d.skill.p.toFixed(3)}${d.skill.significant ? ", significant at 5%" : ", not significant at 5%"})`));
    }
    headline.replaceChildren(...lines);
    for (const url of urls) URL.revokeObjectURL(url);
    urls = FILES.map(([, key, type]) => URL.createObjectURL(new Blob([r[key]], { type: type + ";charset=utf-8" })));
    const done = job;
    const zip = el("button", { id: "analyze-zip", title: "report.html, report.md and analysis.json: what "
      + "`escoba-spec analyze --out DIR` writes", onclick: () => download(`/jobs/${done.id}/results.zip?lang=${r.lang}`,
      `analyze-${done.id}.zip`).catch((e) => { status.textContent = e.message; }) }, "all (zip)");
    downloads.replaceChildren("download: ", ...FILES.flatMap(([name], i) => [i ? " · " : "",
      el("a", { href: urls[i], download: name, "data-file": name }, name)]), " · ", zip);
    tables.replaceChildren(...analysisTables(r));
    frame.srcdoc = r.html;
    frame.hidden = false;
    status.textContent = `done: ${job.done} matches, seed ${r.seed}, budget ${r.budget} (${r.games_per_run} matches a `
      + `run, the expert's ${r.expert_games_per_run} with ${r.expert_budget} playouts a decision), report in ${r.lang}`;
  }

  root.append(el("div.controls", {},
    el("label", {}, "budget ", budget), el("label", {}, "expert playouts ", playouts),
    el("label", {}, "language ", lang), el("label", {}, "compare with ", against), el("label", {}, "seed ", seed),
    runButton, cancelButton), el("div.controls", {}, options.node, optionsB.node), bar, status, headline, downloads, tables, frame);
}
