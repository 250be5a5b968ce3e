/**
 * The report's portfolio section beyond the service's ten sponsors (issue 32, item 6): `--sponsors` with
 * fifteen names and `--sections portfolio` writes the section (it exited 1 with "FAILED: portfolioOverlap:
 * sponsors too big"); a list over the analysis's limit exits 2 before any analysis runs, saying the fix.
 * main.ts as a subprocess with the `report` task's permissions, on the tiny sandbox.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openStore } from "../../lib/sandbox/store/_open.ts";
import { chromiumMissing, openInChromium } from "../_chromium.ts";
import { type LabelOverlap, labelOverlaps } from "../notebooks/_label_boxes.ts";
import { taskFlags } from "../_tasks.ts";

const root = new URL("../../", import.meta.url);
const config = new URL("deno.json", root).pathname;
const main = new URL("main.ts", root).pathname;

async function report(args: string[], cwd: string, env: Record<string, string> = {}) {
  const flags = taskFlags("report");
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", config, ...flags, main, ...args],
    cwd,
    env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1", RI_SCALE: "tiny", INIT_CWD: "", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr) };
}

/** Companies of the tiny store with trials in lung cancer, most first. */
async function companies(n: number, scale: "tiny" | "small" = "tiny"): Promise<string[]> {
  const store = await openStore(42, scale);
  const rows = store.db.prepare(
    `SELECT o.name, count(DISTINCT ts.trial_id) AS n
       FROM organizations o
       JOIN org_closure c ON c.ancestor_id = o.id
       JOIN trial_sponsors ts ON ts.org_id = c.descendant_id
       JOIN trial_conditions tc ON tc.trial_id = ts.trial_id
       JOIN diseases d ON d.id = tc.disease_id
      WHERE o.hierarchy_level = 'GLOBAL PARENT' AND o.ultimate_parent_id = o.id AND d.name = 'lung cancer'
        AND o.name NOT LIKE '%,%' AND o.is_industry = 1
      GROUP BY o.id ORDER BY n DESC, o.name LIMIT ?`,
  ).all(n) as { name: string }[];
  assert.equal(rows.length, n, "fixture");
  return rows.map((r) => r.name);
}

Deno.test("report: 15 sponsors and --sections portfolio write the section; 101 exit 2 before any analysis", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "ri-report-portfolio-" });
  try {
    const sponsors = await companies(15);
    const ok = await report(
      [
        "--sponsors",
        sponsors.join(","),
        "--condition",
        "lung cancer",
        "--sections",
        "portfolio",
        "--out",
        "o",
      ],
      cwd,
    );
    assert.equal(ok.code, 0, ok.out);
    assert.doesNotMatch(ok.out, /FAILED|too big/);
    const html = await Deno.readTextFile(join(cwd, "o", "report.html"));
    assert.match(html, /Portfolio overlap/);
    assert.doesNotMatch(html, /FAILED|too big/);
    const over = Array.from({ length: 101 }, (_, i) => `Company ${i + 1}`);
    const bad = await report(
      ["--sponsors", over.join(","), "--condition", "lung cancer", "--sections", "portfolio", "--out", "p"],
      cwd,
    );
    assert.equal(bad.code, 2, bad.out);
    assert.match(bad.out, /--sponsors: lists 101 items, at most 100 allowed; split the list/);
    assert.ok(!/✓|✗/.test(bad.out), "no analysis ran");
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test({
  name:
    "report: no two labels overlap on any chart of the demo or of a 15-sponsor report with loss of exclusivity (small)",
  ignore: Boolean(chromiumMissing),
  fn: async () => {
    const cwd = await Deno.makeTempDir({ prefix: "ri-report-labels-" });
    try {
      const demo = await report([], cwd, { RI_SCALE: "small", RI_OUT_DIR: join(cwd, "demo") });
      assert.equal(demo.code, 0, demo.out);
      const sponsors = await companies(15, "small");
      const wide = await report(
        [
          "--sponsors",
          [
            "Pfizer",
            "Novartis",
            "Roche",
            "AstraZeneca",
            ...sponsors.filter((s) => !/^(Pfizer|Novartis|Roche|AstraZeneca)$/.test(s)),
          ]
            .slice(0, 15).join(","),
          "--condition",
          "lung cancer",
          "--sections",
          "portfolio,exclusivity",
          "--out",
          "wide",
        ],
        cwd,
        { RI_SCALE: "small" },
      );
      assert.equal(wide.code, 0, wide.out);
      const found: LabelOverlap[] = [];
      let charts = 0;
      for (const dir of ["demo", "wide"]) {
        const html = join(cwd, dir, "report.html");
        const opened = await openInChromium<{ n: number; overlaps: LabelOverlap[] }>(
          html,
          `({ n: document.querySelectorAll(".chart > svg").length, overlaps: ${
            labelOverlaps(".chart > svg")
          } })`,
        );
        charts += opened.value.n;
        found.push(...opened.value.overlaps.map((o) => ({ ...o, chart: `${dir} ${o.chart}` })));
        const shots = Deno.env.get("RI_REPORT_SHOTS");
        if (shots) await Deno.writeFile(join(shots, `report_${dir}.png`), opened.png);
      }
      assert.ok(charts >= 8, `${charts} charts measured`);
      assert.deepEqual(found, [], "overlapping labels");
    } finally {
      await Deno.remove(cwd, { recursive: true });
    }
  },
});
