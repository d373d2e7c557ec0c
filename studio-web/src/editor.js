// The rule-file editor: CodeMirror 6 with YAML, diagnostics from the server as you
// type (debounced), completion and hover documentation from the JSON Schema.

import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import {
  bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting,
} from "@codemirror/language";
import { linter, lintGutter, lintKeymap } from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { EditorState } from "@codemirror/state";
import {
  EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, hoverTooltip, keymap, lineNumbers,
} from "@codemirror/view";
import { pathAt } from "./schema.js";

/** A diagnostic's [from, to] in the document: its line and column (1-based), to the end of the word there. */
export function range(doc, d) {
  const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
  const from = Math.min(line.from + Math.max(d.col, 1) - 1, line.to);
  const word = /^[^\s:,\[\]{}#]+/.exec(line.text.slice(from - line.from));
  const to = word ? from + word[0].length : Math.min(from + 1, line.to);
  return [from, Math.max(to, from)];
}

function completer(getSchema) {
  return (context) => {
    const schema = getSchema();
    if (!schema) return null;
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const value = /^(\s*(?:- )*)([A-Za-z_][\w-]*)\s*:\s*([\w.-]*)$/.exec(before);
    if (value) {  // after "key: ": the values the schema lists
      const { path } = pathAt(context.state.doc, context.pos);
      const options = schema.values([...path, value[2]]).map((v) => ({ label: v, type: "enum" }));
      if (!options.length) return null;
      return { from: context.pos - value[3].length, options, validFor: /^[\w.-]*$/ };
    }
    const word = /^\s*(?:- )*([A-Za-z_][\w-]*)?$/.exec(before);
    if (!word) return null;
    if (!word[1] && !context.explicit) return null;
    const { path } = pathAt(context.state.doc, context.pos);
    const options = schema.keys(path).map(({ key, doc }) => ({
      label: key, type: "property", apply: key + ": ", info: doc || undefined,
    }));
    if (!options.length) return null;
    return { from: context.pos - (word[1] || "").length, options, validFor: /^[\w-]*$/ };
  };
}

function hover(getSchema) {
  return hoverTooltip((view, pos) => {
    const schema = getSchema();
    if (!schema) return null;
    const line = view.state.doc.lineAt(pos);
    const key = /^(\s*(?:- )*)([A-Za-z_][\w-]*)\s*:/.exec(line.text);
    if (!key) return null;
    const start = line.from + key[1].length;
    const end = start + key[2].length;
    if (pos < start || pos > end) return null;
    const { path } = pathAt(view.state.doc, pos);
    const text = schema.describe(schema.at([...path, key[2]]));
    if (!text) return null;
    return {
      pos: start, end, above: true,
      create() {
        const dom = document.createElement("div");
        dom.className = "schema-doc";
        const [title, ...rest] = text.split("\n");
        const strong = document.createElement("strong");
        strong.textContent = `${key[2]} — ${title}`;
        dom.append(strong);
        for (const more of rest) {
          const p = document.createElement("p");
          p.textContent = more;
          dom.append(p);
        }
        return { dom };
      },
    };
  });
}

/**
 * The editor in `parent`. `check(text)` answers the server's diagnostics for the text;
 * `onChecked(diagnostics, text)` hears every answer; `onSave()` is Ctrl-S / Cmd-S.
 */
export function makeEditor(parent, { check, onChecked, onChange, onSave, getSchema }) {
  const source = async (view) => {
    const text = view.state.doc.toString();
    const diagnostics = await check(text);
    if (diagnostics === null || view.state.doc.toString() !== text) return [];  // stale: a newer check follows
    onChecked(diagnostics, text);
    return diagnostics.map((d) => {
      const [from, to] = d.file ? [0, Math.min(view.state.doc.line(1).to, 1)] : range(view.state.doc, d);
      const where = d.file ? `in ${d.file}:${d.line}:${d.col}: ` : "";
      return {
        from, to, severity: d.severity === "warning" ? "warning" : "error", source: d.code,
        message: where + d.message + (d.hint ? `\nhint: ${d.hint}` : ""),
      };
    });
  };
  const extensions = [
        lineNumbers(), highlightActiveLineGutter(), foldGutter(), drawSelection(), history(),
        indentOnInput(), bracketMatching(), closeBrackets(), highlightActiveLine(), highlightSelectionMatches(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }), yaml(), lintGutter(),
        linter(source, { delay: 400 }),
        autocompletion({ override: [completer(getSchema)] }),
        hover(getSchema),
        keymap.of([
          { key: "Mod-s", preventDefault: true, run: () => { onSave(); return true; } },
          ...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap,
          ...completionKeymap, ...lintKeymap, indentWithTab,
        ]),
        EditorView.updateListener.of((u) => { if (u.docChanged) onChange(); }),
        EditorState.tabSize.of(2), EditorView.lineWrapping,
  ];
  const view = new EditorView({ parent, state: EditorState.create({ doc: "", extensions }) });
  // a file opened: a new state, so its undo history does not reach into the last file
  const load = (text) => view.setState(EditorState.create({ doc: text, extensions }));
  return { view, load };
}
