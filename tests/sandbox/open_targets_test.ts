/**
 * Open Targets Platform release files imported with the other public fixtures (Orange Book, Part D,
 * ClinicalTrials.gov) and served over HTTP: the five biology endpoints, disease autocomplete and landscape,
 * Medicare's molecules and indications, loss-of-exclusivity shares and the regulatory landscape's tiers —
 * each figure checked against the fixture files (the JSON-lines copy of the release is read independently
 * here). The JSON-lines release under its older dataset names imports the same; bad input is refused naming
 * the file; the regulatory landscape has rows without Open Targets too.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import pl from "nodejs-polars";
import * as A from "../../lib/analyses/mod.ts";
import { createClient } from "../../lib/client/mod.ts";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { DATASETS, phaseOf, SHAPES } from "../../lib/sandbox/import/open_targets.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { dropStore, get, importedStore, P, post } from "./_helpers.ts";

const FX = new URL("../fixtures/public/", import.meta.url).pathname;
const PARQUET = `${FX}open_targets/25.03`;
const JSONL = `${FX}open_targets/24.09`;
const TODAY = "2026-11-21";

// deno-lint-ignore no-explicit-any
type Rec = Record<string, any>;

/** A dataset of the JSON-lines copy of the fixture release, read line by line (independent of the importer). */
function fixture(name: string): Rec[] {
  const dir = `${JSONL}/output/etl/json/${name}`;
  return [...Deno.readDirSync(dir)].filter((e) => e.name.endsWith(".json")).map((e) => e.name).sort()
    .flatMap((f) =>
      Deno.readTextFileSync(`${dir}/${f}`).split("\n").filter(Boolean).map((l) => JSON.parse(l))
    );
}

const BIO = "/api/v1/tools/biology";

