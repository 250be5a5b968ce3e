/**
 * The linking step of an import: after the sources are written, the one place that joins names across
 * them, so no importer knows another and the routes read linked tables. It runs after every import
 * (idempotent: what it derives is cleared and derived again), in this order:
 *
 * 1. **Drugs by name** ({@linkcode linkDrugNames}): every approval is findable by the base name of each
 *    ingredient it labels (salt, ester and hydrate words dropped: "APIXABAN", "apixaban", "Osimertinib
 *    Mesylate" → "osimertinib") and by its trade name in any case (`approval_names`); where a molecule
 *    database is imported (Open Targets), approvals and trial interventions link to the molecule whose
 *    name, trade name or synonym equals an ingredient's (`approval_drugs`, `trial_interventions.chembl_id`).
 *    A combination product is found by each of its ingredients.
 * 2. **Conditions as diseases** ({@linkcode linkConditions}): a registered condition links, in order, to
 *    the ontology disease (Open Targets: EFO/MONDO…) that cross-references the MeSH term its study maps it
 *    to, to an ontology disease whose name or synonym is its text, to that MeSH term (`MESH:D…`, the id as
 *    MeSH issued it),
 *    to a MeSH term another study carries whose name is its text, else to a disease made from the text
 *    itself (`CTGOV:<hash>`, one per text up to case, punctuation and plurals, named as most trials spell
 *    it) — names compared by `diseaseKey`. A study's MeSH terms no condition names link too.
 * 3. **Organizations** (link_orgs.ts): names matched to registry families (ROR, GLEIF), and the families
 *    the names state (a unit's "… A SUB OF <parent>", "… DIVISION OF <parent>"; an applicant's name
 *    beginning with another applicant's full name).
 *    Then patents' assignees (patentsview.ts `linkPatentCompanies`): each assignee organization's direct and
 *    ultimate organization, company keys, anchors for company filters and the counts by company.
 * 4. **Biology** (link_biology.ts): molecules' tiers, indications, Medicare molecule links.
 * 5. **Trial topics** (openalex.ts `linkWorkTopics`): a trial takes the OpenAlex topics of the works
 *    whose title or abstract names it.
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";
import { diseaseKey, drugComponents, meshUi } from "../../client/names.ts";
import { MESH_TERM_POSITION } from "../store/conditions.ts";
import { fillNameKeys } from "../store/name_keys.ts";
import { linkOrganizations } from "./link_orgs.ts";
import { linkBiology } from "./link_biology.ts";
import { linkPatentCompanies } from "./patentsview.ts";
import { linkWorkTopics } from "./openalex.ts";

/** Link the imported sources; returns one progress line per step that linked something. */
export function linkImported(store: ImportStore): string[] {
  return [
    ...linkDrugNames(store),
    ...linkConditions(store),
    ...linkOrganizations(store),
    ...linkPatentCompanies(store),
    ...linkBiology(store),
    ...linkWorkTopics(store),
  ];
}

const fnv = (s: string): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
};

/** Step 1: approvals (and trial interventions) by drug name. */
export function linkDrugNames(store: ImportStore): string[] {
  const { db } = store;
  const keyed = fillNameKeys(db);
  const rows = db.prepare("SELECT key, ingredient FROM approvals").all() as {
    key: string;
    ingredient: string;
  }[];
  const hasMolecules = (db.prepare("SELECT count(*) AS n FROM molecule_names").get() as { n: number }).n > 0;
  const molecule = db.prepare(
    `SELECT coalesce(m.parent_chembl_id, m.chembl_id) AS id FROM molecule_names n
     JOIN molecules m ON m.chembl_id = n.chembl_id WHERE n.name = ? ORDER BY n.kind = 'generic' DESC, m.chembl_id LIMIT 1`,
  );
  const linkDrug = db.prepare("INSERT OR IGNORE INTO approval_drugs (approval_key, chembl_id) VALUES (?, ?)");
  let linked = 0;
  for (const r of rows) {
    if (!hasMolecules) break;
    // Each component by its name with a stated ester first (fluticasone propionate and fluticasone furoate are
    // molecules of their own), else by its base name (salts folded).
    for (const c of drugComponents(r.ingredient)) {
      const m = ((c.ester ? molecule.get(`${c.base} ${c.ester}`) : undefined) ?? molecule.get(c.base)) as
        | { id: string }
        | undefined;
      if (m && linkDrug.run(r.key, m.id).changes) linked++;
    }
  }
  const out = [`Linked ${keyed.toLocaleString("en-US")} approvals to their drug names`];
  if (hasMolecules) {
    const t = db.prepare(
      `UPDATE trial_interventions SET chembl_id = (
         SELECT coalesce(m.parent_chembl_id, m.chembl_id) FROM molecule_names n JOIN molecules m ON m.chembl_id = n.chembl_id
         WHERE n.name = trial_interventions.name ORDER BY n.kind = 'generic' DESC, m.chembl_id LIMIT 1)
       WHERE chembl_id IS NULL AND intervention_type IN ('DRUG', 'BIOLOGICAL')`,
    ).run();
    out.push(`Linked ${linked} approval drugs and ${Number(t.changes)} trial interventions to molecules`);
  }
  return out;
}

