// escoba-spec studio: the folder's files, the editor with its diagnostics, and the
// panels beside it (rulebook, play, simulate, analyze, diff). Everything the page shows comes
// from the API as data; nothing it receives is run as code.

import "./style.css";
import { analyzePanel } from "./analyze.js";
import { api, el, hasToken } from "./api.js";
import { makeEditor } from "./editor.js";
import { optionsPicker } from "./options.js";
import { playPanel } from "./play.js";
import { diffPanel, simulatePanel } from "./runs.js";
import { Schema } from "./schema.js";

const $ = (id) => document.getElementById(id);

const studio = {
  info: null, files: [], unlisted: [], path: null, sha256: null, saved: "", schema: null, onFiles: [], onOpen: [],
  options: [], onOptions: [],  // the variant's options, from the last check without errors
  text: () => editor.view.state.doc.toString(),
};
let editor = null;
let lastChecked = null;  // {text, diagnostics}
let rulebookFor = null;  // the file, text and language of the rulebook shown, and when it was written
let rulebookTimer = null;
let rulebookOptions = null;  // the rulebook tab's options picker

function say(text, kind = "") {
  const node = $("status");
  node.textContent = text;
  node.className = "status " + kind;
}

function dirty() {
  return studio.path !== null && studio.text() !== studio.saved;
}

function showTitle() {
  $("file-name").textContent = studio.path ? studio.path + (dirty() ? " •" : "") : "no file";
  $("save").disabled = !dirty();
  document.title = (studio.path ? studio.path + (dirty() ? " •" : "") + " — " : "") + "escoba-spec studio";
}

function renderFiles() {
  $("files").replaceChildren(...studio.files.map((f) => el("li", {},
    el("button.file" + (f === studio.path ? ".current" : ""), { "data-path": f, onclick: () => open(f) }, f))),
    // a rule file whose name is not UTF-8 cannot be opened here: say so, rather than hide it
    ...studio.unlisted.map((f) => el("li.unlisted", {
      title: "this file's name is not UTF-8, so the studio cannot open it: rename it to open it here",
    }, f + " (name not UTF-8: rename it)")));
  for (const hook of studio.onFiles) hook();
}

async function open(path) {
  if (dirty() && !confirm(`${studio.path} has unsaved changes. Open ${path} and lose them?`)) return;
  try {
    const file = await api("GET", "/file?path=" + encodeURIComponent(path));
    studio.path = file.path;
    studio.sha256 = file.sha256;
    studio.saved = file.text;
    editor.load(file.text);
    $("rulebook-status").textContent = "checking…";
    for (const hook of studio.onOpen) hook();
    renderFiles();
    showTitle();
    say(`opened ${path}`);
  } catch (e) {
    say(e.message, "bad");
  }
}

async function save() {
  if (!studio.path) return;
  const text = studio.text();
  try {
    const answer = await api("PUT", "/file", { path: studio.path, text, sha256: studio.sha256 });
    studio.sha256 = answer.sha256;
    studio.saved = text;
    if (!studio.files.includes(studio.path)) {
      ({ files: studio.files, unlisted: studio.unlisted } = await api("GET", "/files"));
      renderFiles();
    }
    showTitle();
    say(`saved ${studio.path}`, "good");
  } catch (e) {
    say(`not saved: ${e.message}`, "bad");
  }
}

