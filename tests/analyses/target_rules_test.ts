/**
 * Target prioritization's rules beyond the ranking (tests/analyses/target_prioritization_test.ts): the
 * composite's written definition with its weights normalised to sum 1, weights that cannot score, the
 * drugs frame's key, and where the disease id for associations comes from when the service's answer has
 * none (spec-minimal): disease autocomplete's exact match, else the term is left out with the closest names.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import {
  compositeDefinition,
  targetPrioritization,
  targetPrioritizationFromFrames,
} from "../../lib/analyses/target_prioritization.ts";
import { isBadInput } from "../../lib/client/mod.ts";
import { keyOf, toFrame } from "../../lib/frames/mod.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { raw, withSandbox } from "../frames/_raw.ts";
import { clientFor, countingFetch, withSandbox as withServer } from "../client/_sandbox.ts";

Deno.test("compositeDefinition(): each weight over the weights' sum, so the written weights sum to 1", () => {
  assert.match(
    compositeDefinition(),
    /^composite = 0\.4·association \+ 0\.2·evidence \+ 0\.2·novelty \+ 0\.2·tractability, /,
  );
  const w = { association: 3, evidence: 1, novelty: 0, tractability: 1 };
  const sum = 3 + 1 + 0 + 1;
  assert.match(
    compositeDefinition(w),
    new RegExp(
      `^composite = ${w.association / sum}·association \\+ ${w.evidence / sum}·evidence \\+ ` +
        `${w.novelty / sum}·novelty \\+ ${w.tractability / sum}·tractability, `,
    ),
  );
});

Deno.test("targetPrioritizationFromFrames(): weights that cannot score are refused, naming them", () => {
  const targets = toFrame("prioritizedTarget", []);
  const drugs = toFrame("targetDrug", []);
  for (const weights of [{ association: 0, evidence: 0, novelty: 0, tractability: 0 }, { novelty: -0.1 }]) {
    assert.throws(
      () => targetPrioritizationFromFrames(targets, drugs, undefined, { weights }),
      (e: unknown) => e instanceof RangeError && isBadInput(e) && e.message.includes(JSON.stringify(weights)),
    );
  }
});

Deno.test("targetPrioritization(): keyed frames, every call in the provenance, definitions as used", async () => {
  await withSandbox(async (_sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 3 });
    assert.ok(r.drugs.height > 0, "fixture: some drugs");
    assert.deepEqual(keyOf(r.drugs), ["target_id", "chembl_id"]);
    assert.deepEqual(keyOf(r.targets), ["target_id"]);
    // One prioritization, one associations call, one landscape per target.
    assert.deepEqual(r.provenance.map((p) => p.endpoint), [
      "biology.prioritizeTargets",
      "biology.associations",
      ...Array(3).fill("biology.targetLandscape"),
    ]);
    assert.equal(r.definitions?.composite, compositeDefinition(), "every term had data");
    assert.equal(r.definitions?.white_space, "association_score ≥ 0.5 and no approved drug on the target");
    const strict = await targetPrioritization(ri, {
      disease: "breast cancer",
      topN: 3,
      whiteSpaceMinScore: 0.7,
    });
    assert.match(strict.definitions?.white_space ?? "", /^association_score ≥ 0\.7 /);
  });
});

Deno.test("targetPrioritization() on the spec-minimal profile asks associations for autocomplete's exact match", async () => {
  await withSandbox(async (sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "Breast Cancer", topN: 3 });
    const assoc = r.provenance.filter((p) => p.endpoint === "biology.associations");
    assert.equal(assoc.length, 1, "associations were asked for");
    const efo = (await (await fetch(new URL("/api/v1/diseases/autocomplete?q=breast%20cancer", sb.url), {
      headers: { "x-api-key": sb.keys.pro },
    })).json()).data.find((d: { name: string }) => d.name.toLowerCase() === "breast cancer").efo_id;
    assert.equal(assoc[0].params.entity, efo);
    // They carry no evidence fields there: that, not a missing disease id, is why the term is left out.
    const terms = r.warnings.filter((w) => w.code === "term-unavailable").map((w) => w.message);
    assert.ok(
      terms.some((m) => m.startsWith("The associations carry no target_id/evidence_count")),
      terms[0],
    );
  }, { profile: "spec-minimal" });
});

Deno.test("targetPrioritization() without any disease id leaves evidence out and names the closest diseases", async () => {
  const autocomplete = HANDLERS["diseases.autocomplete"];
  // Autocomplete knows the disease only under a longer name: no exact match.
  const loose: Handler = async (ctx) => {
    const body = await autocomplete(ctx) as { data: { name: string }[] };
    return { ...body, data: body.data.map((d) => ({ ...d, name: `${d.name} (disorder)` })) };
  };
  await withSandbox(async (_sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 3 });
    assert.equal(r.targets.height, 3);
    assert.ok(!r.provenance.some((p) => p.endpoint === "biology.associations"), "no id to ask with");
    assert.deepEqual(r.targets.getColumn("evidence_count").toArray(), [null, null, null]);
    const note = r.warnings.find((w) => w.message.startsWith("No disease id for 'breast cancer'"));
    assert.equal(note?.code, "term-unavailable");
    assert.match(note!.message, /; closest: breast cancer \(disorder\)/);
  }, { profile: "spec-minimal", handlers: { "diseases.autocomplete": loose } });
});

/** A handler that rewrites the real one's `data`. */
const bent = (name: string, edit: (data: Record<string, unknown>) => void): Handler => async (ctx) => {
  const body = await HANDLERS[name](ctx) as { data: Record<string, unknown> };
  const data = structuredClone(body.data);
  edit(data);
  return { ...body, data };
};

