/**
 * Biology handlers over a hand-built fixture store, validated like the HTTP pipeline validates them.
 */
import assert from "node:assert/strict";
import type { DatabaseSync } from "node:sqlite";
import { handlers } from "../../lib/sandbox/handlers/biology.ts";
import { invoke } from "./_invoke.ts";
import type { EndpointName } from "../../lib/client/endpoints/mod.ts";
import { SandboxError } from "../../lib/sandbox/handler.ts";
import * as B from "../../lib/client/schemas/biology.ts";
import { fixtureStore, get, rows, withSandbox } from "./_helpers.ts";

function fixture(): DatabaseSync {
  const { db, run } = fixtureStore();
  run(
    "INSERT INTO targets VALUES (?,?,?,'kinase',?)",
    ["ENSG01", "EGFR", "Epidermal growth factor receptor", 0.1],
    ["ENSG02", "KRAS", "GTPase KRas", 0.5],
    ["ENSG03", "NOVEL1", "Novel protein 1", 0.95],
    ["ENSG04", "ORPH", "Orphan protein", 0.7],
    ["ENSG05", "ERBB2", "Receptor tyrosine-protein kinase erbB-2", 0.2],
  );
  run("INSERT INTO target_aliases VALUES (?,?)", ["ENSG01", "HER1"], ["ENSG01", "ERBB1"]);
  run(
    "INSERT INTO diseases VALUES (?,?,?,?,'oncology',?)",
    ["EFO:0000311", "EFO_0000311", "cancer", null, "cancer"],
    ["EFO:0003060", "EFO_0003060", "non-small cell lung carcinoma", "EFO:0000311", "NSCLC"],
  );
  run("INSERT INTO disease_synonyms VALUES (?,?)", ["EFO:0003060", "NSCLC"]);
  run(
    "INSERT INTO associations VALUES (?,?,?,?)",
    ["ENSG01", "EFO:0003060", 0.9, 100],
    ["ENSG02", "EFO:0003060", 0.7, 50],
    ["ENSG03", "EFO:0003060", 0.3, 3],
    ["ENSG01", "EFO:0000311", 0.05, 1],
  );
  run(
    "INSERT INTO molecules VALUES (?,?,?,'Small molecule',0,'small_molecules_modern',?,?,NULL,?,?,?,NULL)",
    ["CHEMBL1", "osimertinib", null, 4, 1, 0, null, "EGFR inhibitor"],
    ["CHEMBL2", "osimertinib mesylate", "CHEMBL1", 4, 1, 0, null, null],
    ["CHEMBL3", "erlotinib", null, 4, 1, 1, "Hepatotoxicity", "EGFR inhibitor"],
    ["CHEMBL4", "sotorasib", null, 4, 1, 0, null, "KRAS inhibitor"],
    ["CHEMBL5", "amivantamab", null, 3, 0, 0, null, "EGFR antibody"],
    ["CHEMBL6", "notargetdrug", null, 1, 0, 0, null, null],
  );
  run(
    "INSERT INTO molecule_names VALUES (?,?,?)",
    ["CHEMBL1", "osimertinib", "generic"],
    ["CHEMBL1", "Tagrisso", "brand"],
    ["CHEMBL2", "osimertinib mesylate", "salt"],
    ["CHEMBL6", "notargetdrug", "generic"],
  );
  run(
    "INSERT INTO molecule_targets VALUES (?,?,?,?)",
    ["CHEMBL1", "ENSG01", "INHIBITOR", "EGFR inhibitor"],
    ["CHEMBL2", "ENSG05", "INHIBITOR", "HER2 inhibitor"],
    ["CHEMBL3", "ENSG01", "INHIBITOR", "EGFR inhibitor"],
    ["CHEMBL4", "ENSG02", "INHIBITOR", "KRAS G12C inhibitor"],
    ["CHEMBL5", "ENSG01", "ANTIBODY", "EGFR antibody"],
  );
  run("INSERT INTO molecule_indications VALUES (?,?,?)", ["CHEMBL1", "EFO:0003060", 4], [
    "CHEMBL1",
    "EFO:0000311",
    2,
  ]);
  run(
    "INSERT INTO trial_conditions VALUES (?,0,?,'x')",
    ["NCT1", "EFO:0003060"],
    ["NCT2", "EFO:0003060"],
    ["NCT3", "EFO:0003060"],
    ["NCT4", "EFO:0000311"],
  );
  run(
    "INSERT INTO trial_interventions VALUES (?,0,?,'x','DRUG')",
    ["NCT1", "CHEMBL2"],
    ["NCT2", "CHEMBL4"],
    ["NCT3", "CHEMBL3"],
    ["NCT4", "CHEMBL1"],
  );
  run(
    "INSERT INTO trial_sponsors VALUES (?,?,?,?,'lead')",
    ["NCT1", "organizations/az", "AstraZeneca", "ASTRAZENECA AB"],
    ["NCT4", "organizations/az", "AstraZeneca", "AstraZeneca"],
    ["NCT3", "organizations/roche", "Roche", "Roche"],
  );
  return db;
}

