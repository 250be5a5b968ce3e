import assert from "node:assert/strict";
import { diseaseComparisonChart, phaseLabel } from "../../lib/charts/mod.ts";
import { diseaseComparisonFromReports, type DiseaseEntry } from "../../lib/analyses/disease_comparison.ts";
import { assertRenders, count, textsOf } from "./_assert_chart.ts";

function entry(disease: string, trials: number, index: number): DiseaseEntry {
  return {
    input: disease,
    efo_id: `EFO:${trials}`,
    reason: null,
    candidates: [],
    report: {
      disease,
      trials: {
        totalTrials: trials,
        byPhase: { PHASE1: trials / 4, PHASE2: trials / 2, PHASE3: trials / 4 },
        medianEnrollment: 100,
        activeSponsors: [],
        recentStatusChanges: { started: 0, completed: 0, terminated: 0 },
      },
      grants: { totalGrants: 3, totalFundingUsd: 2.5e6, topInstitutions: [] },
      regulatory: { totalApprovals: 4, orphanShare: 0.25, lastApprovalDate: "2024-01-02" },
      medicare: { totalSpendingUsd: 1.2e8, topBrandDrugs: [], brandedShare: 0.8 },
      competitivenessIndex: index,
    },
  };
}

const cmp = diseaseComparisonFromReports([
  entry("asthma", 200, 61),
  entry("chronic obstructive pulmonary disease", 120, 45),
  { input: "asthmaa", efo_id: null, reason: "no exact autocomplete match", candidates: [], report: null },
]);

Deno.test("diseaseComparisonChart() draws one panel per measure and the phase mix", () => {
  const svg = assertRenders(diseaseComparisonChart(cmp.summary, { byPhase: cmp.byPhase }), [
    "Disease landscapes compared",
    "2 diseases: asthma, chronic obstructive pulmonary disease",
    "Trials",
    "Competitiveness index (0–100)",
    "Orphan share of approvals (%)",
    "Medicare Part D spend (USD)",
    "$120M",
    "25%",
    "Trial phase mix",
    "Phase 2",
    "50%",
    "Not compared (unresolved): asthmaa",
  ]);
  const labels = textsOf(svg);
  assert.ok(
    labels.filter((t) => t === "chronic obstructive pulmonary disease").length >= 7,
    "the full name on every panel's axis (wrapped, not cut)",
  );
  assert.ok(!svg.includes("…"), "no name is cut");
  assert.ok(count(svg, /<rect/) >= 6 * 2 + 6, "bars in every panel and the phase stacks");
});

Deno.test("phaseLabel() turns registry phase codes into readable labels", () => {
  assert.equal(phaseLabel("PHASE1_PHASE2"), "Phase 1/2");
  assert.equal(phaseLabel("EARLY_PHASE1"), "Early phase 1");
  assert.equal(phaseLabel("NA"), "Not applicable");
  assert.equal(phaseLabel("Phase 3"), "Phase 3");
});

Deno.test("phaseLabel() reads the registry's slash-separated combined phases", () => {
  assert.equal(phaseLabel("PHASE1/PHASE2"), "Phase 1/2");
  assert.equal(phaseLabel("PHASE2/PHASE3"), "Phase 2/3");
  assert.equal(phaseLabel("N/A"), "Not applicable");
});
