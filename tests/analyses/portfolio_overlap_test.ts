import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { overlapWide, portfolioOverlap } from "../../lib/analyses/portfolio_overlap.ts";
import { raw, rawAll, withSandbox } from "../frames/_raw.ts";

const PATH = "/api/v1/tools/clinical/portfolio-comparison";
const SPONSORS = ["Pfizer", "Novartis", "Roche"];
const COND = "lung cancer";

Deno.test("portfolioOverlap() matches the raw comparison, shared trials and pair intersections", async () => {
  await withSandbox(async (sb, ri) => {
    const r = await portfolioOverlap(ri, { sponsors: SPONSORS, condition: COND });
    const q = { sponsors: SPONSORS.join(","), conditionKeyword: COND };
    const first = await raw(sb, PATH, { ...q, limit: 1 });
    const shared = await rawAll(sb, PATH, q, (b) => (b.data as { trials: unknown[] }).trials);
    // Per-sponsor counts and tallies.
    const comp = first.data.comparison as {
      sponsor: string;
      trial_count: number;
      by_phase: Record<string, number>;
    }[];
    assert.deepEqual(r.sponsors.getColumn("trial_count").toArray(), comp.map((c) => c.trial_count));
    for (const c of comp) {
      const mine = r.byPhase.filter(pl.col("sponsor").eq(pl.lit(c.sponsor))).toRecords();
      assert.deepEqual(Object.fromEntries(mine.map((x) => [x.phase, x.trials])), c.by_phase);
    }
    // Shared trials and market size.
    assert.deepEqual(
      [...r.shared.getColumn("id").toArray()].sort(),
      shared.map((t) => t.id as string).sort(),
    );
    assert.equal(r.market.getColumn("market_size_trials").get(0), first.data.market_size_trials);
    assert.equal(r.market.getColumn("shared_by_two_or_more").get(0), first.data.intersection_count);
    // Pairwise matrix against one raw call per pair.
    assert.equal(r.matrix.height, 3, "each pair once, no sponsor with itself");
    for (const [i, a] of SPONSORS.entries()) {
      for (const b of SPONSORS.slice(i + 1)) {
        const pair = await raw(sb, PATH, { sponsors: `${a},${b}`, conditionKeyword: COND, limit: 1 });
        const ca = comp.find((c) => c.sponsor === a)!.trial_count;
        const cb = comp.find((c) => c.sponsor === b)!.trial_count;
        const n = pair.data.intersection_count;
        const row = r.matrix.filter(pl.col("sponsor_a").eq(pl.lit(a)).and(pl.col("sponsor_b").eq(pl.lit(b))))
          .toRecords()[0];
        assert.deepEqual([row.trials_a, row.trials_b], [ca, cb]);
        assert.equal(row.shared, n, `${a}/${b}`);
        assert.equal(row.jaccard, ca + cb - n > 0 ? n / (ca + cb - n) : null);
      }
    }
    const wide = overlapWide(r.matrix);
    assert.deepEqual(wide.columns, ["sponsor", ...SPONSORS]);
    assert.equal(r.complete, true);
    assert.ok(r.provenance.length >= 1);
  });
});

Deno.test("portfolioOverlap() flags an unresolvable condition and an unknown sponsor", async () => {
  await withSandbox(async (sb, ri) => {
    const r = await portfolioOverlap(ri, { sponsors: ["Pfizer", "Zz Unknown Co"], condition: "qqqq zzzz" });
    const truth = await raw(sb, PATH, { sponsors: "Pfizer,Zz Unknown Co", conditionKeyword: "qqqq zzzz" });
    assert.equal(truth.data.market_size_trials, 0);
    assert.equal(r.market.getColumn("condition_resolved").toArray()[0], false);
    assert.equal(r.shared.height, 0);
    assert.ok(r.shared.columns.includes("startDate"), "empty shared trials keep their columns");
    assert.equal(r.byPhase.height, 0);
    const own = r.warnings.find((w) => w.message.startsWith("Condition 'qqqq zzzz' has no trials"));
    assert.equal(own?.code, "maybe-unresolved");
    assert.equal(own?.pitfall, 12);
    const unresolved = r.sponsors.filter(pl.col("resolved").not()).getColumn("sponsor").toArray();
    assert.ok(unresolved.includes("Zz Unknown Co"));
  });
});

