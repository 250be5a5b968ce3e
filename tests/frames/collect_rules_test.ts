/**
 * The fast ingest path (lib/frames/_collect.ts) cell by cell against independent oracles: every calendar
 * date of a grid of years (leap rules of 4, 100 and 400), months and days (impossible ones included) as
 * the JS Date computes it; numbers, timestamps, booleans, text and lists by the rules toFrame() documents
 * (ints truncated, non-numbers null, JSON columns as JSON text, list elements as text, nulls kept).
 */
import assert from "node:assert/strict";
import { buildFrame } from "../../lib/frames/_collect.ts";
import { resolveResource, toFrame } from "../../lib/frames/mod.ts";
import { cellDays } from "./_raw.ts";

const DAY = 86_400_000;
const pad = (n: number, w: number) => String(n).padStart(w, "0");

/** Epoch days of y-m-d by the JS Date (proleptic Gregorian), or null when that day does not exist. */
function oracle(y: number, m: number, d: number): number | null {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  const ok = t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  return ok ? Math.round(t.getTime() / DAY) : null;
}

const YEARS = [
  0,
  1,
  4,
  99,
  100,
  400,
  1582,
  1600,
  1700,
  1800,
  1899,
  1900,
  1969,
  1970,
  1996,
  2000,
  2023,
  2024,
  2100,
  2400,
  9999,
];
const grid = YEARS.flatMap((y) =>
  Array.from({ length: 14 }, (_, m) => m).flatMap((m) => Array.from({ length: 33 }, (_, d) => [y, m, d]))
);

Deno.test("ISO and YYYYMMDD dates: every day of a grid is the JS Date's day, impossible days are null", () => {
  const iso = grid.map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
  const trials = toFrame("trial", iso.map((s, i) => ({ trial_id: `T${i}`, start_date: s })));
  const patents = toFrame(
    "patent",
    iso.map((s, i) => ({ patent_id: `P${i}`, publication_date: s.replaceAll("-", "") })),
  );
  const want = grid.map(([y, m, d]) => oracle(y, m, d));
  assert.ok(want.filter((w) => w === null).length > 1000 && want.filter((w) => w !== null).length > 7000);
  const got = trials.getColumn("start_date").toArray().map(cellDays);
  const gotP = patents.getColumn("publication_date").toArray().map(cellDays);
  for (let i = 0; i < grid.length; i++) {
    assert.equal(got[i], want[i], iso[i]);
    assert.equal(gotP[i], want[i], `patent ${iso[i]}`);
  }
});

Deno.test("dates in other forms: an ISO timestamp is its calendar day as written; Date objects; junk is null", () => {
  const cells: [unknown, number | null][] = [
    ["2024-02-29T23:59:59-05:00", oracle(2024, 2, 29)], // the day as written, not shifted to UTC
    ["2024-03-01T00:30:00+02:00", oracle(2024, 3, 1)],
    [new Date(Date.UTC(2020, 0, 2, 13)), oracle(2020, 1, 2)],
    [new Date(Date.UTC(1960, 5, 30, 23, 59)), oracle(1960, 6, 30)],
    [new Date(Date.UTC(2020, 0, 2)), oracle(2020, 1, 2)], // midnight: that day, not the one before
    [new Date(Date.UTC(9999, 11, 31)), oracle(9999, 12, 31)],
    ["2024-02-30T00:00:00Z", null],
    ["2024-0a-01", null],
    ["20240101", oracle(2024, 1, 1)], // ISO 8601 basic form
    [20240101, null],
    [true, null],
    ["", null],
  ];
  const df = toFrame("trial", cells.map(([v], i) => ({ trial_id: `T${i}`, start_date: v })));
  assert.deepEqual(df.getColumn("start_date").toArray().map(cellDays), cells.map(([, w]) => w));
  // Patent dates: YYYYMMDD, or an ISO date whose first ten characters are the day; nothing else.
  const pcells: [unknown, number | null][] = [
    ["20240229", oracle(2024, 2, 29)],
    ["2024-02-29", oracle(2024, 2, 29)],
    ["2024-02-29T10:00:00Z", oracle(2024, 2, 29)],
    ["2024-02-29T", oracle(2024, 2, 29)],
    ["2024-02-30T10:00:00Z", null],
    ["2024/02/29T1", null],
    ["2024022", null],
    ["202402290", null],
    ["2024 229", null],
  ];
  const p = toFrame("patent", pcells.map(([v], i) => ({ patent_id: `P${i}`, publication_date: v })));
  assert.deepEqual(p.getColumn("publication_date").toArray().map(cellDays), pcells.map(([, w]) => w));
});