const db = fixture();
const call = (name: EndpointName, query: Record<string, string>) => invoke(db, handlers, name, { query });
const fails = (name: EndpointName, query: Record<string, string>, status = 500): SandboxError => {
  try {
    call(name, query);
  } catch (e) {
    assert.ok(e instanceof SandboxError);
    assert.equal(e.status, status);
    return e;
  }
  assert.fail(`expected ${status}`);
};

Deno.test("biology.associations resolves targets first, then diseases, filtering by minScore", () => {
  const egfr = B.AssociationsResponse.parse(call("biology.associations", { entity: "egfr" })).data;
  assert.deepEqual(egfr.entity, { id: "ENSG01", name: "EGFR", type: "target" });
  assert.deepEqual(egfr.associations.map((a) => a.disease_id), ["EFO:0003060"]);
  const all =
    B.AssociationsResponse.parse(call("biology.associations", { entity: "HER1", minScore: "0" })).data;
  assert.equal(all.associations.length, 2);
  for (const d of ["NSCLC", "EFO_0003060", "EFO:0003060", "Non-Small Cell Lung Carcinoma"]) {
    const body = B.AssociationsResponse.parse(call("biology.associations", { entity: d })).data;
    assert.equal(body.entity!.type, "disease");
    assert.deepEqual(body.associations.map((a) => a.target_symbol), ["EGFR", "KRAS", "NOVEL1"]);
  }
  const top =
    B.AssociationsResponse.parse(call("biology.associations", { entity: "NSCLC", limit: "1" })).data;
  assert.deepEqual(top.associations.map((a) => [a.target_symbol, a.score, a.evidence_count]), [[
    "EGFR",
    0.9,
    100,
  ]]);
});

Deno.test("biology.associations: resolved but below minScore → empty; unresolvable → 500 naming it", () => {
  assert.deepEqual(
    B.AssociationsResponse.parse(call("biology.associations", { entity: "ORPH" })).data.associations,
    [],
  );
  const e = fails("biology.associations", { entity: "atorvastatin" });
  assert.equal(e.input, "atorvastatin");
  assert.match(e.message, /atorvastatin/);
});

Deno.test("biology.drugToTargets resolves brand and salt names and aggregates across forms", () => {
  for (const name of ["Tagrisso", "osimertinib mesylate", "OSIMERTINIB", "CHEMBL2"]) {
    const d = B.DrugToTargetsResponse.parse(call("biology.drugToTargets", { drug: name })).data;
    assert.deepEqual(d.drug!.chembl_id, "CHEMBL1", name);
    assert.deepEqual(d.targets.map((t) => t.symbol), ["EGFR", "ERBB2"]);
    assert.deepEqual(d.related_forms, [{ chembl_id: "CHEMBL2", name: "osimertinib mesylate" }]);
  }
  assert.deepEqual(
    B.DrugToTargetsResponse.parse(call("biology.drugToTargets", { drug: "notargetdrug" })).data.targets,
    [],
  );
  assert.equal(fails("biology.drugToTargets", { drug: "aspirin" }).input, "aspirin");
});

