// Play: a match against the bots (random, greedy, heuristic, and the montecarlo and expert bots with the playouts
// a decision asked). The server runs the match (the engine and the narration of
// `escoba-spec play`); the page shows the hand, the table and the legal moves and sends
// back the one the person picks.

import { api, el } from "./api.js";
import { card } from "./cards.js";
import { optionsPicker } from "./options.js";

// how soon the page asks again while the bots play (the server answers within 2 s either way)
const POLL_MS = 250;

export function playPanel(root, studio) {
  const bots = el("select", { id: "play-bot" }, ...studio.info.bots.map((b) => el("option", { value: b,
    selected: b === "greedy" }, b)));
  const playouts = el("input", { id: "play-playouts", type: "number", min: 1, max: 100000,
    value: studio.info.expert_playouts, title: "the expert's playouts a decision: more is stronger and slower" });
  const playoutsLabel = el("label", { hidden: true }, "playouts ", playouts);
  const searches = () => bots.value === "expert" || bots.value === "montecarlo";  // the bots that take playouts
  bots.addEventListener("change", () => { playoutsLabel.hidden = !searches(); });
  const seed = el("input", { id: "play-seed", type: "number", min: 0, placeholder: "random" });
  const players = el("input", { id: "play-players", type: "number", min: 2, max: 12, placeholder: "the variant's" });
  const options = optionsPicker(studio, "play-options");
  const status = el("p.status", { id: "play-status" });
  const board = el("div.board", { id: "play-board" });
  const log = el("pre.narration", { id: "play-log" });
  let table = null;
  let shown = 0;  // each answer shown: data-shown on the board, for whoever waits for the next one

  async function start() {
    const expert = searches();
    status.textContent = expert ? `dealing… (the ${bots.value} bot plays on the variant's kernel: its first match loads it, `
      + "a while the first time ever)" : "dealing…";
    if (table) api("DELETE", `/play/${table.id}`).catch(() => {});
    const bot = expert && playouts.value !== "" ? `${bots.value}:${Number(playouts.value)}` : bots.value;
    const body = { path: studio.path, text: studio.text(), bots: [bot], options: options.chosen() };
    if (seed.value !== "") body.seed = Number(seed.value);
    if (players.value !== "") body.players = Number(players.value);
    try {
      show(await api("POST", "/play", body));
    } catch (e) {
      status.textContent = e.message;
      board.replaceChildren();
    }
  }

  async function poll(id) {
    if (!table || table.id !== id) return;  // another match was dealt meanwhile
    try {
      const t = await api("GET", `/play/${id}`);
      if (table && table.id === id) show(t);
    } catch (e) {
      status.textContent = e.message;
    }
  }

  async function send(path, body) {
    try {
      show(await api("POST", `/play/${table.id}${path}`, body));
    } catch (e) {
      status.textContent = e.message;
    }
  }

  function show(t) {
    table = t;
    log.textContent = t.lines.join("\n");
    log.scrollTop = log.scrollHeight;
    if (t.playing) {  // the bots are still playing: the narration so far, and ask again until they stop
      status.textContent = t.note ? `${t.note}… (the bots are playing)`
        : `the bots are playing… (${t.lines.length} line${t.lines.length === 1 ? "" : "s"} of narration)`;
      board.dataset.playing = "true";
      setTimeout(() => poll(t.id), POLL_MS);
      return;
    }
    delete board.dataset.playing;
    const scores = t.scores.map((s, side) => `side ${side}${side === t.seat % t.sides ? " (you)" : ""}: ${s}`).join(" · ");
    // undo: the match dealt again from its seed, the person's moves replayed but the last one
    const undo = t.moves > 0 && t.waiting !== "error" ? el("button", { id: "play-undo", title: "take back your last "
      + "move: the match is replayed from its seed up to it", onclick: () => { status.textContent = "undoing…";
      send("/undo"); } }, "Undo my last move") : null;
    const parts = [el("div.scores", { id: "play-scores" }, `${t.name} — ${t.goal} — seed ${t.seed} — ${scores} `, undo)];
    const others = (t.hand_sizes || []).map((n, seat) => seat === t.seat ? null
      : el("span.seat", {}, `seat ${seat} (${t.bots[seat]}): ${n} card${n === 1 ? "" : "s"}`));
    const bottom = t.bottom_card ? ` (its bottom card, face up: ${t.bottom_card.code})` : "";
    parts.push(el("div.others", {}, ...others, el("span.seat", { id: "play-stock" }, `stock: ${t.stock ?? 0}${bottom}`)));
    // a stack is shown bottom to top, its top card last; face-down cards by their number only, and on
    // a spread as backs (Seep's table lies face down until the bid: deal.stages)
    const backs = t.face_down && !t.stack ? Array.from({ length: t.face_down }, () =>
      el("div.card.back", { title: "face down: no seat sees it" })) : [];
    const down = t.face_down ? el("span.down", { id: "play-face-down" },
      `${t.face_down} card${t.face_down === 1 ? "" : "s"} face down${t.stack ? " under it" : " apart"}`
      + (t.bidding ? ", turned up after the bid" : "")) : null;
    parts.push(el("h4", {}, t.stack ? "Stack (bottom to top: only the top card is matched)" : "Table"),
      el(`div.cards.table${t.stack ? ".stack" : ""}`, { id: "play-table" },
        ...(t.table || []).map((c) => card(c)), (t.table || []).length || (t.builds || []).length || backs.length
          ? null : el("em", {}, "empty"), ...backs, down,
        // a build: its cards together, its value, whose it is (only a card of its value takes it, whole)
        ...(t.builds || []).map((b) => el("span.build", { "data-value": String(b.value), title: `only a ${b.value} `
          + "takes it, whole" }, `${b.multiple ? "multiple build" : "build"} of ${b.value} `
          + `(seat${b.owners.length > 1 ? "s" : ""} ${b.owners.join(" and ")}):`,
          ...b.cards.map((c) => card(c))))));
    if (t.bid) {  // deal.bid: the value bid, announced to all
      const who = t.bid.seat === t.seat ? "you" : `seat ${t.bid.seat}`;
      parts.push(el("div.bid", { id: "play-bid", "data-value": String(t.bid.value) }, `bid: ${who} bid ${t.bid.text}`));
    }
    if (t.piles) {  // piles.top: shown: every side's pile shows its last capturing card
      parts.push(el("h4", {}, "Piles (top card face up: a card of its rank takes the whole pile)"),
        el("div.piles", { id: "play-piles" }, ...t.piles.map((p, side) => el("span.pile", { "data-side": String(side) },
          `side ${side}${side === t.seat % t.sides ? " (you)" : ""}: ${p.cards} card${p.cards === 1 ? "" : "s"} `,
          p.top ? card(p.top) : el("em", {}, "no top card")))));
    }
    parts.push(el("h4", {}, "Your hand"), el("div.cards.hand", { id: "play-hand" },
      ...(t.hand || []).map((c) => card(c, { onclick: () => pick(c.code) }))));
    if (t.waiting === "move") {
      status.textContent = t.bidding ? "your bid: pick a value below, that of a card you hold"
        : "your turn: click a card, or a move below (green cards can capture)";
      parts.push(el("h4", {}, t.bidding ? "Your bid" : "Legal moves"), el("div.moves", { id: "play-moves" }, ...t.legal.map((m) =>
        el("button.move", { "data-move": m.move, onclick: () => send("/move", { move: m.move }),
          onmouseenter: () => mark(m.takes), onmouseleave: () => mark([]) }, m.text))));
    } else if (t.waiting === "next" || t.waiting === "over") {
      if (t.hand_points) parts.push(pointsTable(t));
      if (t.waiting === "next") {
        status.textContent = "the hand is scored";
        parts.push(el("button.primary", { id: "play-next", onclick: () => send("/next") }, "Next hand"));
      } else {
        const you = t.winner === t.seat % t.sides;
        status.textContent = `the match is over: side ${t.winner} wins${you ? " — you win!" : ""}`;
      }
    } else if (t.waiting === "error") {
      status.textContent = "the engine stopped: " + t.error;
    }
    board.replaceChildren(...parts);
    board.dataset.shown = String(++shown);
  }

  function pointsTable(t) {
    const head = el("tr", {}, el("th", {}, "this hand"), ...t.hand_points.totals.map((_, s) => el("th", {}, `side ${s}`)));
    const rows = t.hand_points.rows.map((r) => el("tr", {}, el("td", {}, r.rule), ...r.points.map((p) => el("td", {}, p))));
    const total = el("tr.total", {}, el("td", {}, "hand"), ...t.hand_points.totals.map((p) => el("td", {}, p)));
    return el("table.points", { id: "play-points" }, head, ...rows, total);
  }

  function mark(codes) {
    for (const node of board.querySelectorAll("#play-table .card, #play-piles .card")) {
      node.classList.toggle("taken", codes.includes(node.dataset.card));
    }
  }

  function pick(code) {
    if (!table || table.waiting !== "move") return;
    if (table.bidding) {  // deal.bid: no card is played before the bid
      status.textContent = `bid first: pick a value below (${table.legal.map((m) => m.bid).join(", ")})`;
      return;
    }
    const moves = table.legal.filter((m) => m.card === code);
    // a declared wild card whose rank is still to name: its readings ("7c=1", "7c=2") are the moves
    const names = table.legal.filter((m) => m.card.startsWith(`${code}=`));
    if (moves.length === 1) send("/move", { move: moves[0].move });
    else if (moves.length > 1) status.textContent = `${code} has ${moves.length} captures: pick one below`;
    else if (names.length) status.textContent = `name the rank ${code} plays as first: pick one below`;
    else status.textContent = `${code} cannot be played now`;
  }

  root.append(
    el("div.controls", {}, el("label", {}, "bots ", bots), playoutsLabel, el("label", {}, "players ", players),
      el("label", {}, "seed ", seed), el("button.primary", { id: "play-start", onclick: start }, "New match")),
    el("div.controls", {}, options.node),
    status, board, el("h4", {}, "Narration"), log,
  );
}
