/**
 * Disease comparison at its boundaries, from its definitions: every summary column from its own report
 * field, phase shares over each disease's own trials (combined phases their own category), unresolved
 * inputs with their reason, CURIE inputs taken as given, padded names, and which landscape failures are
 * reported (404) and which fail the comparison (the sandbox told so by a handler override).
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import type { DiseaseLandscape } from "../../lib/client/schemas/diseases.ts";
import { diseaseComparison, diseaseComparisonFromReports } from "../../lib/analyses/disease_comparison.ts";
import { isBadInput } from "../../lib/client/mod.ts";
import { keyOf } from "../../lib/frames/mod.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { clientFor, countingFetch, withSandbox } from "../client/_sandbox.ts";

/** A report whose every figure is distinct, so a column read from the wrong field shows. */
const REPORT: DiseaseLandscape = {
  disease: "Alpha disease",
  trials: {
    totalTrials: 11,
    byPhase: { PHASE1: 2, "PHASE1/PHASE2": 3, "PHASE2/PHASE3": 1, PHASE3: 4, NA: 1 },
    medianEnrollment: 120,
    activeSponsors: ["S1", "S2"],
    recentStatusChanges: { started: 5, completed: 6, terminated: 7 },
  },
  grants: { totalGrants: 8, totalFundingUsd: 9.5e6, topInstitutions: ["I1"] },
  regulatory: { totalApprovals: 13, orphanShare: 0.25, lastApprovalDate: "2024-02-29" },
  medicare: { totalSpendingUsd: 1.5e9, topBrandDrugs: ["D1", "D2", "D3"], brandedShare: 0.75 },
  competitivenessIndex: 42,
};
const other = (byPhase: Record<string, number>): DiseaseLandscape => ({
  ...REPORT,
  disease: "Beta disease",
  trials: { ...REPORT.trials, byPhase },
});

Deno.test("disease comparison: each summary column is its own report field", () => {
  const out = diseaseComparisonFromReports([
    { input: "alpha", efo_id: "EFO:1", reason: null, candidates: [], report: REPORT },
  ]);
  const r = REPORT;
  assert.deepEqual(out.summary.toRecords()[0], {
    input: "alpha",
    efo_id: "EFO:1",
    disease: r.disease,
    resolved: true,
    total_trials: r.trials.totalTrials,
    median_enrollment: r.trials.medianEnrollment,
    trials_started: r.trials.recentStatusChanges.started,
    trials_completed: r.trials.recentStatusChanges.completed,
    trials_terminated: r.trials.recentStatusChanges.terminated,
    total_grants: r.grants.totalGrants,
    total_funding_usd: r.grants.totalFundingUsd,
    total_approvals: r.regulatory.totalApprovals,
    orphan_share_fraction: r.regulatory.orphanShare,
    last_approval_date: new Date("2024-02-29T00:00:00Z"),
    medicare_spending_usd: r.medicare.totalSpendingUsd,
    branded_share_fraction: r.medicare.brandedShare,
    competitiveness_index: r.competitivenessIndex,
    top_sponsors: r.trials.activeSponsors,
    top_institutions: r.grants.topInstitutions,
    top_brand_drugs: r.medicare.topBrandDrugs,
  });
});

Deno.test("disease comparison: phase shares are over each disease's own trials; combined phases are their own", () => {
  const beta = { PHASE1: 1, PHASE2: 3 };
  const out = diseaseComparisonFromReports([
    { input: "alpha", efo_id: "EFO:1", reason: null, candidates: [], report: REPORT },
    { input: "beta", efo_id: "EFO:2", reason: null, candidates: [], report: other(beta) },
    { input: "gamma", efo_id: "EFO:3", reason: null, candidates: [], report: other({ PHASE2: 0 }) },
  ]);
  const want = [["EFO:1", REPORT.trials.byPhase], ["EFO:2", beta]] as const;
  for (const [efo, phases] of want) {
    const total = Object.values(phases).reduce((a, b) => a + b, 0);
    const got = out.byPhase.filter(pl.col("efo_id").eq(pl.lit(efo))).toRecords();
    assert.deepEqual(
      Object.fromEntries(got.map((r) => [r.phase, [r.trials, r.phase_share_fraction]])),
      Object.fromEntries(Object.entries(phases).map(([p, n]) => [p, [n, n / total]])),
      efo,
    );
  }
  const gamma = out.byPhase.filter(pl.col("efo_id").eq(pl.lit("EFO:3"))).toRecords();
  assert.deepEqual(gamma.map((r) => r.phase_share_fraction), [null], "no trials: no share, not 0");
  assert.deepEqual(out.byPhase.filter(pl.col("efo_id").eq(pl.lit("EFO:2"))).getColumn("disease").toArray(), [
    "Beta disease",
    "Beta disease",
  ]);
});