Deno.test("biology.prioritizeTargets selects top-N by score, then re-orders only that set", () => {
  const byScore =
    B.PrioritizeTargetsResponse.parse(call("biology.prioritizeTargets", { efo_id: "EFO:0003060", topN: "2" }))
      .data;
  assert.deepEqual(byScore.targets.map((t) => t.symbol), ["EGFR", "KRAS"]);
  assert.equal(byScore.total_targets, 2);
  assert.deepEqual(byScore.targets[0], {
    target_name: "Epidermal growth factor receptor",
    association_score: 0.9,
    approved_drugs: 2,
    trials_in_disease: 2,
    novelty_score: 0.1,
    target_id: "ENSG01",
    symbol: "EGFR",
  });
  const novelty = B.PrioritizeTargetsResponse.parse(call("biology.prioritizeTargets", {
    efo_id: "EFO:0003060",
    topN: "2",
    sortBy: "novelty",
  })).data;
  assert.deepEqual(novelty.targets.map((t) => t.symbol), ["KRAS", "EGFR"]);
  const all = B.PrioritizeTargetsResponse.parse(
    call("biology.prioritizeTargets", { disease: "nsclc", sortBy: "novelty" }),
  )
    .data;
  assert.deepEqual(all.targets.map((t) => t.symbol), ["NOVEL1", "KRAS", "EGFR"]);
  assert.equal(all.total_targets, 3);
  const min = B.PrioritizeTargetsResponse.parse(
    call("biology.prioritizeTargets", { disease: "NSCLC", minScore: "0.5" }),
  );
  assert.equal(min.data.total_targets, 2);
});

Deno.test("biology.prioritizeTargets: efo_id wins; malformed or unknown efo_id and unknown disease → 500", () => {
  const d = B.PrioritizeTargetsResponse.parse(
    call("biology.prioritizeTargets", { efo_id: "EFO:0003060", disease: "cancer" }),
  )
    .data;
  assert.equal(d.disease!.name, "non-small cell lung carcinoma");
  assert.equal(fails("biology.prioritizeTargets", { efo_id: "EFO_0003060" }).parameter, "efo_id");
  assert.equal(fails("biology.prioritizeTargets", { efo_id: "EFO:9999999" }).input, "EFO:9999999");
  assert.equal(fails("biology.prioritizeTargets", { disease: "Unknownitis" }).parameter, "disease");
  fails("biology.prioritizeTargets", {}, 400);
});

Deno.test("biology.targetLandscape lists modulating drugs with approval, safety, phase, trials and sponsors", () => {
  const body = B.TargetDrugsResponse.parse(
    call("biology.targetLandscape", { target: "Epidermal growth factor receptor" }),
  );
  const drugs = body.data.drugs;
  assert.deepEqual(drugs.map((d) => d.drug_name), ["erlotinib", "osimertinib", "amivantamab"]);
  assert.deepEqual(drugs[0].safety_warnings, ["Hepatotoxicity"]);
  const osi = drugs[1];
  assert.equal(osi.max_phase, 4);
  assert.equal(osi.is_approved, true);
  assert.equal(osi.trial_count, 2);
  assert.deepEqual(osi.sponsors, ["AstraZeneca"]);
  assert.deepEqual(osi.indications, ["non-small cell lung carcinoma", "cancer"]);
  assert.deepEqual(
    B.TargetDrugsResponse.parse(call("biology.targetLandscape", { target: "orph" })).data.drugs,
    [],
  );
  assert.equal(fails("biology.targetLandscape", { target: "NOPE1" }).input, "NOPE1");
});