function newFile() {
  const name = prompt("The new rule file's path in the folder (e.g. house/my-rule.yaml):");
  if (!name) return;
  if (dirty() && !confirm(`${studio.path} has unsaved changes. Start ${name} and lose them?`)) return;
  const id = name.replace(/^.*\//, "").replace(/\.ya?ml$/, "").toLowerCase().replace(/[^a-z0-9]+/g, "-");
  studio.path = name;
  studio.sha256 = null;
  studio.saved = "";
  editor.load(`id: ${id}\nextends: escoba-de-15\nname: ${id}\nmatch:\n  target: 31\n`);
  for (const hook of studio.onOpen) hook();
  renderFiles();
  showTitle();
  say(`${name} is new: Save writes it into the folder`);
}

// rename, duplicate, delete: the open file, on disk (a file not saved yet has none)
function onDisk(what) {
  if (studio.path && studio.sha256) return true;
  say(studio.path ? `${studio.path} is not saved yet: save it before you ${what} it` : "no file is open", "bad");
  return false;
}

async function listed(files) {
  ({ files: studio.files } = files ? { files } : await api("GET", "/files"));
  renderFiles();
}

async function renameFile() {
  if (!onDisk("rename")) return;
  const to = prompt(`Rename ${studio.path} to (a path in the folder):`, studio.path);
  if (!to || to === studio.path) return;
  try {
    const answer = await api("POST", "/file/rename", { path: studio.path, to, sha256: studio.sha256 });
    studio.path = answer.path;  // the text in the editor, saved or not, is now this file's
    await listed(answer.files);
    showTitle();
    say(`renamed ${answer.renamed} to ${answer.path}`, "good");
  } catch (e) {
    say(`not renamed: ${e.message}`, "bad");
  }
}

async function duplicateFile() {
  if (!onDisk("duplicate")) return;
  const copy = studio.path.replace(/(\.ya?ml)$/i, "-copy$1");
  const note = dirty() ? " (the copy is of the file as saved: your unsaved changes stay here)" : "";
  const to = prompt(`Duplicate ${studio.path} as${note}:`, copy);
  if (!to) return;
  try {
    const answer = await api("POST", "/file/duplicate", { path: studio.path, to });
    await listed(answer.files);
    say(`${answer.path} is a copy of ${studio.path}`, "good");
  } catch (e) {
    say(`not duplicated: ${e.message}`, "bad");
  }
}

async function deleteFile() {
  if (!onDisk("delete")) return;
  if (!confirm(`Delete ${studio.path} from the folder? This cannot be undone here.`)) return;
  const gone = studio.path;
  try {
    const answer = await api("DELETE", `/file?path=${encodeURIComponent(gone)}&sha256=${studio.sha256}`);
    studio.saved = studio.text();  // nothing left to lose: the next file opens without asking
    await listed(answer.files);
    if (studio.files.length) await open(studio.files[0]);
    else {
      studio.path = null;
      studio.sha256 = null;
      studio.saved = "";
      editor.load("");
      showTitle();
    }
    say(`deleted ${gone}`, "good");
  } catch (e) {
    say(`not deleted: ${e.message}`, "bad");
  }
}

async function check(text) {
  if (!studio.path) return [];
  try {
    const { diagnostics } = await api("POST", "/validate", { path: studio.path, text });
    return diagnostics;
  } catch (e) {
    say(e.message, "bad");
    return null;
  }
}

function onChecked(diagnostics, text) {
  lastChecked = { text, diagnostics };
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  $("problems-count").textContent = diagnostics.length
    ? `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}` : "no problems";
  $("problems").replaceChildren(...diagnostics.map((d) => el(`li.${d.severity}`, {
    onclick: () => goTo(d),
  }, el("span.where", {}, `${d.file ? d.file + ":" : ""}${d.line}:${d.col}`), " ",
  el("span.code", {}, `${d.severity}[${d.code}]`), " ", d.message, d.hint ? el("div.hint", {}, "hint: " + d.hint) : null)));
  if (!errors) {
    refreshOptions(text);
    scheduleRulebook();
  } else staleRulebook(errors);
}

// the text has errors: the frame keeps the last valid rulebook of this file, and says so above it
function staleRulebook(errors) {
  const note = $("rulebook-note");
  const count = `${errors} error${errors === 1 ? "" : "s"}`;
  if (rulebookFor && rulebookFor.path === studio.path) {
    note.textContent = `The text in the editor has ${count}: this is the last valid rulebook (${rulebookFor.lang}, `
      + `written at ${rulebookFor.time}), not the text as it is now. Fix the errors to bring it up to date.`;
  } else {  // none of this file yet: another file's rulebook is not shown as this one's
    rulebookFor = null;
    $("rulebook-frame").srcdoc = "";
    note.textContent = `The text in the editor has ${count}, and ${studio.path} has had no valid rulebook yet: `
      + "fix the errors to see it.";
  }
  note.hidden = false;
  $("rulebook-status").textContent = rulebookFor ? "the text has errors: the last valid rulebook is shown"
    : "the text has errors: no rulebook yet";
}

// the variant's options, for every tab's picker: asked again after each check without an error
async function refreshOptions(text) {
  try {
    const { options } = await api("POST", "/options", { path: studio.path, text });
    if (studio.text() !== text) return;
    studio.options = options;
    for (const hook of studio.onOptions) hook();
  } catch (e) {
    // the text changed under the request, or has errors now: the next check asks again
  }
}

function goTo(d) {
  if (d.file) return;
  const doc = editor.view.state.doc;
  const line = doc.line(Math.min(d.line, doc.lines));
  const pos = Math.min(line.from + d.col - 1, line.to);
  editor.view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  editor.view.focus();
}

function scheduleRulebook() {
  clearTimeout(rulebookTimer);
  rulebookTimer = setTimeout(refreshRulebook, 50);
}

// the options a rulebook is written under, for its status line (" target=31"; "" for the file's own)
const underOptions = (options) => Object.entries(options).map(([k, v]) => ` ${k}=${v}`).join(",");

async function refreshRulebook() {
  const text = studio.text();
  const lang = $("rulebook-lang").value;
  const options = rulebookOptions.chosen();
  const chosen = JSON.stringify(options);
  if (!lastChecked || lastChecked.text !== text) return;  // the check of this text decides
  if (lastChecked.diagnostics.some((d) => d.severity === "error")) return;  // the last valid one stays
  if (rulebookFor && rulebookFor.path === studio.path && rulebookFor.text === text && rulebookFor.lang === lang
    && rulebookFor.chosen === chosen) {
    $("rulebook-note").hidden = true;
    $("rulebook-status").textContent = `up to date (${lang}${underOptions(options)}, ${rulebookFor.time})`;
    return;
  }
  $("rulebook-status").textContent = "writing the rulebook…";
  try {
    const { html } = await api("POST", "/rulebook", { path: studio.path, text, lang, options });
    if (studio.text() !== text || JSON.stringify(rulebookOptions.chosen()) !== chosen) return;
    rulebookFor = { path: studio.path, text, lang, chosen, time: new Date().toLocaleTimeString() };
    $("rulebook-note").hidden = true;
    const frame = $("rulebook-frame");
    const top = frame.contentWindow ? frame.contentWindow.scrollY : 0;
    frame.srcdoc = html;
    frame.onload = () => frame.contentWindow && frame.contentWindow.scrollTo(0, top);
    $("rulebook-status").textContent = `up to date (${lang}${underOptions(options)}, ${rulebookFor.time})`;
  } catch (e) {
    $("rulebook-status").textContent = e.message;
  }
}

// the tabs of results (tables beside plots): the side takes two thirds of the width there
const WIDE = ["panel-simulate", "panel-analyze"];

function tabs() {
  for (const button of document.querySelectorAll("#tabs button")) {
    button.addEventListener("click", () => {
      for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b === button);
      for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.id !== button.dataset.panel;
      document.querySelector("main").classList.toggle("wide-side", WIDE.includes(button.dataset.panel));
    });
  }
}

