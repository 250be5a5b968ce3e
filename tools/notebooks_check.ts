/**
 * The notebooks, N times in a row, exactly as users run them: `jupyter nbconvert --to notebook --execute`
 * (stock, no grace period), each executed notebook checked for missing outputs (tests/notebooks/_stock.ts),
 * and the last run of each exported with `jupyter nbconvert --to html` and checked in headless Chromium
 * (every chart image drawn). Prints one line per run and a summary; exits 1 when any output is missing.
 *
 * Usage: deno task notebooks:check [-- --runs 5] [--keep <dir>] [notebook.ipynb ...]   (default: all, 5 runs)
 *
 * @module
 */
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromiumMissing, openInChromium } from "../tests/_chromium.ts";
import { checkNotebook, executeStock, exportHtml } from "../tests/notebooks/_stock.ts";
import { chartsDrawn, DRAWN, missingJupyter } from "../tests/notebooks/_html.ts";

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: { runs: { type: "string", default: "5" }, keep: { type: "string" } },
  allowPositionals: true,
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number ≥ 1, got '${String(values.runs).slice(0, 20)}'`);
  Deno.exit(2);
}
const root = new URL("../notebooks/", import.meta.url).pathname;
const notebooks = positionals.length
  ? positionals.map((p) => resolve(p))
  : [...Deno.readDirSync(root)].filter((e) => e.name.endsWith(".ipynb")).map((e) => join(root, e.name))
    .sort();
const missing = await missingJupyter();
if (missing) {
  console.error(`notebooks: ${missing}`);
  Deno.exit(1);
}

const dir = values.keep ? resolve(values.keep) : await Deno.makeTempDir({ prefix: "ri-notebooks-check-" });
let cells = 0, lost = 0, other = 0, failedRuns = 0, blank = 0;
const started = performance.now();
for (const notebook of notebooks) {
  const name = basename(notebook);
  let executed = "";
  for (let i = 1; i <= runs; i++) {
    const ran = await executeStock(notebook, join(dir, `run${i}`), { RI_NOTEBOOK_TEST: "1" });
    if (!ran.ok) {
      failedRuns++;
      console.log(`${name} run ${i}: FAILED (${ran.seconds.toFixed(1)} s)\n${ran.out.slice(-1500)}`);
      continue;
    }
    const check = checkNotebook(JSON.parse(await Deno.readTextFile(ran.executed)));
    cells += check.signature.length;
    const empty = check.problems.filter((p) => p.endsWith(": no output")).length;
    lost += empty;
    other += check.problems.length - empty;
    executed = ran.executed;
    console.log(
      `${name} run ${i}: ${check.outputs} outputs, ${empty} cells without output (${
        ran.seconds.toFixed(1)
      } s)` +
        check.problems.map((p) => `\n  ${p}`).join(""),
    );
  }
  if (!executed) continue;
  if (chromiumMissing) {
    console.log(`${name}: HTML check skipped — ${chromiumMissing}`);
    continue;
  }
  const html = await exportHtml(executed);
  const { charts } = checkNotebook(JSON.parse(await Deno.readTextFile(executed)));
  const problems = html.ok
    ? chartsDrawn((await openInChromium<{ src: string; drawn: number }[]>(html.html, DRAWN)).value, charts)
    : [`nbconvert --to html failed: ${html.out.slice(-500)}`];
  blank += problems.length;
  console.log(`${name} HTML: ${charts} charts, ${problems.length ? problems.join("; ") : "all drawn"}`);
}
const minutes = ((performance.now() - started) / 60_000).toFixed(1);
console.log(
  `\n${notebooks.length} notebooks × ${runs} runs: ${lost} of ${cells} code cells lost their output, ` +
    `${other} other output problems, ${failedRuns} runs failed, ${blank} chart problems in the HTML exports ` +
    `(${minutes} min)` +
    (values.keep ? `; executed notebooks and HTML in ${dir}` : ""),
);
if (!values.keep) await Deno.remove(dir, { recursive: true });
Deno.exit(lost || other || failedRuns || blank ? 1 : 0);
