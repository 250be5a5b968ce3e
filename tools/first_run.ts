/**
 * The one line a first run prints before `deno install -q` fetches the npm dependencies (Deno would
 * otherwise print a `Download …` line per package, about 320, or nothing for a minute): run by the `deps`
 * task, which every user-facing task depends on. Silent when `node_modules` is already there.
 *
 * @module
 */
let installed = true;
try {
  await Deno.stat(new URL("../node_modules/.deno", import.meta.url));
} catch {
  installed = false;
}
if (!installed) {
  console.error(
    "Installing the npm dependencies into node_modules (first run only: about 320 packages, a minute or two)…",
  );
}
