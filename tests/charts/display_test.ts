import assert from "node:assert/strict";
import pl from "nodejs-polars";
import {
  type DisplayProvenance,
  dtypeName,
  frameToHtmlTable,
  jupyterDisplay,
  showFrame,
} from "../../lib/charts/mod.ts";
import type { Provenance as ClientProvenance } from "../../lib/client/result.ts";

function sample(): pl.DataFrame {
  return pl.DataFrame({
    id: [1, 2, null],
    score: [1.5, null, 2.25],
    name: ["<b>Acme</b> & co", null, "Globex"],
    d: [new Date("2024-01-02"), null, new Date("2024-03-04")],
    ok: [true, false, null],
    tags: [["x", "y"], [], null],
  }, {
    schema: {
      id: pl.Int64,
      score: pl.Float64,
      name: pl.Utf8,
      d: pl.Date,
      ok: pl.Bool,
      tags: pl.List(pl.Utf8),
    },
  });
}

Deno.test("dtypeName() gives Polars short names", () => {
  assert.deepEqual(sample().dtypes.map(dtypeName), ["i64", "f64", "str", "date", "bool", "list[str]"]);
  assert.equal(dtypeName(pl.Datetime("ms", "UTC")), "datetime[ms, UTC]");
  assert.equal(dtypeName(pl.Categorical), "cat");
});

Deno.test("frameToHtmlTable() shows shape, dtypes, escaped values and distinct nulls", () => {
  const html = frameToHtmlTable(sample());
  assert.match(html, /3 rows × 6 columns/);
  for (const t of ["i64", "f64", "str", "date", "bool", "list[str]"]) {
    assert.ok(html.includes(`>${t}</span>`), t);
  }
  assert.ok(html.includes("&lt;b&gt;Acme&lt;/b&gt; &amp; co"), "values are HTML-escaped");
  assert.ok(!html.includes("<b>Acme"));
  assert.equal(html.match(/font-style:italic">null</g)?.length, 6, "every null cell is marked");
  assert.ok(html.includes(">2024-01-02<"), "dates print as YYYY-MM-DD");
  assert.ok(html.includes(">[x, y]<") && html.includes(">[]<"), "lists print compactly");
});

Deno.test("showFrame() respects rows above 50 and says how many are shown", () => {
  const df = pl.DataFrame({ n: Array.from({ length: 120 }, (_, i) => i) });
  const bundle = showFrame(df, { rows: 75 })[jupyterDisplay]();
  assert.equal(bundle["text/html"].match(/<tr>/g)?.length, 76);
  assert.match(bundle["text/html"], /120 rows × 1 column \(showing first 75\)/);
  assert.match(bundle["text/plain"], /^120 rows × 1 column/);
  assert.equal(showFrame(df).html.match(/<tr>/g)?.length, 51, "default is 50 rows");
});

Deno.test("showFrame() renders provenance and highlighted warnings above the table", () => {
  const provenance: DisplayProvenance = {
    endpoint: "trials.search",
    params: { q: "lung cancer" },
    total: 1234,
    rows: 3,
    fetchedAt: new Date("2026-01-02T03:04:05Z"),
    fromCache: true,
    cacheAgeMs: 90_000,
    warnings: ["Phrase search <exact>", { code: "capped", message: "Results capped at 1000" }],
  };
  const { html, text } = showFrame(sample(), { title: "Trials", provenance });
  assert.ok(html.indexOf("ri-provenance") < html.indexOf("<table"));
  assert.match(
    html,
    /trials\.search · \{&quot;q&quot;:&quot;lung cancer&quot;\} · total 1,234 · fetched 3 rows/,
  );
  assert.match(html, /from cache \(age 90 s\)/);
  assert.equal(html.match(/class="ri-warning"/g)?.length, 2);
  assert.ok(
    html.includes("⚠ Phrase search &lt;exact&gt;") && html.includes("Results capped at 1000"),
  );
  // The warning is a sentence: its code stays in the structured warning, not in the text.
  assert.ok(!html.includes("[capped]"), "no [code] suffix");
  assert.match(text, /^Trials\ntrials\.search/);
});

Deno.test("showFrame() accepts the client's result meta as provenance", () => {
  const meta: ClientProvenance = {
    endpoint: "patents.search",
    method: "GET",
    path: "/patents",
    params: {},
    total: null,
    rows: 0,
    pages: 1,
    fetchedAt: new Date(0),
    fromCache: false,
    cacheAgeMs: 0,
    complete: false,
    warnings: [],
  };
  const html = showFrame(pl.DataFrame({ a: [] as number[] }), { provenance: meta }).html;
  assert.match(html, /patents\.search · fetched 0 rows in 1 pages · at 1970-01-01T00:00:00Z · live/);
  assert.match(html, /Incomplete/);
  assert.match(html, /0 rows × 1 column/);
});

Deno.test("showFrame() shows readers' form by default (as the report): labels, words for codes, lists as text, no dtype row; raw on request", () => {
  const df = pl.DataFrame({
    status: ["NOT_YET_RECRUITING"],
    phase: ["PHASE1/PHASE2"],
    entities: [["sponsor:AstraZeneca", "sponsor:Pfizer"]],
    market_share: [0.1234],
  });
  const { html } = showFrame(df);
  assert.ok(!html.includes("ri-dtype"), "no dtype row");
  for (const code of ["NOT_YET_RECRUITING", "PHASE1/PHASE2", "sponsor:", "[", "market_share<"]) {
    assert.ok(!html.replace(/title="[^"]*"/g, "").includes(code), code);
  }
  for (const words of [">Not yet recruiting<", ">Phase 1/2<", ">AstraZeneca, Pfizer<", ">12.3%<"]) {
    assert.ok(html.includes(words), words);
  }
  assert.match(html, /overflow-x:auto/, "a wide table scrolls in its own box, not the page");
  const stored = showFrame(df, { raw: true }).html;
  for (
    const t of ["NOT_YET_RECRUITING", "PHASE1/PHASE2", "[sponsor:AstraZeneca, sponsor:Pfizer]", ">list[str]<"]
  ) {
    assert.ok(stored.includes(t), t);
  }
});