Deno.test("portfolioOverlap() with one sponsor gives its own count and no pairs", async () => {
  await withSandbox(async (sb, ri) => {
    const r = await portfolioOverlap(ri, { sponsors: ["Novartis"], condition: COND, phase: "Phase 2" });
    const truth = await raw(sb, PATH, {
      sponsors: "Novartis",
      conditionKeyword: COND,
      phase: "Phase 2",
      limit: 1,
    });
    assert.equal(r.matrix.height, 0, "no pairs: a sponsor is not paired with itself");
    assert.equal(r.sponsors.getColumn("trial_count").get(0), truth.data.comparison[0].trial_count);
    assert.equal(r.provenance.length, 1);
  });
});

Deno.test("portfolioOverlap() with padded, mixed-case names matches the raw pair calls (no silent zeros)", async () => {
  await withSandbox(async (sb, ri) => {
    const padded = ["pfizer", " Novartis", "Roche "];
    const r = await portfolioOverlap(ri, { sponsors: padded, condition: `  ${COND} ` });
    assert.equal(r.market.getColumn("condition").get(0), COND, "the condition is trimmed too");
    const names = padded.map((s) => s.trim());
    assert.deepEqual(r.sponsors.getColumn("sponsor").toArray(), names);
    const ids = async (a: string, b: string) =>
      new Set(
        (await rawAll(sb, PATH, { sponsors: `${a},${b}`, conditionKeyword: COND }, (x) =>
          (x.data as { trials: { id: string }[] }).trials)).map((t) =>
            t.id
          ),
      );
    const pairs = [[0, 1], [0, 2], [1, 2]].map(([i, j]) => [names[i], names[j]] as const);
    const sets = await Promise.all(pairs.map(([a, b]) => ids(a, b)));
    for (const [k, [a, b]] of pairs.entries()) {
      const row = r.matrix.filter(pl.col("sponsor_a").eq(pl.lit(a)).and(pl.col("sponsor_b").eq(pl.lit(b))))
        .toRecords()[0];
      assert.equal(row.shared, sets[k].size, `${a}/${b}`);
    }
    assert.ok(sets.some((x) => x.size > 0), "fixture: some pair overlaps (else a silent 0 would pass)");
    // Trials shared by all three: the intersection of every pair's shared trials, computed here.
    const all = [...sets[0]].filter((id) => sets[1].has(id) && sets[2].has(id)).length;
    assert.equal(r.market.getColumn("shared_by_all").get(0), all);
    assert.ok((r.market.getColumn("shared_by_two_or_more").get(0) as number) >= all);
    assert.ok(r.definitions?.shared_by_two_or_more.includes("at least two"));
  });
});

Deno.test("portfolioOverlap() gives an unresolved sponsor null share and null overlaps, not zeros", async () => {
  await withSandbox(async (_sb, ri) => {
    const r = await portfolioOverlap(ri, { sponsors: ["Pfizer", "Zz Unknown Co"], condition: COND });
    const z = r.sponsors.filter(pl.col("sponsor").eq(pl.lit("Zz Unknown Co"))).toRecords()[0];
    assert.equal(z.resolved, false);
    assert.equal(z.market_share, null);
    const cells = r.matrix.filter(
      pl.col("sponsor_a").eq(pl.lit("Zz Unknown Co")).or(pl.col("sponsor_b").eq(pl.lit("Zz Unknown Co"))),
    );
    assert.ok(cells.height === 1 && cells.toRecords().every((c) => c.jaccard === null && c.shared === null));
    const unresolved = r.warnings.filter((w) => w.code === "unresolved-sponsor");
    assert.equal(unresolved.length, 1, "Pfizer resolved: one warning");
    assert.match(unresolved[0].message, /Zz Unknown Co/);
    assert.ok(!r.warnings.some((w) => w.code === "one-page"), "pair calls read only their count");
  });
});

Deno.test("portfolioOverlap() gives shared_by_all null (unknown) when a sponsor did not resolve", async () => {
  await withSandbox(async (sb, ri) => {
    for (const sponsors of [["Pfizer", "Zz Unknown Co"], ["Pfizer", "Novartis", "Zz Unknown Co"]]) {
      // Raw HTTP: the service answers the unknown name with a measured-looking 0, and no organisation has it.
      const body = await raw(sb, PATH, { sponsors: sponsors.join(","), conditionKeyword: COND, limit: 1 });
      assert.equal(body.data.intersection_count, 0);
      const orgs = await raw(sb, "/api/v1/tools/resolution/autocomplete", { query: "Zz Unknown Co" });
      assert.ok(!(orgs.data as { name: string }[]).some((o) => o.name.toLowerCase() === "zz unknown co"));
      const r = await portfolioOverlap(ri, { sponsors, condition: COND });
      assert.equal(r.market.getColumn("shared_by_all").get(0), null, sponsors.join(","));
      assert.match(r.definitions?.shared_by_all ?? "", /null \(unknown\) when a sponsor did not resolve/);
    }
  });
});

