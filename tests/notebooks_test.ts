/**
 * Every `notebooks/*.ipynb` the way users run it: the stock `jupyter nbconvert --to notebook --execute`
 * (no grace period, no custom client; the Deno kernel can report idle before an output, see
 * docs/jupyter-kernel-idle-race.md), twice — on the sandbox's full profile and on spec-minimal — then
 * exported with the installed nbconvert (`--to html`) and opened in headless Chromium.
 *
 * A notebook fails on a cell error, on any code cell without output, on a chart cell without an
 * image/png, on a display cell without a rich output, when the two runs differ in which outputs each cell
 * has, when a chart in the HTML export is not drawn (an `<img>` that did not decode, or one with almost
 * no non-white pixels), or when the export shows a reader a stored code (NOT_YET_RECRUITING, PHASE1/PHASE2,
 * `sponsor:AstraZeneca`, a `[code]` suffix), a list in brackets, a dtype row or a table wider than the page. The five-runs-in-a-row check is `deno task notebooks:check` (tools/notebooks_check.ts).
 *
 * Without Jupyter (or Chromium) the tests are reported as ignored with the reason in their name. With
 * `RI_REQUIRE_JUPYTER=1` / `RI_REQUIRE_CHROMIUM=1` (set by `.ci/run`) that is a failure instead.
 *
 * Environment: `RI_PYTHON` (default /usr/bin/python3 when present), `RI_DENO_KERNEL_BIN` (the deno binary
 * the kernelspec should point at when it must be installed), `RI_NOTEBOOK_SHOTS=<dir>` (keep a screenshot
 * of each HTML export there).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { chromiumMissing, openInChromium } from "./_chromium.ts";
import { CHART_SVG } from "../lib/charts/show.ts";
import { chartsPage, type LabelOverlap, labelOverlaps } from "./notebooks/_label_boxes.ts";
import { checkNotebook, executeStock, exportHtml, PYTHON, run } from "./notebooks/_stock.ts";
import {
  chartsDrawn,
  DRAWN,
  missingJupyter,
  readerProblems,
  READERS,
  type ReaderView,
} from "./notebooks/_html.ts";

const ROOT = new URL("../", import.meta.url);

/** The SVG of every chart output of an executed notebook (carried under the tests, `CHART_SVG`). */
// deno-lint-ignore no-explicit-any
function chartSvgs(nb: any): string[] {
  // deno-lint-ignore no-explicit-any
  return nb.cells.flatMap((c: any) => (c.outputs ?? []).map((o: any) => o.data?.[CHART_SVG]))
    .filter((s: unknown): s is string => typeof s === "string");
}

const notebooks: string[] = [];
for await (const entry of Deno.readDir(new URL("notebooks/", ROOT))) {
  if (entry.isFile && entry.name.endsWith(".ipynb")) notebooks.push(entry.name);
}
notebooks.sort();

Deno.test("notebooks/ holds at least one notebook", () => {
  assert.ok(notebooks.length > 0, "no notebooks found in notebooks/");
});

