/**
 * The demo (`deno task demo`) end to end: main.ts runs as a subprocess with exactly the task's
 * permissions, in a scratch working directory (so `--allow-write=out,.cache` points there), on the
 * embedded sandbox. Checks the report and the PNGs it writes.
 */
import assert from "node:assert/strict";
import { taskCommand, taskFlags as flagsOf } from "./_tasks.ts";

const root = new URL("../", import.meta.url);
const config = new URL("deno.json", root).pathname;
const main = new URL("main.ts", root).pathname;

/** The `demo` task's flags, read from deno.json so the test cannot drift from the task. */
function taskFlags(): string[] {
  const task = taskCommand("demo");
  assert.ok(task.endsWith("main.ts"), `unexpected demo task: ${task}`);
  return flagsOf("demo");
}

const CHARTS = [
  "portfolio_overlap",
  "catalyst_calendar",
  "target_prioritization",
  "regulatory_tiers",
  "patent_trends",
  "disease_comparison",
  "medicare_spending",
  "researcher_output",
  "sponsor_scan",
];

for (const profile of ["full", "spec-minimal"]) {
  Deno.test(`main.ts writes a self-contained report and one PNG per chart with only the demo task's permissions (${profile})`, async () => {
    const flags = taskFlags();
    assert.ok(!flags.includes("-A") && !flags.includes("--allow-all"));
    const cwd = await Deno.makeTempDir({ prefix: "ri-demo-" });
    try {
      const started = performance.now();
      const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
        args: ["run", "--config", config, ...flags, main],
        cwd,
        env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1", RI_SANDBOX_PROFILE: profile },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const out = new TextDecoder().decode(stdout);
      const err = new TextDecoder().decode(stderr);
      assert.equal(code, 0, `demo failed:\n${out}\n${err}`);
      assert.match(out, /Report: out\/report\.html/);
      assert.match(out, /9\/9 analyses/);
      console.log(`demo took ${((performance.now() - started) / 1000).toFixed(1)} s`);

      const html = await Deno.readTextFile(`${cwd}/out/report.html`);
      assert.match(html, /^<!DOCTYPE html>/);
      assert.match(html, /Synthetic sandbox data/);
      for (
        const title of [
          "Portfolio overlap",
          "Catalyst calendar",
          "Target prioritization",
          "Regulatory landscape",
        ]
      ) {
        assert.ok(html.includes(`<h2>${title}</h2>`), `section ${title}`);
      }
      assert.ok(!html.includes("This analysis failed"), "no failed section");
      assert.ok((html.match(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/g) ?? []).length >= CHARTS.length);
      assert.ok(html.includes('class="ri-frame"'), "tables");
      assert.ok(html.includes("Provenance:"), "provenance per section");
      // The partial year is the data's (the sandbox's reference day 2026-11-21), not the clock's.
      assert.ok(html.includes("partial year (as of 21 Nov 2026)"), "partial year as of the data's day");
      assert.ok(!/<script|src="http|href="http/.test(html), "self-contained: no scripts or remote resources");
      assert.ok(!/demo-(free|pro|pos)-key/.test(html + out + err), "the API key never appears");

      for (const name of CHARTS) {
        const png = await Deno.readFile(`${cwd}/out/${name}.png`);
        assert.deepEqual([...png.slice(1, 4)], [80, 78, 71], `${name}.png is a PNG`);
        assert.ok(png.length > 20_000, `${name}.png is not trivial (${png.length} bytes)`);
      }
    } finally {
      await Deno.remove(cwd, { recursive: true });
    }
  });
}
