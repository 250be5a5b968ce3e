/**
 * The linking step's biology: what an imported molecule database (Open Targets) adds to the other
 * sources, and the regulatory landscape's drug rows where there is none. Idempotent: each part clears what
 * it derives and derives it again.
 *
 * 1. **Approvals' indications** (`approval_indications`): an approval linked to a molecule
 *    (`approval_drugs`, filled by link.ts) gets that molecule's approved indications (phase 4 in the
 *    molecule's indication list).
 * 2. **Medicare molecules** (`medicare_drugs.chembl_id`, `match_method` `exact_generic`): a Part D row whose
 *    generic name, salt and ester words dropped, is a name of one molecule (generic, salt or synonym; the
 *    parent molecule of a salt form); a combination ("Sacubitril/Valsartan") stays unmatched. Its
 *    `medicare_indications` are the molecule's approved indications.
 * 3. **Trials' therapeutic area and prior approval**: the area of the first of a trial's conditions linked
 *    to a disease with a known area (else `unknown`); prior approval when the first of its drug or
 *    biological interventions that names a molecule names an approved one; `pos_score` computed again with them (the sandbox's formula).
 * 4. **Landscape tiers** (the spec's three; Open Targets molecules): biologics by drug type (decided on
 *    import); a small molecule is a **commodity** when first approved before {@linkcode COMMODITY_BEFORE}
 *    or when the Orange Book lists a generic of it (an ANDA approval linked to it or its salt forms), else
 *    **small_molecules_modern**.
 * 5. **Landscape without molecules** (`approval_ingredient_tiers`): approvals no molecule is linked to (no
 *    Open Targets import, or an ingredient it does not name) are grouped by their labelled ingredient(s)
 *    (the salt words dropped, so "WARFARIN SODIUM" is warfarin; a stated ester kept, so fluticasone
 *    propionate and fluticasone furoate are two drugs — lib/client/names.ts `drugComponents`) and tiered from the approvals
 *    themselves: **biologics** when any is a BLA; else **commodities** when the ingredient's first approval
 *    is before {@linkcode COMMODITY_BEFORE} or any of its approvals is an ANDA (a generic); else
 *    **small_molecules_modern**. The first approval year is the earliest approval date of the group
 *    ("Approved Prior to Jan 1, 1982" counts as 1982).
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";
import { drugComponents, drugKeys } from "../../client/names.ts";
import { COMMODITY_BEFORE } from "./open_targets.ts";
import { trialPos } from "../store/formulas.ts";

export { COMMODITY_BEFORE };

/** Link molecules, diseases and targets to the other sources; returns progress lines. */
export function linkBiology(store: ImportStore): string[] {
  const { db } = store;
  const out: string[] = [];
  db.exec("SAVEPOINT link_biology");
  try {
    const molecules = (db.prepare("SELECT count(*) AS n FROM molecules").get() as { n: number }).n;
    if (molecules > 0) out.push(...approvalIndications(store), ...medicareMolecules(store), tiers(store));
    out.push(...trialAreas(store), ...ingredientTiers(store));
    db.exec("RELEASE link_biology");
  } catch (e) {
    db.exec("ROLLBACK TO link_biology; RELEASE link_biology");
    throw e;
  }
  return out;
}

const APPROVED = "mi.max_phase >= 4";

function approvalIndications({ db }: ImportStore): string[] {
  db.exec("DELETE FROM approval_indications");
  const n = db.prepare(
    `INSERT OR IGNORE INTO approval_indications (approval_key, disease_id)
     SELECT DISTINCT ad.approval_key, mi.disease_id FROM approval_drugs ad
     JOIN molecules m ON m.chembl_id = ad.chembl_id
     JOIN molecule_indications mi ON mi.chembl_id = coalesce(m.parent_chembl_id, m.chembl_id)
     WHERE ${APPROVED}`,
  ).run().changes;
  return n
    ? [
      `Linked ${
        Number(n).toLocaleString("en-US")
      } approval indications from the molecules' approved indications`,
    ]
    : [];
}