Deno.test("Open Targets: the five biology endpoints answer from the release files", async () => {
  const store = await importedStore({ openTargets: PARQUET });
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const associations = fixture("associationByOverallDirect");
    const targets = fixture("targets");
    const symbol = (id: string) => targets.find((t) => t.id === id)!.approvedSymbol;

    // associations: a disease by a synonym of the file ("breast cancer" → EFO_0000305), minScore 0.1 by default.
    const a = await get(sb, `${BIO}/associations`, { entity: "breast cancer" }, "pro");
    assert.equal(a.status, 200, a.text);
    assert.equal(a.headers.get("x-data-missing"), null, "biology is no longer declared missing");
    assert.match(a.headers.get("x-data-source") ?? "", /open_targets=25\.03@25\.03/);
    const breast = associations.filter((r) => r.diseaseId === "EFO_0000305" && r.score >= 0.1)
      .sort((x, y) => y.score - x.score);
    assert.deepEqual(a.body.data.entity, { id: "EFO:0000305", name: "breast carcinoma", type: "disease" });
    assert.deepEqual(
      a.body.data.associations.map((r: Rec) => [r.target_symbol, r.score, r.evidence_count]),
      breast.map((r) => [symbol(r.targetId), r.score, r.evidenceCount]),
      "every association of the file above 0.1, by score (the 0.042 one left out)",
    );
    const byTarget = await get(sb, `${BIO}/associations`, { entity: "cdk4" }, "pro");
    assert.deepEqual(byTarget.body.data.associations.map((r: Rec) => r.disease_name), ["breast carcinoma"]);

    // drug-to-targets: by trade name (the parent's targets), and by a salt form's name.
    const ibrance = await get(sb, `${BIO}/drug-to-targets`, { drug: "IBRANCE" }, "pro");
    assert.equal(ibrance.status, 200, ibrance.text);
    assert.equal(ibrance.body.data.drug.chembl_id, "CHEMBL189963");
    assert.deepEqual(ibrance.body.data.targets.map((t: Rec) => [t.symbol, t.action_type]), [
      ["CDK4", "INHIBITOR"],
      ["CDK6", "INHIBITOR"],
    ]);
    assert.deepEqual(ibrance.body.data.related_forms, [{
      chembl_id: "CHEMBL3301609",
      name: "palbociclib isethionate",
    }]);
    const salt = await get(sb, `${BIO}/drug-to-targets`, { drug: "Warfarin Sodium" }, "pro");
    assert.equal(salt.body.data.drug.name, "warfarin", "a salt form resolves to its parent");
    assert.deepEqual(salt.body.data.targets.map((t: Rec) => t.symbol), ["VKORC1"]);

    // prioritize-targets: the disease's associations; approved drugs and trials of the disease per target.
    const p = await get(sb, `${BIO}/prioritize-targets`, { efo_id: "EFO:0000305", topN: 10 }, "pro");
    assert.equal(p.status, 200, p.text);
    const all = associations.filter((r) => r.diseaseId === "EFO_0000305").sort((x, y) => y.score - x.score);
    assert.deepEqual(p.body.data.targets.map((t: Rec) => t.symbol), all.map((r) => symbol(r.targetId)));
    const cdk4 = p.body.data.targets.find((t: Rec) => t.symbol === "CDK4");
    assert.equal(cdk4.approved_drugs, 1, "palbociclib; trilaciclib (phase 3) is not approved");
    assert.equal(cdk4.trials_in_disease, 2, "NCT05000001 and NCT05000005 test palbociclib in breast cancer");

    // target-landscape and target-to-drugs.
    const land = await get(sb, `${BIO}/target-landscape`, { target: "CDK4" }, "pro");
    assert.deepEqual(
      land.body.data.drugs.map((d: Rec) => [d.drug_name, d.max_phase, d.is_approved, d.trial_count]),
      [["palbociclib", 4, true, 2], ["trilaciclib", 3, false, 0]],
    );
    assert.deepEqual(land.body.data.drugs[0].sponsors, ["Pfizer"]);
    assert.deepEqual(land.body.data.drugs[0].indications, ["breast carcinoma"]);
    const f10 = await get(sb, `${BIO}/target-to-drugs`, {
      target: "coagulation factor X",
      action: "INHIBITOR",
    }, "pro");
    assert.deepEqual(f10.body.data.drugs.map((d: Rec) => d.drug_name), ["apixaban"]);
    const boxed = fixture("drugWarnings").find((w) => w.chemblIds.includes("CHEMBL231779"))!;
    assert.deepEqual(
      f10.body.data.drugs[0].safety_warnings,
      [`${boxed.toxicityClass}: ${boxed.description}`],
      "the boxed warning's class and words (drug warning file)",
    );
    const none = await get(sb, `${BIO}/target-to-drugs`, { target: "F10", action: "AGONIST" }, "pro");
    assert.deepEqual(none.body.data.drugs, []);
  } finally {
    await dropStore(store);
  }
});

