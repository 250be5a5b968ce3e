/**
 * The report in a real browser: generates `report.html` with the demo (`main.ts`, sandbox at the tiny scale)
 * into a temporary folder, opens it in headless Chromium driven over the DevTools protocol (a WebSocket from
 * Deno, no extra dependency), fails on any console error, uncaught exception or failed resource, checks
 * every image decoded, and saves a full-page screenshot (its path is printed; `RI_SCREENSHOT` sets it).
 *
 * Chromium is `/usr/bin/chromium` (Debian's `chromium` package) or `RI_CHROMIUM`. When it is missing the
 * test is reported as ignored with the reason in its name; with `RI_REQUIRE_CHROMIUM=1` (set by `.ci/run`)
 * a missing Chromium is a failure instead.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumMissing, openInChromium as open, WIDTH } from "./_chromium.ts";

/** Stored codes a reader should not see: `PHASE2`, `ACTIVE_NOT_RECRUITING`, `exclusivity_expiry`, `true`. */
const MACHINE_VALUE =
  /^(true|false|[A-Z]{2,}( [A-Z]{2,})+|[A-Z]+\d*(_[A-Z]+\d*)+|PHASE\d.*|[a-z]+_[a-z_]+|sponsor:.*)$/;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const missing = chromiumMissing;

/**
 * Generates a report at the tiny scale into `dir` (the demo without `args`, else the report command with
 * them); returns the path of `report.html`.
 */