Deno.test("targetPrioritization(): associations with target ids but no evidence counts leave the evidence term out", async () => {
  const noEvidence = bent("biology.associations", (d) => {
    for (const a of d.associations as Record<string, unknown>[]) delete a.evidence_count;
  });
  await withSandbox(async (_sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 3 });
    assert.ok(
      r.warnings.some((w) => w.message.startsWith("The associations carry no target_id/evidence_count")),
    );
    assert.match(r.definitions!.composite, /\(without evidence: no data from the service\)$/);
  }, { handlers: { "biology.associations": noEvidence } });
});

Deno.test("targetPrioritization(): a drug without max_phase among drugs with one keeps the tractability term", async () => {
  const firstBare = bent("biology.targetLandscape", (d) => {
    const drugs = d.drugs as Record<string, unknown>[];
    if (drugs.length > 1) delete drugs[0].max_phase;
  });
  await withSandbox(async (_sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 200 });
    assert.ok(!r.warnings.some((w) => w.code === "term-unavailable"), "every term has data");
    assert.ok(r.targets.getColumn("tractability").toArray().some((t) => (t as number) > 0));
  }, { handlers: { "biology.targetLandscape": firstBare } });
});

Deno.test("targetPrioritization(): at topN 200, the limit, a service counting 200 or more may be incomplete", async () => {
  const many = bent("biology.prioritizeTargets", (d) => {
    d.total_targets = 250;
  });
  await withSandbox(async (_sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 200 });
    assert.equal(r.complete, false);
    assert.ok(r.warnings.some((w) => w.code === "capped" && /may be incomplete/.test(w.message)));
    const fewer = await targetPrioritization(ri, { disease: "breast cancer", topN: 199 });
    assert.ok(!fewer.warnings.some((w) => w.code === "capped" && /may be incomplete/.test(w.message)));
  }, { handlers: { "biology.prioritizeTargets": many } });
});

Deno.test("targetPrioritization(): 100 associations back (the cap) is said to leave some targets without evidence", async () => {
  const hundred = bent("biology.associations", (d) => {
    const rows = d.associations as Record<string, unknown>[];
    d.associations = Array.from({ length: 100 }, (_, i) => ({ ...rows[i % rows.length] }));
  });
  await withSandbox(async (_sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 1 });
    assert.ok(r.warnings.some((w) => w.code === "capped" && /^Associations capped at 100/.test(w.message)));
  }, { handlers: { "biology.associations": hundred } });
  await withSandbox(async (_sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 1 });
    assert.ok(!r.warnings.some((w) => /^Associations capped/.test(w.message)), "fewer than 100: no notice");
  });
});

