/**
 * Numbers formatted by meaning, from one table: the columns the analyses produce get the kind they mean,
 * and the notebook display (HTML and text) formats by it unless asked for raw values.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { columnSemantic, formatCell } from "../../lib/frames/semantics.ts";
import { formatTable } from "../../lib/frames/print_table.ts";
import { frameToHtmlTable, showFrame } from "../../lib/charts/display.ts";

Deno.test("columnSemantic() gives the analyses' columns the kind they mean", () => {
  const kinds: Record<string, [string, string]> = {
    market_share: ["f64", "fraction"],
    jaccard: ["f64", "fraction"],
    branded_share_fraction: ["f64", "fraction"],
    exposed_share_fraction: ["f64", "fraction"],
    growth_fraction: ["f64", "fraction"],
    medicare_spending_usd: ["f64", "usd"],
    total_funding_usd: ["f64", "usd"],
    total_spending: ["f64", "usd"],
    part_d_spending: ["f64", "usd"],
    spending_year: ["i64", "year"],
    exposed_3y: ["f64", "usd"],
    part_d_total: ["f64", "usd"],
    cost_per_claim: ["f64", "usd"],
    total_claims: ["i64", "count"],
    trial_count: ["i64", "count"],
    market_size_trials: ["i64", "count"],
    days_to_event: ["i64", "count"],
    first_approval_year: ["i64", "year"],
    year: ["i64", "year"],
    last_year: ["i64", "year"],
    composite: ["f64", "score"],
    association_score: ["f64", "score"],
    event_date: ["date", "date"],
    startDate: ["date", "date"],
    sponsor: ["str", "text"],
    white_space: ["bool", "text"],
  };
  for (const [name, [dtype, kind]] of Object.entries(kinds)) {
    assert.equal(columnSemantic(name, dtype).kind, kind, name);
  }
});

Deno.test("formatCell() formats the issue's raw numbers by meaning", () => {
  assert.equal(formatCell("market_share", 0.08058124174), "8.1%");
  assert.equal(formatCell("medicare_spending_usd", 5534546358), "$5,534,546,358");
  assert.equal(formatCell("cost_per_claim", 936.3108188), "$936.31");
  assert.equal(formatCell("branded_share_fraction", 0.9870070267), "98.7%");
  assert.equal(formatCell("total_spending", -1234.5), "-$1,235");
  assert.equal(formatCell("first_approval_year", 2019), "2019");
  assert.equal(formatCell("composite", 0.5), "0.500");
  assert.equal(formatCell("total_claims", null), "");
});

Deno.test("frameToHtmlTable()/showFrame() format by meaning, right-align numbers, and show raw values on request", () => {
  const df = pl.DataFrame({ sponsor: ["Pfizer"], market_share: [0.08058124174], total_claims: [1234567] });
  const html = frameToHtmlTable(df);
  assert.match(html, /text-align:right;white-space:nowrap">8\.1%</);
  assert.match(html, />1,234,567</);
  assert.ok(!html.includes("0.08058124174"));
  const raw = frameToHtmlTable(df, { raw: true });
  assert.match(raw, />0\.08058124174</);
  assert.match(raw, />1234567</);
  const text = showFrame(df).text;
  assert.match(text, /Pfizer\s+8\.1%\s+1,234,567/);
});

Deno.test("a number with no known meaning is shown as stored, not rounded; a list of floats keeps its decimals", () => {
  assert.equal(formatCell("whatever", 0.25), "0.25");
  const df = pl.DataFrame({ name: ["a"], w: [[0.25, 0.75]] });
  assert.match(formatTable(df), /a\s+0\.25, 0\.75/);
  assert.match(frameToHtmlTable(df), />\[0\.25, 0\.75\]</);
});
