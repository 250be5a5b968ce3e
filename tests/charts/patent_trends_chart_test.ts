import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { patentTrendsChart } from "../../lib/charts/mod.ts";
import { patentTrendsFromFrames } from "../../lib/analyses/patent_trends.ts";
import { assertRenders, count, textsOf } from "./_assert_chart.ts";

const none = pl.DataFrame({});
const trends = patentTrendsFromFrames({
  years: pl.DataFrame({ year: [2021, 2022, 2023, 2024], count: [100, 135, 120, 150] }),
  cpc: none,
  growth: none,
  companies: pl.DataFrame({
    company: ["Acme", "Acme", "Globex Biologics Holdings", "Globex Biologics Holdings"],
    year: [2023, 2024, 2023, 2024],
    count: [10, 12, 8, 4],
  }),
});

Deno.test("patentTrendsChart() shows counts per year and YoY growth formatted as percent", () => {
  const svg = assertRenders(patentTrendsChart(trends.byYear), [
    "Patent publications per year",
    "2021–2024",
    "Publication year",
    "Patents",
    "YoY growth (%)",
    "+35%",
    "\u221211%", // 120 vs 135, with a true minus sign
    "+25%",
  ]);
  assert.equal(count(svg, /<text[^>]*>\+35%<\/text>/), 1, "one label per growth bar");
  assert.ok(!/>0\.35</.test(svg), "fractions are never shown raw");
  assert.ok(svg.includes(">135<"), "bars carry their counts");
});

Deno.test("patentTrendsChart() adds a company panel with a legend when companies are given", () => {
  const svg = assertRenders(
    patentTrendsChart(trends.byYear, { companies: trends.companies, title: "A61K" }),
    [
      "A61K",
      "Patents per company",
      ">Acme<",
      "Globex Biologics Holdings",
    ],
  );
  assert.ok(count(svg, /<path/) >= 2);
});

Deno.test("patentTrendsChart() rejects a frame without the documented columns", () => {
  assert.throws(
    () => patentTrendsChart(pl.DataFrame({ year: [2024] })),
    /lacks column\(s\) patents, growth_fraction/,
  );
});

Deno.test("patentTrendsChart() renders an empty frame as a sentence, no axes", () => {
  const empty = patentTrendsChart(trends.byYear.head(0));
  assert.match(empty.svg(), /No patent was published in these years/);
  assert.doesNotMatch(empty.svg(), /y-axis/);
});

Deno.test("patentTrendsChart() says the company panel is limited to the CPC code and names absent companies", () => {
  const svg = patentTrendsChart(trends.byYear, {
    companies: trends.companies,
    cpc: "A61K",
    compared: ["Acme", "Globex Biologics Holdings", "Initech"],
  }).svg();
  assert.ok(svg.includes("Patents per company, CPC A61K only"));
  assert.match(svg, /Not in the company panel: Initech/);
  assert.match(svg, /no patents in CPC A61K/);
  const named = patentTrendsChart(trends.byYear, {
    companies: trends.companies,
    cpc: "A61K",
    compared: ["Acme", "Initech", "Hooli"],
    unresolved: pl.DataFrame({ input: ["Hooli"], reason: ["HTTP 400"] }),
  }).svg();
  assert.match(
    textsOf(named).join(" "),
    /Initech \(no patents in CPC A61K in these years\); Hooli \(not resolved by the service\)/,
  );
});

Deno.test("patentTrendsChart() marks the current, partial year and warns about its growth", () => {
  const svg = patentTrendsChart(trends.byYear, { asOf: new Date("2024-05-01") }).svg();
  assert.ok(svg.includes(">2024*<"), "starred tick");
  assert.match(
    textsOf(svg).join(" "),
    /2024: partial year .* Its growth compares part of a year with a whole one/,
  );
  assert.ok(!patentTrendsChart(trends.byYear, { asOf: new Date("2025-01-01") }).svg().includes("*<"));
});
