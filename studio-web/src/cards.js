// A card as the page draws it: its code (what the narration says), its suit's symbol
// and colour, and the value it counts in a capture.

import { el } from "./api.js";

export function card(c, attrs = {}) {
  return el(`div.card.suit-${c.suit}${c.captures ? ".can-capture" : ""}`, { title: `${c.code}: counts ${c.value}`,
    "data-card": c.code, ...attrs },
  el("span.code", {}, c.code), el("span.symbol", {}, c.symbol), el("span.value", {}, c.value));
}
