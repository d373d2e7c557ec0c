// The studio's JSON API, every call with the run's token (read once from the URL the
// studio printed, kept for the tab in sessionStorage and taken out of the address bar).

const params = new URLSearchParams(location.search);
if (params.get("token")) {
  sessionStorage.setItem("escoba-studio-token", params.get("token"));
  history.replaceState(null, "", location.pathname + location.hash);  // the token leaves the address bar
}
const token = sessionStorage.getItem("escoba-studio-token") || "";

export const hasToken = () => token !== "";

export class ApiError extends Error {
  constructor(status, data) {
    super(data.error || `HTTP ${status}`);
    this.status = status;
    this.data = data;
  }
}

export async function api(method, path, body) {
  const response = await fetch("/api" + path, {
    method,
    headers: { Authorization: "Bearer " + token, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/** An element: el("div.card.suit-coins", {title: "..."}, child, "text", ...) */
export function el(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag || "div");
  if (classes.length) node.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Fetch a file of the API (with the token) and hand it to the browser as a download named `name`. */
export async function download(path, name) {
  const response = await fetch("/api" + path, { headers: { Authorization: "Bearer " + token } });
  if (!response.ok) {
    throw new ApiError(response.status, await response.json().catch(() => ({ error: response.statusText })));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
