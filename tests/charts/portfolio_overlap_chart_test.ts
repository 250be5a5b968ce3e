import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { portfolioOverlapChart } from "../../lib/charts/mod.ts";
import { portfolioOverlapFromFrames } from "../../lib/analyses/portfolio_overlap.ts";
import { toFrame } from "../../lib/frames/mod.ts";
import { assertRenders, count, textsOf } from "./_assert_chart.ts";

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
  assert.ok(textsOf(svg).includes("Globex Biologics International Holdings"), "long names wrap, in full");
  assert.ok(!svg.includes("…"));
});

Deno.test("portfolioOverlapChart() rejects the wide matrix", () => {
  assert.throws(() => portfolioOverlapChart(pl.DataFrame({ sponsor: ["A"], A: [1] })), /lacks column/);
});

Deno.test("portfolioOverlapChart() spans the colour over the pairs' own range, with decimals when whole percents collide", () => {
  const close = pl.DataFrame({
    sponsor_a: ["A", "A", "A", "B", "B", "B", "C", "C", "C"],
    sponsor_b: ["A", "B", "C", "A", "B", "C", "A", "B", "C"],
    shared: [50, 4, 5, 4, 40, 6, 5, 6, 60],
    jaccard: [1, 0.041, 0.052, 0.041, 1, 0.054, 0.052, 0.054, 1],
  });
  const svg = portfolioOverlapChart(close).svg();
  assert.ok(svg.includes("5 · 5.2%") && svg.includes("6 · 5.4%"), "one decimal: 5.2% and 5.4% are both 5%");
  const fills = new Set([...svg.matchAll(/<rect[^>]*fill="(rgb[^"]+|#[0-9a-f]{6})"/g)].map((m) => m[1]));
  assert.ok(fills.size >= 4, `distinct cell colours (${[...fills].join(", ")})`);
  // The lowest pair is near white, the highest dark: the scale is not 0 → max (on 0 → max the lowest, 76% of
  // the highest, would be dark too).
  assert.ok(fills.has("rgb(247, 251, 255)"), "the lowest pair (4.1%) gets the lightest blue");
  assert.ok(fills.has("rgb(8, 48, 107)"), "the highest pair (5.4%) gets the darkest blue");
  assert.match(svg, />\d\.\d%</, "legend ticks with one decimal");
});

Deno.test("portfolioOverlapChart() draws one overlap value as one swatch, not a range with made-up ends", () => {
  const two = pl.DataFrame({
    sponsor_a: ["Acme", "Acme", "Globex", "Globex"],
    sponsor_b: ["Acme", "Globex", "Acme", "Globex"],
    shared: [244, 15, 15, 197],
    jaccard: [1, 0.0352, 0.0352, 1],
  });
  const texts = textsOf(portfolioOverlapChart(two).svg());
  assert.ok(texts.includes("3.5%"), `the one value is the legend: ${texts.join(" | ")}`);
  // The old linear legend invented ticks around the value (3.2%, 3.4%, 3.6%, 3.8%, 4.0%).
  for (const tick of ["3.2%", "3.4%", "3.6%", "3.8%", "4.0%"]) assert.ok(!texts.includes(tick), tick);
});
