import assert from "node:assert/strict";
import { targetPrioritization } from "../../lib/analyses/target_prioritization.ts";
import { raw, withSandbox } from "../frames/_raw.ts";

const B = "/api/v1/tools/biology";
type Drug = { chembl_id: string; is_approved: boolean; max_phase: number; safety_warnings: string[] };

/** Population z-scores over the non-null values; null and zero-spread score 0 (the documented composite). */
function z(xs: (number | null)[]): number[] {
  const v = xs.filter((x): x is number => x !== null);
  const m = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length);
  return xs.map((x) => (x !== null && sd > 1e-12 ? (x - m) / sd : 0));
}

Deno.test("targetPrioritization() joins drugs and evidence and ranks by the documented composite", async () => {
  await withSandbox(async (sb, ri) => {
    const disease = "breast cancer";
    const r = await targetPrioritization(ri, { disease, topN: 200 });
    const pri = await raw(sb, `${B}/prioritize-targets`, { disease, topN: 200 });
    const targets = pri.data.targets as {
      target_id: string;
      association_score: number;
      novelty_score: number;
    }[];
    assert.equal(r.targets.height, targets.length);
    assert.equal(r.complete, pri.data.total_targets < 200);
    const assoc = await raw(sb, `${B}/associations`, {
      entity: pri.data.disease.efo_id,
      minScore: 0,
      limit: 100,
    });
    const ev = new Map((assoc.data.associations as { target_id: string; evidence_count: number }[])
      .map((a) => [a.target_id, a.evidence_count]));
    const truth = [];
    for (const t of targets) {
      const drugs = (await raw(sb, `${B}/target-landscape`, { target: t.target_id })).data.drugs as Drug[];
      truth.push({
        ...t,
        drug_count: new Set(drugs.map((d) => d.chembl_id)).size,
        approved_count: new Set(drugs.filter((d) => d.is_approved).map((d) => d.chembl_id)).size,
        max_phase: drugs.length ? Math.max(...drugs.map((d) => d.max_phase)) : null,
        safety_warnings: drugs.reduce((a, d) => a + d.safety_warnings.length, 0),
        evidence: ev.get(t.target_id) ?? null,
      });
    }
    const za = z(truth.map((t) => t.association_score));
    const ze = z(truth.map((t) => (t.evidence === null ? null : Math.log(1 + t.evidence))));
    const zn = z(truth.map((t) => t.novelty_score));
    const zp = z(truth.map((t) => t.max_phase));
    const composite = truth.map((_, i) => 0.4 * za[i] + 0.2 * ze[i] + 0.2 * zn[i] + 0.2 * zp[i]);
    const recs = new Map(r.targets.toRecords().map((x) => [x.target_id as string, x]));
    truth.forEach((t, i) => {
      const got = recs.get(t.target_id)!;
      assert.equal(got.drug_count, t.drug_count, t.target_id);
      assert.equal(got.approved_count, t.approved_count);
      assert.equal(got.max_phase, t.max_phase);
      assert.equal(got.safety_warnings, t.safety_warnings);
      assert.equal(got.evidence_count, t.evidence);
      assert.equal(got.white_space, t.association_score >= 0.5 && t.approved_count === 0);
      assert.ok(
        Math.abs((got.composite as number) - composite[i]) < 1e-9,
        `${got.composite} vs ${composite[i]}`,
      );
    });
    const ranks = r.targets.getColumn("rank").toArray();
    assert.deepEqual(ranks, ranks.map((_, i) => i + 1));
    const comps = r.targets.getColumn("composite").toArray() as number[];
    assert.ok(comps.every((c, i) => i === 0 || comps[i - 1] >= c));
  });
});

Deno.test("targetPrioritization() is incomplete when total_targets == topN (PITFALLS 27)", async () => {
  await withSandbox(async (sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 2 });
    const pri = await raw(sb, `${B}/prioritize-targets`, { disease: "breast cancer", topN: 2 });
    assert.equal(pri.data.total_targets, 2);
    assert.equal(r.targets.height, 2);
    assert.equal(r.complete, false);
    assert.ok(r.warnings.some((w) => w.code === "capped"));
    const one = await targetPrioritization(ri, { disease: "breast cancer", topN: 1 });
    assert.equal(one.targets.getColumn("rank").get(0), 1);
    assert.equal(one.targets.getColumn("composite").get(0), 0, "a single target has z = 0 everywhere");
  });
});

Deno.test("targetPrioritization() rejects an unresolvable disease with a typed error", async () => {
  await withSandbox(async (_sb, ri) => {
    await assert.rejects(
      () => targetPrioritization(ri, { disease: "qqqq not a disease" }),
      (e: Error) => e.name === "UnresolvedEntityError",
    );
  });
});
