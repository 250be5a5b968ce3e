import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { lossOfExclusivityChart } from "../../lib/charts/mod.ts";
import { lossOfExclusivityFromFrames } from "../../lib/analyses/loss_of_exclusivity.ts";
import { assertRenders } from "./_assert_chart.ts";

const events = pl.DataFrame({
  drug_name: ["emicizumab", "emicizumab", "lorlatinib", "obscurinib"],
  trade_name: ["Hemlibra", "Hemlibra", "Lorbrena", "Obscura"],
  type: ["patent_expiry", "exclusivity_expiry", "patent_expiry", "patent_expiry"],
  event_date: [
    new Date("2028-01-10"),
    new Date("2029-11-02"),
    new Date("2029-12-01"),
    new Date("2030-05-01"),
  ],
  days_to_event: [400, 1060, 1090, 1240],
  patent_no: ["US1", null, "US2", "US3"],
  exclusivity_code: [null, "ODE", null, null],
  entities: [["sponsor:Roche"], ["sponsor:Roche"], ["sponsor:Pfizer"], ["sponsor:Pfizer"]],
});
const medicare = pl.DataFrame({
  key: ["m1", "m2"],
  generic_name: ["Emicizumab", "Lorlatinib"],
  brand_names: [["Hemlibra"], ["Lorbrena"]],
  branded: [true, true],
  molecule_id: ["CHEMBL1", "CHEMBL2"],
  total_spending: [5.8e9, 4.6e8],
  total_claims: [10, 20],
  total_beneficiaries: [5, 8],
});
const { drugs } = lossOfExclusivityFromFrames(events, medicare);

Deno.test("lossOfExclusivityChart() stacks spending by the quarter protection ends and labels each stack's total", () => {
  const svg = assertRenders(lossOfExclusivityChart(drugs), [
    "Loss of exclusivity",
    "Quarter protection ends",
    // Hemlibra ($5.8B) and Lorbrena ($460M) share 2029-Q4: the label is the stack's total, not one drug.
    "$6.3B (Hemlibra +1)",
    "2029-Q4",
    "Roche",
    "Pfizer",
    "1 drug with no Medicare match not shown",
  ]);
  // The horizon is the last expiry: emicizumab's bar is in 2029-Q4, not 2028-Q1.
  assert.equal(
    drugs.filter(pl.col("drug_name").eq(pl.lit("emicizumab"))).getColumn("horizon_quarter").get(0),
    "2029-Q4",
  );
  assert.ok(!svg.includes("Lorbrena $460M"), "one label per quarter");
  assert.ok(!svg.includes("Hemlibra $5.8B"), "no stack labelled with one drug's spending");
});

Deno.test("lossOfExclusivityChart() says so when nothing matched: a sentence, no axes", () => {
  const c = lossOfExclusivityChart(drugs.clear());
  assert.equal(c.empty, "No drug loses its last patent or exclusivity within the horizon.");
  assert.ok(c.svg().includes(c.empty!) && !c.svg().includes("y-axis"));
});
