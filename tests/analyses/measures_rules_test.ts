/**
 * The shared measures of analyses 5–9 (lib/analyses/_measures.ts) from their definitions: a ratio is
 * null, never NaN or Infinity, when its denominator is 0 or null; years are filled inclusively with
 * zeros; growth is against the previous year (within a group); window bounds and CURIEs as documented.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import {
  asCurie,
  conform,
  dateBound,
  emptyFrame,
  fillYears,
  framed,
  ratio,
  statusOf,
  withGrowth,
  yearOf,
} from "../../lib/analyses/_measures.ts";

const T = (t: pl.DataType) => String(t).replaceAll("Utf8", "String");
const S = (df: pl.DataFrame) => df.dtypes.map(T);
const rec = (df: pl.DataFrame) => df.toRecords() as Record<string, unknown>[];

Deno.test("ratio: num / den as a float; null when the denominator is 0 or null", () => {
  const df = pl.DataFrame({
    n: pl.Series("n", [3, 1, 5, null], pl.Int64),
    d: pl.Series("d", [4, 0, null, 2], pl.Int64),
  });
  const r = df.select(ratio(pl.col("n"), pl.col("d")).alias("r"));
  assert.deepEqual(r.getColumn("r").toArray(), [0.75, null, null, null]);
  assert.equal(T(r.dtypes[0]), T(pl.Float64));
  assert.deepEqual(
    pl.DataFrame({ n: [5], d: [1] }).select(ratio(pl.col("n"), pl.col("d"))).row(0),
    [5],
    "over 1",
  );
  // integer operands are not floored
  assert.deepEqual(pl.DataFrame({ n: [1], d: [3] }).select(ratio(pl.col("n"), pl.col("d"))).row(0), [1 / 3]);
});

Deno.test("emptyFrame, framed, conform: typed frames from a schema, list columns included", () => {
  const schema = { name: pl.Utf8, n: pl.Int64, tags: pl.List(pl.Utf8) };
  const want = [pl.Utf8, pl.Int64, pl.List(pl.Utf8)].map(T);
  const e = emptyFrame(schema);
  assert.deepEqual([e.height, e.columns, S(e)], [0, ["name", "n", "tags"], want]);
  assert.deepEqual([emptyFrame({}).height, emptyFrame({}).width], [0, 0]);
  const f = framed([{ name: "a", n: 2, tags: ["x"] }, { name: "b" }, { name: "c", n: 0, tags: [] }], schema);
  assert.deepEqual([S(f), rec(f)], [want, [{ name: "a", n: 2, tags: ["x"] }, {
    name: "b",
    n: null,
    tags: null,
  }, { name: "c", n: 0, tags: [] }]]);
  assert.deepEqual(S(framed([], schema)), want);
  // A list column no row fills (every value null: an optional list the service left out) is still typed.
  const unfilled = framed([{ name: "d" }, { name: "e", tags: null }], schema);
  assert.deepEqual([S(unfilled), unfilled.getColumn("tags").toArray()], [want, [null, null]]);
  const c = conform(pl.DataFrame({ extra: [1], n: [7.0], name: ["z"] }), schema);
  assert.deepEqual([c.columns, S(c), rec(c)], [["name", "n", "tags"], want, [{
    name: "z",
    n: 7,
    tags: null,
  }]]);
  assert.deepEqual(S(conform(pl.DataFrame([]), schema)), want);
});

Deno.test("fillYears: every year from..to (inclusive, default the data's range) with 0 counts, dtypes kept", () => {
  const df = pl.DataFrame({
    year: pl.Series("year", [2022, 2020, null], pl.Int64),
    n: pl.Series("n", [5, 2, 9], pl.Int32),
  });
  const filled = fillYears(df, null, null);
  assert.deepEqual(rec(filled), [{ year: 2020, n: 2 }, { year: 2021, n: 0 }, { year: 2022, n: 5 }]);
  assert.deepEqual(S(filled), S(df));
  const wide = fillYears(df, 2019, 2023);
  assert.deepEqual(wide.getColumn("year").toArray(), [2019, 2020, 2021, 2022, 2023]);
  assert.deepEqual(wide.getColumn("n").toArray(), [0, 2, 0, 5, 0]);
  assert.deepEqual(fillYears(df, 2021, 2021).getColumn("n").toArray(), [0], "a one-year window");
  assert.equal(fillYears(df, 2023, 2020), df, "an empty window leaves the frame as it is");
  const none = pl.DataFrame({ year: pl.Series("year", [], pl.Int64), n: pl.Series("n", [], pl.Int64) });
  assert.equal(fillYears(none, null, null), none);
  assert.deepEqual(fillYears(none, 2020, null), none, "no last year: nothing to fill up to");
  assert.equal(fillYears(none, null, 2020), none, "no first year: nothing to fill from");
});

Deno.test("withGrowth: change and growth against the previous row, per group, null without one or from 0", () => {
  const df = pl.DataFrame({ g: ["a", "a", "a", "b", "b"], v: [0, 4, 6, 10, 5] });
  const out = df.select("g", "v", ...withGrowth("v", "g"));
  assert.deepEqual(rec(out.select("change", "growth_fraction")), [
    { change: null, growth_fraction: null },
    { change: 4, growth_fraction: null },
    { change: 2, growth_fraction: 0.5 },
    { change: null, growth_fraction: null },
    { change: -5, growth_fraction: -0.5 },
  ]);
  const flat = df.select(...withGrowth("v"));
  assert.deepEqual(flat.getColumn("change").toArray(), [null, 4, 2, 4, -5], "no group: one series");
});

Deno.test("yearOf, dateBound: a year or a date; a year bound is 1 January or 31 December", () => {
  assert.deepEqual([yearOf(undefined), yearOf(2019), yearOf("2021-05-01"), yearOf("2022")], [
    null,
    2019,
    2021,
    2022,
  ]);
  assert.equal(yearOf(12000), 12000, "a year number is the year as given");
  assert.throws(() => yearOf("May 2021"), { name: "RangeError", message: /got 'May 2021'/ });
  assert.deepEqual(
    [
      dateBound(undefined, true),
      dateBound(2020, true),
      dateBound("2020", false),
      dateBound("2020-05-06", false),
    ],
    [undefined, "2020-01-01", "2020-12-31", "2020-05-06"],
  );
});

Deno.test("asCurie: a disease CURIE in either spelling, normalised; anything else is not one", () => {
  assert.equal(asCurie("EFO_0000311"), "EFO:0000311");
  assert.equal(asCurie(" mondo:0005148 "), "MONDO:0005148");
  for (const v of ["asthma", "EFO:abc", "1EFO:0001", "EFO:0001 x", ""]) {
    assert.equal(asCurie(v), undefined, v);
  }
});

Deno.test("statusOf: the HTTP status a client error carries, else undefined", () => {
  assert.equal(statusOf({ status: 404 }), 404);
  for (const e of [{ status: "404" }, null, undefined, new Error("x")]) assert.equal(statusOf(e), undefined);
});
