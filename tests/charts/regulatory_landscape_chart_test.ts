import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { regulatoryLandscapeChart, tierLabel } from "../../lib/charts/mod.ts";
import { regulatoryLandscapeFromFrames } from "../../lib/analyses/regulatory_landscape.ts";
import { toFrame } from "../../lib/frames/mod.ts";
import { assertRenders, count } from "./_assert_chart.ts";

const drug = (generic_name: string, tier: string, year: number, sponsors: string[]) => ({
  generic_name,
  tier,
  total_approvals: 2,
  first_approval_year: year,
  has_black_box: false,
  sponsors,
});
const out = regulatoryLandscapeFromFrames(toFrame("landscapeDrug", [
  drug("alpha", "commodities", 1995, ["Generico Laboratories International Holdings"]),
  drug("beta", "biologics", 2015, ["Acme"]),
  drug("gamma", "biologics", 2015, ["Acme"]),
  drug("delta", "small_molecules_modern", 2018, ["Acme", "Globex"]),
]));

Deno.test("regulatoryLandscapeChart() stacks drugs per first approval year by readable tier", () => {
  const svg = assertRenders(regulatoryLandscapeChart(out.byYear), [
    "Regulatory landscape: drugs by first approval year and tier",
    "4 drugs, 1995–2018: Biologics 50%, Modern small molecules 25%, Commodities / generics 25%",
    "Year of first approval",
    "Drugs first approved",
    "Biologics",
    "Modern small molecules",
    "Commodities / generics",
  ]);
  assert.ok(!svg.includes("small_molecules_modern"), "tier codes are not shown raw");
  assert.equal(count(svg, /<rect fill="#(?:76b7b2|4e79a7|bab0ac)"/), 3, "one rect per year × tier");
});

Deno.test("regulatoryLandscapeChart() adds the top sponsors with totals", () => {
  const svg = assertRenders(
    regulatoryLandscapeChart(out.byYear, { bySponsor: out.bySponsor, topSponsors: 2 }),
    [
      "Top 2 sponsors by drugs",
      ">Acme<",
      ">3<",
    ],
  );
  assert.ok(!svg.includes("Globex<"), "only the top sponsors");
});

Deno.test("tierLabel() names known tiers and passes unknown ones through", () => {
  assert.equal(tierLabel("commodities"), "Commodities / generics");
  assert.equal(tierLabel("vaccines"), "vaccines");
});

Deno.test("regulatoryLandscapeChart() marks the current, partial year", () => {
  const byYear = pl.DataFrame({
    first_approval_year: [2023, 2024],
    tier: ["biologics", "biologics"],
    drugs: [4, 1],
  });
  const svg = regulatoryLandscapeChart(byYear, { asOf: new Date("2024-03-02") }).svg();
  assert.match(svg, /2024: partial year \(as of 2 Mar 2024\)/);
  assert.match(svg, /fill-opacity="0.45"/);
  assert.match(svg, />\*</, "a star above the partial year's stack");
  assert.doesNotMatch(
    regulatoryLandscapeChart(byYear, { asOf: new Date("2025-01-01") }).svg(),
    /partial year/,
  );
});
