/**
 * An empty result is a sentence, never an empty chart: every analysis chart given a frame with nothing to
 * draw renders its title and one sentence — no axis, no tick, no legend — in the SVG, the PNG (measured:
 * a short picture, not a plot's height) and the notebook display (text, no image). And axis ticks never
 * repeat a formatted value: tiny or flat domains under rounding formats ("$1 $1 $1 $0 $0") are measured
 * in the rendered SVG of every chart with a numeric axis.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { parseHTML } from "linkedom";
import {
  catalystCalendarChart,
  type Chart,
  diseaseComparisonChart,
  lossOfExclusivityChart,
  medicareSpendingChart,
  patentTrendsChart,
  regulatoryLandscapeChart,
  researcherOutputChart,
  sponsorScanChart,
  targetPrioritizationChart,
  watchChangesChart,
} from "../../lib/charts/mod.ts";
import { pngSize, textsOf } from "./_assert_chart.ts";
import { distinctTicks, usd } from "../../lib/charts/_kit.ts";

const date = (s: string) => new Date(`${s}T00:00:00Z`);

/** Each chart with a frame of its columns and no row to draw (an empty frame, or one whose rows draw nothing). */
const EMPTY: Record<string, () => Chart> = {
  lossOfExclusivity: () =>
    lossOfExclusivityChart(
      pl.DataFrame({
        drug_name: [] as string[],
        trade_names: [] as string[][],
        entities: [] as string[][],
        horizon_quarter: [] as string[],
        part_d_spending: [] as number[],
      }),
    ),
  catalystCalendar: () =>
    catalystCalendarChart(
      pl.DataFrame({
        trade_name: [] as string[],
        type: [] as string[],
        event_date: [] as Date[],
        days_to_event: [] as number[],
      }),
    ),
  regulatoryLandscape: () =>
    regulatoryLandscapeChart(
      pl.DataFrame({ first_approval_year: [] as number[], tier: [] as string[], drugs: [] as number[] }),
    ),
  medicareSpending: () =>
    medicareSpendingChart(
      pl.DataFrame({
        generic_name: [] as string[],
        brand_names: [] as string[][],
        branded: [] as boolean[],
        total_spending: [] as number[],
        spend_share_fraction: [] as number[],
      }),
    ),
  sponsorScan: () =>
    sponsorScanChart(
      pl.DataFrame({ phase: [] as string[], status: [] as string[], trials: [] as number[] }),
      {
        sponsor: "Acme",
      },
    ),
  targetPrioritization: () =>
    targetPrioritizationChart(
      pl.DataFrame({
        rank: [] as number[],
        symbol: [] as string[],
        association_score: [] as number[],
        novelty_score: [] as number[],
        white_space: [] as boolean[],
        trials_in_disease: [] as number[],
      }),
    ),
  patentTrends: () =>
    patentTrendsChart(pl.DataFrame({ year: [2023, 2024], patents: [0, 0], growth_fraction: [null, null] })),
  researcherOutput: () =>
    researcherOutputChart(
      pl.DataFrame({
        year: [] as number[],
        works: [] as number[],
        citations: [] as number[],
        open_access: [] as number[],
      }),
    ),
  diseaseComparison: () =>
    diseaseComparisonChart(
      pl.DataFrame({
        disease: ["astma"],
        input: ["astma"],
        resolved: [false],
        total_trials: [null],
        competitiveness_index: [null],
        total_approvals: [null],
        medicare_spending_usd: [null],
        total_funding_usd: [null],
        orphan_share_fraction: [null],
      }),
    ),
  watchChanges: () =>
    watchChangesChart(pl.DataFrame({ item: ["trials"], added: [0], removed: [0], changed: [0] })),
};

for (const [name, make] of Object.entries(EMPTY)) {
  Deno.test(`${name}: nothing to draw renders one sentence — no axis, tick or legend — in the SVG, the PNG and a notebook`, () => {
    const c = make();
    assert.ok(c.empty && /^[A-Z].*\.$/.test(c.empty), `a sentence: ${c.empty}`);
    const svg = c.svg();
    // Measured in the rendered SVG: no axis, tick or mark of a plot; the sentence is there.
    assert.doesNotMatch(svg, /aria-label="[xy]-axis|aria-label="(bar|dot|rect|line)/, "no axis, no mark");
    const texts = textsOf(svg).join(" ");
    for (const word of c.empty!.split(" ").slice(0, 4)) {
      assert.ok(texts.includes(word), `${word} in: ${texts}`);
    }
    assert.doesNotMatch(texts, /\$0|\b0\b.*\b0\b/, `no zero ticks: ${texts}`);
    // The PNG is the title and the sentence: a short picture, not a plot's height.
    const { height } = pngSize(c.png({ scale: 1 }));
    assert.ok(height < 140, `PNG ${height} px high: a sentence, not empty axes`);
    // A notebook shows the sentence as text.
    const display =
      (c as unknown as Record<symbol, () => Record<string, string>>)[Symbol.for("Jupyter.display")]
        .call(c);
    assert.equal(display["image/png"], undefined, "no image of empty axes");
    assert.ok(display["text/plain"].includes(c.empty!), display["text/plain"]);
  });
}