const missing = await missingJupyter();
if (missing && Deno.env.get("RI_REQUIRE_JUPYTER") === "1") {
  Deno.test(`notebooks: FAILED — ${missing}`, () => {
    assert.fail(`RI_REQUIRE_JUPYTER=1 but ${missing}`);
  });
} else if (missing) {
  Deno.test({ name: `notebooks: SKIPPED — ${missing}`, ignore: true, fn: () => {} });
} else {
  Deno.test("the notebook check fails on a cell without output, a chart without PNG, an SVG-only chart", () => {
    const cell = (source: string, outputs: unknown[]) => ({
      cell_type: "code",
      source,
      outputs,
      metadata: {},
    });
    const svgOnly = { output_type: "display_data", data: { "image/svg+xml": "<svg/>" } };
    const { problems } = checkNotebook({
      cells: [
        cell("const x = 1;", []),
        cell("// chart\nshow(c)", [svgOnly]),
        cell("// no-output\nlet y;", []),
      ],
    });
    assert.deepEqual(problems, [
      "cell 0 (const x = 1;): no output",
      "cell 1 (// chart): chart cell has no image/png output",
    ]);
  });

  const browser = chromiumMissing
    ? (Deno.env.get("RI_REQUIRE_CHROMIUM") === "1" ? "required" : "skip")
    : "run";
  for (const name of notebooks) {
    Deno.test(`notebook ${name}: stock nbconvert keeps every output (2 runs), HTML export draws every chart`, async () => {
      const dir = await Deno.makeTempDir({ prefix: "ri-notebook-" });
      try {
        const signatures: string[][] = [];
        let charts = 0, executed = "";
        for (const profile of ["full", "spec-minimal"]) {
          const out = join(dir, profile);
          const ran = await executeStock(new URL(`notebooks/${name}`, ROOT).pathname, out, {
            RI_NOTEBOOK_TEST: "1",
            RI_SANDBOX_PROFILE: profile,
          });
          assert.ok(
            ran.ok,
            `${name} (${profile}) failed under nbconvert --execute:\n${ran.out.slice(-3000)}`,
          );
          const check = checkNotebook(JSON.parse(await Deno.readTextFile(ran.executed)));
          assert.deepEqual(
            check.problems,
            [],
            `${name} (${profile}) lost outputs:\n${check.problems.join("\n")}`,
          );
          signatures.push(check.signature);
          charts = check.charts;
          executed ||= ran.executed;
          console.log(
            `${name} (${profile}): ${check.outputs} outputs, ${charts} charts, ${ran.seconds.toFixed(1)} s`,
          );
        }
        assert.deepEqual(signatures[1], signatures[0], "both runs give every cell the same outputs");
        if (browser === "skip") return console.log(`${name}: HTML check SKIPPED — ${chromiumMissing}`);
        assert.notEqual(browser, "required", `RI_REQUIRE_CHROMIUM=1 but ${chromiumMissing}`);
        const html = await exportHtml(executed);
        assert.ok(html.ok, `nbconvert --to html failed:\n${html.out.slice(-2000)}`);
        const { value: both, issues, png } = await openInChromium<
          { images: { src: string; drawn: number }[]; readers: ReaderView }
        >(html.html, `(async () => ({ images: await ${DRAWN}, readers: ${READERS} }))()`);
        const value = both.images;
        // Debian's template links require.js and MathJax from /usr/share/javascript (packages libjs-requirejs,
        // libjs-mathjax, often absent); the outputs do not need them.
        const real = issues.filter((i) => !/usr\/share\/javascript|failed resource \(Script\)/.test(i));
        assert.deepEqual(real, [], `the export reported problems:\n${real.join("\n")}`);
        assert.deepEqual(chartsDrawn(value, charts), [], `charts not drawn in ${html.html}`);
        // Tables and texts for readers: no stored code, no list in brackets, no dtype row, none wider than the page.
        assert.deepEqual(readerProblems(both.readers), [], `${name}: what a reader meets in the HTML export`);
        // Labels on the notebook's charts never overlap, measured on their SVG (shown under the tests beside the PNG).
        const svgs = chartSvgs(JSON.parse(await Deno.readTextFile(executed)));
        assert.equal(svgs.length, charts, "every chart cell carries its SVG under the tests");
        if (svgs.length) {
          const page = join(dir, "charts.html");
          await Deno.writeTextFile(
            page,
            chartsPage(svgs.map((svg, i) => ({ name: `${name} chart ${i + 1}`, svg }))),
          );
          const overlaps =
            (await openInChromium<LabelOverlap[]>(page, labelOverlaps("[data-chart] > svg"))).value;
          assert.deepEqual(overlaps, [], `${name}: overlapping labels on its charts`);
        }
        const shots = Deno.env.get("RI_NOTEBOOK_SHOTS");
        if (shots) await Deno.writeFile(join(shots, name.replace(/\.ipynb$/, ".png")), png);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  }

  if (browser === "run") {
    Deno.test("the HTML check sees a blank chart: Debian nbconvert's sanitized inline SVG", async () => {
      const dir = await Deno.makeTempDir({ prefix: "ri-notebook-" });
      try {
        const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">' +
          '<rect width="200" height="100" fill="steelblue"/></svg>';
        const nb = {
          nbformat: 4,
          nbformat_minor: 5,
          metadata: {},
          cells: [{
            cell_type: "code",
            metadata: {},
            source: "// chart",
            execution_count: 1,
            outputs: [{ output_type: "display_data", metadata: {}, data: { "image/svg+xml": svg } }],
          }],
        };
        await Deno.writeTextFile(join(dir, "svg.ipynb"), JSON.stringify(nb));
        const html = await exportHtml(join(dir, "svg.ipynb"));
        assert.ok(html.ok, html.out);
        const { value } = await openInChromium<{ src: string; drawn: number }[]>(html.html, DRAWN);
        const version = (await run(PYTHON, ["-c", "import nbconvert; print(nbconvert.__version__)"]))
          .out.trim();
        // nbconvert 6.5 strips the <rect> (no image at all); 7 embeds an <img> that draws.
        if (version.startsWith("6.")) assert.notDeepEqual(chartsDrawn(value, 1), []);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  }
}
