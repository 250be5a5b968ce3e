/**
 * Reading fields out of a parsed body (lib/client/_path.ts), from the definitions: `getPath` is the value
 * at a dotted path (array positions are steps too: a schema issue's `data.1.id`), `undefined` as soon as a
 * step is missing or is not an object; `valuesAt` collects the non-blank strings along a path where `name[]`
 * steps into every element of an array, and anything else — a missing field, a non-array where `[]` is
 * asked, an array where a field is asked, a number, a blank — contributes nothing.
 */
import assert from "node:assert/strict";
import { getPath, valuesAt } from "../../lib/client/_path.ts";

const body = {
  success: true,
  zero: 0,
  empty: "",
  data: [{ id: "a", tags: ["x", "y"] }, { id: 7, tags: ["z"] }],
  meta: { counts: { total: 3, none: null } },
};

Deno.test("getPath: the value at a dotted path, array positions included; falsy values are values", () => {
  assert.equal(getPath(body, "success"), true);
  assert.equal(getPath(body, "meta.counts.total"), 3);
  assert.equal(getPath(body, "data.1.id"), 7);
  assert.deepEqual(getPath(body, "data.0.tags"), ["x", "y"]);
  assert.equal(getPath(body, "zero"), 0);
  assert.equal(getPath(body, "empty"), "");
  assert.equal(getPath(body, "meta.counts.none"), null);
  assert.equal(getPath(body, "data"), body.data);
});

Deno.test("getPath: undefined once a step is missing or steps into a non-object (null, number, string, boolean)", () => {
  for (
    const path of [
      "nope",
      "meta.nope.total",
      "meta.counts.none.x",
      "zero.x",
      "empty.length",
      "success.x",
      "data.5.id",
    ]
  ) {
    assert.equal(getPath(body, path), undefined, path);
  }
  for (const root of [null, undefined, 3, "s", true]) {
    assert.equal(getPath(root, "a"), undefined, String(root));
  }
});

Deno.test("valuesAt: `[]` steps into every element; strings only, blanks left out, in order", () => {
  assert.deepEqual(valuesAt(body, "data[].tags[]"), ["x", "y", "z"]);
  assert.deepEqual(valuesAt(body, "data[].id"), ["a"], "7 is no string");
  assert.deepEqual(valuesAt({ a: { b: "one" } }, "a.b"), ["one"]);
  assert.deepEqual(valuesAt({ list: ["p", "", "  ", "\t", "q ", 4, null] }, "list[]"), ["p", "q "]);
  assert.deepEqual(valuesAt("top", "x"), []);
});

Deno.test("valuesAt: a missing field, a non-array at `[]` or an array where a field is asked gives nothing", () => {
  assert.deepEqual(valuesAt(body, "nope[]"), []);
  assert.deepEqual(valuesAt(body, "meta[]"), [], "an object is no array");
  assert.deepEqual(valuesAt({ s: "abc" }, "s[]"), [], "a string is no array");
  assert.deepEqual(valuesAt(body, "data.id"), [], "the array's elements are not read without []");
  assert.deepEqual(valuesAt({ a: [["x"]] }, "a[].0"), [], "an element that is an array has no fields");
  assert.deepEqual(valuesAt({ a: [null, 3, { b: "k" }] }, "a[].b"), ["k"]);
  assert.deepEqual(valuesAt(null, "a[]"), []);
});
