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
 *    an ontology disease (Open Targets: EFO/MONDO…) whose name or synonym equals it (case-insensitive), to
 *    the ontology disease that cross-references its MeSH term, to its MeSH term (`MESH:D…`), else to a
 *    disease made from the condition text itself (`CTGOV:<hash>`, one per spelling up to case and
 *    spaces, named as most trials spell it).
 * 3. **Organizations** (link_orgs.ts): names matched to registry families (ROR, GLEIF).
 *    Then patents' assignees (patentsview.ts `linkPatentCompanies`): each assignee organization's direct and
 *    ultimate organization, company keys, anchors for company filters and the counts by company.
 * 4. **Biology** (link_biology.ts): molecules' tiers, indications, Medicare molecule links.
 * 5. **Trial topics** (openalex.ts `linkWorkTopics`): a trial takes the OpenAlex topics of the works
 *    whose title or abstract names it.
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";
import { drugKeys } from "../../client/names.ts";
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
    for (const k of drugKeys(r.ingredient)) {
      const m = molecule.get(k) as { id: string } | undefined;
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

/** Step 2: trial conditions as diseases. */
export function linkConditions(store: ImportStore): string[] {
  const { db } = store;
  const pending = db.prepare(
    `SELECT trial_id, position, disease_id, condition_name FROM trial_conditions
     WHERE disease_id IS NULL OR disease_id LIKE 'MESH:%' OR disease_id LIKE 'CTGOV:%'`,
  ).all() as { trial_id: string; position: number; disease_id: string | null; condition_name: string }[];
  if (pending.length === 0) return [];
  const ontology = (sql: string) => db.prepare(sql);
  const byName = ontology(
    `SELECT id, name FROM diseases WHERE name = ? COLLATE NOCASE AND id NOT LIKE 'MESH:%' AND id NOT LIKE 'CTGOV:%'
     ORDER BY id LIMIT 1`,
  );
  const bySynonym = ontology(
    `SELECT d.id, d.name FROM disease_synonyms s JOIN diseases d ON d.id = s.disease_id
     WHERE s.synonym = ? AND d.id NOT LIKE 'MESH:%' AND d.id NOT LIKE 'CTGOV:%' ORDER BY d.id LIMIT 1`,
  );
  const hasXrefs = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'disease_xrefs'").get() !== undefined;
  const byXref = hasXrefs
    ? ontology(
      `SELECT d.id, d.name FROM disease_xrefs x JOIN diseases d ON d.id = x.disease_id WHERE x.xref = ?
       ORDER BY d.id LIMIT 1`,
    )
    : undefined;
  const set = db.prepare(
    "UPDATE trial_conditions SET disease_id = ?, condition_name = ? WHERE trial_id = ? AND position = ?",
  );
  // Conditions left to be diseases of their own, by spelling up to case and spaces.
  const own = new Map<string, { names: Map<string, number>; at: { trial_id: string; position: number }[] }>();
  let ontologyHits = 0;
  for (const c of pending) {
    const text = c.condition_name.trim().replace(/\s+/g, " ");
    const hit = (byName.get(text) ?? bySynonym.get(text) ??
      (c.disease_id?.startsWith("MESH:") ? byXref?.get(c.disease_id) : undefined)) as
        | { id: string; name: string }
        | undefined;
    if (hit) {
      set.run(hit.id, hit.name, c.trial_id, c.position);
      ontologyHits++;
      continue;
    }
    if (c.disease_id?.startsWith("MESH:")) continue;
    const key = text.toLowerCase().slice(0, 500);
    const entry = own.get(key) ??
      { names: new Map<string, number>(), at: [] as { trial_id: string; position: number }[] };
    entry.names.set(text, (entry.names.get(text) ?? 0) + 1);
    entry.at.push(c);
    own.set(key, entry);
  }
  const disease = db.prepare(
    `INSERT INTO diseases (id, efo_key, name, parent_id, therapeutic_area, text_term) VALUES (?, ?, ?, NULL, 'unknown', ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name`,
  );
  const synonym = db.prepare("INSERT INTO disease_synonyms (disease_id, synonym) VALUES (?, ?)");
  const hasSynonym = db.prepare("SELECT 1 FROM disease_synonyms WHERE disease_id = ? AND synonym = ?");
  for (const [key, { names, at }] of own) {
    const id = `CTGOV:${fnv(key)}`;
    const name = [...names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    disease.run(id, id.replace(":", "_"), name, name);
    for (const n of names.keys()) if (n !== name && !hasSynonym.get(id, n)) synonym.run(id, n);
    for (const c of at) set.run(id, name, c.trial_id, c.position);
  }
  // MeSH and condition diseases no trial links to any more (relinked to an ontology disease).
  db.exec(`DELETE FROM diseases WHERE (id LIKE 'MESH:%' OR id LIKE 'CTGOV:%')
    AND id NOT IN (SELECT disease_id FROM trial_conditions WHERE disease_id IS NOT NULL)`);
  db.exec("DELETE FROM disease_synonyms WHERE disease_id NOT IN (SELECT id FROM diseases)");
  return [
    `Linked ${
      pending.length.toLocaleString("en-US")
    } trial conditions: ${ontologyHits} to ontology diseases, ` +
    `${own.size} diseases made from condition names`,
  ];
}
