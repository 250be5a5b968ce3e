/**
 * The transfer form collect() picks per column (lib/frames/_collect.ts), as its module documents it:
 * repeated strings and lists are dictionary-coded (the ingest speed-up, bench/ingest), a string column
 * gives up coding once it has more than DICT_MAX_STRINGS distinct values making up more than half of the
 * rows seen so far, a list column once its distinct lists are more than half of all rows; an all-null
 * column is "null", and `dictionary: false` is always plain. (That every form gives the same frame is
 * tests/frames/ingest_paths_test.ts's and collect_rules_test.ts's.)
 */
import assert from "node:assert/strict";
import { collect } from "../../lib/frames/_collect.ts";
import { resolveResource } from "../../lib/frames/mod.ts";

const columns = resolveResource("trial").columns;
const title = columns.find((c) => c.name === "title")!;
const conditions = columns.find((c) => c.name === "conditions")!;
const rowsOf = (field: string, values: unknown[]) => values.map((v) => ({ [field]: v }));

Deno.test("strings: repeated values are coded, codes pointing at the values (0 = null)", () => {
  const values = ["a", null, "b", "a", "c", "b"];
  const col = collect(title, rowsOf("title", values));
  assert.equal(col.form, "dict");
  if (col.form !== "dict") return;
  assert.deepEqual([...col.codes].map((k) => col.dict[k]), values);
  assert.equal(col.dict.length, 4, "null and each distinct value once");
  assert.equal(collect(title, rowsOf("title", values), false).form, "plain");
  assert.equal(collect(title, rowsOf("title", [null, undefined])).form, "null");
  assert.equal(collect(title, rowsOf("title", [null, undefined]), false).form, "null");
});

Deno.test("strings: coding stops past 2048 distinct values only while they are over half the rows seen", () => {
  const distinct = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
  // Mostly distinct from the start: plain.
  assert.equal(collect(title, rowsOf("title", distinct(3000))).form, "plain");
  // 2048 distinct values are still coded.
  assert.equal(collect(title, rowsOf("title", [...distinct(2047), ...distinct(2047)])).form, "dict");
  // 2,500 repeats first: the 2,400 distinct values after them never make up half of the rows seen.
  const col = collect(title, rowsOf("title", [...Array(2500).fill("a"), ...distinct(2400)]));
  assert.equal(col.form, "dict");
  if (col.form === "dict") assert.equal(col.dict.length, 2402);
});

Deno.test("lists: repeated lists are coded; more distinct lists than half the rows are plain", () => {
  const five = [["a"], ["a", "b"], ["b"], ["b", "a"], ["c", "d", "e"]];
  const ten = [...five, ...five];
  const col = collect(conditions, rowsOf("conditions", ten));
  assert.equal(col.form, "dict");
  if (col.form === "dict") {
    assert.equal(col.dict.length, 6, "null and each distinct list once");
    assert.deepEqual([...col.codes].map((k) => col.dict[k]), ten);
  }
  const six = [...five, ["f"], ...five.slice(0, 4)];
  assert.equal(collect(conditions, rowsOf("conditions", six)).form, "plain");
  assert.equal(collect(conditions, rowsOf("conditions", ten), false).form, "plain");
  assert.equal(collect(conditions, rowsOf("conditions", [null, "x"])).form, "null");
});
