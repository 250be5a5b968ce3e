/**
 * diff() and diffFrame() rule by rule, from their definitions (what a user reading a diff expects): which
 * key matches rows, what counts as a change (nulls, lists, floats), what each changed row reports, how
 * the changes and the summary are ordered, and how a frame only one side has is reported. Pure frames:
 * the diff of two snapshots is a function of their frames (tests/watch/advance_diff_test.ts covers it
 * over the sandbox).
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { keyOf, withKey, withKeys } from "../../lib/frames/mod.ts";
import { diff, diffFrame } from "../../lib/watch/mod.ts";

const recs = (df: pl.DataFrame) => df.toRecords() as Record<string, unknown>[];
const col = (df: pl.DataFrame, c: string) => df.getColumn(c).toArray() as unknown[];

Deno.test("diffFrame: a given key wins over the declared ones; the newer frame's declared key over the older's", () => {
  const a = withKey(pl.DataFrame({ id: ["1", "2"], name: ["a", "b"], v: [1, 2] }), ["id"]);
  const b = withKey(pl.DataFrame({ id: ["9", "2"], name: ["a", "b"], v: [1, 2] }), ["name"]);
  // newer declares `name`: row "a" kept its name, so it is a changed id, not an added + removed row
  const byNewer = diffFrame(a, b);
  assert.deepEqual(byNewer.key, ["name"]);
  assert.deepEqual([byNewer.added.height, byNewer.removed.height], [0, 0]);
  assert.deepEqual(recs(byNewer.changed.select("name", "column", "before", "after")), [
    { name: "a", column: "id", before: "1", after: "9" },
  ]);
  const given = diffFrame(a, b, { key: ["id"] });
  assert.deepEqual(given.key, ["id"]);
  assert.deepEqual([col(given.added, "id"), col(given.removed, "id")], [["9"], ["1"]]);
  // only the older frame declares a key: it is used
  const onlyOlder = diffFrame(a, pl.DataFrame({ id: ["1"], name: ["a"], v: [1] }));
  assert.deepEqual(onlyOlder.key, ["id"]);
  assert.deepEqual(col(onlyOlder.removed, "id"), ["2"]);
});

Deno.test("diffFrame: a key column missing from either frame is refused, naming the column and the frame", () => {
  const a = pl.DataFrame({ id: ["1"], v: [1] }), b = pl.DataFrame({ ref: ["1"], v: [1] });
  assert.throws(
    () => diffFrame(a, b, { key: ["id"], name: "t" }),
    /Frame 't': key column\(s\) id are missing/,
  );
  assert.throws(() => diffFrame(b, a, { key: ["id"] }), /Frame 'rows': key column\(s\) id are missing/);
  assert.throws(
    () => diffFrame(b, b, { key: ["id", "x"] }),
    /key column\(s\) id, x are missing from one snapshot/,
  );
  assert.throws(() => diffFrame(a, a), /Frame 'rows' has no declared key \(columns: id, v\)/);
});

Deno.test("diffFrame: multi-column keys match on every column, nulls included, without gluing values together", () => {
  const a = pl.DataFrame({ a: ["x", "xy", null], b: ["yz", "z", "q"], v: [1, 2, 3] });
  const b = pl.DataFrame({ a: ["xy", "x", null], b: ["z", "yz", "q"], v: [2, 1, 4] });
  const d = diffFrame(a, b, { key: ["a", "b"] });
  assert.equal(d.exactKey, true);
  assert.deepEqual([d.added.height, d.removed.height], [0, 0]);
  // the row keyed (null, "q") is the same row on both sides: its value changed
  assert.deepEqual(recs(d.changed.select("a", "b", "column", "before_value", "after_value", "delta")), [
    { a: null, b: "q", column: "v", before_value: 3, after_value: 4, delta: 1 },
  ]);
  // a null key and the text of the null marker are different keys
  const c = diffFrame(pl.DataFrame({ k: [null], v: [1] }), pl.DataFrame({ k: ["\u2400x"], v: [1] }), {
    key: ["k"],
  });
  assert.deepEqual([c.added.height, c.removed.height], [1, 1]);
});

Deno.test("diffFrame: added and removed rows carry every column of their own frame; column changes are listed", () => {
  const a = pl.DataFrame({ id: ["1", "2"], old: [true, false], v: [1, 2] });
  const b = pl.DataFrame({ id: ["2", "3"], v: [2, 3], fresh: ["n", "m"] });
  const d = diffFrame(a, b, { key: ["id"] });
  assert.deepEqual(recs(d.added), [{ id: "3", v: 3, fresh: "m" }]);
  assert.deepEqual(recs(d.removed), [{ id: "1", old: true, v: 1 }]);
  assert.deepEqual([d.columnsAdded, d.columnsRemoved], [["fresh"], ["old"]]);
  assert.equal(d.exactKey, true, "a one-column key with distinct values is exact");
  assert.equal(d.changed.height, 0, "a column one side lacks is not a changed cell");
  assert.deepEqual(d.changed.columns, [
    "id",
    "column",
    "before",
    "after",
    "before_value",
    "after_value",
    "delta",
  ]);
});

Deno.test("diffFrame: what a changed cell is: null ↔ value yes, null ↔ null no, lists by content, floats exactly", () => {
  const a = pl.DataFrame({
    id: ["1", "2", "3"],
    s: ["a", null, null],
    l: [["x", "y"], ["x"], []],
    f: [0.1, 1.5, 2.0],
    fetched_at: ["t0", "t0", "t0"],
  });
  const b = pl.DataFrame({
    id: ["1", "2", "3"],
    s: [null, null, "c"],
    l: [["x", "y"], ["x", "z"], []],
    f: [0.1, 1.5, 2.0000001],
    fetched_at: ["t1", "t1", "t1"],
  });
  const d = diffFrame(a, b, { key: ["id"] });
  const got = recs(d.changed.select("id", "column", "before", "after")).map((r) => JSON.stringify(r)).sort();
  assert.deepEqual(
    got,
    [
      { id: "1", column: "s", before: "a", after: null },
      { id: "2", column: "l", before: "x", after: "x; z" },
      { id: "3", column: "f", before: "2.0", after: "2.0" },
      { id: "3", column: "s", before: null, after: "c" },
    ].map((r) => JSON.stringify(r)).sort(),
  );
  const f = recs(d.changed.filter(pl.col("column").eq(pl.lit("f"))))[0];
  assert.equal(f.before_value, 2);
  assert.equal(f.after_value, 2.0000001);
  assert.ok(Math.abs((f.delta as number) - 1e-7) < 1e-12);
  const s = recs(d.changed.filter(pl.col("column").eq(pl.lit("s"))));
  for (const r of s) {
    assert.deepEqual([r.before_value, r.after_value, r.delta], [null, null, null], "text: no value");
  }
});

Deno.test("diffFrame: changes are sorted by the size of the change, then by key", () => {
  const a = pl.DataFrame({ id: ["a", "b", "c", "d"], v: [10, 10, 10, 10], w: [0, 0, 0, 0] });
  const b = pl.DataFrame({ id: ["a", "b", "c", "d"], v: [11, 5, 30, 9], w: [0, 0, -50, 1] });
  const d = diffFrame(a, b, { key: ["id"] });
  assert.deepEqual(recs(d.changed.select("id", "column", "delta")), [
    { id: "c", column: "w", delta: -50 },
    { id: "c", column: "v", delta: 20 },
    { id: "b", column: "v", delta: -5 },
    { id: "a", column: "v", delta: 1 },
    { id: "d", column: "v", delta: -1 },
    { id: "d", column: "w", delta: 1 },
  ]);
});

Deno.test("diffFrame: one-row frames with the empty key are compared cell by cell; several rows with it, in order", () => {
  const one = (n: number) => pl.DataFrame({ total: [n], label: ["all"] });
  const d = diffFrame(one(3), one(5), { key: [] });
  assert.equal(d.exactKey, true);
  assert.deepEqual(recs(d.changed.select("column", "before_value", "after_value")), [
    { column: "total", before_value: 3, after_value: 5 },
  ]);
  const many = diffFrame(pl.DataFrame({ v: [1, 2] }), pl.DataFrame({ v: [1, 3, 4] }), { key: [] });
  assert.equal(many.exactKey, false);
  assert.deepEqual([col(many.added, "v"), many.removed.height], [[4], 0]);
  assert.deepEqual(recs(many.changed.select("before", "after")), [{ before: "2.0", after: "3.0" }]);
});

Deno.test("diffFrame: rows sharing a key are matched in order within that key only", () => {
  const a = pl.DataFrame({ k: ["x", "y", "x"], v: [1, 7, 2] });
  const b = pl.DataFrame({ k: ["y", "x", "x", "x"], v: [7, 1, 5, 3] });
  const d = diffFrame(a, b, { key: ["k"] });
  assert.equal(d.exactKey, false);
  assert.deepEqual(recs(d.added), [{ k: "x", v: 3 }]);
  assert.deepEqual(recs(d.changed.select("k", "before", "after")), [{ k: "x", before: "2.0", after: "5.0" }]);
});

Deno.test("diff: a frame only one side has is reported whole, as a new or dropped frame", () => {
  const t = withKey(pl.DataFrame({ id: ["1", "2"], v: [1, 2] }), ["id"]);
  const d = diff({}, { t });
  assert.equal(d.changed, true);
  assert.deepEqual(recs(d.summary), [{
    frame: "t",
    key: "id",
    rows_before: 0,
    rows_after: 2,
    added: 2,
    removed: 0,
    changed_rows: 0,
    changed_cells: 0,
    status: "new frame",
  }]);
  const g = diff({ t }, {});
  assert.deepEqual(recs(g.summary.select("rows_before", "rows_after", "removed", "status")), [
    { rows_before: 2, rows_after: 0, removed: 2, status: "frame dropped" },
  ]);
  assert.deepEqual(col(g.frames.t.removed, "id"), ["1", "2"]);
  const empty = diff({}, {});
  assert.deepEqual([empty.changed, empty.summary.height, empty.totals.rows], [false, 0, 0]);
  assert.deepEqual(empty.summary.columns, [
    "frame",
    "key",
    "rows_before",
    "rows_after",
    "added",
    "removed",
    "changed_rows",
    "changed_cells",
    "status",
  ]);
});

Deno.test("diff: a changed row counts once however many of its cells changed; summary biggest change first", () => {
  const frames = (a: number[], b: number[], n: string[]) =>
    withKeys({
      // listed smallest change first: the summary reorders them
      same: pl.DataFrame({ id: ["z"], v: [0] }),
      one: pl.DataFrame({ total: [a[0]], other: [b[0]] }),
      big: pl.DataFrame({ id: ["1", "2", "3"], a, b }),
      small: pl.DataFrame({ k: n, x: [1, 1] }),
    }, { big: ["id"], small: ["k"], one: [], same: ["id"] });
  const before = frames([1, 2, 3], [1, 2, 3], ["p", "q"]);
  const after = frames([9, 9, 3], [9, 9, 3], ["p", "r"]);
  const d = diff(before, after);
  assert.deepEqual(
    recs(d.summary.select("frame", "changed_rows", "changed_cells", "added", "removed", "status")),
    [
      { frame: "big", changed_rows: 2, changed_cells: 4, added: 0, removed: 0, status: "changed" },
      { frame: "small", changed_rows: 0, changed_cells: 0, added: 1, removed: 1, status: "changed" },
      { frame: "one", changed_rows: 1, changed_cells: 2, added: 0, removed: 0, status: "changed" },
      { frame: "same", changed_rows: 0, changed_cells: 0, added: 0, removed: 0, status: "unchanged" },
    ],
  );
  assert.deepEqual(d.totals, { added: 1, removed: 1, changedRows: 3, changedCells: 6, rows: 5 });
  assert.equal(diff({ same: before.same }, { same: after.same }).changed, false);
});

Deno.test("diff: options.keys wins over the declared key; the newer snapshot's key over the older's", () => {
  const a = withKey(pl.DataFrame({ id: ["1"], name: ["n"], v: [1] }), ["id"]);
  const b = withKey(pl.DataFrame({ id: ["2"], name: ["n"], v: [1] }), ["name"]);
  assert.deepEqual(keyOf(b), ["name"]);
  const byNewer = diff({ t: a }, { t: b });
  assert.deepEqual([byNewer.frames.t.key, byNewer.totals.changedRows], [["name"], 1]);
  const given = diff({ t: a }, { t: b }, { keys: { t: ["id"] } });
  assert.deepEqual([given.frames.t.key, given.totals.added, given.totals.removed], [["id"], 1, 1]);
  const olderOnly = diff({ t: a }, { t: pl.DataFrame({ id: ["1"], name: ["m"], v: [1] }) });
  assert.deepEqual(olderOnly.frames.t.key, ["id"]);
});

Deno.test("diffFrame: a column that turned from number to text is compared as text, with no numeric delta", () => {
  const a = pl.DataFrame({ id: ["1", "2"], v: pl.Series("v", [1, 2], pl.Int64) });
  const b = pl.DataFrame({ id: ["1", "2"], v: ["1", "3"] });
  const d = diffFrame(a, b, { key: ["id"] });
  assert.deepEqual(recs(d.changed), [
    { id: "2", column: "v", before: "2", after: "3", before_value: null, after_value: null, delta: null },
  ]);
});

Deno.test("diffFrame: a list that became null (or appeared) is a change; two null lists are not", () => {
  const a = pl.DataFrame({ id: ["1", "2", "3"], l: [["x"], null, null] });
  const b = pl.DataFrame({ id: ["1", "2", "3"], l: [null, ["y"], null] });
  const d = diffFrame(a, b, { key: ["id"] });
  assert.deepEqual(recs(d.changed.select("id", "before", "after")), [
    { id: "1", before: "x", after: null },
    { id: "2", before: null, after: "y" },
  ]);
});

Deno.test("diffFrame: a column whose number type changed is compared by value: 1 and 1.0 are equal", () => {
  const a = pl.DataFrame({ id: ["1", "2"], v: pl.Series("v", [1, 2], pl.Int64) });
  const b = pl.DataFrame({ id: ["1", "2"], v: pl.Series("v", [1, 2.5], pl.Float64) });
  const d = diffFrame(a, b, { key: ["id"] });
  assert.deepEqual(recs(d.changed.select("id", "before_value", "after_value", "delta")), [
    { id: "2", before_value: 2, after_value: 2.5, delta: 0.5 },
  ]);
});

Deno.test("diffFrame: a frame holding only its key columns reports added and removed rows, no cells", () => {
  const d = diffFrame(pl.DataFrame({ id: ["1", "2"] }), pl.DataFrame({ id: ["2", "3"] }), { key: ["id"] });
  assert.deepEqual([col(d.added, "id"), col(d.removed, "id"), d.changed.height], [["3"], ["1"], 0]);
});
