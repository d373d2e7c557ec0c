// A card as the page draws it: its code (what the narration says), its suit in the deck's own
// words (♠♥♦♣ for a French-suited deck, the suit's name for a Spanish or Italian one: "oros",
// "denari"), its suit's colour, and the value it counts in a capture.

import { el } from "./api.js";

export function card(c, attrs = {}) {
  return el(`div.card.suit-${c.suit || "other"}${c.captures ? ".can-capture" : ""}`, {
    title: `${c.name} (${c.code}): counts ${c.value}`, "data-card": c.code, ...attrs,
  },
  el("span.code", {}, c.code),
  c.symbol ? el("span.symbol", {}, c.symbol) : el("span.suit-name", {}, c.suit_name),
  el("span.value", {}, c.value));
}
