import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { portfolioOverlapChart } from "../../lib/charts/mod.ts";
import { portfolioOverlapFromFrames } from "../../lib/analyses/portfolio_overlap.ts";
import { toFrame } from "../../lib/frames/mod.ts";
import { assertRenders, count } from "./_assert_chart.ts";

const comparison = toFrame("portfolioSponsor", [
  { sponsor: "Acme", resolved_name: "Acme Inc", trial_count: 30, by_phase: {}, by_status: {} },
  {
    sponsor: "Globex Biologics International Holdings",
    resolved_name: "Globex",
    trial_count: 20,
    by_phase: {},
    by_status: {},
  },
  { sponsor: "Initech", resolved_name: "Initech", trial_count: 10, by_phase: {}, by_status: {} },
]);
const pairs = pl.DataFrame({
  sponsor_a: ["Acme", "Acme", "Globex Biologics International Holdings"],
  sponsor_b: ["Globex Biologics International Holdings", "Initech", "Initech"],
  shared: [10, 0, 5],
});
const { matrix } = portfolioOverlapFromFrames({ comparison, pairs, marketSize: 100, condition: "asthma" });

Deno.test("portfolioOverlapChart() labels every cell with shared trials and Jaccard %", () => {
  const svg = assertRenders(portfolioOverlapChart(matrix, { condition: "asthma" }), [
    "Portfolio overlap between sponsors",
    "Jaccard overlap (%)",
    "10 · 25%", // 10 / (30 + 20 − 10)
    "5 · 20%", // 5 / (20 + 10 − 5)
    "0 · 0%",
    "30 trials",
    "Condition: asthma",
  ]);
  assert.equal(count(svg, /<text[^>]*>\d+ (?:·|trials)/), 9, "one label per cell");
  assert.ok(svg.includes("Globex Biologics Inte…"), "long names are truncated");
  assert.ok(!svg.includes("Globex Biologics International Holdings"));
});

Deno.test("portfolioOverlapChart() rejects the wide matrix", () => {
  assert.throws(() => portfolioOverlapChart(pl.DataFrame({ sponsor: ["A"], A: [1] })), /lacks column/);
});
