import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import type { DiseaseLandscape } from "../../lib/client/schemas/diseases.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { diseaseComparison, diseaseComparisonFromReports } from "../../lib/analyses/disease_comparison.ts";
import { medicareSpending } from "../../lib/analyses/medicare_spending.ts";

function report(name: string, byPhase: Record<string, number>): DiseaseLandscape {
  return {
    disease: name,
    trials: {
      totalTrials: Object.values(byPhase).reduce((a, b) => a + b, 0),
      byPhase,
      medianEnrollment: null,
      activeSponsors: [],
      recentStatusChanges: { started: 0, completed: 0, terminated: 0 },
    },
    grants: { totalGrants: 0, totalFundingUsd: 0, topInstitutions: [] },
    regulatory: { totalApprovals: 0, orphanShare: 0, lastApprovalDate: null },
    medicare: { totalSpendingUsd: 0, topBrandDrugs: [], brandedShare: 0 },
    competitivenessIndex: 0,
  };
}

Deno.test("diseaseComparisonFromReports() gives typed empty frames for no inputs", () => {
  const out = diseaseComparisonFromReports([]);
  assert.equal(out.summary.height, 0);
  assert.equal(out.summary.width, 20);
  assert.equal(String(out.summary.getColumn("last_approval_date").dtype), String(pl.Date));
  assert.deepEqual(out.byPhase.columns, ["efo_id", "disease", "phase", "trials", "phase_share_fraction"]);
  assert.deepEqual(out.unresolved.columns, ["input", "reason", "candidates"]);
});

Deno.test("diseaseComparisonFromReports() keeps unresolved inputs as rows with null figures", () => {
  const out = diseaseComparisonFromReports([
    {
      input: "a",
      efo_id: "EFO:1",
      reason: null,
      candidates: [],
      report: report("A", { PHASE1: 1, PHASE3: 3 }),
    },
    { input: "b", efo_id: "EFO:2", reason: null, candidates: [], report: report("B", {}) },
    {
      input: "lung",
      efo_id: null,
      reason: "no exact match",
      candidates: ["lung cancer (EFO:3)"],
      report: null,
    },
  ]);
  assert.deepEqual(out.summary.getColumn("resolved").toArray(), [true, true, false]);
  assert.deepEqual(out.summary.getColumn("total_trials").toArray(), [4, 0, null]);
  assert.equal(out.summary.getColumn("median_enrollment").toArray()[0], null);
  assert.deepEqual(out.byPhase.getColumn("phase_share_fraction").toArray(), [0.25, 0.75]);
  assert.deepEqual(out.unresolved.toRecords(), [
    { input: "lung", reason: "no exact match", candidates: ["lung cancer (EFO:3)"] },
  ]);
});

Deno.test("diseaseComparison() matches raw landscape answers and reports what it could not resolve", async (t) => {
  await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
  const raw = async (path: string, body?: unknown) => {
    const res = await fetch(`${sb.url}${path}`, {
      method: body ? "POST" : "GET",
      headers: { "x-api-key": sb.keys.pro, "content-type": "application/json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await res.json() };
  };
  const inputs = ["asthma", "EFO_0003060", "lung", "asthmaa", "EFO:9999999"];
  const out = await diseaseComparison(ri, { diseases: inputs });

  await t.step("one summary row per input, in input order", () => {
    assert.deepEqual(out.summary.getColumn("input").toArray(), inputs);
    assert.deepEqual(out.summary.getColumn("resolved").toArray(), [true, true, false, false, false]);
  });

  await t.step("resolved rows carry the raw landscape figures", async () => {
    for (const [i, efo] of [[0, "EFO:0000270"], [1, "EFO:0003060"]] as const) {
      const want = (await raw("/api/v1/analysis/disease-landscape", { efo_id: efo })).body.data;
      const got = out.summary.toRecords()[i];
      assert.equal(got.efo_id, efo);
      assert.equal(got.disease, want.disease);
      assert.equal(got.total_trials, want.trials.totalTrials);
      assert.equal(got.median_enrollment, want.trials.medianEnrollment);
      assert.equal(got.total_funding_usd, want.grants.totalFundingUsd);
      assert.equal(got.total_approvals, want.regulatory.totalApprovals);
      assert.equal(got.orphan_share_fraction, want.regulatory.orphanShare);
      assert.equal(got.branded_share_fraction, want.medicare.brandedShare);
      assert.equal(got.competitiveness_index, want.competitivenessIndex);
      assert.deepEqual(got.top_brand_drugs, want.medicare.topBrandDrugs);
      const phases = out.byPhase.filter(pl.col("efo_id").eq(pl.lit(efo)));
      assert.deepEqual(
        Object.fromEntries(phases.toRecords().map((r) => [r.phase, r.trials])),
        want.trials.byPhase,
      );
    }
  });

  await t.step("a name without an exact match is reported with the service's candidates", async () => {
    const ac = (await raw("/api/v1/diseases/autocomplete?q=lung")).body.data as {
      name: string;
      efo_id: string;
    }[];
    const row = out.unresolved.filter(pl.col("input").eq(pl.lit("lung"))).toRecords()[0];
    assert.deepEqual(row.candidates, ac.map((d) => `${d.name} (${d.efo_id})`));
    assert.ok(out.warnings.some((w) => w.code === "unresolved-disease" && w.message.includes("'lung'")));
  });

  await t.step("a misspelling and an unknown CURIE are reported, not dropped", () => {
    const reasons = Object.fromEntries(out.unresolved.toRecords().map((r) => [r.input, r.reason]));
    assert.match(String(reasons["asthmaa"]), /no autocomplete match/);
    assert.match(String(reasons["EFO:9999999"]), /not found/);
    assert.equal(out.warnings.filter((w) => w.code === "unresolved-disease").length, 3);
  });

  await t.step("the landscape's branded share agrees with the Medicare spending analysis", async () => {
    const med = await medicareSpending(ri, { efo_id: "EFO:0003060" });
    const mine = med.summary.getColumn("branded_share_fraction").toArray()[0] as number;
    const theirs = out.summary.getColumn("branded_share_fraction").toArray()[1] as number;
    assert.ok(Math.abs(mine - theirs) < 1e-3, `${mine} vs ${theirs}`);
  });

  await t.step("a Free key is refused (HTTP 402)", async () => {
    const free = createClient({ baseUrl: sb.url, apiKey: sb.keys.free });
    await assert.rejects(
      () => diseaseComparison(free, { diseases: ["EFO:0000270"] }),
      (e: Error & { status?: number }) => e.status === 402,
    );
  });
});
