import assert from "node:assert/strict";
import { targetPrioritization } from "../../lib/analyses/target_prioritization.ts";
import { raw, withSandbox } from "../frames/_raw.ts";

const B = "/api/v1/tools/biology";
type Drug = { chembl_id: string; is_approved: boolean; max_phase: number; safety_warnings: string[] };

/** The documented composite, on fixed scales, written out independently of the analysis. */
function composite(
  t: { association_score: number; novelty_score: number },
  evidence: number | null,
  maxPhase: number | null,
  w = [0.4, 0.2, 0.2, 0.2],
): number {
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  const terms = [
    clamp(t.association_score),
    evidence === null ? 0 : clamp(Math.log10(1 + evidence) / 3),
    clamp(t.novelty_score),
    maxPhase === null ? 0 : clamp(maxPhase / 4),
  ];
  return terms.reduce((a, x, i) => a + w[i] * x, 0) / w.reduce((a, b) => a + b, 0);
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
    const want = truth.map((t) => composite(t, t.evidence, t.max_phase));
    const recs = new Map(r.targets.toRecords().map((x) => [x.target_id as string, x]));
    truth.forEach((t, i) => {
      const got = recs.get(t.target_id)!;
      assert.equal(got.drug_count, t.drug_count, t.target_id);
      assert.equal(got.approved_count, t.approved_count);
      assert.equal(got.max_phase, t.max_phase);
      assert.equal(got.safety_warnings, t.safety_warnings);
      assert.equal(got.evidence_count, t.evidence);
      assert.equal(
        got.white_space,
        t.association_score >= 0.5 && (t as unknown as { approved_drugs: number }).approved_drugs === 0,
      );
      assert.ok(Math.abs((got.composite as number) - want[i]) < 1e-9, `${got.composite} vs ${want[i]}`);
    });
    const ranks = r.targets.getColumn("rank").toArray();
    assert.deepEqual(ranks, ranks.map((_, i) => i + 1));
    const comps = r.targets.getColumn("composite").toArray() as number[];
    assert.ok(comps.every((c, i) => i === 0 || comps[i - 1] >= c));
  });
});

Deno.test("targetPrioritization() settles completeness with one more target (PITFALLS 27)", async () => {
  await withSandbox(async (sb, ri) => {
    const disease = "breast cancer";
    const all = (await raw(sb, `${B}/prioritize-targets`, { disease, topN: 200 })).data;
    const n = all.total_targets as number;
    assert.ok(n > 3 && n < 200, `fixture: ${n} targets`);
    // Exactly as many as exist: the service says total == topN ("more may exist"); one more call settles it.
    const exact = await targetPrioritization(ri, { disease, topN: n });
    assert.equal((await raw(sb, `${B}/prioritize-targets`, { disease, topN: n })).data.total_targets, n);
    assert.equal(exact.targets.height, n);
    assert.equal(exact.complete, true);
    assert.ok(!exact.warnings.some((w) => w.code === "capped"), JSON.stringify(exact.warnings));
    // Fewer than exist: incomplete, and the kept ones are the top by association score.
    const two = await targetPrioritization(ri, { disease, topN: 2 });
    assert.equal(two.targets.height, 2);
    assert.equal(two.complete, false);
    assert.ok(two.warnings.some((w) => w.code === "capped" && w.message.includes("More than topN")));
    const top2 = (await raw(sb, `${B}/prioritize-targets`, { disease, topN: 2 })).data.targets
      .map((t: { target_id: string }) => t.target_id).sort();
    assert.deepEqual((two.targets.getColumn("target_id").toArray() as string[]).sort(), top2);
  });
});

Deno.test("targetPrioritization() scores do not depend on topN, and a target without drugs is least tractable", async () => {
  await withSandbox(async (_sb, ri) => {
    const disease = "breast cancer";
    const small = await targetPrioritization(ri, { disease, topN: 3 });
    const big = await targetPrioritization(ri, { disease, topN: 200 });
    const inBig = new Map(big.targets.toRecords().map((t) => [t.target_id, t.composite]));
    for (const t of small.targets.toRecords()) {
      assert.ok(
        Math.abs((t.composite as number) - (inBig.get(t.target_id) as number)) < 1e-12,
        String(t.target_id),
      );
    }
    const undrugged = big.targets.toRecords().filter((t) => t.drug_count === 0);
    assert.ok(undrugged.length > 0, "fixture has a target with no drug");
    for (const t of undrugged) assert.equal(t.tractability, 0);
    assert.ok(big.definitions?.composite.includes("no drug = 0"));
    // Weights are the caller's: tractability only ranks by max phase.
    const tract = await targetPrioritization(ri, {
      disease,
      topN: 200,
      weights: { association: 0, evidence: 0, novelty: 0, tractability: 1 },
    });
    const phases = tract.targets.getColumn("tractability").toArray() as number[];
    assert.ok(phases.every((p, i) => i === 0 || phases[i - 1] >= p));
    await assert.rejects(
      () => targetPrioritization(ri, { disease, weights: { association: -1 } }),
      RangeError,
    );
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

Deno.test("targetPrioritization() on the spec-minimal profile: terms without data leave the composite, and say so", async () => {
  await withSandbox(async (sb, ri) => {
    const disease = "breast cancer";
    const r = await targetPrioritization(ri, { disease, topN: 200 });
    const pri = (await raw(sb, `${B}/prioritize-targets`, { disease, topN: 200 })).data;
    assert.ok(!("disease" in pri), "the spec-minimal answer has no disease object");
    const terms = r.warnings.filter((w) => w.code === "term-unavailable").map((w) => w.message).join(" ");
    assert.match(terms, /evidence term is left out/);
    assert.match(terms, /tractability term is left out/);
    assert.match(r.definitions!.composite, /without evidence and tractability/);
    // Composite = (0.4·association + 0.2·novelty) / 0.6, from the raw rows; white space from approved_drugs.
    const want = new Map(
      (pri.targets as {
        target_id: string;
        association_score: number;
        novelty_score: number;
        approved_drugs: number;
      }[])
        .map((t) => [t.target_id, { c: (0.4 * t.association_score + 0.2 * t.novelty_score) / 0.6, t }]),
    );
    for (const got of r.targets.toRecords()) {
      const w = want.get(got.target_id as string)!;
      assert.ok(Math.abs((got.composite as number) - w.c) < 1e-9, String(got.target_id));
      assert.equal(got.white_space, w.t.association_score >= 0.5 && w.t.approved_drugs === 0);
      assert.equal(got.tractability, null);
    }
  }, { profile: "spec-minimal" });
});