Deno.test("a chart's empty sentence can be the question's own (options.empty)", () => {
  const c = lossOfExclusivityChart(
    pl.DataFrame({
      drug_name: [] as string[],
      trade_names: [] as string[][],
      entities: [] as string[][],
      horizon_quarter: [] as string[],
      part_d_spending: [] as number[],
    }),
    { empty: "No drug of Pfizer or Merck & Co loses its last protection within 5 years." },
  );
  assert.equal(c.empty, "No drug of Pfizer or Merck & Co loses its last protection within 5 years.");
  assert.ok(textsOf(c.svg()).join(" ").includes("Merck & Co loses its last protection"));
});

/** Tick labels of each axis of a rendered SVG, by axis (`y-axis tick label`), blanks left out. */
function tickLabels(svg: string): Map<string, string[]> {
  type El = {
    getAttribute(n: string): string | null;
    textContent: string;
    querySelectorAll(s: string): El[];
  };
  const { document } = parseHTML(`<html><body>${svg}</body></html>`) as unknown as { document: El };
  const out = new Map<string, string[]>();
  for (const g of document.querySelectorAll('g[aria-label$="tick label"]')) {
    const key = `${g.getAttribute("aria-label")}#${out.size}`;
    out.set(key, [...g.querySelectorAll("text")].map((t) => t.textContent.trim()).filter(Boolean));
  }
  return out;
}

/** Charts with numeric axes over tiny or flat domains, where a rounding format would repeat its labels. */
const TINY: Record<string, () => Chart> = {
  "loss of exclusivity, cents of spending": () =>
    lossOfExclusivityChart(
      pl.DataFrame({
        drug_name: ["a", "b"],
        trade_names: [["A"], ["B"]],
        entities: [["sponsor:X"], ["sponsor:Y"]],
        horizon_quarter: ["2027-Q1", "2027-Q3"],
        part_d_spending: [0.4, 1.3],
      }),
    ),
  "medicare, a dollar or two": () =>
    medicareSpendingChart(
      pl.DataFrame({
        generic_name: ["a", "b"],
        brand_names: [["A"], []],
        branded: [true, false],
        total_spending: [1.5, 0.5],
        spend_share_fraction: [0.75, 0.25],
      }),
    ),
  "patents, a handful with tiny growth": () =>
    patentTrendsChart(
      pl.DataFrame({ year: [2022, 2023, 2024], patents: [1, 2, 2], growth_fraction: [null, 0.001, 0.002] }),
    ),
  "researcher, one citation": () =>
    researcherOutputChart(
      pl.DataFrame({ year: [2020, 2021], works: [1, 1], citations: [0, 1], open_access: [0, 1] }),
    ),
  "catalysts, one event": () =>
    catalystCalendarChart(
      pl.DataFrame({
        trade_name: ["Brandix"],
        type: ["patent_expiry"],
        event_date: [date("2027-01-01")],
        days_to_event: [30],
      }),
    ),
  "regulatory landscape, two drugs (whole-number ticks only)": () =>
    regulatoryLandscapeChart(
      pl.DataFrame({ first_approval_year: [1990, 2015], tier: ["biologics", "commodities"], drugs: [1, 2] }),
      { bySponsor: pl.DataFrame({ sponsor: ["A", "B"], tier: ["biologics", "commodities"], drugs: [1, 2] }) },
    ),
  "disease comparison, tiny spend": () =>
    diseaseComparisonChart(
      pl.DataFrame({
        disease: ["asthma", "psoriasis"],
        resolved: [true, true],
        total_trials: [2, 1],
        competitiveness_index: [1, 2],
        total_approvals: [1, 0],
        medicare_spending_usd: [1.2, 0.3],
        total_funding_usd: [2, 1],
        orphan_share_fraction: [0.001, 0],
      }),
    ),
};

for (const [name, make] of Object.entries(TINY)) {
  Deno.test(`axis ticks never repeat a formatted value: ${name}`, () => {
    const axes = tickLabels(make().svg());
    assert.ok(axes.size > 0, "the chart has axes");
    // A count axis has no bare tick: every tick of a whole-number axis carries its label.
    const svg = make().svg();
    const first = svg.match(/aria-label="y-axis tick"[^>]*>([\s\S]*?)<\/g>/);
    if (first && /Drugs first approved/.test(svg)) {
      const ticks = (first[1].match(/<path/g) ?? []).length;
      const labels = [...axes.entries()].find(([k]) => k.startsWith("y-axis"))?.[1].length ?? 0;
      assert.equal(ticks, labels, `${ticks} y ticks for ${labels} labels`);
    }
    for (const [axis, labels] of axes) {
      assert.equal(new Set(labels).size, labels.length, `${axis} repeats a label: ${labels.join(" ")}`);
    }
  });
}

Deno.test("distinctTicks(): fewer, distinct ticks over a domain a rounding format cannot split", () => {
  const t = distinctTicks(usd, 12);
  const ticks = t.range(0, 1.12);
  assert.deepEqual(ticks.map(usd), ["$0", "$1"]);
  // A domain the format can split keeps about the asked number of ticks.
  assert.ok(t.range(0, 1.2e6).length >= 6);
  assert.deepEqual(t.range(5, 5), [5]);
});
