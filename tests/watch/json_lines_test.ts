/**
 * Where a watchlist problem is (lib/watch/_json_lines.ts): the line of every value of a JSON text by its
 * path, checked against the text itself (the line a value's key, or the value, is written on), whatever
 * the strings hold (quotes, braces, brackets, commas, escapes); the line of a path that is not in the text
 * (its deepest parent); the line and column of a parser's syntax error.
 */
import assert from "node:assert/strict";
import { jsonLines, lineOf, syntaxErrorAt } from "../../lib/watch/_json_lines.ts";

const text = [
  "{", // 1
  '  "store": "a \\"quoted\\" {[,]} \\\\",', // 2
  '  "empty": { }, "none": [ ],', // 3: blanks inside empty ones
  '  "analyses": [', // 4
  "    {", // 5
  '      "name" : "x",', // 6: a blank before the colon
  '      "params":', // 7
  '        { "n": -1.5e3, "ok": true, "no": null,', // 8
  '          "list": [1,', // 9
  "            2] }", // 10
  "    },", // 11
  '    "plain", 3', // 12
  "  ],", // 13
  '  "alerts": false', // 14
  "}",
].join("\n");

Deno.test("jsonLines gives the line of every value by path (a member at its key's line)", () => {
  assert.doesNotThrow(() => JSON.parse(text));
  assert.deepEqual(
    Object.fromEntries(jsonLines(text)),
    {
      "": 1,
      store: 2,
      empty: 3,
      none: 3,
      analyses: 4,
      "analyses.0": 5,
      "analyses.0.name": 6,
      "analyses.0.params": 7,
      "analyses.0.params.n": 8,
      "analyses.0.params.ok": 8,
      "analyses.0.params.no": 8,
      "analyses.0.params.list": 9,
      "analyses.0.params.list.0": 9,
      "analyses.0.params.list.1": 10,
      "analyses.1": 12,
      "analyses.2": 12,
      alerts: 14,
    },
  );
  // Blank lines first: the root value is at the line it starts on.
  assert.deepEqual(Object.fromEntries(jsonLines('\n\n  ["a",\n"b"]')), { "": 3, "0": 3, "1": 4 });
});

Deno.test("lineOf: the line of the deepest part of a path that is in the text, else line 1", () => {
  const lines = jsonLines(text);
  assert.equal(lineOf(lines, ["analyses", 0, "params", "list", 1]), 10);
  assert.equal(lineOf(lines, ["analyses", 0, "params", "missing"]), 7);
  assert.equal(lineOf(lines, ["analyses", 0, "endpoint"]), 5);
  assert.equal(lineOf(lines, ["nothing", "here"]), 1);
  assert.equal(lineOf(new Map(), ["a"]), 1);
  assert.equal(lineOf(new Map([["", 4]]), []), 4);
});

Deno.test("syntaxErrorAt: the line and column the parser names, or computes them from its position", () => {
  assert.deepEqual(
    syntaxErrorAt("{\n  x}", "Expected property name in JSON at position 4 (line 2 column 3)"),
    { line: 2, column: 3 },
  );
  // Position only (other engines): counted in the text, 1-based.
  assert.deepEqual(syntaxErrorAt('{\n  "a": 1,\n}', "Unexpected token } in JSON at position 12"), {
    line: 3,
    column: 1,
  });
  assert.deepEqual(syntaxErrorAt("[1,,2]", "Unexpected token , in JSON at position 3"), {
    line: 1,
    column: 4,
  });
  assert.equal(syntaxErrorAt("", "Unexpected end of JSON input"), undefined);
});