Deno.test("portfolioOverlap() on the spec-minimal profile derives the same per-sponsor figures", async () => {
  await withSandbox(async (_sb, full) => {
    const want = await portfolioOverlap(full, { sponsors: SPONSORS, condition: COND });
    await withSandbox(async (_sb2, minimal) => {
      const got = await portfolioOverlap(minimal, { sponsors: SPONSORS, condition: COND });
      for (const c of ["sponsor", "trial_count", "resolved", "market_share"]) {
        assert.deepEqual(got.sponsors.getColumn(c).toArray(), want.sponsors.getColumn(c).toArray(), c);
      }
      const key = (df: pl.DataFrame) => df.sort(["sponsor", "phase"]).toRecords();
      assert.deepEqual(key(got.byPhase), key(want.byPhase));
      assert.deepEqual(got.matrix.toRecords(), want.matrix.toRecords());
      const derived = got.warnings.filter((w) => w.code === "derived");
      assert.match(derived[0]?.message ?? "", /from a composite search \(sponsor \+ disease\)/);
      // Every call is in the provenance: each sponsor's composite search among them.
      const searches = got.provenance.filter((p) => p.endpoint.includes("composite"));
      assert.equal(searches.length, SPONSORS.length);
      assert.ok(got.warnings.some((w) => w.code === "field-absent" && w.message.includes("sponsors")));
    }, { profile: "spec-minimal" });
  });
});

Deno.test("portfolioOverlap() on the spec-minimal profile resolves sponsors as the full service does", async () => {
  // pfizer: autocomplete's own spelling; AbbVie: no trials in the condition, yet a known organization;
  // Zz Unknown Co: neither.
  const sponsors = ["pfizer", "AbbVie", "Zz Unknown Co"];
  const condition = "breast cancer";
  const want = await withSandbox((_sb, ri) => portfolioOverlap(ri, { sponsors, condition }));
  assert.deepEqual(want.sponsors.getColumn("trial_count").toArray().slice(1), [0, 0], "fixture");
  await withSandbox(async (_sb, ri) => {
    const r = await portfolioOverlap(ri, { sponsors, condition });
    for (const c of ["resolved_name", "resolved", "market_share"]) {
      assert.deepEqual(r.sponsors.getColumn(c).toArray(), want.sponsors.getColumn(c).toArray(), c);
    }
    assert.deepEqual(r.sponsors.getColumn("resolved").toArray(), [true, true, false]);
    assert.ok(r.warnings.some((w) => w.code === "unresolved-sponsor" && w.message.includes("Zz Unknown Co")));
    // The condition resolves: an empty search for the unknown sponsor is not reported as an unresolved condition.
    assert.ok(!r.warnings.some((w) => w.code === "maybe-unresolved"));
  }, { profile: "spec-minimal" });
});

Deno.test("portfolioOverlap() applies phase and status filters, served or derived (spec-minimal)", async () => {
  const q = {
    sponsors: "AstraZeneca",
    conditionKeyword: COND,
    phase: "Phase 3",
    status: "COMPLETED",
    limit: 1,
  };
  for (const profile of ["full", "spec-minimal"] as const) {
    await withSandbox(async (_sb, ri) => {
      const truth = await withSandbox((full) => raw(full, PATH, q));
      const unfiltered = (await withSandbox((full) =>
        raw(full, PATH, { ...q, phase: undefined, status: undefined })
      ))
        .data.comparison[0].trial_count;
      const want = truth.data.comparison[0].trial_count;
      assert.ok(want > 0 && want < unfiltered, `fixture: the filters matter (${want} of ${unfiltered})`);
      const r = await portfolioOverlap(ri, {
        sponsors: ["AstraZeneca"],
        condition: COND,
        phase: "Phase 3",
        status: "COMPLETED",
      });
      assert.equal(r.sponsors.getColumn("trial_count").get(0), want, profile);
    }, { profile });
  }
});