Deno.test("timestamps, ints, floats and booleans: as given, ints truncated, anything else null", () => {
  const stamps: [unknown, number | null][] = [
    [1700000000123, 1700000000123],
    [1700000000123.9, 1700000000123],
    [-86400000.5, -86400000],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    ["2023-11-14T22:13:20.123Z", 1700000000123],
    [new Date(1700000000123), 1700000000123],
    ["soon", null],
    [null, null],
  ];
  const p = toFrame("patent", stamps.map(([v], i) => ({ patent_id: `P${i}`, last_updated: v })));
  const ms = p.getColumn("last_updated").toArray().map((v: unknown) => (v instanceof Date ? v.getTime() : v));
  assert.deepEqual(ms, stamps.map(([, w]) => w));
  const ints: [unknown, number | null][] = [[12, 12], [12.9, 12], [-3.5, -3], ["12", null], [null, null], [
    true,
    null,
  ]];
  const t = toFrame("trial", ints.map(([v], i) => ({ trial_id: `T${i}`, enrollment: v })));
  assert.deepEqual(t.getColumn("enrollment").toArray(), ints.map(([, w]) => w));
  const floats: [unknown, number | null][] = [[1.25, 1.25], [-0.5, -0.5], [3, 3], ["1.5", null], [
    null,
    null,
  ]];
  const f = toFrame("grant", floats.map(([v], i) => ({ grant_id: `G${i}`, funding_amount: v })));
  assert.deepEqual(f.getColumn("funding_amount").toArray(), floats.map(([, w]) => w));
  const bools: [unknown, boolean | null][] = [[true, true], [false, false], ["true", null], [1, null], [
    null,
    null,
  ]];
  const w = toFrame("work", bools.map(([v], i) => ({ work_id: `W${i}`, is_open_access: v })));
  assert.deepEqual(w.getColumn("is_open_access").toArray(), bools.map(([, b]) => b));
  const none = toFrame("work", [{ work_id: "W", is_open_access: "yes" }]);
  assert.deepEqual(none.getColumn("is_open_access").toArray(), [null]);
});

/** Both forms of the fast path (dictionary-coded and plain) of a resource's rows. */
const bothWays = (resource: string, rows: Record<string, unknown>[]) =>
  [true, false].map((dictionary) => buildFrame(resolveResource(resource).columns, rows, { dictionary }));

Deno.test("text and JSON cells: strings as given, JSON columns as JSON text, other values as text, nulls kept", () => {
  const q = [{ a: 1 }, { a: 1 }, null, "plain", [1, "x"], 7];
  for (const df of bothWays("alert", q.map((query, i) => ({ alert_id: `A${i % 2}`, query })))) {
    assert.deepEqual(df.getColumn("query").toArray(), ['{"a":1}', '{"a":1}', null, "plain", '[1,"x"]', "7"]);
    assert.deepEqual(df.getColumn("alert_id").toArray(), ["A0", "A1", "A0", "A1", "A0", "A1"]);
  }
  const titles = [5, true, null, "t"];
  for (const df of bothWays("trial", titles.map((title, i) => ({ trial_id: `T${i}`, title })))) {
    assert.deepEqual(df.getColumn("title").toArray(), ["5", "true", null, "t"]);
  }
});

Deno.test("list cells: elements as text with nulls kept, a non-list is null, repeated lists stay distinct", () => {
  const cells: [unknown, unknown][] = [
    [["a", "b"], ["a", "b"]],
    [["a", "b"], ["a", "b"]],
    [["a"], ["a"]],
    [["a", "b", "c"], ["a", "b", "c"]],
    [[1, null, "x"], ["1", null, "x"]],
    [["1", "null", "x"], ["1", "null", "x"]],
    [[], []],
    ["a", null],
    [null, null],
    [["b", "a"], ["b", "a"]],
    [[1, 2], ["1", "2"]],
    [[null], [null]],
  ];
  const rows = cells.map(([v], i) => ({ patent_id: `P${i}`, cpc_codes: v }));
  // Every list repeated: the dictionary form; once: the plain form.
  for (const many of [rows, ...[1, 2, 3].map(() => rows)].slice(0, 1).concat([[...rows, ...rows, ...rows]])) {
    for (const df of bothWays("patent", many)) {
      const got = df.getColumn("cpc_codes").toArray().map((
        v,
      ) => (v === null ? null : [...(v as unknown as unknown[])]));
      assert.deepEqual(got, many.map((_, i) => cells[i % cells.length][1]));
    }
  }
});

Deno.test("a list column holding only empty lists and nulls is still list[str], in both forms", () => {
  const cells = [[], [null], [], [null], null, [], [null], []];
  const rows = cells.map((v, i) => ({ patent_id: `P${i}`, cpc_codes: v }));
  // Polars names one dtype Utf8 or String depending on how it was made.
  const S = (t: unknown) => String(t).replaceAll("Utf8", "String");
  const want = S(resolveResource("patent").columns.find((c) => c.name === "cpc_codes")!.dtype);
  for (const df of bothWays("patent", rows)) {
    assert.equal(S(df.getColumn("cpc_codes").dtype), want);
    assert.deepEqual(
      df.getColumn("cpc_codes").toArray().map((v) => (v === null ? null : [...(v as unknown as unknown[])])),
      cells,
    );
  }
});