Deno.test("composite terms: each weight alone scores; a served score outside 0–1 counts as its nearest bound", () => {
  const t = (id: string, association_score: number, novelty_score: number) => ({
    target_id: id,
    target_name: id,
    association_score,
    novelty_score,
    approved_drugs: 1,
    trials_in_disease: 1,
  });
  const targets = toFrame("prioritizedTarget", [t("T1", 1.5, -0.5), t("T2", 0.5, 0.25)]);
  const drugs = toFrame("targetDrug", []).withColumns(pl.lit(null).cast(pl.Utf8).alias("target_id"));
  const composite = (w: Record<string, number>) =>
    targetPrioritizationFromFrames(targets, drugs, undefined, { weights: w }).sort("target_id")
      .getColumn("composite").toArray();
  const none = { association: 0, evidence: 0, novelty: 0, tractability: 0 };
  assert.deepEqual(composite({ ...none, association: 1 }), [1, 0.5], "1.5 is 1");
  assert.deepEqual(composite({ ...none, novelty: 1 }), [0, 0.25], "-0.5 is 0");
  assert.deepEqual(composite({ ...none, evidence: 1 }), [0, 0], "no evidence: 0");
  assert.deepEqual(composite({ ...none, tractability: 1 }), [0, 0], "no drug: least tractable");
});

Deno.test("targetPrioritization(): parameters are checked before any request; topN defaults to 20", async () => {
  await withServer(async (sb) => {
    const f = countingFetch();
    const ri = clientFor(sb, { fetch: f.fetch });
    await assert.rejects(targetPrioritization(ri, { disease: "lung cancer", topN: 500 }), RangeError);
    assert.equal(f.count(), 0);
    const r = await targetPrioritization(ri, { disease: "lung cancer" });
    assert.equal(r.targets.height, 20, "fixture: lung cancer has more than 20 targets");
    assert.equal(r.complete, false);
  });
});

Deno.test("targetPrioritization(): no target above the minimum score gives empty frames, not an error", async () => {
  await withSandbox(async (_sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", minScore: 1 });
    assert.equal(r.targets.height, 0);
    assert.equal(r.drugs.height, 0);
    assert.ok(r.drugs.columns.includes("chembl_id") && r.drugs.columns.includes("target_id"));
  });
});

Deno.test("targetPrioritization(): the extra target dropped at the cut is the lowest score, ties by target id", async () => {
  // Every target scores the same, served in reverse id order: the cut keeps the first ids.
  const tied = bent("biology.prioritizeTargets", (d) => {
    const ts = d.targets as Record<string, unknown>[];
    for (const t of ts) t.association_score = 0.5;
    ts.sort((a, b) => String(b.target_id).localeCompare(String(a.target_id)));
  });
  await withSandbox(async (sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 3 });
    // The four served for topN 3 (one more settles completeness), as plain HTTP sees them.
    const served =
      (await raw(sb, "/api/v1/tools/biology/prioritize-targets", { disease: "breast cancer", topN: 4 }))
        .data.targets as { target_id: string }[];
    const ids = served.map((t) => t.target_id).sort();
    assert.notDeepEqual(
      served.map((t) => t.target_id).slice(0, 3).sort(),
      ids.slice(0, 3),
      "fixture: order differs",
    );
    assert.deepEqual((r.targets.getColumn("target_id").toArray() as string[]).sort(), ids.slice(0, 3));
  }, { handlers: { "biology.prioritizeTargets": tied } });
});

Deno.test("targetPrioritization(): some associations without evidence, or targets without drugs, keep their terms", async () => {
  const firstBare = bent("biology.associations", (d) => {
    delete (d.associations as Record<string, unknown>[])[0].evidence_count;
  });
  const noDrugs = bent("biology.targetLandscape", (d) => {
    d.drugs = [];
  });
  await withSandbox(async (_sb, ri) => {
    const r = await targetPrioritization(ri, { disease: "breast cancer", topN: 5 });
    assert.ok(!r.warnings.some((w) => w.code === "term-unavailable"), JSON.stringify(r.warnings));
    assert.ok(r.targets.getColumn("evidence_count").toArray().some((e) => e !== null));
    assert.deepEqual(
      r.targets.getColumn("tractability").toArray(),
      Array(5).fill(0),
      "no drug: 0, not unknown",
    );
  }, { handlers: { "biology.associations": firstBare, "biology.targetLandscape": noDrugs } });
});
