import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { researcherOutputChart } from "../../lib/charts/mod.ts";
import { researcherOutputFromFrame } from "../../lib/analyses/researcher_output.ts";
import { assertRenders, count } from "./_assert_chart.ts";

const works = pl.DataFrame({
  work_id: ["W1", "W2", "W3", "W4"],
  type: ["article", "review", "article", "article"],
  cited_by_count: [30, 12, 4, 0],
  is_open_access: [true, false, true, false],
  publication_date: ["2021-02-01", "2021-06-01", "2023-01-10", "2024-05-05"].map((d) => new Date(d)),
});
const out = researcherOutputFromFrame(works, { author_key: "A1", name: "Ada Lovelace", orcid: null });

Deno.test("researcherOutputChart() shows works per year (open access stacked) and citations", () => {
  const svg = assertRenders(researcherOutputChart(out.byYear, { author: "Ada Lovelace" }), [
    "Research output per year: Ada Lovelace",
    "4 works, 46 citations, 50% open access (2021–2024)",
    "Open access",
    "Not open access",
    "Works",
    "Citations",
    "Publication year",
    ">2022<",
  ]);
  assert.ok(count(svg, /<rect/) >= 8, "stacked bars and citation bars");
});

Deno.test("researcherOutputChart() labels every year of a long career, turned sideways when they do not fit", () => {
  const years = Array.from({ length: 40 }, (_, i) => 1985 + i).filter((y) => y !== 2000);
  const byYear = pl.DataFrame({
    year: years,
    works: years.map(() => 2),
    citations: years.map(() => 5),
    open_access: years.map(() => 1),
  });
  const svg = researcherOutputChart(byYear, { width: 480 }).svg();
  for (let y = 1985; y < 2025; y++) assert.ok(svg.includes(`>${y}<`), `${y} is labelled`);
  assert.match(svg, /rotate\(-90\)/, "sideways");
  assert.doesNotMatch(researcherOutputChart(out.byYear).svg(), /rotate\(-90\)/, "four years stand upright");
});

Deno.test("researcherOutputChart() rejects a frame without the documented columns", () => {
  assert.throws(() => researcherOutputChart(out.works), /researcherOutputChart: the frame lacks column/);
});

Deno.test("researcherOutputChart() marks the current, partial year", () => {
  const svg = researcherOutputChart(out.byYear, { asOf: new Date("2024-09-15") }).svg();
  assert.ok(svg.includes(">2024*<"), "the partial year's tick is starred");
  assert.ok(svg.includes("2024: partial year (as of 15 Sep 2024)"));
  assert.ok(count(svg, /fill-opacity="0.45"/) >= 1, "its bars are lighter");
  const past = researcherOutputChart(out.byYear, { asOf: new Date("2030-01-01") }).svg();
  assert.ok(!past.includes("partial year") && !past.includes("*<"), "a finished year is not marked");
});