async function main() {
  tabs();  // at once: the tabs answer before the folder has loaded
  if (!hasToken()) {
    say("open the studio with the URL it printed (…/?token=…): the API needs that token", "bad");
    return;
  }
  try {
    studio.info = await api("GET", "/info");
    studio.schema = new Schema(await api("GET", "/schema"));
  } catch (e) {
    say(e.message, "bad");
    return;
  }
  studio.files = studio.info.files;
  studio.unlisted = studio.info.unlisted || [];
  $("folder").textContent = studio.info.folder;
  $("folder").title = studio.info.folder;
  editor = makeEditor($("editor"), {
    check, onChecked, onSave: save, getSchema: () => studio.schema,
    onChange: () => { showTitle(); },
  });
  $("rulebook-lang").replaceChildren(...studio.info.langs.map((l) => el("option", { value: l }, l)));
  $("rulebook-lang").addEventListener("change", refreshRulebook);
  rulebookOptions = optionsPicker(studio, "rulebook-options");
  rulebookOptions.onPick(refreshRulebook);
  $("rulebook-lang").parentElement.after(rulebookOptions.node);
  $("save").addEventListener("click", save);
  $("new-file").addEventListener("click", newFile);
  $("file-rename").addEventListener("click", renameFile);
  $("file-duplicate").addEventListener("click", duplicateFile);
  $("file-delete").addEventListener("click", deleteFile);
  window.addEventListener("beforeunload", (event) => { if (dirty()) event.preventDefault(); });
  playPanel($("panel-play"), studio);
  simulatePanel($("panel-simulate"), studio);
  analyzePanel($("panel-analyze"), studio);
  diffPanel($("panel-diff"), studio);
  renderFiles();
  const wanted = new URLSearchParams(location.hash.slice(1)).get("file");
  const first = studio.files.includes(wanted) ? wanted : studio.files[0];
  if (first) await open(first);
  else say("the folder has no rule files yet: New file starts one");
}

main();