/** How a trial condition was linked, in the order the rules are tried (the import counts each). */
export const CONDITION_RULES = {
  meshXref: "to the ontology disease cross-referencing their MeSH term",
  ontologyName: "to an ontology disease by its name or synonym",
  meshTerm: "to their study's MeSH term",
  meshName: "to a MeSH term by its name (their study gives none)",
  text: "made from their text (the last resort)",
} as const;

/** A rule of {@linkcode CONDITION_RULES}. */
export type ConditionRule = keyof typeof CONDITION_RULES;

/**
 * MeSH disease ids as MeSH issued them (`meshUi`): a store imported before ids were canonical keeps
 * `MESH:D000007938` (a snapshot up to mid-2024) beside `MESH:D007938`; both become `MESH:D007938`, one
 * disease. Returns how many ids changed.
 */
export function canonicalMeshIds(db: ImportStore["db"]): number {
  const ids = db.prepare("SELECT id FROM diseases WHERE id LIKE 'MESH:%'").all() as { id: string }[];
  const exists = db.prepare("SELECT 1 FROM diseases WHERE id = ?");
  const rename = db.prepare("UPDATE diseases SET id = ?, efo_key = ? WHERE id = ?");
  const drop = db.prepare("DELETE FROM diseases WHERE id = ?");
  const synonyms = db.prepare("UPDATE disease_synonyms SET disease_id = ? WHERE disease_id = ?");
  const conditions = db.prepare("UPDATE trial_conditions SET disease_id = ? WHERE disease_id = ?");
  let changed = 0;
  for (const { id } of ids) {
    const canonical = `MESH:${meshUi(id.slice(5))}`;
    if (canonical === id) continue;
    if (exists.get(canonical)) drop.run(id);
    else rename.run(canonical, canonical.replace(":", "_"), id);
    synonyms.run(canonical, id);
    conditions.run(canonical, id);
    changed++;
  }
  return changed;
}

/**
 * Step 2: trial conditions as diseases. Each registered condition links by the first rule of
 * {@linkcode CONDITION_RULES} that finds a disease, names compared by `diseaseKey` (case, accents,
 * punctuation and plurals aside): the ontology disease cross-referencing the MeSH term its study maps it
 * to, an ontology disease by name or synonym, that MeSH term, a MeSH term of another study by name, else a
 * disease made from its text. A study's MeSH terms that no condition names (ctgov.ts) take the same rules.
 * A disease made from the text (`CTGOV:<hash>` of the key) is one per key, named as most trials spell it,
 * with the other spellings as synonyms.
 */
export function linkConditions(store: ImportStore): string[] {
  const { db } = store;
  const migrated = canonicalMeshIds(db);
  try {
    return relinkConditions(db, migrated);
  } finally {
    countDiseaseTrials(db);
  }
}

/**
 * `disease_trials`: each disease's number of linked trial conditions (its trials; a trial that registers two
 * spellings of one disease counts twice), for disease autocomplete's ranking: counting per request takes
 * seconds on a registry-size store, and distinct trials here as long again as the import's linking. Rewritten
 * after every import.
 */