Deno.test("disease comparison: an unresolved input without a reason says 'unresolved'; frames are keyed", () => {
  const out = diseaseComparisonFromReports([
    { input: "x", efo_id: null, reason: null, candidates: [], report: null },
  ]);
  assert.deepEqual(out.unresolved.toRecords(), [{ input: "x", reason: "unresolved", candidates: [] }]);
  assert.deepEqual(out.summary.select("input", "resolved", "disease").toRecords(), [
    { input: "x", resolved: false, disease: null },
  ]);
  const keys = Object.fromEntries(Object.entries(out).map(([k, df]) => [k, keyOf(df)]));
  assert.deepEqual(keys, { summary: ["input"], byPhase: ["efo_id", "phase"], unresolved: ["input"] });
});

Deno.test("diseaseComparison(): a CURIE is taken as given; a padded name is trimmed; unmatched names get hints", async () => {
  await withSandbox(async (sb) => {
    const f = countingFetch();
    const ri = clientFor(sb, { fetch: f.fetch });
    const inputs = ["EFO_0003060", "  asthma ", "asthmaa", "EFO:9999999", "lung"];
    const out = await diseaseComparison(ri, { diseases: inputs });
    assert.ok(!f.urls.some((u) => u.includes("autocomplete") && u.includes("EFO")), "no lookup for a CURIE");
    assert.deepEqual(out.summary.getColumn("efo_id").toArray().slice(0, 2), ["EFO:0003060", "EFO:0000270"]);
    assert.deepEqual(out.summary.getColumn("resolved").toArray(), [true, true, false, false, false]);
    // Provenance: a lookup per name (not per CURIE), a landscape per id.
    const endpoints = out.provenance.map((p) => p.endpoint);
    assert.equal(endpoints.filter((e) => e === "diseases.autocomplete").length, 3);
    assert.equal(endpoints.filter((e) => e === "diseases.landscape").length, 2);
    const reasons = Object.fromEntries(out.unresolved.toRecords().map((r) => [r.input, r.reason]));
    assert.equal(reasons["lung"], "no exact autocomplete match; pick a candidate's efo_id");
    assert.equal(reasons["asthmaa"], "no autocomplete match");
    // A name with candidates: the service's candidates, all of them, as `name (efo_id)`.
    const ac = (await (await fetch(new URL("/api/v1/diseases/autocomplete?q=lung", sb.url), {
      headers: { "x-api-key": sb.keys.pro },
    })).json()).data as { name: string; efo_id: string }[];
    assert.ok(ac.length > 1, "fixture: several candidates");
    const listed = ac.map((d) => `${d.name} (${d.efo_id})`).join(", ");
    assert.equal(
      out.warnings.find((w) => w.message.startsWith("Disease 'lung'"))?.message,
      `Disease 'lung' was not compared: no exact autocomplete match; pick a candidate's efo_id (candidates: ${listed})`,
    );
    const warned = Object.fromEntries(
      out.warnings.filter((w) => w.code === "unresolved-disease").map((
        w,
      ) => [w.message.split("'")[1], w.message]),
    );
    // A name autocomplete found nothing for: the closest names by prefix; an unknown CURIE: no suggestion.
    assert.match(warned["asthmaa"], /no autocomplete match; closest: .*asthma/i);
    assert.equal(
      warned["EFO:9999999"],
      "Disease 'EFO:9999999' was not compared: disease not found (HTTP 404)",
    );
  });
});

Deno.test("diseaseComparison(): a landscape server error fails the comparison, not reported as unresolved", async () => {
  const landscape = HANDLERS["diseases.landscape"];
  const failing: Handler = (ctx) =>
    ctx.params.efo_id === "EFO:0000270"
      ? new Response(JSON.stringify({ error: { message: "Boom" } }), { status: 500 })
      : landscape(ctx);
  await withSandbox(async (sb) => {
    await assert.rejects(
      diseaseComparison(clientFor(sb, { retry: 0 }), { diseases: ["EFO_0003060", "asthma"] }),
      (e: Error & { status?: number }) => e.status === 500,
    );
  }, { handlers: { "diseases.landscape": failing } });
});

Deno.test("diseaseComparison(): no disease, or one name not in a list, is the caller's error before any request", async () => {
  await withSandbox(async (sb) => {
    const f = countingFetch();
    const ri = clientFor(sb, { fetch: f.fetch });
    await assert.rejects(
      diseaseComparison(ri, { diseases: [] }),
      (e: unknown) =>
        e instanceof RangeError && isBadInput(e) && /^diseaseComparison: diseases too small/.test(e.message),
    );
    await assert.rejects(
      diseaseComparison(ri, { diseases: "asthma" as unknown as string[] }),
      (e: unknown) => e instanceof TypeError && isBadInput(e) && /pass \["asthma"\]/.test(e.message),
    );
    assert.equal(f.count(), 0);
  });
});