async function generateReport(dir: string, args: string[] = []): Promise<string> {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", ...(args.length ? [...args, "--out", dir] : [])],
    cwd: ROOT,
    env: { RI_OUT_DIR: dir, RI_SCALE: "tiny", NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  const html = join(dir, "report.html");
  const log = new TextDecoder().decode(stderr);
  assert.equal(code, 0, `the demo failed (exit ${code}):\n${log.slice(-2000)}`);
  await Deno.stat(html).catch(() => assert.fail(`the demo wrote no ${html}:\n${log.slice(-2000)}`));
  return html;
}

/** What the report page holds. */
const PAGE = `(async () => {
  await Promise.all([...document.images].map((i) => i.decode().catch(() => {})));
  return {
    title: document.title,
    images: document.images.length,
    broken: [...document.images].filter((i) => !i.complete || i.naturalWidth === 0)
      .map((i) => i.alt || i.src.slice(0, 80)),
    svgs: document.querySelectorAll("svg").length,
    tables: document.querySelectorAll("table").length,
    overflowX: document.documentElement.scrollWidth - window.innerWidth,
    // Tables wider than their box (they would scroll sideways), by heading.
    scrolling: [...document.querySelectorAll(".ri-frame")].filter((f) => f.scrollWidth > f.clientWidth + 1)
      .map((f) => f.firstElementChild?.textContent ?? "?"),
    headers: [...document.querySelectorAll(".ri-frame th")].map((th) => th.textContent),
    dtypeLines: document.querySelectorAll(".ri-dtype").length,
    cells: [...document.querySelectorAll(".ri-frame td")].map((td) => td.textContent.trim()),
    chartTexts: [...document.querySelectorAll(".chart *")].filter((e) => e.children.length === 0)
      .map((e) => e.textContent.trim()).filter(Boolean),
    charts: [...document.querySelectorAll(".chart")].map((c) => ({
      png: c.dataset.png,
      width: Math.round(c.querySelector("svg").getBoundingClientRect().width),
      box: Math.round(c.clientWidth),
      data: [...(c.nextElementSibling?.classList.contains("chart-data")
        ? c.nextElementSibling.querySelectorAll("a") : [])].map((a) => a.getAttribute("href")),
    })),
  };
})()`;

interface Page {
  title: string;
  images: number;
  broken: string[];
  svgs: number;
  tables: number;
  overflowX: number;
  scrolling: string[];
  headers: string[];
  dtypeLines: number;
  cells: string[];
  chartTexts: string[];
  charts: { png: string; width: number; box: number; data: string[] }[];
}

/** Opens `html` in headless Chromium and reads what the page holds. */
async function openInChromium(html: string) {
  const { value: page, ...rest } = await open<Page>(html, PAGE);
  return { page, ...rest };
}

if (missing && Deno.env.get("RI_REQUIRE_CHROMIUM") === "1") {
  Deno.test("report in a browser: chromium is required (RI_REQUIRE_CHROMIUM=1)", () => {
    assert.fail(`RI_REQUIRE_CHROMIUM=1 but ${missing}; install Debian's chromium package`);
  });
} else if (missing) {
  console.log(`report in a browser: SKIPPED — ${missing}`);
  Deno.test({ name: `report in a browser: SKIPPED — ${missing}`, ignore: true, fn: () => {} });
} else {
  Deno.test("report.html opens in headless Chromium with no console error or failed resource", async () => {
    const dir = await Deno.makeTempDir({ prefix: "ri_report_browser_" });
    try {
      const { issues, page, png, height } = await openInChromium(await generateReport(dir));
      assert.deepEqual(issues, [], `the page reported problems:\n${issues.join("\n")}`);
      assert.deepEqual(page.broken, [], "every image decodes");
      assert.ok(
        page.images + page.svgs >= 9,
        `the charts are on the page (${page.images} img, ${page.svgs} svg)`,
      );
      assert.ok(page.tables >= 1, "the tables are on the page");
      assert.ok(page.overflowX <= 0, `no horizontal scrolling at ${WIDTH}px (overflow ${page.overflowX}px)`);
      assert.deepEqual([...png.slice(1, 4)], [80, 78, 71], "a PNG");
      // The screenshot stays for a look: the one file this test leaves, at the path it prints.
      const path = Deno.env.get("RI_SCREENSHOT") ??
        await Deno.makeTempFile({ prefix: "ri_report_fullpage_", suffix: ".png" });
      await Deno.writeFile(path, png);
      console.log(
        `report in a browser: "${page.title}", ${page.images} images, ${page.svgs} svgs, ${page.tables} tables, ` +
          `${WIDTH}×${height} px; screenshot ${path}`,
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  Deno.test("the report for two sponsors and a condition at 1280 px: no sideways scroll, charts at page width with their data exported, headers as labels", async () => {
    const dir = await Deno.makeTempDir({ prefix: "ri_report_two_" });
    try {
      const html = await generateReport(dir, ["--sponsors", "Pfizer,Novartis", "--condition", "lung cancer"]);
      const { issues, page, png } = await openInChromium(html);
      assert.deepEqual(issues, [], issues.join("\n"));
      assert.ok(page.overflowX <= 0, `no horizontal scrolling at ${WIDTH}px (overflow ${page.overflowX}px)`);
      assert.deepEqual(page.scrolling, [], "no table scrolls sideways");
      assert.equal(page.dtypeLines, 0, "no dtype line under the headers");
      const names = page.headers.filter((h) => /_|^[a-z]/.test(h));
      assert.deepEqual(names, [], "every header is a label (no snake_case, capitalised)");
      assert.ok(page.charts.length >= 7, `${page.charts.length} charts`);
      // Cells and chart legends in an analyst's words: no stored code (`PHASE2`, `exclusivity_expiry`, `true`).
      const codes = [...page.cells, ...page.chartTexts].filter((t) => MACHINE_VALUE.test(t));
      assert.deepEqual([...new Set(codes)], [], "values are labels, not stored codes");
      for (const label of ["Exclusivity expiry", "Yes", "No", "FDA Orange Book", "Modern small molecules"]) {
        assert.ok(page.cells.includes(label), `a table shows "${label}"`);
      }
      assert.ok(page.chartTexts.includes("Exclusivity expiry"), "the catalyst legend names the event type");
      const files = new Set([...Deno.readDirSync(dir)].map((e) => e.name));
      const XLSX = await import("@e965/xlsx");
      const wb = XLSX.read(await Deno.readFile(join(dir, "report.xlsx")));
      const contents = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets.Contents, { header: 1 });
      const csvOfSheet = new Map(contents.slice(4).map((r) => [String(r[4]), String(r[0])]));
      for (const c of page.charts) {
        // The page's content box is about 990 px; a chart drawn at 550 px in it would waste half of it.
        assert.ok(c.width >= c.box * 0.9, `${c.png}: ${c.width} px wide in a ${c.box} px box`);
        assert.ok(c.data.length > 0, `${c.png}: the page links the chart's data`);
        for (const f of c.data) {
          assert.ok(files.has(f), `${c.png}: ${f} written`);
          assert.ok(wb.SheetNames.includes(csvOfSheet.get(f) ?? ""), `${c.png}: ${f} is a workbook sheet`);
        }
      }
      // Its screenshot is kept only when asked for (RI_SCREENSHOT_TWO=<file.png>): a test run leaves one file.
      const path = Deno.env.get("RI_SCREENSHOT_TWO");
      if (path) await Deno.writeFile(path, png);
      console.log(
        `two sponsors: ${page.charts.length} charts, ${page.tables} tables` +
          (path ? `; screenshot ${path}` : " (RI_SCREENSHOT_TWO=<file.png> keeps its screenshot)"),
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  Deno.test("openInChromium() catches a console error, an uncaught exception and a missing image", async () => {
    const dir = await Deno.makeTempDir({ prefix: "ri_browser_selfcheck_" });
    const html = join(dir, "bad.html");
    await Deno.writeTextFile(
      html,
      `<!doctype html><title>bad</title><img alt="missing" src="missing.png">` +
        `<script>console.error("boom");</script><script>throw new Error("thrown");</script>`,
    );
    const { issues, page } = await openInChromium(html).finally(() => Deno.remove(dir, { recursive: true }));
    assert.ok(issues.some((i) => i.includes("console.error: boom")), issues.join("\n"));
    assert.ok(issues.some((i) => i.startsWith("uncaught:") && i.includes("thrown")), issues.join("\n"));
    assert.ok(issues.some((i) => /failed resource|missing\.png/.test(i)), issues.join("\n"));
    assert.deepEqual(page.broken, ["missing"]);
  });
}
