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

const LIGHTEST = "rgb(247, 251, 255)", DARKEST = "rgb(8, 48, 107)";
const fillsOf = (svg: string) =>
  [...svg.matchAll(/<rect[^>]*fill="(rgb[^"]+|#[0-9a-f]{6})"/g)].map((m) => m[1]);

Deno.test("portfolioOverlapChart() colours 0 as white and the highest pair darkest, with decimals when whole percents collide", () => {
  const close = pl.DataFrame({
    sponsor_a: ["A", "A", "B"],
    sponsor_b: ["B", "C", "C"],
    trials_a: [50, 50, 40],
    trials_b: [40, 60, 60],
    shared: [0, 5, 6],
    jaccard: [0, 0.052, 0.054],
  });
  const svg = portfolioOverlapChart(close).svg();
  assert.ok(svg.includes("5 · 5.2%") && svg.includes("6 · 5.4%"), "one decimal: 5.2% and 5.4% are both 5%");
  assert.ok(svg.includes("0 · 0.0%"));
  const fills = fillsOf(svg);
  // Each pair in both of its cells: A·B (0) twice in white, B·C (the highest) twice in the darkest blue.
  assert.equal(fills.filter((f) => f === LIGHTEST).length, 2, fills.join(" "));
  assert.equal(fills.filter((f) => f === DARKEST).length, 2, fills.join(" "));
  assert.match(svg, />0\.0%</, "the legend starts at 0");
  assert.ok(svg.includes("50 trials") && svg.includes("60 trials"), "the diagonal: own counts");
});

Deno.test("portfolioOverlapChart() with no shared trial: every pair white, no legend, a subtitle that says so", () => {
  const none = pl.DataFrame({
    sponsor_a: ["Acme", "Acme", "Globex"],
    sponsor_b: ["Globex", "Initech", "Initech"],
    trials_a: [12, 12, 7],
    trials_b: [7, 3, 3],
    shared: [0, 0, 0],
    jaccard: [0, 0, 0],
  });
  const svg = portfolioOverlapChart(none).svg();
  const texts = textsOf(svg);
  assert.ok(!texts.some((t) => /^0%$/.test(t)), `no lone 0% legend: ${texts.join(" | ")}`);
  assert.ok(!texts.includes("Jaccard overlap (%)"), "no legend");
  assert.ok(svg.includes("No two of these sponsors share a trial"));
  const fills = fillsOf(svg);
  assert.equal(fills.filter((f) => f === LIGHTEST).length, 6, `off-diagonal cells white: ${fills.join(" ")}`);
  assert.ok(!fills.some((f) => f !== LIGHTEST && f !== "#eeeeee"), "no mid-blue cell");
});

Deno.test("portfolioOverlapChart() draws one overlap value on a scale from 0, not a lone swatch", () => {
  const two = pl.DataFrame({
    sponsor_a: ["Acme"],
    sponsor_b: ["Globex"],
    trials_a: [244],
    trials_b: [197],
    shared: [15],
    jaccard: [0.0352],
  });
  const svg = portfolioOverlapChart(two).svg();
  const texts = textsOf(svg);
  assert.ok(texts.includes("0.0%"), `the legend starts at 0: ${texts.join(" | ")}`);
  assert.ok(svg.includes("15 · 3.5%"));
  assert.equal(fillsOf(svg).filter((f) => f === DARKEST).length, 2);
});

Deno.test("portfolioOverlapChart() at 15 sponsors fits the width; every cell label fits its cell", () => {
  const names = Array.from({ length: 15 }, (_, i) => `Sponsor number ${i + 1} Pharmaceuticals`);
  const rows = names.flatMap((a, i) =>
    names.slice(i + 1).map((b, j) => ({
      sponsor_a: a,
      sponsor_b: b,
      trials_a: 100 + i,
      trials_b: 101 + i + j,
      shared: (i + j) % 7,
      jaccard: ((i + j) % 7) / 150,
    }))
  );
  const m = pl.DataFrame(rows);
  const c = portfolioOverlapChart(m, { width: 980 });
  const svg = c.svg();
  assert.ok(Number(svg.match(/<svg[^>]*width="(\d+)/)?.[1]) <= 980, "fits the report's width");
  const cells = [...svg.matchAll(/<rect[^>]*width="([\d.]+)"/g)].map((x) => Number(x[1]));
  assert.ok(cells.length >= 225, `${cells.length} cells`);
  // Labels shown are short enough for their cells (counts only at this size).
  for (const t of textsOf(svg).filter((t) => /^\d+( ·|$| trials)/.test(t))) {
    assert.ok(t.length <= 12, t);
  }
});
