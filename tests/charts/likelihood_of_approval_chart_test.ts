/**
 * The likelihood-of-approval charts (issue 35): the funnel and the risk-adjusted pipeline render to SVG
 * and PNG with their rates and years, and an empty result is a sentence (no axis, no legend).
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { phaseFunnelChart, pipelineOutlookChart } from "../../lib/charts/mod.ts";
import { assertRenders, textsOf } from "./_assert_chart.ts";

const transitions = pl.DataFrame({
  dimension: ["all", "all", "all", "area"],
  group: ["all", "all", "all", "oncology"],
  from_phase: ["phase1", "phase2", "phase3", "phase1"],
  advanced: [60, 18, 7, 30],
  failed: [40, 42, 11, 30],
  rate: [0.6, 0.3, 0.388889, 0.5],
  rate_low: [0.502, 0.199, 0.203, 0.376],
  rate_high: [0.691, 0.424, 0.614, 0.624],
});

Deno.test("funnel: one row per transition, rate and interval written, a group drawn on request", () => {
  const svg = assertRenders(phaseFunnelChart(transitions), [
    "Phase 1 → 2",
    "Phase 3 → approval",
    "60% (50.2%–69.1%)",
  ]);
  assert.ok(textsOf(svg).includes("30% (19.9%–42.4%)"));
  const onc = phaseFunnelChart(transitions, { dimension: "area", group: "oncology" }).svg();
  assert.match(onc, /Phase transitions: oncology/);
  assert.doesNotMatch(onc, /Phase 2 → 3/);
});

Deno.test("pipeline: expected approvals per year, one colour per sponsor", () => {
  const byYear = pl.DataFrame({
    sponsor: ["Pfizer", "Pfizer", "Roche"],
    year: [2028, 2030, 2028],
    expected_approvals: [0.42, 1.1, 0.3],
  });
  assertRenders(pipelineOutlookChart(byYear), [
    "Risk-adjusted pipeline",
    "2028",
    "2029",
    "2030",
    "Pfizer",
    "Roche",
  ]);
});

Deno.test("empty results are a sentence", () => {
  const none = phaseFunnelChart(transitions.head(0));
  assert.match(String(none.empty), /No programme was judged yet/);
  assert.doesNotMatch(none.svg(), /aria-label="x-axis/);
  const judgedNone = phaseFunnelChart(
    transitions.withColumns(pl.lit(0).alias("advanced"), pl.lit(0).alias("failed")),
  );
  assert.ok(judgedNone.empty);
  const pipe = pipelineOutlookChart(pl.DataFrame({ sponsor: [], year: [], expected_approvals: [] }), {
    empty: "Acme has no active programme in melanoma.",
  });
  assert.equal(pipe.empty, "Acme has no active programme in melanoma.");
});
