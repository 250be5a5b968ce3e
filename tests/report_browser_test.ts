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

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const missing = chromiumMissing;

/** Generates the demo report at the tiny scale into `dir`; returns the path of `report.html`. */
async function generateReport(dir: string): Promise<string> {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
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
  };
})()`;

interface Page {
  title: string;
  images: number;
  broken: string[];
  svgs: number;
  tables: number;
  overflowX: number;
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
    // The report and the screenshot stay in the temporary folder for a look.
    const path = Deno.env.get("RI_SCREENSHOT") ?? join(dir, "report_fullpage.png");
    await Deno.writeFile(path, png);
    console.log(
      `report in a browser: "${page.title}", ${page.images} images, ${page.svgs} svgs, ${page.tables} tables, ` +
        `${WIDTH}×${height} px; screenshot ${path}`,
    );
  });

  Deno.test("openInChromium() catches a console error, an uncaught exception and a missing image", async () => {
    const dir = await Deno.makeTempDir({ prefix: "ri_browser_selfcheck_" });
    const html = join(dir, "bad.html");
    await Deno.writeTextFile(
      html,
      `<!doctype html><title>bad</title><img alt="missing" src="missing.png">` +
        `<script>console.error("boom");</script><script>throw new Error("thrown");</script>`,
    );
    const { issues, page } = await openInChromium(html);
    await Deno.remove(dir, { recursive: true });
    assert.ok(issues.some((i) => i.includes("console.error: boom")), issues.join("\n"));
    assert.ok(issues.some((i) => i.startsWith("uncaught:") && i.includes("thrown")), issues.join("\n"));
    assert.ok(issues.some((i) => /failed resource|missing\.png/.test(i)), issues.join("\n"));
    assert.deepEqual(page.broken, ["missing"]);
  });
}
