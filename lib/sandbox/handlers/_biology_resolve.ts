/**
 * Name resolution of the biology tools (spec 4.8): targets, diseases and drugs, case-insensitive,
 * each by a fixed order of keys (first hit wins).
 *
 * - Target: Ensembl id, gene symbol, alias, protein name.
 * - Disease: CURIE (`EFO:0000311`), underscore key (`EFO_0000311`), name, synonym.
 * - Drug: molecule id (`CHEMBL<n>`), any stored name (generic, brand, salt, code), then the parent
 *   molecule of a salt/related form.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { one } from "./_sql.ts";

/** A resolved target. */
export interface TargetRef {
  /** Ensembl gene id. */
  target_id: string;
  /** Gene symbol. */
  symbol: string;
  /** Protein name. */
  name: string;
}

/** A resolved disease. */
export interface DiseaseRef {
  /** CURIE. */
  id: string;
  /** Canonical name. */
  name: string;
}

/** A resolved drug: the parent molecule. */
export interface DrugRef {
  /** Parent molecule id. */
  chembl_id: string;
  /** Parent generic name. */
  name: string;
  /** The parent's mechanism of action, when stored. */
  mechanism_of_action: string | null;
}

const TARGET = "SELECT t.id AS target_id, t.symbol, t.name FROM targets t";

/** Resolve a target by id, symbol, alias or protein name. */
export function resolveTarget(db: DatabaseSync, value: string): TargetRef | undefined {
  const v = value.trim();
  if (v === "") return undefined;
  return one<TargetRef>(
    db,
    `${TARGET} WHERE t.id = ? COLLATE NOCASE OR t.symbol = ? COLLATE NOCASE LIMIT 1`,
    [v, v],
  ) ??
    one<TargetRef>(
      db,
      `${TARGET} JOIN target_aliases a ON a.target_id = t.id WHERE a.alias = ? ORDER BY t.symbol LIMIT 1`,
      [v],
    ) ??
    one<TargetRef>(db, `${TARGET} WHERE t.name = ? COLLATE NOCASE ORDER BY t.symbol LIMIT 1`, [v]);
}

const DISEASE = "SELECT d.id, d.name FROM diseases d";

/** Resolve a disease by CURIE, underscore key, name or synonym. */
export function resolveDisease(db: DatabaseSync, value: string): DiseaseRef | undefined {
  const v = value.trim();
  if (v === "") return undefined;
  return one<DiseaseRef>(
    db,
    `${DISEASE} WHERE d.id = ? COLLATE NOCASE OR d.efo_key = ? COLLATE NOCASE LIMIT 1`,
    [
      v,
      v,
    ],
  ) ??
    one<DiseaseRef>(db, `${DISEASE} WHERE d.name = ? COLLATE NOCASE ORDER BY d.id LIMIT 1`, [v]) ??
    one<DiseaseRef>(
      db,
      `${DISEASE} JOIN disease_synonyms s ON s.disease_id = d.id WHERE s.synonym = ? ORDER BY d.id LIMIT 1`,
      [v],
    );
}

/** A disease by its exact CURIE only (prioritize-targets' `efo_id`). */
export function diseaseById(db: DatabaseSync, id: string): DiseaseRef | undefined {
  return one<DiseaseRef>(db, `${DISEASE} WHERE d.id = ?`, [id.trim()]);
}

/** Resolve a drug name or id to its parent molecule. */
export function resolveDrug(db: DatabaseSync, value: string): DrugRef | undefined {
  const v = value.trim();
  if (v === "") return undefined;
  const hit =
    one<{ chembl_id: string }>(db, "SELECT chembl_id FROM molecules WHERE chembl_id = ? COLLATE NOCASE", [
      v,
    ]) ??
      one<{ chembl_id: string }>(
        db,
        `SELECT n.chembl_id FROM molecule_names n WHERE n.name = ?
       ORDER BY CASE n.kind WHEN 'generic' THEN 0 WHEN 'brand' THEN 1 WHEN 'salt' THEN 2 ELSE 3 END, n.chembl_id LIMIT 1`,
        [v],
      ) ??
      one<{ chembl_id: string }>(
        db,
        "SELECT chembl_id FROM molecules WHERE generic_name = ? COLLATE NOCASE ORDER BY chembl_id LIMIT 1",
        [v],
      );
  if (hit === undefined) return undefined;
  return one<DrugRef>(
    db,
    `SELECT p.chembl_id, p.generic_name AS name, p.mechanism_of_action FROM molecules m
     JOIN molecules p ON p.chembl_id = COALESCE(m.parent_chembl_id, m.chembl_id) WHERE m.chembl_id = ?`,
    [hit.chembl_id],
  );
}
