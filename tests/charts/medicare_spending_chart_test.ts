import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { medicareSpendingChart } from "../../lib/charts/mod.ts";
import { medicareSpendingFromFrame } from "../../lib/analyses/medicare_spending.ts";
import { assertRenders, count, textsOf } from "./_assert_chart.ts";

const names = [
  "Dupilumab",
  "Albuterol Sulfate",
  "Fluticasone Propionate And Salmeterol Xinafoate",
  "Budesonide",
];
const { drugs } = medicareSpendingFromFrame(pl.DataFrame({
  _key: names.map((_, i) => `k${i}`),
  generic_name: names,
  brand_names: [["Dupixent"], [], ["Advair Diskus", "Wixela Inhub"], ["Pulmicort"]],
  total_spending: [3_000_000, 600_000, 1_200_000, 1_000],
  total_claims: [600, 20_000, 5_000, 0],
  total_beneficiaries: [200, 9_000, 1_800, 0],
}));

Deno.test("medicareSpendingChart() draws one bar per drug, branded vs generic, labelled in $ and %", () => {
  const svg = assertRenders(medicareSpendingChart(drugs), [
    "Medicare Part D spending by drug",
    "Total spending (USD)",
    "Branded",
    "Generic",
    "$3M · 62%",
    "Dupilumab (Dupixent)",
    "&lt;1%",
  ]);
  assert.equal(count(svg, /<rect fill="#(?:f28e2b|4e79a7)"/), 4, "one bar per drug");
  assert.equal(count(svg, /<rect fill="#f28e2b"/), 3, "three branded bars");
});

Deno.test("medicareSpendingChart() shows long names in full and keeps only the top drugs", () => {
  const svg = medicareSpendingChart(drugs, { top: 2 }).svg();
  assert.ok(svg.includes("2 smaller drugs not shown"));
  assert.ok(!svg.includes("Budesonide"));
  const long = medicareSpendingChart(drugs).svg();
  assert.ok(!long.includes("…"), "no label is cut");
  assert.ok(
    textsOf(long).includes("Fluticasone Propionate And Salmeterol Xinafoate (Advair Diskus, Wixela Inhub)"),
    "the long name wraps, in full",
  );
});

Deno.test("medicareSpendingChart() has a legend entry only for the kinds drawn", () => {
  const branded = drugs.filter(pl.col("branded"));
  const svg = medicareSpendingChart(branded).svg();
  assert.ok(svg.includes(">Branded<"));
  assert.ok(!svg.includes("Generic"), "no Generic swatch without a generic bar");
});

Deno.test("medicareSpendingChart() shows all-caps names in one display case", () => {
  const caps = drugs.withColumns(pl.lit("CAPMATINIB HYDROCHLORIDE").alias("generic_name")).head(1);
  const texts = textsOf(medicareSpendingChart(caps).svg());
  assert.ok(texts.some((t) => t.startsWith("Capmatinib Hydrochloride (")), texts.join(" | "));
});

Deno.test("medicareSpendingChart() says an empty result is not evidence of absence", () => {
  assert.match(medicareSpendingChart(drugs.head(0)).svg(), /not evidence that no drug is reimbursed/);
});