Deno.test("biology.targetToDrugs matches action exactly and case-sensitively", () => {
  const names = (q: Record<string, string>) =>
    B.TargetDrugsResponse.parse(call("biology.targetToDrugs", q)).data.drugs.map((d) => d.drug_name);
  assert.deepEqual(names({ target: "EGFR" }), ["erlotinib", "osimertinib", "amivantamab"]);
  assert.deepEqual(names({ target: "EGFR", action: "INHIBITOR" }), ["erlotinib", "osimertinib"]);
  assert.deepEqual(names({ target: "EGFR", action: "inhibitor" }), []);
  assert.deepEqual(names({ target: "ERBB1", action: "ANTIBODY" }), ["amivantamab"]);
  assert.equal(fails("biology.targetToDrugs", { target: "bogus" }).parameter, "target");
});

Deno.test("biology endpoints over HTTP against the generated store", async (t) => {
  await withSandbox(async (sb) => {
    const B_ = "/api/v1/tools/biology";
    await t.step("associations: scores sorted and above minScore; unresolvable → 500 naming it", async () => {
      const body =
        B.AssociationsResponse.parse((await get(sb, `${B_}/associations`, { entity: "EGFR" })).body).data;
      const scores = body.associations.map((a) => a.score);
      assert.ok(scores.length > 0 && scores.every((s, i) => s! >= 0.1 && (i === 0 || scores[i - 1]! >= s!)));
      const bad = await get(sb, `${B_}/associations`, { entity: "Zzyzx-9" });
      assert.equal(bad.status, 500);
      assert.equal(bad.body.error.input, "Zzyzx-9");
    });
    await t.step("drug-to-targets: brand and salt names reach the same parent", async () => {
      const salt = rows<{ name: string; parent: string }>(
        sb,
        `SELECT n.name, m.parent_chembl_id AS parent FROM molecule_names n JOIN molecules m ON m.chembl_id = n.chembl_id
         WHERE n.kind = 'salt' AND m.parent_chembl_id IS NOT NULL ORDER BY n.name LIMIT 1`,
      )[0];
      const d =
        B.DrugToTargetsResponse.parse((await get(sb, `${B_}/drug-to-targets`, { drug: salt.name })).body)
          .data;
      assert.equal(d.drug!.chembl_id, salt.parent);
      assert.ok(d.related_forms!.length > 0);
      assert.equal((await get(sb, `${B_}/drug-to-targets`, { drug: "notadrugatall" })).status, 500);
    });
    await t.step("prioritize-targets: sortBy re-orders the same top-N set", async () => {
      const q = { efo_id: "EFO:0003060", topN: 5 };
      const score =
        B.PrioritizeTargetsResponse.parse((await get(sb, `${B_}/prioritize-targets`, q)).body).data;
      const nov = B.PrioritizeTargetsResponse.parse(
        (await get(sb, `${B_}/prioritize-targets`, { ...q, sortBy: "novelty" })).body,
      ).data;
      assert.equal(score.total_targets, score.targets.length);
      assert.ok(score.total_targets <= 5);
      assert.deepEqual(
        nov.targets.map((x) => x.target_id).sort(),
        score.targets.map((x) => x.target_id).sort(),
      );
      assert.equal((await get(sb, `${B_}/prioritize-targets`, { efo_id: "EFO_0003060" })).status, 500);
    });
    await t.step("target-landscape and target-to-drugs: exact action match, fixed cap", async () => {
      const land =
        B.TargetDrugsResponse.parse((await get(sb, `${B_}/target-landscape`, { target: "egfr" })).body).data;
      assert.ok(land.drugs.length > 0);
      const inhib = B.TargetDrugsResponse.parse(
        (await get(sb, `${B_}/target-to-drugs`, { target: "EGFR", action: "INHIBITOR" })).body,
      ).data;
      assert.ok(inhib.drugs.length > 0 && inhib.drugs.length <= 50);
      assert.ok(inhib.drugs.every((d) => d.action_type === "INHIBITOR"));
      const lower = (await get(sb, `${B_}/target-to-drugs`, { target: "EGFR", action: "inhibitor" })).body;
      assert.deepEqual(lower.data.drugs, []);
      assert.equal((await get(sb, `${B_}/target-landscape`, { target: "NOTAGENE" })).status, 500);
    });
  });
});