Deno.test("Open Targets: diseases by name, synonym and MeSH; the disease landscape, Medicare indications and tiers", async () => {
  const store = await importedStore({ openTargets: PARQUET });
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ac = await get(sb, P.autocomplete, { q: "breast" }, "pro");
    assert.deepEqual(ac.body.data, [
      { name: "breast carcinoma", efo_id: "EFO:0000305" },
      { name: "HER2-negative Breast Cancer", efo_id: ac.body.data[1]?.efo_id },
    ], "the ontology disease first; a condition no ontology name matches is its own disease");
    const af = await get(sb, P.autocomplete, { q: "auricular" }, "pro");
    assert.deepEqual(af.body.data, [{ name: "atrial fibrillation", efo_id: "EFO:0000275" }], "by a synonym");

    const db = new DatabaseSync(store, { readOnly: true });
    try {
      // "Breast Neoplasms" is the study's MeSH term D001943; the disease file cross-references it.
      const linked = db.prepare(
        "SELECT disease_id FROM trial_conditions WHERE trial_id = 'NCT05000001' AND position = 0",
      )
        .get() as Rec;
      assert.equal(linked.disease_id, "EFO:0000305");
      const cf = fixture("diseases").find((d) => d.id === "MONDO_0009061")!;
      assert.ok(cf.dbXRefs.includes("MESH:D003550"));
      const xrefs = db.prepare(
        "SELECT xref FROM disease_xrefs WHERE disease_id = 'MONDO:0009061' ORDER BY xref",
      ).all()
        .map((r) => (r as Rec).xref);
      assert.deepEqual(xrefs, ["MESH:D000003550", "MESH:D003550", "OMIM:219700"], "MeSH in both lengths");
      const areas = db.prepare(
        "SELECT trial_id, therapeutic_area FROM trials WHERE therapeutic_area != 'unknown'",
      )
        .all().map((r) => [(r as Rec).trial_id, (r as Rec).therapeutic_area]);
      assert.deepEqual(areas.sort(), [
        ["NCT05000001", "oncology"],
        ["NCT05000002", "cardiovascular"],
        ["NCT05000003", "cardiovascular"],
        ["NCT05000005", "oncology"],
      ]);
      // Their lead drug approved (palbociclib, sacubitril, apixaban in the molecule file): trial-pos' prior approval.
      const prior = db.prepare("SELECT trial_id FROM trials WHERE prior_approval = 1 ORDER BY trial_id").all()
        .map((r) => (r as Rec).trial_id);
      assert.deepEqual(prior, ["NCT05000001", "NCT05000002", "NCT05000003", "NCT05000005"]);
    } finally {
      db.close();
    }

    const l = await post(sb, P.landscape, { efo_id: "EFO:0000275" }, "pro");
    assert.equal(l.status, 200, l.text);
    assert.equal(l.body.data.disease, "atrial fibrillation");
    assert.equal(l.body.data.trials.totalTrials, 1);
    assert.equal(l.body.data.regulatory.totalApprovals, 1, "apixaban (its approved indication)");
    assert.equal(
      l.body.data.medicare.totalSpendingUsd,
      18275861345.12 + 1000.5,
      "Eliquis and generic apixaban",
    );

    const med = await get(sb, "/api/v1/medicare-drugs", { search: "Eliquis" }, "pro");
    const eliquis = med.body.data[0];
    assert.deepEqual(eliquis.molecule, { chembl_id: "CHEMBL231779", name: "apixaban" });
    const approved = fixture("indication").find((i) => i.id === "CHEMBL231779")!
      .approvedIndications as string[];
    assert.deepEqual(eliquis.approved_indications.map((i: Rec) => i.efo_id).sort(), approved.sort());
    const byEfo = await get(sb, "/api/v1/medicare-drugs", { efo_id: "EFO:0000275" }, "pro");
    assert.equal(byEfo.body.meta.total ?? byEfo.body.data.length, 2);
    const entresto = await get(sb, "/api/v1/medicare-drugs", { search: "Entresto" }, "pro");
    assert.equal(entresto.body.data[0].molecule, null, "a combination is not one molecule");

    const reg = await get(sb, P.regLandscape, {}, "pro");
    assert.equal(reg.status, 200, reg.text);
    const tiers = (t: string) => reg.body.data[t].map((d: Rec) => d.generic_name).sort();
    assert.deepEqual(tiers("small_molecules_modern"), ["palbociclib", "sacubitril"]);
    assert.deepEqual(
      tiers("commodities"),
      ["apixaban", "ibuprofen", "valsartan"],
      "apixaban has a generic (the ANDA), ibuprofen and valsartan were first approved before 2005",
    );
    assert.equal(reg.body.data.counts.total_unique_drugs, 5);
    const pfizer = await get(sb, P.regLandscape, { sponsor: "Pfizer" }, "pro");
    assert.deepEqual(
      [...pfizer.body.data.small_molecules_modern, ...pfizer.body.data.commodities].map((d: Rec) =>
        d.chembl_id
      ).sort(),
      ["CHEMBL189963", "CHEMBL521"],
    );
  } finally {
    await dropStore(store);
  }
});

Deno.test("Open Targets: loss-of-exclusivity shares have their denominator on an imported store", async () => {
  const store = await importedStore({ openTargets: PARQUET });
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const loe = await A.lossOfExclusivity(ri, { sponsors: ["Pfizer"], horizonYears: 10 });
    const row = loe.bySponsor.toRecords()[0] as Rec;
    // Pfizer's approved drugs in the Orange Book fixture: palbociclib (Ibrance) and ibuprofen (Advil).
    assert.equal(row.part_d_total, 1_900_000_000 + 15_000);
    assert.ok(row.exposed_share_fraction !== null && row.exposed_share_fraction > 0, JSON.stringify(row));
  } finally {
    await dropStore(store);
  }
});