function countDiseaseTrials(db: ImportStore["db"]): void {
  db.exec(
    `CREATE TABLE IF NOT EXISTS disease_trials (disease_id TEXT PRIMARY KEY, trials INTEGER NOT NULL) WITHOUT ROWID;
    DELETE FROM disease_trials;
    INSERT INTO disease_trials (disease_id, trials) SELECT disease_id, count(*) FROM trial_conditions
      WHERE disease_id IS NOT NULL GROUP BY disease_id`,
  );
}

function relinkConditions(db: ImportStore["db"], migrated: number): string[] {
  const pending = db.prepare(
    `SELECT trial_id, position, disease_id, condition_name FROM trial_conditions
     WHERE disease_id IS NULL OR disease_id LIKE 'MESH:%' OR disease_id LIKE 'CTGOV:%'`,
  ).all() as { trial_id: string; position: number; disease_id: string | null; condition_name: string }[];
  const rewrote = migrated > 0
    ? [
      `Rewrote ${
        migrated.toLocaleString("en-US")
      } zero-padded MeSH ids as MeSH issued them (MESH:D000007938 → MESH:D007938)`,
    ]
    : [];
  if (pending.length === 0) return rewrote;
  const keyOf = (text: string) => diseaseKey(text) || text.toLowerCase();
  const wanted = new Set(pending.map((c) => keyOf(c.condition_name)));
  // Ontology diseases (Open Targets: EFO, MONDO, …) by the keys of their names, then of their synonyms.
  const ontology = new Map<string, { id: string; name: string }>();
  const notOntology = "d.id NOT LIKE 'MESH:%' AND d.id NOT LIKE 'CTGOV:%'";
  for (
    const sql of [
      `SELECT d.id, d.name, d.name AS label FROM diseases d WHERE ${notOntology} ORDER BY d.id`,
      `SELECT d.id, d.name, s.synonym AS label FROM disease_synonyms s JOIN diseases d ON d.id = s.disease_id
       WHERE ${notOntology} ORDER BY d.id`,
    ]
  ) {
    for (const r of db.prepare(sql).iterate() as Iterable<{ id: string; name: string; label: string }>) {
      const k = keyOf(r.label);
      if (wanted.has(k) && !ontology.has(k)) ontology.set(k, { id: r.id, name: r.name });
    }
  }
  // MeSH diseases the studies name, by the keys of their terms.
  const meshRows = db.prepare("SELECT id, name FROM diseases WHERE id LIKE 'MESH:%' ORDER BY id").all() as {
    id: string;
    name: string;
  }[];
  const mesh = new Map<string, { id: string; name: string }>();
  for (const r of meshRows) if (!mesh.has(keyOf(r.name))) mesh.set(keyOf(r.name), r);
  const meshName = new Map(meshRows.map((m) => [m.id, m.name]));
  const hasXrefs = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'disease_xrefs'").get() !== undefined;
  const byXref = hasXrefs
    ? db.prepare(
      `SELECT d.id, d.name FROM disease_xrefs x JOIN diseases d ON d.id = x.disease_id WHERE x.xref = ?
       ORDER BY d.id LIMIT 1`,
    )
    : undefined;
  const set = db.prepare(
    "UPDATE trial_conditions SET disease_id = ?, condition_name = ? WHERE trial_id = ? AND position = ?",
  );
  const counts: Record<ConditionRule, number> = {
    ontologyName: 0,
    meshXref: 0,
    meshTerm: 0,
    meshName: 0,
    text: 0,
  };
  const terms = { ontology: 0, mesh: 0 };
  // Conditions left to be diseases of their own, by key.
  const made = new Map<
    string,
    { names: Map<string, number>; at: { trial_id: string; position: number }[] }
  >();
  for (const c of pending) {
    const text = c.condition_name.trim().replace(/\s+/g, " ");
    const key = keyOf(text);
    const isTerm = c.position >= MESH_TERM_POSITION;
    // The study's MeSH id first (an id is surer than a name), then the text's name.
    const own = c.disease_id?.startsWith("MESH:") ? c.disease_id : undefined;
    let rule: ConditionRule | undefined;
    let hit = own ? byXref?.get(own) as { id: string; name: string } | undefined : undefined;
    if (hit) rule = "meshXref";
    else if ((hit = ontology.get(key))) rule = "ontologyName";
    else if (own) (hit = { id: own, name: meshName.get(own) ?? text }, rule = "meshTerm");
    else if (mesh.has(key)) {
      const m = mesh.get(key)!;
      hit = (byXref?.get(m.id) as { id: string; name: string } | undefined) ?? m;
      rule = "meshName";
    }
    if (hit && rule) {
      set.run(hit.id, hit.name, c.trial_id, c.position);
      if (isTerm) terms[hit.id.startsWith("MESH:") ? "mesh" : "ontology"]++;
      else counts[rule]++;
      continue;
    }
    counts.text++;
    const entry = made.get(key) ??
      { names: new Map<string, number>(), at: [] as { trial_id: string; position: number }[] };
    entry.names.set(text, (entry.names.get(text) ?? 0) + 1);
    entry.at.push(c);
    made.set(key, entry);
  }
  const disease = db.prepare(
    `INSERT INTO diseases (id, efo_key, name, parent_id, therapeutic_area, text_term) VALUES (?, ?, ?, NULL, 'unknown', ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name`,
  );
  const synonym = db.prepare("INSERT INTO disease_synonyms (disease_id, synonym) VALUES (?, ?)");
  const hasSynonym = db.prepare("SELECT 1 FROM disease_synonyms WHERE disease_id = ? AND synonym = ?");
  for (const [key, { names, at }] of made) {
    const id = `CTGOV:${fnv(key.slice(0, 500))}`;
    const name = [...names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    disease.run(id, id.replace(":", "_"), name, name);
    for (const n of names.keys()) if (n !== name && !hasSynonym.get(id, n)) synonym.run(id, n);
    for (const c of at) set.run(id, name, c.trial_id, c.position);
  }
  // A study's MeSH term that reached a disease one of its conditions already links to adds nothing.
  db.prepare(
    `DELETE FROM trial_conditions WHERE position >= ? AND EXISTS (SELECT 1 FROM trial_conditions o
       WHERE o.trial_id = trial_conditions.trial_id AND o.disease_id = trial_conditions.disease_id
         AND o.position < trial_conditions.position)`,
  ).run(MESH_TERM_POSITION);
  // MeSH and condition diseases no trial links to any more (relinked to an ontology disease).
  db.exec(`DELETE FROM diseases WHERE (id LIKE 'MESH:%' OR id LIKE 'CTGOV:%')
    AND id NOT IN (SELECT disease_id FROM trial_conditions WHERE disease_id IS NOT NULL)`);
  db.exec("DELETE FROM disease_synonyms WHERE disease_id NOT IN (SELECT id FROM diseases)");
  const n = (v: number) => v.toLocaleString("en-US");
  const kept = (db.prepare(
    `SELECT count(*) AS n FROM trial_conditions WHERE position < ? AND disease_id IS NOT NULL
       AND disease_id NOT LIKE 'MESH:%' AND disease_id NOT LIKE 'CTGOV:%'`,
  ).get(MESH_TERM_POSITION) as { n: number }).n - counts.meshXref - counts.ontologyName;
  const registered = Object.values(counts).reduce((a, b) => a + b, 0);
  const lines = [
    `Linked ${n(registered)} trial conditions: ` +
    (Object.keys(CONDITION_RULES) as ConditionRule[]).map((r) => `${n(counts[r])} ${CONDITION_RULES[r]}`)
      .join(", ") +
    ` (${n(made.size)} diseases CTGOV:…, see docs/PUBLIC_DATA.md)` +
    (kept > 0 ? `; ${n(kept)} more stay on the ontology diseases an earlier import linked them to` : ""),
  ];
  if (terms.ontology + terms.mesh > 0) {
    lines.push(
      `Linked ${n(terms.ontology + terms.mesh)} MeSH terms of the studies that no condition names, as ` +
        `conditions too: ${n(terms.ontology)} to ontology diseases, ${n(terms.mesh)} as MeSH diseases`,
    );
  }
  return [...lines, ...rewrote];
}
