/**
 * The checks `deno task check` runs on the public API: the import-cycle finder (tools/cycles.ts) and the
 * doc-lint parser (tools/doc_lint.ts), on graphs and `deno doc --lint` output built to break them.
 */
import assert from "node:assert/strict";
import { cycles } from "../tools/cycles.ts";
import { parseDocLint } from "../tools/doc_lint.ts";

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));

Deno.test("cycles: a two-module cycle and a self-import are found, a diamond is not a cycle", () => {
  assert.deepEqual(cycles(graph({ a: ["b", "c"], b: ["d"], c: ["d"], d: [] })), []);
  const found = cycles(graph({ mod: ["x"], x: ["_y"], _y: ["x"], self: ["self"] }));
  assert.deepEqual(found.map((c) => [...c].sort()), [["_y", "x"], ["self"]]);
});

Deno.test("cycles: a long cycle through a type-only edge is one component", () => {
  const found = cycles(graph({ p: ["a1"], a1: ["p2"], p2: ["a2"], a2: ["p"] }));
  assert.equal(found.length, 1);
  assert.deepEqual([...found[0]].sort(), ["a1", "a2", "p", "p2"]);
});

const sample = (at: string, message: string, rule = "private-type-ref") =>
  `error[${rule}]: ${message}\n  --> /repo/${at}:3:1\n   | \n`;

Deno.test("doc lint: every problem counts, a zod type from a generated file included", () => {
  const text =
    sample("lib/client/schemas/_rows.gen.ts", "public type 'ApprovalId' references private type '$brand'") +
    sample("lib/analyses/x.ts", "public type 'f' references private type 'ZodString'") +
    sample("lib/frames/io.ts", "exported symbol is missing JSDoc documentation", "missing-jsdoc");
  const problems = parseDocLint(text, "/repo/");
  assert.deepEqual(problems.map((p) => [p.rule, p.at]), [
    ["private-type-ref", "lib/client/schemas/_rows.gen.ts:3:1"],
    ["private-type-ref", "lib/analyses/x.ts:3:1"],
    ["missing-jsdoc", "lib/frames/io.ts:3:1"],
  ]);
  assert.match(problems[0].message, /references private type '\$brand'/);
});
