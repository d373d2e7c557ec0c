// Completion and hover documentation from the rule-file JSON Schema (GET /api/schema).
//
// The YAML path at a position is read from the indentation of the lines above it
// (a buffer being typed is seldom valid YAML, so no parser is asked); the schema
// node at that path is found by following properties, items, additionalProperties
// and every $ref / oneOf / anyOf / allOf branch.

const KEY = /^(\s*)(?:(- )\s*)?([A-Za-z_][\w-]*)\s*:(?=\s|$)/;
const ITEM = /^(\s*)- /;

/** The entries of one line: {col, key} for a key, {col, item: true} for a "- " marker. */
function entries(text) {
  const out = [];
  let rest = text;
  let offset = 0;
  for (;;) {
    const item = ITEM.exec(rest);
    const key = KEY.exec(rest);
    if (key && key.index === 0 && !key[2]) {
      out.push({ col: offset + key[1].length, key: key[3] });
      return out;
    }
    if (!item) return out;
    out.push({ col: offset + item[1].length, item: true });
    offset += item[0].length;
    rest = rest.slice(item[0].length);
  }
}

/** The path (keys and "[]" for list items) of the mapping a position is in, and the key it is on. */
export function pathAt(doc, pos) {
  const line = doc.lineAt(pos);
  const before = line.text.slice(0, pos - line.from);
  const here = entries(line.text);
  let limit = /^\s*$/.test(before) ? before.length : (line.text.match(/^\s*/)[0].length);
  const path = [];
  for (const e of here) {  // "- " markers on the cursor's own line, left of the cursor
    if (e.item && e.col < pos - line.from) path.push({ col: e.col, seg: "[]" });
  }
  const ownKey = here.find((e) => e.key);
  if (path.length) limit = path[0].col;
  if (ownKey && pos - line.from > ownKey.col) limit = Math.min(limit, ownKey.col);
  const parents = [];
  for (let n = line.number - 1; n >= 1 && limit > 0; n--) {
    const text = doc.line(n).text;
    if (!text.trim() || text.trim().startsWith("#")) continue;
    const found = entries(text);
    for (let i = found.length - 1; i >= 0; i--) {
      const e = found[i];
      if (e.col < limit) {
        parents.push(e.item ? "[]" : e.key);
        limit = e.col;
      }
    }
  }
  parents.reverse();
  return { path: [...parents, ...path.map((p) => p.seg)], key: ownKey ? ownKey.key : null };
}

export class Schema {
  constructor(root) {
    this.root = root;
  }

  resolve(node, seen = new Set()) {
    // every alternative a node stands for, its $refs followed
    if (!node || typeof node !== "object") return [];
    if (node.$ref) {
      if (seen.has(node.$ref)) return [];
      seen.add(node.$ref);
      const target = node.$ref.replace(/^#\//, "").split("/").reduce((n, k) => (n ? n[k] : n), this.root);
      const merged = { ...target, ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== "$ref")) };
      return this.resolve(merged, seen);
    }
    const out = [node];
    for (const key of ["oneOf", "anyOf", "allOf"]) {
      for (const branch of node[key] || []) out.push(...this.resolve(branch, seen));
    }
    if (node.then) out.push(...this.resolve(node.then, seen));
    return out;
  }

  child(nodes, seg) {
    const out = [];
    for (const node of nodes) {
      if (seg === "[]") {
        if (node.items) out.push(...this.resolve(node.items));
      } else if (node.properties && node.properties[seg]) {
        out.push(...this.resolve(node.properties[seg]));
      } else if (node.additionalProperties && typeof node.additionalProperties === "object") {
        out.push(...this.resolve(node.additionalProperties));
      }
    }
    return out;
  }

  at(path) {
    let nodes = this.resolve(this.root);
    for (const seg of path) nodes = this.child(nodes, seg);
    return nodes;
  }

  /** The keys a mapping at `path` may hold: [{key, doc}] */
  keys(path) {
    const seen = new Map();
    for (const node of this.at(path)) {
      for (const [key, value] of Object.entries(node.properties || {})) {
        if (!seen.has(key)) seen.set(key, this.describe(this.resolve(value)));
      }
    }
    return [...seen].map(([key, doc]) => ({ key, doc }));
  }

  /** The values a key at `path` may take, when the schema lists them. */
  values(path) {
    const out = new Set();
    for (const node of this.at(path)) {
      for (const v of node.enum || []) out.add(String(v));
      if (node.const !== undefined) out.add(String(node.const));
      if (node.type === "boolean") ["true", "false"].forEach((v) => out.add(v));
    }
    return [...out];
  }

  /** Title, description, type and allowed values of the nodes, as plain text lines. */
  describe(nodes) {
    const first = (k) => nodes.map((n) => n[k]).find((v) => v !== undefined);
    const types = [...new Set(nodes.map((n) => n.type).filter(Boolean).flat())];
    const values = [...new Set(nodes.flatMap((n) => n.enum || []))];
    const lines = [];
    if (first("title")) lines.push(first("title"));
    if (first("description")) lines.push(first("description"));
    const facts = [];
    if (types.length) facts.push(types.join(" or "));
    if (values.length) facts.push("one of: " + values.join(", "));
    if (first("default") !== undefined) facts.push("default: " + JSON.stringify(first("default")));
    if (first("minimum") !== undefined || first("maximum") !== undefined) {
      facts.push(`from ${first("minimum") ?? "…"} to ${first("maximum") ?? "…"}`);
    }
    if (facts.length) lines.push(facts.join("; "));
    return lines.join("\n");
  }
}
