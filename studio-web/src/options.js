// The variant's options as selects (ids, choices, labels, from the last check of the text
// that had no error): one picker per tab, each with its own choices. A request carries only
// the choices changed from the one in force, as `options` ({id: value}), applied as the
// command line's --option is.

import { el } from "./api.js";

export function optionsPicker(studio, id, caption = "options") {
  const box = el("span.options", { id });
  let chosen = {};  // id -> value: only the choices changed from the file's
  let shown = null;  // the options drawn, as JSON: drawn again only when they change

  function render() {
    const options = studio.options || [];
    const key = JSON.stringify(options);
    if (key === shown) return;
    shown = key;
    chosen = Object.fromEntries(Object.entries(chosen).filter(([k, v]) => options.some((o) => o.id === k
      && o.choices.some((c) => c.value === v) && o.chosen !== v)));
    box.hidden = options.length === 0;
    box.replaceChildren(el("span.caption", {}, caption), ...options.map((o) => {
      const select = el("select", { "data-option": o.id, title: o.description || o.label },
        ...o.choices.map((c) => el("option", { value: c.value, selected: (chosen[o.id] ?? o.chosen) === c.value },
          (c.label === c.value ? c.value : `${c.label} (${c.value})`) + (c.value === o.default ? " — default" : ""))));
      select.addEventListener("change", () => {
        if (select.value === o.chosen) delete chosen[o.id];
        else chosen[o.id] = select.value;
        select.classList.toggle("changed", select.value !== o.chosen);
        box.dispatchEvent(new Event("picked"));
      });
      return el("label", {}, o.label + " ", select);
    }));
  }

  studio.onOptions.push(render);
  studio.onOpen.push(() => { chosen = {}; shown = null; render(); });  // another file: its own options
  render();
  return {
    node: box,
    chosen: () => ({ ...chosen }),
    onPick: (f) => box.addEventListener("picked", f),
    // every option's choice shown (those in force too): a label of what a run was played under
    text: () => (studio.options || []).map((o) => `${o.id}=${chosen[o.id] ?? o.chosen}`).join(" "),
  };
}

// A run's options and, for "this file under other options" (simulate's --option-b), B's: B's
// picker shown only while `against` says "self" and the file has options.
export function comparedPickers(studio, prefix, against) {
  const a = optionsPicker(studio, `${prefix}-options`);
  const b = optionsPicker(studio, `${prefix}-options-b`, "B's options");
  const showB = () => { b.node.hidden = against.value !== "self" || !(studio.options || []).length; };
  against.addEventListener("change", showB);
  studio.onOptions.push(showB);
  studio.onOpen.push(showB);
  return { options: a, optionsB: b, showB };
}