Deno.test("Open Targets: the JSON-lines release under the older dataset names imports the same; a re-import changes nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-ot-" });
  try {
    const counts = async (path: string, times: number) => {
      const store = `${dir}/${path.split("/").pop()}.db`;
      for (let i = 0; i < times; i++) await importPublicData({ store, openTargets: path, today: TODAY });
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        const n = (t: string) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as Rec).n;
        const tables = [
          "molecules",
          "molecule_names",
          "molecule_targets",
          "molecule_indications",
          "targets",
          "target_aliases",
          "diseases",
          "disease_synonyms",
          "disease_xrefs",
          "associations",
        ];
        const meta = JSON.parse(
          (db.prepare("SELECT value FROM meta WHERE key = 'sources'").get() as Rec).value,
        );
        return { counts: Object.fromEntries(tables.map((t) => [t, n(t)])), source: meta.open_targets };
      } finally {
        db.close();
      }
    };
    const parquet = await counts(PARQUET, 1);
    const json = await counts(JSONL, 2);
    assert.deepEqual(json.counts, parquet.counts);
    assert.equal(parquet.counts.molecules, fixture("molecule").length);
    assert.equal(parquet.counts.targets, fixture("targets").length, "both Y_RNA genes kept");
    assert.equal(parquet.counts.diseases, fixture("diseases").length);
    assert.equal(parquet.counts.associations, fixture("associationByOverallDirect").length);
    assert.equal(parquet.source.edition, "25.03");
    assert.equal(json.source.edition, "24.09", "the release the folder names");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Open Targets: a release in 26.03's shapes (associationScore, stage words, clinical_indication, clinical_target) imports as 25.03 does", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-ot-" });
  try {
    const read = async (path: string) => {
      const store = `${dir}/${path.split("/").filter((p) => /^\d\d\.\d\d$/.test(p)).pop()}.db`;
      await importPublicData({ store, openTargets: path, today: TODAY });
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        const q = (sql: string) => db.prepare(sql).all().map((r) => ({ ...r }));
        const meta = JSON.parse(
          (db.prepare("SELECT value FROM meta WHERE key = 'sources'").get() as Rec).value,
        );
        return {
          edition: meta.open_targets.edition,
          associations: q(
            "SELECT target_id, disease_id, score, evidence_count FROM associations ORDER BY 1, 2",
          ),
          synonyms: q("SELECT disease_id, synonym FROM disease_synonyms ORDER BY 1, 2"),
          indications: q("SELECT chembl_id, disease_id, max_phase FROM molecule_indications ORDER BY 1, 2"),
          phases: q("SELECT chembl_id, max_phase, is_approved, parent_chembl_id FROM molecules ORDER BY 1"),
          names: q("SELECT chembl_id, name, kind FROM molecule_names ORDER BY 1, 2"),
          targets: q("SELECT chembl_id, target_id, action_type FROM molecule_targets ORDER BY 1, 2"),
          novelty: q("SELECT id, symbol, target_class, novelty FROM targets ORDER BY 1"),
        };
      } finally {
        db.close();
      }
    };
    const v25 = await read(PARQUET), v26 = await read(`${FX}open_targets/26.03`);
    assert.equal(v26.edition, "26.03");
    assert.ok(v26.associations.length > 0 && v26.synonyms.length > 0 && v26.indications.length > 0);
    const { edition: _a, ...same26 } = v26, { edition: _b, ...same25 } = v25;
    assert.deepEqual(same26, same25, "the same scores, synonyms, indications and phases from 26.03's names");
    // Independently: a 26.03 association's associationScore is the stored score.
    const breast = v26.associations.find((r) => r.target_id === "ENSG00000012048")!;
    assert.equal(breast.score, 0.912);
    // A stage word is a phase: TRILACICLIB's PHASE_3 (no isApproved column in 26.03) is phase 3, not approved.
    assert.deepEqual(v26.phases.find((r) => r.chembl_id === "CHEMBL4297185"), {
      chembl_id: "CHEMBL4297185",
      max_phase: 3,
      is_approved: 0,
      parent_chembl_id: null,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Open Targets: a real disease extract (opentargets/pts test data, late 25.x shape) imports as published", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-ot-" });
  try {
    const path = `${FX}open_targets/pts_real`;
    await importPublicData({ store: `${dir}/ri.db`, openTargets: path, today: TODAY });
    // Read independently: the file's rows and their synonym struct, with nodejs-polars.
    const file = pl.readParquet(`${path}/disease/part-00000.parquet`).toRecords() as Rec[];
    const db = new DatabaseSync(`${dir}/ri.db`, { readOnly: true });
    try {
      const stored = db.prepare("SELECT id, efo_key, name FROM diseases ORDER BY efo_key").all() as Rec[];
      assert.deepEqual(
        stored.map((r) => [r.efo_key, r.id, r.name]),
        file.map((r) => [r.id, r.id.replace("_", ":"), r.name]).sort(),
      );
      for (const r of file) {
        const want = new Set<string>();
        const seen = new Set([String(r.name).toLowerCase()]);
        for (const k of ["hasExactSynonym", "hasRelatedSynonym", "hasNarrowSynonym", "hasBroadSynonym"]) {
          for (const v of r.synonyms?.[k] ?? []) {
            if (!seen.has(v.toLowerCase())) (seen.add(v.toLowerCase()), want.add(v));
          }
        }
        const got = db.prepare("SELECT synonym FROM disease_synonyms WHERE disease_id = ?").all(
          r.id.replace("_", ":"),
        ).map((x) => (x as Rec).synonym);
        assert.deepEqual(new Set(got), want, r.id);
        assert.ok(want.size > 0 || r.id === "GO_0006954", `${r.id} has synonyms in the file`);
      }
      const xrefs = (db.prepare("SELECT count(*) AS n FROM disease_xrefs").get() as Rec).n;
      assert.ok(
        xrefs >= file.reduce((n, r) => n + (r.dbXRefs?.length ?? 0), 0),
        "every cross-reference kept",
      );
    } finally {
      db.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("Open Targets: one table of published names; a stage word is a phase", () => {
  assert.deepEqual(SHAPES.association.fields.score.map(([n]) => n), ["associationScore", "score"]);
  assert.deepEqual(DATASETS.indication, ["clinical_indication", "drug_indication", "indication"]);
  assert.deepEqual(DATASETS.knownDrug, ["clinical_target", "known_drug", "knownDrugsAggregated"]);
  // The docs' release table names every folder and every name a release renamed (names seen in only some
  // releases), so it cannot drift from the table the reader uses.
  const doc = Deno.readTextFileSync(new URL("../../docs/PUBLIC_DATA.md", import.meta.url));
  const section = doc.slice(doc.indexOf("### Open Targets Platform"), doc.indexOf("### Corporate families"));
  for (const [kind, shape] of Object.entries(SHAPES)) {
    for (const [folder] of shape.folders) {
      assert.ok(section.includes(`\`${folder}\``), `${kind} folder ${folder}`);
    }
    for (const names of Object.values(shape.fields)) {
      for (const [name, releases] of names) {
        if (releases.split(", ").length === 3) continue; // in every release: not a rename
        const leaf = name.split(".").pop()!;
        assert.ok(section.includes(leaf), `${kind}: ${name} (${releases}) is in docs/PUBLIC_DATA.md`);
      }
    }
  }
  assert.deepEqual(
    ["APPROVAL", "WITHDRAWAL", "PHASE_2_3", "EARLY_PHASE_1", "UNKNOWN", 3, "nonsense"].map(phaseOf),
    [4, 4, 3, 0.5, 0, 3, undefined],
  );
});

Deno.test("Open Targets: a file without a needed column, a bad JSON line or a folder without datasets is refused naming it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-ot-" });
  try {
    const store = `${dir}/ri.db`;
    const refuse = (path: string) => importPublicData({ store, openTargets: path, today: TODAY });
    await Deno.mkdir(`${dir}/rel/target`, { recursive: true });
    // Spark's JSON leaves null fields out (no approvedName here is fine); a record without its id is not a target.
    await Deno.writeTextFile(
      `${dir}/rel/target/part-00000.json`,
      '{"id":"ENSG00000126218","approvedSymbol":"F10"}\n{"approvedSymbol":"F10"}\n',
    );
    await assert.rejects(
      refuse(`${dir}/rel`),
      /--open-targets: target\/part-00000\.json line 2: .* is not a record of the Open Targets target dataset/,
    );
    await Deno.writeTextFile(
      `${dir}/rel/target/part-00000.json`,
      '{"id":"ENSG1","approvedSymbol":"X"}\n{"id":\n',
    );
    await assert.rejects(refuse(`${dir}/rel`), /target\/part-00000\.json line 2/);
    await Deno.remove(`${dir}/rel/target`, { recursive: true });
    await Deno.mkdir(`${dir}/rel/association_overall_direct`, { recursive: true });
    await Deno.copyFile(
      `${PARQUET}/target/${
        [...Deno.readDirSync(`${PARQUET}/target`)].find((e) => e.name.endsWith(".parquet"))!.name
      }`,
      `${dir}/rel/association_overall_direct/part-00000.parquet`,
    );
    await assert.rejects(
      refuse(`${dir}/rel`),
      new RegExp(
        "association_overall_direct/part-00000\\.parquet \\(release undated\\) has no targetId, diseaseId, " +
          "score column: looked for .*associationScore \\(26\\.03–26\\.06\\) or score \\(24\\.09, 25\\.03–25\\.12\\); " +
          "columns found: id, approvedSymbol, approvedName, ",
      ),
    );
    // A release folder names its release; an association file with neither score name is refused.
    await Deno.remove(`${dir}/rel`, { recursive: true });
    await Deno.mkdir(`${dir}/27.01/output/association_overall_direct`, { recursive: true });
    await Deno.writeTextFile(
      `${dir}/27.01/output/association_overall_direct/part-00000.json`,
      '{"targetId":"ENSG1","diseaseId":"EFO_1","overallScore":0.5}\n',
    );
    await assert.rejects(
      refuse(`${dir}/27.01`),
      /association_overall_direct\/part-00000\.json line 1: .*release 27\.01; fields .*associationScore \(26\.03–26\.06\) or score/,
    );
    await assert.rejects(
      refuse(`${FX}orange_book`),
      /no Open Targets dataset in .*orange_book; expected dataset folders/,
    );
    assert.equal(await Deno.stat(store).then(() => true, () => false), false, "nothing written");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("without Open Targets the regulatory landscape tiers the Orange Book's ingredients (rule in link_biology.ts)", async () => {
  const store = await importedStore();
  try {
    await using sb = await startSandbox({ store, quiet: true });
    const reg = await get(sb, P.regLandscape, {}, "pro");
    assert.equal(reg.status, 200, reg.text);
    const rows = (t: string) =>
      reg.body.data[t].map((d: Rec) => [d.generic_name, d.total_approvals, d.first_approval_year]);
    assert.deepEqual(rows("biologics"), []);
    assert.deepEqual(
      rows("commodities").sort(),
      [["apixaban", 3, 2012], ["ibuprofen", 1, 1982]],
      "apixaban has an ANDA (a generic); ibuprofen was approved before 1982",
    );
    assert.deepEqual(rows("small_molecules_modern").sort(), [["palbociclib", 2, 2015], [
      "sacubitril; valsartan",
      1,
      2015,
    ]]);
    assert.ok(
      reg.body.data.commodities.every((d: Rec) => d.chembl_id === undefined),
      "no molecule id to give",
    );
    const bio = await get(sb, `${BIO}/associations`, { entity: "CDK4" }, "pro");
    assert.match(
      bio.headers.get("x-data-missing") ?? "",
      /open_targets source was not imported \(deno task import -- --open-targets/,
    );
  } finally {
    await dropStore(store);
  }
});
