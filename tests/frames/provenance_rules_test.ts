/**
 * Provenance rule by rule (lib/frames/provenance.ts): an analysis result carries every call's warnings once
 * per text (naming how many calls gave it), then its own; it is complete only when every call was; its
 * frames get the calls' provenance unless they have their own; provenanceFrame has one row per call with
 * the call's figures; the notebook view escapes every text it shows and marks what is incomplete.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { analysisResult, provenanceFrame, provenanceOf, withProvenance } from "../../lib/frames/mod.ts";
import type { Provenance } from "../../lib/client/result.ts";

const call = (over: Partial<Provenance> = {}): Provenance => ({
  endpoint: "regulatory.catalysts",
  method: "GET",
  path: "/x",
  params: { sponsor: "A" },
  total: 10,
  rows: 10,
  pages: 1,
  fetchedAt: new Date("2026-11-20T08:00:00.000Z"),
  fromCache: false,
  cacheAgeMs: 0,
  complete: true,
  warnings: [],
  ...over,
});
const html = (r: object) =>
  (r as Record<symbol, () => Record<string, string>>)[Symbol.for("Jupyter.display")]()["text/html"];

Deno.test("analysisResult: one warning per text, naming how many more calls gave it, then the analysis's own", () => {
  const capped = { code: "CAPPED", message: "capped at 10" };
  const other = { code: "CAPPED", message: "capped at 20" };
  const r = analysisResult({}, [
    call({ params: { sponsor: "A" }, warnings: [capped] }),
    call({ params: { sponsor: "B" }, warnings: [capped, other] }),
    call({ params: { sponsor: "C" }, warnings: [capped] }),
    call({ params: { sponsor: "D" }, warnings: [] }),
  ], [{ code: "MINE", message: "m" }]);
  assert.deepEqual(r.warnings, [
    { ...capped, source: 'regulatory.catalysts {"sponsor":"A"} and 2 more calls' },
    { ...other, source: 'regulatory.catalysts {"sponsor":"B"}' },
    { code: "MINE", message: "m" },
  ]);
  const two = analysisResult({}, [call({ warnings: [capped] }), call({ warnings: [capped] })]);
  assert.equal(two.warnings[0].source, 'regulatory.catalysts {"sponsor":"A"} and 1 more call');
});

Deno.test("analysisResult: complete only when every call was (or as told); definitions kept when given", () => {
  assert.equal(analysisResult({}, [call(), call()]).complete, true);
  assert.equal(analysisResult({}, [call(), call({ complete: false })]).complete, false);
  assert.equal(analysisResult({}, []).complete, true);
  assert.equal(analysisResult({}, [call()], [], false).complete, false);
  assert.equal(analysisResult({}, [call({ complete: false })], [], true).complete, true);
  assert.deepEqual(analysisResult({}, [], [], true, { share: "a fraction" }).definitions, {
    share: "a fraction",
  });
  assert.ok(!("definitions" in analysisResult({}, [])));
});

Deno.test("analysisResult: frames get the calls' provenance unless they carry their own", () => {
  const own = withProvenance(pl.DataFrame({ x: [1] }), call({ endpoint: "patents.search" }));
  const bare = pl.DataFrame({ y: [1] });
  const calls = [call(), call({ params: { sponsor: "B" } })];
  const r = analysisResult({ own, bare }, calls);
  assert.deepEqual(provenanceOf(r.own).map((p) => p.endpoint), ["patents.search"]);
  assert.deepEqual(provenanceOf(r.bare), calls);
  assert.deepEqual(r.provenance, calls);
});

Deno.test("provenanceFrame: one row per call with its figures, from records, a frame or a result", () => {
  const calls = [
    call(),
    call({
      total: null,
      rows: 3,
      pages: 2,
      fromCache: true,
      cacheAgeMs: 5000,
      complete: false,
      warnings: [{ code: "W", message: "w" }],
    }),
  ];
  const df = provenanceFrame(calls);
  assert.deepEqual(df.columns, [
    "endpoint",
    "params",
    "total",
    "rows",
    "pages",
    "fetched_at",
    "from_cache",
    "cache_age_ms",
    "complete",
    "warnings",
  ]);
  const recs = df.toRecords().map((r) => ({
    ...r,
    fetched_at: (r.fetched_at as unknown as Date).getTime(),
    warnings: [...(r.warnings as unknown as string[])],
  }));
  assert.deepEqual(
    recs,
    calls.map((p) => ({
      endpoint: p.endpoint,
      params: JSON.stringify(p.params),
      total: p.total,
      rows: p.rows,
      pages: p.pages,
      fetched_at: p.fetchedAt.getTime(),
      from_cache: p.fromCache,
      cache_age_ms: p.cacheAgeMs,
      complete: p.complete,
      warnings: p.warnings.map((w) => `${w.code}: ${w.message}`),
    })),
  );
  assert.ok(provenanceFrame(withProvenance(pl.DataFrame({ x: [1] }), calls)).frameEqual(df));
  assert.ok(provenanceFrame(analysisResult({}, calls)).frameEqual(df));
  // No calls (a derived frame, a pure analysis): no rows, the same columns and dtypes. Before: it threw
  // "not a valid conversion to 'DataType'" (an empty List column built from rows, STACK §2).
  for (
    const none of [
      provenanceFrame(pl.DataFrame({ x: [1] })),
      provenanceFrame([]),
      provenanceFrame(analysisResult({}, [])),
    ]
  ) {
    assert.equal(none.height, 0);
    assert.deepEqual(none.columns, df.columns);
    assert.deepEqual(none.dtypes.map(String), df.dtypes.map(String));
  }
});

Deno.test("the notebook view: completeness, every call, warnings and definitions, every text escaped", () => {
  const r = analysisResult(
    { "a<b": pl.DataFrame({ x: [1] }) },
    [
      call({ params: { q: '<script>"x"&' }, fromCache: true, cacheAgeMs: 2500, complete: false }),
      call({ total: null }),
    ],
    [{ code: "C<1>", message: 'm & "n"', source: "s<>" }, { code: "D", message: "plain" }],
    undefined,
    { "c<": "d>" },
  );
  const h = html(r);
  assert.match(h, /^<p><b>Incomplete<\/b> · 2 calls<\/p>/);
  for (const raw of ["<script>", "a<b", "C<1>", "s<>", "<code>c<", 'm & "n"']) {
    assert.ok(!h.includes(raw), `${raw} is escaped`);
  }
  assert.ok(
    h.includes(
      "<ul><li>⚠ m &amp; &quot;n&quot; <code>C&lt;1&gt;</code> <small>s&lt;&gt;</small></li><li>⚠ plain <code>D</code></li></ul>",
    ),
    h,
  );
  assert.ok(h.includes("<li><code>c&lt;</code>: d&gt;</li>"));
  assert.ok(h.includes("&lt;script&gt;"));
  assert.ok(h.includes("total 10, 10 rows, cache (3 s old), <b>incomplete</b></li>"), h);
  assert.ok(h.includes("<b>incomplete</b></li><li><code>regulatory.catalysts"), "one item per call");
  assert.ok(h.includes("total n/a, 10 rows, live</li>"), h);
  assert.ok(h.includes("<h4>a&lt;b</h4><p><small>shape (1, 1)</small></p><table"), "the frame's own table");
  const display = Object.getOwnPropertyDescriptor(r, Symbol.for("Jupyter.display"));
  assert.equal(display?.enumerable, false, "the view is not one of the result's fields");
  const plain = html(analysisResult({}, [call()]));
  assert.equal(
    plain,
    "<p><b>Complete</b> · 1 calls</p>\n\n\n<details><summary>Provenance</summary><ul><li><code>" +
      "regulatory.catalysts {&quot;sponsor&quot;:&quot;A&quot;}</code> total 10, 10 rows, live</li></ul></details>",
  );
  assert.match(plain, /^<p><b>Complete<\/b> · 1 calls<\/p>/);
  assert.ok(!plain.includes("<ul><li>⚠") && !plain.includes("Definitions"));
  assert.ok(!html(analysisResult({}, [])).includes("<details>"), "no calls: no provenance list");
});
