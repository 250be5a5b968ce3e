import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { buildFrame } from "../../lib/frames/_collect.ts";
import { resolveResource, toFrame } from "../../lib/frames/mod.ts";
import { cellDays, days, raw, withSandbox } from "./_raw.ts";

const S = (t: pl.DataType) => String(t).replaceAll("Utf8", "String");

/** Both column forms of the fast path (dictionary-coded and plain) must give one and the same frame. */
function assertSameBothWays(resource: string, rows: Record<string, unknown>[]): pl.DataFrame {
  const columns = resolveResource(resource).columns;
  const coded = buildFrame(columns, rows);
  const plain = buildFrame(columns, rows, { dictionary: false });
  assert.deepEqual(coded.dtypes.map(String), plain.dtypes.map(String), resource);
  assert.ok(coded.frameEqual(plain, true), `${resource}: dictionary-coded and plain frames differ`);
  assert.ok(toFrame(resource, rows).frameEqual(coded, true), resource);
  return coded;
}

Deno.test("toFrame(): dictionary-coded and plain columns give equal frames on sandbox rows", async () => {
  await withSandbox(async (sb) => {
    const sources: [string, string, Record<string, unknown>][] = [
      ["trial", "/api/v1/clinical-trials", { limit: 100 }],
      ["patent", "/api/v1/patents", { limit: 100 }],
      ["approval", "/api/v1/regulatory", { limit: 100 }],
      ["medicareDrug", "/api/v1/medicare-drugs", { limit: 100 }],
    ];
    for (const [resource, path, query] of sources) {
      const rows = (await raw(sb, path, query)).data as Record<string, unknown>[];
      assert.ok(rows.length > 10, `${resource}: sandbox rows`);
      assertSameBothWays(resource, rows);
      // Repeated rows: more columns are dictionary-coded (every list repeats).
      const df = assertSameBothWays(resource, [...rows, ...rows, ...rows]);
      assert.equal(df.height, rows.length * 3);
    }
  });
});

Deno.test("toFrame(): many distinct strings and lists fall back to plain columns, same frame", () => {
  const rows = Array.from({ length: 6000 }, (_, i) => ({
    trial_id: `NCT${i}`, // distinct: plain strings after the first 2048
    title: i % 5 === 0 ? null : `t${i % 3}`, // repeated: dictionary
    status: "RECRUITING",
    phase: null, // all null
    start_date: i % 4 === 0 ? "2024-02-30" : "2024-02-29",
    enrollment: i,
    sponsors: i % 7 === 0 ? null : [`s${i}`, `p${i % 2}`], // distinct lists: plain
    conditions: i % 3 === 0 ? [] : i % 3 === 1 ? ["c", null, 7] : ["c", "null", "7"], // repeated lists
  }));
  const df = assertSameBothWays("trial", rows);
  const recs = df.toRecords();
  assert.equal(recs[5999].trial_id, "NCT5999");
  assert.equal(recs[5].title, null);
  assert.equal(recs[4].title, "t1");
  assert.equal(recs[3].phase, null);
  assert.equal(recs[4].start_date, null);
  assert.equal(cellDays(recs[5].start_date), days("2024-02-29"));
  assert.equal(recs[7].sponsors, null);
  assert.deepEqual(recs[8].sponsors, ["s8", "p0"]);
  assert.deepEqual(recs[3].conditions, []);
  assert.deepEqual(recs[4].conditions, ["c", null, "7"]);
  assert.deepEqual(recs[5].conditions, ["c", "null", "7"]);
  assert.equal(S(df.getColumn("phase").dtype), S(pl.Utf8));
});

Deno.test("toFrame(): rows whose every field is null keep their height and dtypes", () => {
  const rows = [{}, { phase: null }, { sponsors: null }];
  const df = assertSameBothWays("trial", rows);
  assert.equal(df.height, 3);
  assert.equal(df.nullCount().row(0).reduce((a: number, b: number) => a + b, 0), 3 * df.width);
  assert.equal(S(df.getColumn("sponsors").dtype), S(pl.List(pl.Utf8)));
  assert.equal(S(df.getColumn("start_date").dtype), S(pl.Date));
});

Deno.test("toFrame(): civil dates of every era, impossible or malformed dates become null", () => {
  const dates = [
    "0050-03-01",
    "1600-02-29",
    "1700-02-29",
    "1969-12-31",
    "2000-02-29",
    "2100-02-29",
    "2024-12-31T23:59:59Z",
    "2024-1a-01",
    "2024/01/01",
    " 2024-01-1",
    "",
  ];
  const df = toFrame("trial", dates.map((d) => ({ trial_id: d, start_date: d })));
  const got = df.getColumn("start_date").toArray().map(cellDays);
  assert.deepEqual(got, [
    days("0050-03-01"),
    days("1600-02-29"),
    null,
    -1,
    days("2000-02-29"),
    null,
    days("2024-12-31"),
    null,
    null,
    null,
    null,
  ]);
  const patents = toFrame("patent", [{ patent_id: "P", publication_date: "00500301" }, {
    patent_id: "Q",
    publication_date: "2024010",
  }]);
  assert.deepEqual(patents.getColumn("publication_date").toArray().map(cellDays), [days("0050-03-01"), null]);
});
