/**
 * Analyses at their boundaries, from the definitions, on the pure cores with data built to break them:
 * an event dated exactly today, two event types on one drug and day, quarter bucketing of every month,
 * ties in rankings, ratio columns against their numerator and denominator, phase categories with the
 * combined phases, boolean flags with both values present.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { TRIAL_PHASES } from "../../lib/client/schemas/vocab.ts";
import { toFrame } from "../../lib/frames/mod.ts";
import { catalystCalendarFromFrames } from "../../lib/analyses/catalyst_calendar.ts";
import { sponsorScanFromFrames } from "../../lib/analyses/sponsor_scan.ts";
import { regulatoryLandscapeFromFrames } from "../../lib/analyses/regulatory_landscape.ts";
import { patentTrendsFromFrames } from "../../lib/analyses/patent_trends.ts";
import { targetPrioritizationFromFrames } from "../../lib/analyses/target_prioritization.ts";
import { dateBound, fillYears, ratio, withGrowth, yearOf } from "../../lib/analyses/_measures.ts";

type Ev = { drug: string; type: string; date: string; days: number; entity: string; patent?: string };

function calendar(evs: Ev[]) {
  const rows = evs.map((e) => ({
    trade_name: e.drug.toUpperCase(),
    type: e.type,
    event_date: e.date,
    days_to_event: e.days,
    drug_name: e.drug,
    patent_no: e.patent ?? null,
    exclusivity_code: null,
    exclusivity_description: null,
    approval_id: null,
    sponsors: [{ id: e.entity, name: e.entity }],
    sponsors_chain: [],
  }));
  const events = toFrame("catalystEvent", rows).withColumns(pl.Series("entity", evs.map((e) => e.entity)));
  return catalystCalendarFromFrames(events);
}

Deno.test("catalysts: an event dated today is upcoming, yesterday's is past", () => {
  const cal = calendar([
    { drug: "a", type: "patent_expiry", date: "2026-01-10", days: 0, entity: "sponsor:X" },
    { drug: "b", type: "patent_expiry", date: "2026-01-09", days: -1, entity: "sponsor:X" },
    { drug: "c", type: "patent_expiry", date: "2026-01-11", days: 1, entity: "sponsor:X" },
  ]);
  assert.deepEqual(cal.events.select("drug_name", "when").toRecords(), [
    { drug_name: "b", when: "past" },
    { drug_name: "a", when: "upcoming" },
    { drug_name: "c", when: "upcoming" },
  ]);
  assert.deepEqual(cal.byType.toRecords(), [{ type: "patent_expiry", past: 1, upcoming: 2, events: 3 }]);
});

Deno.test("catalysts: two event types on one drug and day stay two events; one event from two entities is one", () => {
  const cal = calendar([
    { drug: "a", type: "patent_expiry", date: "2027-05-01", days: 400, entity: "sponsor:X", patent: "US1" },
    { drug: "a", type: "exclusivity_expiry", date: "2027-05-01", days: 400, entity: "sponsor:X" },
    { drug: "a", type: "patent_expiry", date: "2027-05-01", days: 400, entity: "ticker:Y", patent: "US2" },
  ]);
  assert.equal(cal.events.height, 2);
  assert.deepEqual(cal.events.getColumn("type").toArray(), ["exclusivity_expiry", "patent_expiry"]);
  const patent = cal.events.filter(pl.col("type").eq(pl.lit("patent_expiry")));
  assert.deepEqual(patent.getColumn("entities").toArray()[0], ["sponsor:X", "ticker:Y"]);
  assert.equal(patent.getColumn("patent_no").get(0), "US1 | US2", "disagreeing text is listed");
  assert.deepEqual(patent.getColumn("sponsors").toArray()[0], ["sponsor:X", "ticker:Y"]);
  const excl = cal.events.filter(pl.col("type").eq(pl.lit("exclusivity_expiry")));
  assert.equal(excl.getColumn("patent_no").get(0), null, "all-null text stays null");
  assert.deepEqual(cal.byMonth.toRecords(), [
    { month: "2027-05", type: "exclusivity_expiry", events: 1 },
    { month: "2027-05", type: "patent_expiry", events: 1 },
  ]);
});

Deno.test("catalysts: every month falls in its quarter", () => {
  const evs = Array.from({ length: 12 }, (_, i) => ({
    drug: `d${i + 1}`,
    type: "patent_expiry",
    date: `2027-${String(i + 1).padStart(2, "0")}-${i % 2 ? "01" : "28"}`,
    days: 100 + i,
    entity: "sponsor:X",
  }));
  const cal = calendar(evs);
  const quarters = cal.events.getColumn("quarter").toArray();
  assert.deepEqual(quarters, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4].map((q) => `2027-Q${q}`));
  assert.deepEqual(cal.events.getColumn("month").toArray(), evs.map((e) => e.date.slice(0, 7)));
  // Extra events in March and December (the last month of a quarter), two in December: counts differ.
  const more = calendar([
    ...evs,
    { drug: "x", type: "patent_expiry", date: "2027-03-31", days: 90, entity: "sponsor:X" },
    { drug: "y", type: "patent_expiry", date: "2027-12-31", days: 365, entity: "sponsor:X" },
    { drug: "z", type: "patent_expiry", date: "2027-12-30", days: 364, entity: "sponsor:X" },
  ]);
  assert.deepEqual(more.byQuarter.select("quarter", "events").toRecords(), [
    { quarter: "2027-Q1", events: 4 },
    { quarter: "2027-Q2", events: 3 },
    { quarter: "2027-Q3", events: 3 },
    { quarter: "2027-Q4", events: 5 },
  ]);
  assert.deepEqual(more.byMonth.getColumn("events").toArray(), [1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 3]);
});

Deno.test("sponsor scan: late stage counts phase 3+, combined Phase 2/3 in, Phase 1/2 out; orphan flags both ways", () => {
  const phases = [...TRIAL_PHASES]; // every stored phase, combined ones included
  const trials = pl.DataFrame({
    phase: phases,
    status: [
      "RECRUITING",
      "COMPLETED",
      "ACTIVE_NOT_RECRUITING",
      "WITHDRAWN",
      "RECRUITING",
      "TERMINATED",
      "NOT_YET_RECRUITING",
      "ENROLLING_BY_INVITATION",
    ],
    enrollment: [10, null, 30, null, 50, 60, 70, 80],
  });
  const approvals = pl.DataFrame({
    approval_id: ["a1", "a2", "a3"],
    approval_date: ["2020-01-01", "2021-01-01", "2022-01-01"],
    regulatory_flags_is_orphan: [true, false, null],
  }).withColumns(pl.col("approval_date").str.strptime(pl.Date, "%Y-%m-%d"));
  const catalysts = pl.DataFrame({
    event_date: ["2027-03-01", "2026-02-01", "2025-01-01"],
    when: ["upcoming", "upcoming", "past"],
  })
    .withColumns(pl.col("event_date").str.strptime(pl.Date, "%Y-%m-%d"));
  const none = pl.DataFrame([]);
  const scan = sponsorScanFromFrames({
    sponsor: none,
    trials,
    approvals,
    catalysts,
    patents: { byYear: none, topCpc: none },
  });
  const s = scan.summary.toRecords()[0];
  assert.equal(s.trials, 8);
  assert.equal(s.late_stage_trials, 3, "PHASE2/PHASE3, PHASE3, PHASE4");
  assert.equal(s.active_trials, 5, "recruiting ×2, active not recruiting, not yet recruiting, by invitation");
  assert.equal(s.approvals, 3);
  assert.equal(s.orphan_approvals, 1, "true counts; false and unknown do not");
  assert.equal(s.upcoming_catalysts, 2);
  assert.equal((s.next_catalyst_date as unknown as Date).toISOString().slice(0, 10), "2026-02-01");
  const enr = scan.pipeline.filter(pl.col("phase").eq(pl.lit("PHASE2"))).getColumn("enrollment").get(0);
  assert.equal(enr, null, "no trial reported enrollment: null, not 0");
  assert.deepEqual(scan.approvals.getColumn("approval_id").toArray(), ["a3", "a2", "a1"]);
});

Deno.test("regulatory landscape: black-box flags with both values, year bounds, tier order, sponsor ties by name", () => {
  const drug = (
    generic_name: string,
    tier: string,
    year: number | null,
    box: boolean,
    n: number,
    sponsors: string[],
  ) => ({
    generic_name,
    tier,
    total_approvals: n,
    first_approval_year: year,
    has_black_box: box,
    sponsors,
  });
  const drugs = toFrame("landscapeDrug", [
    drug("c1", "commodities", 1990, false, 1, ["Zeta"]),
    drug("b1", "biologics", 2015, true, 3, ["Acme", "Zeta"]),
    drug("b2", "biologics", 2010, false, 2, ["Acme"]),
    drug("s1", "small_molecules_modern", null, true, 5, ["Beta"]),
    drug("s2", "small_molecules_modern", 2010, true, 1, ["Beta"]),
  ]);
  const out = regulatoryLandscapeFromFrames(drugs);
  assert.deepEqual(out.byTier.toRecords(), [
    { tier: "biologics", drugs: 2, approvals: 5, black_box: 1, first_year: 2010, last_year: 2015 },
    {
      tier: "small_molecules_modern",
      drugs: 2,
      approvals: 6,
      black_box: 2,
      first_year: 2010,
      last_year: 2010,
    },
    { tier: "commodities", drugs: 1, approvals: 1, black_box: 0, first_year: 1990, last_year: 1990 },
  ]);
  assert.deepEqual(out.byYear.toRecords(), [
    { first_approval_year: 1990, tier: "commodities", drugs: 1 },
    { first_approval_year: 2010, tier: "biologics", drugs: 1 },
    { first_approval_year: 2010, tier: "small_molecules_modern", drugs: 1 },
    { first_approval_year: 2015, tier: "biologics", drugs: 1 },
  ]);
  assert.deepEqual(out.bySponsor.toRecords(), [
    { sponsor: "Acme", tier: "biologics", drugs: 2 },
    { sponsor: "Beta", tier: "small_molecules_modern", drugs: 2 },
    { sponsor: "Zeta", tier: "biologics", drugs: 1 },
    { sponsor: "Zeta", tier: "commodities", drugs: 1 },
  ]);
});

Deno.test("patent trends: CPC ties ranked by code, gap years zero, growth = change ÷ previous year", () => {
  const t = patentTrendsFromFrames({
    years: pl.DataFrame({ year: [2020, 2022, 2023, null], count: [10, 15, 15, 99] }),
    cpc: pl.DataFrame({ cpc: ["B", "A", "C", "A", null], count: [5, 3, 7, 2, 50] }),
    growth: pl.DataFrame([]),
    companies: pl.DataFrame([]),
  }, { topN: 2 });
  assert.deepEqual(t.byYear.toRecords(), [
    { year: 2020, patents: 10, change: null, growth_fraction: null },
    { year: 2021, patents: 0, change: -10, growth_fraction: -1 },
    { year: 2022, patents: 15, change: 15, growth_fraction: null },
    { year: 2023, patents: 15, change: 0, growth_fraction: 0 },
  ]);
  assert.deepEqual(t.topCpc.toRecords(), [{ rank: 1, cpc: "C", patents: 7 }, {
    rank: 2,
    cpc: "A",
    patents: 5,
  }]);
  const wide = patentTrendsFromFrames({
    years: pl.DataFrame({ year: [2021], count: [4] }),
    cpc: pl.DataFrame([]),
    growth: pl.DataFrame([]),
    companies: pl.DataFrame({ company: ["X", "X"], year: [2021, 2023], count: [2, 6] }),
  }, { from: 2020, to: 2023 });
  assert.deepEqual(wide.byYear.getColumn("patents").toArray(), [0, 4, 0, 0]);
  assert.deepEqual(wide.companies.getColumn("patents").toArray(), [0, 2, 0, 6]);
  assert.deepEqual(wide.companies.getColumn("growth_fraction").toArray(), [null, null, -1, null]);
});

Deno.test("target ranking: equal composites go to the higher association score, then the target id", () => {
  const t = (target_id: string, association_score: number, approved_drugs = 0) => ({
    target_name: target_id,
    symbol: target_id,
    association_score,
    approved_drugs,
    trials_in_disease: 1,
    novelty_score: 0.5,
    target_id,
  });
  const targets = toFrame("prioritizedTarget", [
    t("T3", 0.5),
    t("T2", 0.5),
    t("T1", 0.49, 1),
    t("T4", 0.6, 2),
  ]);
  const drugs = toFrame("targetDrug", []).withColumns(pl.lit(null).cast(pl.Utf8).alias("target_id"));
  // Only the association and novelty terms count, so T3 and T2 tie on the composite and the score.
  const out = targetPrioritizationFromFrames(targets, drugs, undefined, {
    weights: { association: 1, evidence: 0, novelty: 0, tractability: 0 },
  });
  assert.deepEqual(out.select("rank", "target_id").toRecords(), [
    { rank: 1, target_id: "T4" },
    { rank: 2, target_id: "T2" },
    { rank: 3, target_id: "T3" },
    { rank: 4, target_id: "T1" },
  ]);
  assert.deepEqual(
    out.getColumn("white_space").toArray(),
    [false, true, true, false],
    "score ≥ 0.5, none approved",
  );
  assert.deepEqual(out.getColumn("composite").toArray(), [0.6, 0.5, 0.5, 0.49]);
});

Deno.test("ratio(): numerator ÷ denominator, null for a zero or missing denominator; year helpers", () => {
  const df = pl.DataFrame({ n: [1, 3, 5, 0, null], d: [4, 0, null, 2, 2] });
  assert.deepEqual(df.select(ratio(pl.col("n"), pl.col("d")).alias("r")).getColumn("r").toArray(), [
    0.25,
    null,
    null,
    0,
    null,
  ]);
  const neg = pl.DataFrame({ n: [1], d: [-2] }).select(ratio(pl.col("n"), pl.col("d")).alias("r"));
  assert.deepEqual(neg.getColumn("r").toArray(), [null], "a negative denominator is not a share");
  const g = pl.DataFrame({ v: [4, 6, 3] }).select(...withGrowth("v"));
  assert.deepEqual(g.toRecords(), [
    { change: null, growth_fraction: null },
    { change: 2, growth_fraction: 0.5 },
    { change: -3, growth_fraction: -0.5 },
  ]);
  const years = pl.DataFrame({ year: [2021], n: [3] }, { schema: { year: pl.Int64, n: pl.Int64 } });
  assert.deepEqual(fillYears(years, 2020, 2022).getColumn("n").toArray(), [0, 3, 0]);
  assert.equal(fillYears(years, 2023, 2022).height, 1, "an inverted window leaves the frame");
  assert.deepEqual(fillYears(years, null, null).getColumn("year").toArray(), [2021]);
  assert.equal(yearOf("2024-05-06"), 2024);
  assert.equal(yearOf(2019), 2019);
  assert.equal(yearOf(undefined), null);
  assert.throws(() => yearOf("May 2024"), RangeError);
  assert.equal(dateBound(2024, true), "2024-01-01");
  assert.equal(dateBound("2024", false), "2024-12-31");
  assert.equal(dateBound("2024-03-04", false), "2024-03-04");
  assert.equal(dateBound(undefined, true), undefined);
});
