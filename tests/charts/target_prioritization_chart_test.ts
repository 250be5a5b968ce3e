import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { targetPrioritizationChart } from "../../lib/charts/mod.ts";
import { assertRenders, count } from "./_assert_chart.ts";

// Twelve targets, several crowded around the same point so labels must give way.
const n = 12;
const targets = pl.DataFrame({
  rank: Array.from({ length: n }, (_, i) => i + 1),
  symbol: Array.from({ length: n }, (_, i) => `TGT${i + 1}`),
  association_score: Array.from({ length: n }, (_, i) => (i < 6 ? 0.8 + i * 0.005 : 0.1 + i * 0.05)),
  novelty_score: Array.from({ length: n }, (_, i) => (i < 6 ? 0.5 + i * 0.005 : 0.9 - i * 0.05)),
  composite: Array.from({ length: n }, (_, i) => 1 - i * 0.2),
  white_space: Array.from({ length: n }, (_, i) => i === 1 || i === 7),
  trials_in_disease: Array.from({ length: n }, (_, i) => i * 3),
});

Deno.test("targetPrioritizationChart() highlights white space and labels as percent axes", () => {
  const svg = assertRenders(targetPrioritizationChart(targets, { disease: "asthma" }), [
    "Target prioritization",
    "12 targets for asthma; 2 white-space targets",
    "White space (no approved drug)",
    "Association score with the disease (%)",
    "Novelty score (%)",
    "white-space threshold 50%",
    "#1 TGT1",
    ">80%<",
  ]);
  assert.equal(count(svg, /<circle/), n + 3, "one dot per target, and three in the size legend");
  assert.ok(svg.includes("Dot size: trials in the disease"), "a size legend");
  for (const v of [3, 13, 33]) assert.ok(svg.includes(`>${v}<`), `size legend value ${v}`);
});

Deno.test("targetPrioritizationChart() lists only the groups drawn in its legend", () => {
  const none = targets.withColumns(pl.lit(false).alias("white_space"));
  const svg = targetPrioritizationChart(none).svg();
  assert.ok(
    !svg.includes("White space (no approved drug)"),
    "no white-space swatch without a white-space dot",
  );
  assert.ok(svg.includes("Has an approved drug"));
});

Deno.test("targetPrioritizationChart() drops labels that would overlap, keeping the best ranked", () => {
  const svg = targetPrioritizationChart(targets).svg();
  const labels: string[] = svg.match(/>#\d+ TGT\d+</g) ?? [];
  assert.ok(labels.includes(">#1 TGT1<"));
  assert.ok(labels.length < n, `crowded labels give way (${labels.length} of ${n})`);
  assert.match(svg, new RegExp(`${labels.length} of ${n} labelled`));
});

Deno.test("targetPrioritizationChart() can plot the composite score", () => {
  assert.match(
    targetPrioritizationChart(targets, { y: "composite" }).svg(),
    /Composite score \(0–1\)/,
  );
});

Deno.test("targetPrioritizationChart() draws the composite on its fixed 0–1 scale", () => {
  const inRange = targets.withColumns(pl.col("rank").cast(pl.Float64).mul(-0.05).add(0.9).alias("composite"));
  const svg = targetPrioritizationChart(inRange, { y: "composite" }).svg();
  assert.ok(svg.includes(">1.0<") && svg.includes(">0.0<"), "ticks from 0 to 1");
  assert.ok(!svg.includes(">\u22120.1<"), "no negative ticks when no score is negative");
  assert.match(svg, /association ≥ 50%/);
});
