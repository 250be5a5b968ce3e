/**
 * Keys are declared, never inferred from the day's rows: every resource frame carries its resource's
 * key, every frame of every analysis declares its own, snapshots keep them, and two days whose rows
 * would have fooled an inferred key diff to the right counts.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { keyOf, resolveResource, RESOURCES, toFrame, withKey } from "../../lib/frames/mod.ts";
import { catalystCalendarFromFrames, patentTrendsFromFrames } from "../../lib/analyses/mod.ts";
import { diff, loadSnapshot, snapshot } from "../../lib/watch/mod.ts";
import { createClient } from "../../lib/client/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { openStore } from "../../lib/sandbox/store/_open.ts";
import { authorOf, frames, RUNS } from "../analyses/_runs.ts";

Deno.test("every resource frame carries its resource's key, made of its own columns", () => {
  for (const r of RESOURCES) {
    const { key, columns } = resolveResource(r);
    assert.ok(key.length > 0, r);
    for (const k of key) assert.ok(columns.some((c) => c.name === k), `${r}: key column ${k}`);
    assert.deepEqual(keyOf(toFrame(r, [])), [...key], r);
  }
});

Deno.test("every frame of every analysis declares its key from its own columns", async () => {
  const store = await openStore(42, "tiny");
  try {
    await using sb = await startSandbox({ quiet: true, store });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    for (const [name, run] of Object.entries(RUNS)) {
      for (const [frame, df] of frames(await run(ri, authorOf(store)))) {
        const key = keyOf(df);
        assert.ok(key !== undefined, `${name}.${frame} declares no key`);
        for (const c of key) assert.ok(df.columns.includes(c), `${name}.${frame}: key column ${c}`);
        if (!key.length) assert.ok(df.height <= 1, `${name}.${frame}: the empty key is for one-row frames`);
      }
    }
  } finally {
    store.close();
  }
});

/** A catalyst event row (the service's shape). */
const event = (drug: string, type: string, date: string) => ({
  trade_name: drug.toUpperCase(),
  type,
  event_date: date,
  days_to_event: 100,
  drug_name: drug,
  patent_no: type === "patent_expiry" ? "US1" : null,
  exclusivity_code: type === "patent_expiry" ? null : "NCE",
  exclusivity_description: null,
  approval_id: "regulatory_approval/1",
  sponsors: [],
  sponsors_chain: [],
});
const calendar = (rows: ReturnType<typeof event>[]) =>
  catalystCalendarFromFrames(
    toFrame("catalystEvent", rows).withColumns(pl.lit("sponsor:A").alias("entity")),
  );
const topCpc = (cpc: string, patents: number) =>
  patentTrendsFromFrames({
    years: pl.DataFrame([]),
    cpc: pl.DataFrame({ cpc: [cpc], count: [patents] }),
    growth: pl.DataFrame([]),
    companies: pl.DataFrame([]),
  }, { topN: 1 });

Deno.test("two days whose rows fool an inferred key diff as one row removed and one added", async () => {
  // Day 1: each month has one event type, so `month` alone happens to be unique. Day 2: January's
  // patent expiry is gone and an exclusivity expiry arrived in January: a different (month, type) row.
  const day1 = calendar([
    event("a", "patent_expiry", "2027-01-10"),
    event("b", "exclusivity_expiry", "2027-02-10"),
  ]);
  const day2 = calendar([
    event("c", "exclusivity_expiry", "2027-01-20"),
    event("b", "exclusivity_expiry", "2027-02-10"),
  ]);
  // The top CPC class changed: a one-row frame, whose key is its dimension `cpc`.
  const top1 = topCpc("A61K", 10), top2 = topCpc("C07D", 12);
  const store = await Deno.makeTempDir();
  try {
    await snapshot(store, "cal", { byMonth: day1.byMonth, topCpc: top1.topCpc }, { date: "2026-11-21" });
    await snapshot(store, "cal", { byMonth: day2.byMonth, topCpc: top2.topCpc }, { date: "2026-11-22" });
    const d = diff(
      await loadSnapshot(store, "cal", "2026-11-21"),
      await loadSnapshot(store, "cal", "2026-11-22"),
    );
    const byMonth = d.frames.byMonth, top = d.frames.topCpc;
    assert.deepEqual(byMonth.key, ["month", "type"]);
    assert.deepEqual(byMonth.removed.select("month", "type").toRecords(), [
      { month: "2027-01", type: "patent_expiry" },
    ]);
    assert.deepEqual(byMonth.added.select("month", "type").toRecords(), [
      { month: "2027-01", type: "exclusivity_expiry" },
    ]);
    assert.equal(byMonth.changed.height, 0, "no month 'changed type'");
    assert.deepEqual(top.key, ["cpc"]);
    assert.deepEqual([top.added.height, top.removed.height, top.changed.height], [1, 1, 0]);
    // The report's headline counts (inferred keys gave added 0, removed 0, changed rows 2).
    assert.deepEqual(d.totals, { added: 2, removed: 2, changedRows: 0, changedCells: 0, rows: 4 });
    // The events themselves carry the catalyst resource's key.
    assert.deepEqual(diff({ e: day1.events }, { e: day2.events }).frames.e.key, [
      "drug_name",
      "type",
      "event_date",
    ]);
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});

Deno.test("diff() refuses a frame with no declared key, naming it and the fix", () => {
  const a = pl.DataFrame({ id: ["1"], v: [1] });
  assert.throws(() => diff({ t: a }, { t: a }), /Frame 't' has no declared key.*withKey\(df/);
  assert.equal(diff({ t: a }, { t: a }, { keys: { t: ["id"] } }).changed, false);
});

Deno.test("diff() matches rows that share every key column in order, and skips volatile columns", () => {
  const a = pl.DataFrame({ drug: ["x", "x", "y"], n: [1, 1, 2], days_to_event: [10, 10, 20] });
  const b = pl.DataFrame({ drug: ["x", "y", "y"], n: [1, 2, 2], days_to_event: [3, 13, 13] });
  const d = diff({ t: withKey(a, ["drug"]) }, { t: withKey(b, ["drug"]) }).frames.t;
  assert.equal(d.exactKey, false);
  assert.deepEqual([d.added.height, d.removed.height, d.changed.height], [1, 1, 0]);
  assert.deepEqual(d.added.toRecords(), [{ drug: "y", n: 2, days_to_event: 13 }]);
});

Deno.test("diff() totals are the summary's counts over every frame", () => {
  const keyed = (df: pl.DataFrame) => withKey(df, ["id"]);
  const before = {
    a: keyed(pl.DataFrame({ id: ["1", "2", "3"], v: [1, 2, 3] })),
    b: keyed(pl.DataFrame({ id: ["x"], v: [9] })),
  };
  const after = {
    a: keyed(pl.DataFrame({ id: ["1", "2", "4"], v: [1, 5, 4] })),
    b: keyed(pl.DataFrame({ id: ["x", "y"], v: [8, 1] })),
  };
  const d = diff(before, after);
  const sum = (c: string) => (d.summary.getColumn(c).toArray() as number[]).reduce((n, x) => n + x, 0);
  assert.deepEqual(d.totals, {
    added: sum("added"),
    removed: sum("removed"),
    changedRows: sum("changed_rows"),
    changedCells: sum("changed_cells"),
    rows: sum("added") + sum("removed") + sum("changed_rows"),
  });
  assert.deepEqual([d.totals.added, d.totals.removed, d.totals.changedRows], [2, 1, 2]);
});
