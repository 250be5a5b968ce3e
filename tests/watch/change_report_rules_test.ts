/**
 * The change report of a watch run, rule by rule, over a real run against the sandbox whose changes are
 * known by construction (each baseline is today's rows minus a known number of them): each item's
 * headline and status (failed / baseline / changed / unchanged), the overview counts, the run's summary
 * ("N of M watched items changed", "Nothing changed.") and the Markdown header and tables.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { frameFromResult } from "../../lib/frames/mod.ts";
import { columnLabel } from "../../lib/frames/semantics.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { runWatch, snapshot, type Watchlist } from "../../lib/watch/mod.ts";
import { changeReport, changeReportMarkdown } from "../../lib/watch/change_report.ts";

const DAY1 = "2026-11-20";
const DAY2 = "2026-11-21";
const PARAMS = { search: "cancer" };

Deno.test("change report: each item's headline and status, the overview, the summary and the Markdown", async () => {
  await using sb = await startSandbox({ seed: 42, scale: "tiny", quiet: true });
  const store = await Deno.makeTempDir();
  try {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const today = frameFromResult(await client.trials.search.all(PARAMS), "trials.search");
    const dropped: Record<string, number> = { same: 0, one: 1, three: 3 };
    for (const [name, n] of Object.entries(dropped)) {
      await snapshot(store, name, { rows: today.slice(n, today.height - n) }, { date: DAY1 });
    }
    const item = (name: string, params: Record<string, unknown> = PARAMS) => ({
      name,
      endpoint: "trials.search",
      params,
    });
    const list = {
      store: "watch",
      alerts: false,
      // "fresh" has no earlier snapshot (baseline); "typo" fails on its own input.
      analyses: [
        ...Object.keys(dropped).map((n) => item(n)),
        item("fresh"),
        item("typo", { status: "recruting" }),
      ],
    } as Watchlist;
    const out = await runWatch(list, { client, store, date: DAY2 });
    const source = { source: sb.url, synthetic: true };
    const report = changeReport(out, source);
    const md = changeReportMarkdown(out, source);

    // Headlines: what changed since the day compared against, in rows.
    const headline = (name: string) =>
      report.sections.find((s) => s.title === `${name} (trials.search)`)!.summary;
    assert.equal(headline("one"), `since ${DAY1}: 1 row added, 0 removed, 0 changed (0 cells)`);
    assert.equal(headline("three"), `since ${DAY1}: 3 rows added, 0 removed, 0 changed (0 cells)`);
    assert.equal(headline("same"), `no change since ${DAY1}`);
    assert.equal(headline("fresh"), "first run: this snapshot is the baseline");
    const typo = out.items.find((i) => i.name === "typo")!;
    assert.equal(headline("typo"), `failed: ${typo.error}`);
    assert.equal(report.sections.find((s) => s.title === "typo (trials.search)")!.error, typo.error);

    assert.equal(report.sections.find((s) => s.title === "one (trials.search)")!.error, undefined);
    // The summary table names the columns rows are matched by, by their labels.
    const matchedBy = report.sections.find((s) => s.title === "three (trials.search)")!.tables![0].frame;
    const key = out.items.find((i) => i.name === "three")!.diff!.frames.rows.key;
    assert.deepEqual(matchedBy.getColumn("matched_by").toArray(), [
      key.map((k) => columnLabel(k)).join(", "),
    ]);
    // The overview: one row per item, in the run's order (biggest change first).
    const what = report.sections[0];
    const overview = what.tables![0].frame.toRecords();
    assert.deepEqual(
      overview.map((r) => [r.item, r.since, r.changes, r.status]),
      out.items.map((i) => [
        i.name,
        i.since ?? "baseline",
        dropped[i.name] ?? 0,
        { same: "unchanged", one: "changed", three: "changed", fresh: "baseline", typo: "failed" }[i.name],
      ]),
    );
    assert.equal(what.summary, "2 of 5 watched items changed.");
    assert.equal(report.subtitle, "Changes found.");
    const chart = what.charts![0];
    assert.deepEqual(
      chart.data![0].frame.toRecords().map((r) => [r.item, r.added, r.removed, r.changed]),
      out.items.map((i) => [i.name, dropped[i.name] ?? 0, 0, 0]),
    );

    // Markdown: the header says changes were found and the data is synthetic; each added row listed.
    assert.match(
      md,
      /^# Watch report 2026-11-21\n\n\*\*Changes found\.\*\* Data: .* \(synthetic sandbox data\)\.$/m,
    );
    const three = md.slice(md.indexOf("## three (trials.search)"), md.indexOf("## one (trials.search)"));
    assert.match(three, /### Rows added\n\n\| [^\n]+ \|\n\|---(\|---)*\|\n(\| [^\n]* \|\n){3}\n/);
    assert.doesNotMatch(three, /Rows removed|changed values/, "no table for what did not happen");
    for (const id of today.head(3).getColumn("trial_id").toArray()) {
      assert.ok(three.includes(`| ${id} |`), three);
    }
    // An unchanged item shows no change tables.
    assert.doesNotMatch(md, /## same \(trials\.search\)\n\nno change since [\d-]+\n\n###/);

    // A run where nothing changed.
    const calm = await runWatch({ ...list, analyses: [item("same")] }, { client, store, date: "2026-11-22" });
    const quiet = changeReport(calm, { source: sb.url, synthetic: false });
    assert.equal(quiet.sections[0].summary, "Nothing changed.");
    assert.equal(quiet.subtitle, "No changes.");
    assert.equal(quiet.sections[0].charts, undefined, "no chart when nothing changed");
    const quietMd = changeReportMarkdown(calm, { source: sb.url, synthetic: false });
    assert.match(quietMd, /^No changes\. Data: \S+\.$/m);
    assert.doesNotMatch(quietMd, /synthetic/);
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});
