/**
 * The report's provenance says what each call fetched, and keeps ⚠ for real gaps: a deliberate one-row
 * count call or a first page asked for is not "incomplete".
 */
import assert from "node:assert/strict";
import { coverage, renderReport } from "../../lib/report/html.ts";

const call = (over: Record<string, unknown>) => ({
  endpoint: "regulatory.search",
  params: {},
  total: 948,
  rows: 948,
  pages: 10,
  fromCache: false,
  complete: true,
  warnings: [],
  ...over,
});

Deno.test("coverage() names counts and asked-for pages plainly and flags only pulls that came back short", () => {
  assert.equal(coverage(call({})), "all 948");
  const count = call({ params: { source: "FDA_ORANGE", limit: 1 }, rows: 1, pages: 1, complete: false });
  assert.equal(coverage(count), "count: the total is the figure (948)");
  const page = call({ params: { limit: 20 }, rows: 20, pages: 1, complete: false });
  assert.equal(coverage(page), "first 20 of 948, as asked (limit 20)");
  const capped = call({
    rows: 500,
    complete: false,
    warnings: [{ code: "capped", message: "Capped at 500 rows" }],
  });
  assert.match(coverage(capped), /^⚠ 500 of 948: more rows exist/);
});

Deno.test("renderReport(): a count call is not shown as incomplete; a capped pull is", () => {
  const html = (provenance: ReturnType<typeof call>[]) =>
    renderReport({
      title: "T",
      synthetic: false,
      source: "x",
      generatedAt: new Date(0),
      sections: [{ title: "Regulatory landscape", provenance }],
    });
  const counted = html([call({ params: { limit: 1 }, rows: 1, pages: 1, complete: false })]);
  assert.doesNotMatch(counted, /⚠/);
  assert.match(counted, /count: the total is the figure/);
  const capped = html([call({ rows: 500, complete: false, warnings: [{ code: "capped", message: "c" }] })]);
  assert.match(capped, /Provenance: 1 call \(⚠ 1 incomplete\)/);
});
