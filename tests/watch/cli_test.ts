/**
 * The watch command end to end in a temporary folder, as a user runs it: `deno task watch -- <file>`
 * with the task's own permissions; exit codes 2 (bad input), 0 (first run / no change), 3 (changes).
 */
import assert from "node:assert/strict";

const config = new URL("../../deno.json", import.meta.url).pathname;

async function watch(
  cwd: string,
  args: string[],
  env: Record<string, string> = { RI_BASE_URL: "", RI_API_KEY: "" },
): Promise<{ code: number; err: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--config", config, "watch", ...args],
    cwd,
    env: { INIT_CWD: cwd, ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, err: new TextDecoder().decode(out.stderr) };
}

const WATCHLIST = {
  store: "snapshots",
  analyses: [
    { name: "trials", endpoint: "trials.search", params: { sort: "relevance" } },
    { name: "pfizer", analysis: "sponsorScan", params: { sponsor: "Pfizer" } },
  ],
  alerts: true,
};

Deno.test("watch command: bad watchlist exits 2 naming the line; first run 0; same day 2; advanced world 3", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/bad.json`,
      '{\n  "analyses": [\n    { "name": "x", "analysis": "sponsorScn" }\n  ]\n}',
    );
    const bad = await watch(dir, ["bad.json", "--scale", "tiny"]);
    assert.equal(bad.code, 2, bad.err);
    assert.match(bad.err, /bad\.json line 3: analyses\[0\]\.analysis must be one of/);

    await Deno.writeTextFile(`${dir}/watchlist.json`, JSON.stringify(WATCHLIST, null, 2));
    const first = await watch(dir, ["--", "watchlist.json", "--scale", "tiny"]); // as the README writes it
    assert.equal(first.code, 0, first.err);
    assert.match(first.err, /trials: baseline saved/);
    const baseline = await Deno.readTextFile(`${dir}/snapshots/_report/report.html`);
    assert.ok(!baseline.includes("watch_changes.png"), "no change chart when nothing changed");
    // The data by what they are, never the embedded sandbox's loopback address and port.
    assert.match(baseline, /Data: embedded sandbox, synthetic data/);
    assert.doesNotMatch(baseline, /127\.0\.0\.1/);
    const days = (await Array.fromAsync(Deno.readDir(`${dir}/snapshots/trials`))).map((e) => e.name);
    assert.deepEqual(days, ["date=2026-11-21"]);

    const again = await watch(dir, ["watchlist.json", "--scale", "tiny"]);
    assert.equal(again.code, 2, again.err);
    assert.match(again.err, /already exists at .*date=2026-11-21.*--overwrite/);

    const moved = await watch(dir, ["watchlist.json", "--scale", "tiny", "--sandbox-advance", "400"]);
    assert.equal(moved.code, 3, moved.err);
    assert.match(moved.err, /trials: [\d,]+ changes? since 2026-11-21/);
    const md = await Deno.readTextFile(`${dir}/snapshots/_report/report.md`);
    assert.match(md, /^# Watch report 2027-12-26/);
    assert.match(md, /\*\*Changes found\.\*\*/);
    assert.match(md, /## trials \(trials\.search\)\n\nsince 2026-11-21: [1-9][\d,]* rows? added/);
    assert.match(md, /## alerts \(alerts\)\n\nsince 2026-11-21: [1-9]\d* alerts? fired: “[^”]+” \(\{/);
    // The change tables in a reader's words: labels, the columns rows are matched by, codes as labels.
    assert.match(
      md,
      /### Changed values \(matched by Trial ID\)\n\n\| Trial ID \| Column \| Before \| After \| Change \|/,
    );
    assert.match(md, /\| Table \| Matched by \| Rows before \| Rows after \|/);
    assert.doesNotMatch(md, /rows_before|changed_cells|\(key |\| trial_id \|/);
    assert.doesNotMatch(
      md,
      /\| (RECRUITING|COMPLETED|ACTIVE_NOT_RECRUITING|NOT_YET_RECRUITING|PHASE\d[^|]*|true|false) \|/,
    );
    const html = await Deno.readTextFile(`${dir}/snapshots/_report/report.html`);
    assert.match(html, /Synthetic sandbox data/);
    assert.doesNotMatch(html, /declared key/, "the chart's note names no internal term");
    // The overview chart: one bar per changed item, drawn as inline SVG.
    assert.match(html, /data-png="watch_changes\.png"><svg[^]*Changes since the last snapshot[^]*<\/svg>/);
    assert.ok(!html.includes("demo-pos-key") && !md.includes("demo-pos-key"), "no API key in the report");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("watch command: params the client rejects exit 2 naming the item; a real host outside --allow-net exits 2", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/w.json`,
      JSON.stringify({
        analyses: [{ name: "t", endpoint: "trials.search", params: { status: "recruting" } }],
      }),
    );
    const badParams = await watch(dir, ["w.json", "--scale", "tiny"]);
    assert.equal(badParams.code, 2, badParams.err);
    assert.match(
      badParams.err,
      /Fix the params of these items in .*w\.json:\nt: Parameter 'status' = "recruting"/,
    );
    const real = await watch(dir, ["w.json"], {
      RI_BASE_URL: "https://ri.example.com",
      RI_API_KEY: "secret-key-123",
    });
    assert.equal(real.code, 2, real.err);
    assert.match(real.err, /To watch ri\.example\.com:\n {2}deno run --allow-net=ri\.example\.com /);
    assert.ok(!real.err.includes("secret-key-123"), "the API key is never printed");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("watch command: --store serves a store built by deno task import (path from where the user typed it); a missing one exits 2", async () => {
  const { importPublicData } = await import("../../lib/sandbox/import/mod.ts");
  const fx = new URL("../fixtures/public/", import.meta.url).pathname;
  const dir = await Deno.makeTempDir();
  try {
    await importPublicData({
      store: `${dir}/ri.db`,
      partD: `${fx}part_d_spending_by_drug.csv`,
      today: "2026-11-21",
    });
    await Deno.writeTextFile(
      `${dir}/watchlist.json`,
      JSON.stringify({
        store: "snapshots",
        analyses: [{ name: "apixaban", analysis: "medicareSpending", params: { search: "Apixaban" } }],
      }),
    );
    const missing = await watch(dir, ["--", "watchlist.json", "--store", "nowhere.db", "--bogus"]);
    assert.equal(missing.code, 2, missing.err);
    assert.match(missing.err, /--store: no store file at '.*nowhere\.db'; build one with deno task import/);
    assert.match(missing.err, /unknown flag --bogus/, "every problem at once");
    const r = await watch(dir, ["--", "watchlist.json", "--store", "ri.db"]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /imported public data/);
    assert.match(r.err, /apixaban: baseline saved/);
    const html = await Deno.readTextFile(`${dir}/snapshots/_report/report.html`);
    assert.doesNotMatch(html, /Synthetic sandbox data/, "an imported store is not synthetic data");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
