/**
 * The portfolio overlap's pure core at its boundaries, from its definitions: per-sponsor tallies, pairs
 * counted from memberships, `jaccard = shared / (trials_a + trials_b − shared)` checked against its
 * numerator and denominator, null (unknown) where a count is missing, and the wide matrix.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { keyOf, toFrame } from "../../lib/frames/mod.ts";
import { overlapWide, portfolioOverlapFromFrames } from "../../lib/analyses/portfolio_overlap.ts";
import { choosePlan, intersectLocally } from "../../lib/analyses/_portfolio_plan.ts";

type Sp = {
  sponsor: string;
  count: number | null;
  phase?: Record<string, number> | null;
  resolved?: boolean;
};
const comparison = (ss: Sp[]) =>
  toFrame(
    "portfolioSponsor",
    ss.map((s) => ({
      sponsor: s.sponsor,
      resolved_name: s.resolved === false ? null : `${s.sponsor} Inc`,
      trial_count: s.count,
      by_phase: s.phase === undefined ? { PHASE2: s.count ?? 0 } : s.phase,
      by_status: { RECRUITING: s.count ?? 0 },
    })),
  );
const cell = (m: pl.DataFrame, a: string, b: string) =>
  m.filter(pl.col("sponsor_a").eq(pl.lit(a)).and(pl.col("sponsor_b").eq(pl.lit(b)))).toRecords()[0];

Deno.test("overlap: pairs from memberships count distinct shared trials; jaccard = shared ÷ union", () => {
  // A: t1 t2 t3 (t1 listed twice); B: t2 t3 t4; C: t3 t5. Shared A·B = {t2, t3}, A·C = {t3}, B·C = {t3}.
  const memberships = pl.DataFrame({
    sponsor: ["A", "A", "A", "A", "B", "B", "B", "C", "C"],
    trial_id: ["t1", "t1", "t2", "t3", "t2", "t3", "t4", "t3", "t5"],
  });
  const sets: Record<string, Set<string>> = {};
  for (const r of memberships.toRecords()) {
    (sets[r.sponsor as string] ??= new Set()).add(r.trial_id as string);
  }
  const out = portfolioOverlapFromFrames({
    comparison: comparison([{ sponsor: "A", count: 3 }, { sponsor: "B", count: 3 }, {
      sponsor: "C",
      count: 2,
    }]),
    memberships,
  });
  const names = ["A", "B", "C"];
  // Each pair once, in list order; no sponsor with itself.
  assert.deepEqual(
    out.matrix.select("sponsor_a", "sponsor_b").toRecords().map((r) => `${r.sponsor_a}·${r.sponsor_b}`),
    ["A·B", "A·C", "B·C"],
  );
  for (const [i, a] of names.entries()) {
    for (const b of names.slice(i + 1)) {
      const shared = [...sets[a]].filter((t) => sets[b].has(t)).length;
      const union = new Set([...sets[a], ...sets[b]]).size;
      assert.deepEqual(cell(out.matrix, a, b), {
        sponsor_a: a,
        sponsor_b: b,
        trials_a: sets[a].size,
        trials_b: sets[b].size,
        shared,
        jaccard: shared / union,
      });
    }
  }
});

Deno.test("overlap: a pair without a count, or a sponsor without a trial count, is null, never 0", () => {
  const pairs = pl.DataFrame({
    sponsor_a: ["A", "A", "B"],
    sponsor_b: ["B", "C", "C"],
    shared: [2, null, 1],
  });
  const out = portfolioOverlapFromFrames({
    comparison: comparison([{ sponsor: "A", count: 4 }, { sponsor: "B", count: 3 }, {
      sponsor: "C",
      count: null,
    }]),
    pairs,
  });
  assert.deepEqual(cell(out.matrix, "A", "B"), {
    sponsor_a: "A",
    sponsor_b: "B",
    trials_a: 4,
    trials_b: 3,
    shared: 2,
    jaccard: 2 / (4 + 3 - 2),
  });
  assert.equal(cell(out.matrix, "B", "A"), undefined, "each pair once");
  // No count for A·C: unknown, not a measured 0.
  assert.deepEqual(cell(out.matrix, "A", "C"), {
    sponsor_a: "A",
    sponsor_b: "C",
    trials_a: 4,
    trials_b: null,
    shared: null,
    jaccard: null,
  });
  // C's own trial count is unknown: its shared count with B is still known, its jaccard is not.
  assert.deepEqual(cell(out.matrix, "B", "C"), {
    sponsor_a: "B",
    sponsor_b: "C",
    trials_a: 3,
    trials_b: null,
    shared: 1,
    jaccard: null,
  });
  assert.equal(cell(out.matrix, "C", "C"), undefined, "no sponsor with itself");
});

Deno.test("overlap: jaccard is null when both sponsors have no trials, 0 when only one has", () => {
  const pairs = pl.DataFrame({ sponsor_a: ["A", "A", "B"], sponsor_b: ["B", "C", "C"], shared: [0, 0, 0] });
  const out = portfolioOverlapFromFrames({
    comparison: comparison([{ sponsor: "A", count: 0 }, { sponsor: "B", count: 0 }, {
      sponsor: "C",
      count: 1,
    }]),
    pairs,
  });
  assert.equal(cell(out.matrix, "A", "B").jaccard, null, "0 ÷ 0 is not a ratio");
  assert.equal(cell(out.matrix, "A", "C").jaccard, 0, "0 shared ÷ a union of 1");
  assert.equal(out.matrix.height, 3, "three pairs, no diagonal");
});

Deno.test("overlap: tallies are long rows sorted by sponsor then key; a sponsor without a mix adds none", () => {
  const out = portfolioOverlapFromFrames({
    comparison: comparison([
      { sponsor: "B", count: 5, phase: { PHASE3: 2, "PHASE1/PHASE2": 3 } },
      { sponsor: "A", count: 4, phase: { PHASE2: 1, "PHASE2/PHASE3": 3 } },
      { sponsor: "C", count: 0, phase: null },
    ]),
  });
  assert.deepEqual(out.byPhase.toRecords(), [
    { sponsor: "A", phase: "PHASE2", trials: 1 },
    { sponsor: "A", phase: "PHASE2/PHASE3", trials: 3 },
    { sponsor: "B", phase: "PHASE1/PHASE2", trials: 3 },
    { sponsor: "B", phase: "PHASE3", trials: 2 },
  ]);
  assert.deepEqual(out.byStatus.toRecords(), [
    { sponsor: "A", status: "RECRUITING", trials: 4 },
    { sponsor: "B", status: "RECRUITING", trials: 5 },
    { sponsor: "C", status: "RECRUITING", trials: 0 },
  ]);
});

Deno.test("overlap: the wide matrix holds the long matrix's cells, shared as integers and jaccard as fractions", () => {
  const pairs = pl.DataFrame({ sponsor_a: ["A"], sponsor_b: ["B"], shared: [1] });
  const { matrix } = portfolioOverlapFromFrames({
    comparison: comparison([{ sponsor: "A", count: 3 }, { sponsor: "B", count: 2 }, {
      sponsor: "C",
      count: 1,
    }]),
    pairs,
  });
  const shared = overlapWide(matrix);
  const jaccard = overlapWide(matrix, "jaccard");
  for (const [wide, value] of [[shared, "shared"], [jaccard, "jaccard"]] as const) {
    assert.deepEqual(wide.columns, ["sponsor", "A", "B", "C"]);
    assert.deepEqual(wide.getColumn("sponsor").toArray(), ["A", "B", "C"]);
    for (const [i, a] of ["A", "B", "C"].entries()) {
      const row = wide.filter(pl.col("sponsor").eq(pl.lit(a))).toRecords()[0];
      for (const b of ["A", "B", "C"].slice(i + 1)) {
        const other = wide.filter(pl.col("sponsor").eq(pl.lit(b))).toRecords()[0];
        assert.equal(row[b], cell(matrix, a, b)[value], `${value} ${a}·${b}`);
        assert.equal(other[a], row[b], `${value}: symmetric`);
      }
    }
  }
  // The diagonal: each sponsor's own trial count (shared), empty (jaccard).
  assert.deepEqual(["A", "B", "C"].map((s, i) => shared.getColumn(s).get(i)), [3, 2, 1]);
  assert.deepEqual(["A", "B", "C"].map((s, i) => jaccard.getColumn(s).get(i)), [null, null, null]);
  assert.equal(shared.getColumn("B").get(0), 1);
  assert.equal(jaccard.getColumn("B").get(0), 1 / (3 + 2 - 1));
  assert.equal(shared.getColumn("C").get(0), null, "no count for A·C");
  assert.equal(String(shared.getColumn("A").dtype), String(pl.Int64));
  assert.equal(String(jaccard.getColumn("A").dtype), String(pl.Float64));
});

Deno.test("overlap: without a market size or intersection count, shares and resolution are unknown; the shared trials count", () => {
  const shared = toFrame("compositeTrial", [{ id: "t1" }, { id: "t2" }]);
  const out = portfolioOverlapFromFrames({
    comparison: comparison([{ sponsor: "A", count: 3 }, { sponsor: "B", count: 2 }]),
    shared,
  });
  assert.deepEqual(out.market.toRecords(), [{
    condition: "",
    market_size_trials: null,
    shared_by_two_or_more: 2,
    shared_by_all: 2,
    condition_resolved: null,
  }]);
  assert.deepEqual(out.sponsors.getColumn("market_share").toArray(), [null, null]);
  const keys = Object.fromEntries(Object.entries(out).map(([k, df]) => [k, keyOf(df)]));
  assert.deepEqual(keys, {
    sponsors: ["sponsor"],
    byPhase: ["sponsor", "phase"],
    byStatus: ["sponsor", "status"],
    shared: ["id"],
    matrix: ["sponsor_a", "sponsor_b"],
    market: [],
  });
});

Deno.test("overlap: a market of 0 trials leaves shares unknown and the condition unresolved; 1 trial resolves it", () => {
  const comp = comparison([{ sponsor: "A", count: 3 }, { sponsor: "B", count: 0 }]);
  const zero = portfolioOverlapFromFrames({ comparison: comp, marketSize: 0 });
  assert.deepEqual(
    zero.sponsors.getColumn("market_share").toArray(),
    [null, null],
    "never a share of 0 trials",
  );
  assert.equal(zero.market.getColumn("condition_resolved").toArray()[0], false);
  const one = portfolioOverlapFromFrames({ comparison: comp, marketSize: 1 });
  assert.equal(one.market.getColumn("condition_resolved").toArray()[0], true);
  assert.deepEqual(one.sponsors.getColumn("market_share").toArray(), [3, 0]);
});

Deno.test("overlap plan: the fewer requests of local pulls (a page per 100 trials) and service pairs; beyond ten, local", () => {
  // Two sponsors: the comparison's own count is the pair's (no request beyond the first answer).
  assert.deepEqual(choosePlan([250, 300], 40, true), { plan: "service", requests: 0, other: 6 });
  // Ten sponsors of 30 trials: 10 pages locally against 45 pair counts.
  assert.equal(choosePlan(Array(10).fill(30), 120, false).plan, "local");
  // Four big sponsors (pivot of 90 trials: its pairs fit a page): 2 + 6 pairs against 3 + 3 + 4 + 1 pages.
  assert.deepEqual(choosePlan([250, 300, 400, 90], 150, false), { plan: "service", requests: 8, other: 11 });
  // Beyond ten, only local; an unresolved sponsor (null) and one without trials (0) cost nothing.
  assert.deepEqual(choosePlan([...Array(11).fill(150), null, 0], 0, false), {
    plan: "local",
    requests: 22,
    other: null,
  });
});

Deno.test("overlap local intersection: pairs once in list order, shared trials newest first, trials of every sponsor", () => {
  const t = (id: string, startDate: string | null) => ({ id, startDate });
  const out = intersectLocally([
    ["A", [t("t1", "2020-01-01"), t("t2", "2022-01-01"), t("t3", null)]],
    ["B", [t("t2", "2022-01-01"), t("t3", null), t("t4", "2021-01-01")]],
    ["C", [t("t3", null)]],
  ]);
  assert.deepEqual(out.pairs, [
    { sponsor_a: "A", sponsor_b: "B", shared: 2 },
    { sponsor_a: "A", sponsor_b: "C", shared: 1 },
    { sponsor_a: "B", sponsor_b: "C", shared: 1 },
  ]);
  assert.deepEqual(out.shared.map((r) => r.id), ["t2", "t3"]);
  assert.equal(out.sharedByAll, 1);
});
