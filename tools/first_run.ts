/**
 * The one line a first run shows while Deno fetches the toolkit's npm dependencies. The demo task runs it
 * with `--no-config` (so it starts before any download), then `deno install -q` and the demo with `-q`:
 * no line per package. (`"nodeModulesDir": "manual"` keeps `deno task` from installing — loudly — before
 * the task starts.) Says nothing once `node_modules` is in place.
 *
 * @module
 */
const ready = (() => {
  try {
    return Deno.statSync("node_modules/.deno").isDirectory;
  } catch {
    return false;
  }
})();
if (!ready) {
  console.error("Fetching the toolkit's dependencies from npm (first run only; this takes a minute or so)…");
}
