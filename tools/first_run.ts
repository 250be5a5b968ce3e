/**
 * The one line a first run shows while Deno fetches the toolkit's npm dependencies (run by the demo and
 * report tasks with `--no-config`, so it starts before any download; the run itself is `-q`, without
 * Deno's line per package). Says nothing once `node_modules` is in place.
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
