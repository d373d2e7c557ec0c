// After `vite build`: write static/build-stamp.json, the sha256 of the front end's
// sources (and lock file) the build was made from, and of every file it wrote.
// tests/test_studio_build.py recomputes both: a source changed without a rebuild,
// or a built file edited by hand, fails the tests.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const here = new URL(".", import.meta.url).pathname;
const out = join(here, "../escoba_spec/studio/static");
export const SOURCES = ["index.html", "package.json", "package-lock.json", "vite.config.js", "stamp.mjs", "src"];

function walk(path) {
  return statSync(path).isDirectory() ? readdirSync(path).sort().flatMap((name) => walk(join(path, name))) : [path];
}

function digest(root, paths) {
  const hash = createHash("sha256");
  for (const file of paths.flatMap((p) => walk(join(root, p))).map((f) => relative(root, f)).sort()) {
    hash.update(file + "\0");
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

const outputs = {};
for (const file of walk(out).map((f) => relative(out, f)).sort()) {
  if (file === "build-stamp.json") continue;
  outputs[file] = createHash("sha256").update(readFileSync(join(out, file))).digest("hex");
}
const stamp = { sources: digest(here, SOURCES), outputs };
writeFileSync(join(out, "build-stamp.json"), JSON.stringify(stamp, null, 2) + "\n");
console.log(`build-stamp.json: sources ${stamp.sources.slice(0, 12)}…, ${Object.keys(outputs).length} files`);