function medicareMolecules({ db }: ImportStore): string[] {
  db.exec("UPDATE medicare_drugs SET chembl_id = NULL, match_method = 'unmatched'");
  db.exec("DELETE FROM medicare_indications");
  const rows = db.prepare("SELECT key, generic_name FROM medicare_drugs").all() as {
    key: string;
    generic_name: string;
  }[];
  const byName = db.prepare(
    `SELECT DISTINCT coalesce(m.parent_chembl_id, m.chembl_id) AS id FROM molecule_names n
     JOIN molecules m ON m.chembl_id = n.chembl_id WHERE n.name = ? AND n.kind != 'brand' LIMIT 2`,
  );
  const set = db.prepare(
    "UPDATE medicare_drugs SET chembl_id = ?, match_method = 'exact_generic' WHERE key = ?",
  );
  const ind = db.prepare(
    `INSERT INTO medicare_indications (medicare_key, efo_id, disease_id, name)
     SELECT ?, d.efo_key, d.id, d.name FROM molecule_indications mi JOIN diseases d ON d.id = mi.disease_id
     WHERE mi.chembl_id = ? AND ${APPROVED} ORDER BY d.name`,
  );
  let matched = 0;
  for (const r of rows) {
    const keys = drugKeys(r.generic_name.replace(/\//g, ";"));
    if (keys.length !== 1) continue;
    let hits = byName.all(keys[0]) as { id: string }[];
    if (hits.length === 0) hits = byName.all(r.generic_name.trim()) as { id: string }[];
    if (hits.length !== 1) continue;
    set.run(hits[0].id, r.key);
    ind.run(r.key, hits[0].id);
    matched++;
  }
  return rows.length
    ? [`Linked ${matched} of ${rows.length.toLocaleString("en-US")} Medicare drugs to molecules`]
    : [];
}

function tiers({ db }: ImportStore): string {
  db.exec(`UPDATE molecules SET tier = CASE
    WHEN is_biologic = 1 THEN 'biologics'
    WHEN first_approval_year IS NOT NULL AND first_approval_year < ${COMMODITY_BEFORE} THEN 'commodities'
    WHEN EXISTS (SELECT 1 FROM approval_drugs ad JOIN approvals a ON a.key = ad.approval_key
      JOIN molecules f ON f.chembl_id = ad.chembl_id
      WHERE a.application_type = 'ANDA'
        AND coalesce(f.parent_chembl_id, f.chembl_id) = coalesce(molecules.parent_chembl_id, molecules.chembl_id))
      THEN 'commodities'
    ELSE 'small_molecules_modern' END`);
  const n = db.prepare(
    "SELECT tier, count(*) AS n FROM molecules WHERE parent_chembl_id IS NULL GROUP BY tier",
  )
    .all() as { tier: string; n: number }[];
  return `Tiered ${n.map((t) => `${t.n.toLocaleString("en-US")} ${t.tier}`).join(", ")} molecules`;
}

function trialAreas({ db }: ImportStore): string[] {
  db.exec(
    `UPDATE trials SET therapeutic_area = coalesce((SELECT d.therapeutic_area FROM trial_conditions c
       JOIN diseases d ON d.id = c.disease_id
       WHERE c.trial_id = trials.trial_id AND d.therapeutic_area NOT IN ('unknown', 'other')
       ORDER BY c.position LIMIT 1), 'unknown')`,
  );
  // The lead drug (the first drug or biological intervention naming a molecule) is approved: a trial-pos feature.
  db.exec(
    `UPDATE trials SET prior_approval = coalesce((SELECT m.is_approved FROM trial_interventions ti
       JOIN molecules m ON m.chembl_id = ti.chembl_id WHERE ti.trial_id = trials.trial_id
         AND ti.intervention_type IN ('DRUG', 'BIOLOGICAL') ORDER BY ti.position LIMIT 1), 0)`,
  );
  // trial-pos uses the area and the prior approval: the sandbox's formula again over the stored features.
  const rows = db.prepare(
    `SELECT rid, phase, status, therapeutic_area, design_allocation, design_masking, enrollment, n_sites,
       n_countries, has_biomarker, lead_is_industry, prior_approval, pos_score FROM trials`,
  ).all() as Record<string, never>[];
  const set = db.prepare("UPDATE trials SET pos_score = ? WHERE rid = ?");
  for (const r of rows) {
    const pos = trialPos({
      phase: r.phase,
      status: r.status,
      therapeuticArea: r.therapeutic_area,
      designAllocation: r.design_allocation,
      designMasking: r.design_masking,
      enrollment: r.enrollment,
      nSites: r.n_sites,
      nCountries: r.n_countries,
      hasBiomarker: r.has_biomarker === 1,
      leadIsIndustry: r.lead_is_industry === 1,
      priorApproval: r.prior_approval === 1,
    });
    if (pos !== r.pos_score) set.run(pos, r.rid);
  }
  const known = (db.prepare("SELECT count(*) AS n FROM trials WHERE therapeutic_area != 'unknown'").get() as {
    n: number;
  }).n;
  return known
    ? [`Gave ${known.toLocaleString("en-US")} trials the therapeutic area of their conditions`]
    : [];
}

function ingredientTiers({ db }: ImportStore): string[] {
  db.exec(
    `CREATE TABLE IF NOT EXISTS approval_ingredient_tiers (approval_key TEXT PRIMARY KEY, drug TEXT NOT NULL,
    tier TEXT NOT NULL, first_year INTEGER, has_black_box INTEGER NOT NULL)`,
  );
  db.exec("DELETE FROM approval_ingredient_tiers");
  const rows = db.prepare(
    `SELECT key, ingredient, application_type, approval_date, has_black_box FROM approvals
     WHERE key NOT IN (SELECT approval_key FROM approval_drugs)`,
  ).all() as {
    key: string;
    ingredient: string;
    application_type: string;
    approval_date: string;
    has_black_box: number;
  }[];
  if (rows.length === 0) return [];
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    // One drug per set of components (salts folded, a stated ester kept: fluticasone propionate is not
    // fluticasone furoate), in the label's order.
    const drug = drugComponents(r.ingredient).map((c) =>
      c.ester ? `${c.base} ${c.ester}` : c.base
    ).join("; ") ||
      r.ingredient.trim().toLowerCase();
    const group = groups.get(drug);
    if (group) group.push(r);
    else groups.set(drug, [r]);
  }
  const ins = db.prepare(
    "INSERT INTO approval_ingredient_tiers (approval_key, drug, tier, first_year, has_black_box) VALUES (?, ?, ?, ?, ?)",
  );
  for (const [drug, list] of groups) {
    const first = Math.min(...list.map((r) => Number(r.approval_date.slice(0, 4))));
    const tier = list.some((r) => r.application_type.startsWith("BLA"))
      ? "biologics"
      : first < COMMODITY_BEFORE || list.some((r) => r.application_type === "ANDA")
      ? "commodities"
      : "small_molecules_modern";
    const boxed = list.some((r) => r.has_black_box === 1) ? 1 : 0;
    for (const r of list) ins.run(r.key, drug, tier, Number.isFinite(first) ? first : null, boxed);
  }
  return [
    `Tiered ${
      groups.size.toLocaleString("en-US")
    } drugs of approvals without a molecule by their ingredients`,
  ];
}
