/**
 * Entity resolution shared by the trials and regulatory handlers: diseases (name, synonym or
 * CURIE, with the subtype hierarchy), drugs (generic, brand, salt or code name, or CHEMBL id → the
 * parent molecule and its salt forms), targets (symbol, alias, name or id) and sponsors (name →
 * entity → corporate family through `org_closure`, at most 6 hops).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { normaliseCurie } from "../../client/params.ts";
import { all, marks, one } from "./_sql.ts";
import { drugKeys, orgKey } from "../../client/names.ts";

/** A resolved disease. */
export interface DiseaseHit {
  /** CURIE. */
  readonly id: string;
  /** Canonical name. */
  readonly name: string;
  /** How it was matched. */
  readonly via: "curie" | "name" | "synonym" | "keyword";
}

/** Resolve a disease by CURIE (any accepted form), exact name or synonym (case-insensitive). */
export function resolveDisease(db: DatabaseSync, text: string, keyword = false): DiseaseHit | undefined {
  const q = text.trim();
  const curie = normaliseCurie(q);
  if (curie) {
    const r = one<{ id: string; name: string }>(db, "SELECT id, name FROM diseases WHERE id = ?", [curie]);
    if (r) return { ...r, via: "curie" };
  }
  const byName = one<{ id: string; name: string }>(
    db,
    "SELECT id, name FROM diseases WHERE name = ? COLLATE NOCASE ORDER BY id LIMIT 1",
    [q],
  );
  if (byName) return { ...byName, via: "name" };
  const bySyn = one<{ id: string; name: string }>(
    db,
    `SELECT d.id, d.name FROM disease_synonyms s JOIN diseases d ON d.id = s.disease_id
     WHERE s.synonym = ? ORDER BY d.id LIMIT 1`,
    [q],
  );
  if (bySyn) return { ...bySyn, via: "synonym" };
  if (!keyword || q.length < 3) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const byKeyword = one<{ id: string; name: string }>(
    db,
    `SELECT id, name FROM diseases WHERE name LIKE ? ESCAPE '\\'
     ORDER BY length(name), id LIMIT 1`,
    [like],
  );
  return byKeyword ? { ...byKeyword, via: "keyword" } : undefined;
}

/** A disease and all its subtypes (descendants through `parent_id`), or only direct subtypes. */
export function diseaseFamily(db: DatabaseSync, id: string, directOnly = false): string[] {
  if (directOnly) {
    return [
      id,
      ...all<{ id: string }>(db, "SELECT id FROM diseases WHERE parent_id = ?", [id]).map((r) => r.id),
    ];
  }
  return all<{ id: string }>(
    db,
    `WITH RECURSIVE sub(id) AS (SELECT ? UNION SELECT d.id FROM diseases d JOIN sub ON d.parent_id = sub.id)
     SELECT id FROM sub`,
    [id],
  ).map((r) => r.id);
}

/** A resolved drug: the parent molecule and every form of it. */
export interface DrugHit {
  /** Parent CHEMBL id. */
  readonly parent: string;
  /** Parent generic name. */
  readonly name: string;
  /** Parent plus salt/related forms. */
  readonly forms: string[];
}

/** Resolve a drug by any of its names or a CHEMBL id. */
export function resolveDrug(db: DatabaseSync, text: string): DrugHit | undefined {
  const q = text.trim();
  const hit = one<{ chembl_id: string }>(db, "SELECT chembl_id FROM molecules WHERE chembl_id = ?", [
    q.toUpperCase(),
  ]) ??
    one<{ chembl_id: string }>(
      db,
      "SELECT chembl_id FROM molecule_names WHERE name = ? ORDER BY chembl_id LIMIT 1",
      [
        q,
      ],
    ) ??
    one<{ chembl_id: string }>(
      db,
      "SELECT chembl_id FROM molecules WHERE generic_name = ? COLLATE NOCASE ORDER BY chembl_id LIMIT 1",
      [q],
    );
  if (!hit) return undefined;
  return drugFamily(db, hit.chembl_id);
}

/**
 * The approvals a list of drug names asks for: those linked to a molecule any name resolves to (with its
 * salt and related forms), and — on an imported store — those whose labelled ingredient has the name's
 * base name (salt, ester and hydrate words dropped, any case) or whose trade name it is (`approval_names`).
 * A combination product is found by each of its ingredients. Names that find nothing are left out; no
 * name finding anything gives an empty list.
 *
 * @returns The approvals' internal keys, and the names that found nothing.
 */
export function approvalsByDrugNames(
  db: DatabaseSync,
  names: readonly string[],
): { keys: string[]; unresolved: string[] } {
  const keys = new Set<string>();
  const unresolved: string[] = [];
  const add = (table: string, col: string, values: readonly string[]) => {
    if (values.length === 0) return;
    const sql = `SELECT approval_key AS k FROM ${table} WHERE ${col} IN (${marks(values.length)})`;
    for (const r of all<{ k: string }>(db, sql, values)) keys.add(r.k);
  };
  for (const name of names) {
    const before = keys.size;
    const forms = resolveDrug(db, name)?.forms ?? [];
    add("approval_drugs", "chembl_id", forms);
    add(
      "approval_names",
      "name_key",
      [...new Set([...drugKeys(name), name.trim().toLowerCase()])].filter(Boolean),
    );
    if (keys.size === before && forms.length === 0) unresolved.push(name);
  }
  return { keys: [...keys], unresolved };
}

/** The parent and forms of a molecule id. */
export function drugFamily(db: DatabaseSync, chembl: string): DrugHit {
  const m = one<{ parent: string; name: string }>(
    db,
    `SELECT p.chembl_id AS parent, p.generic_name AS name FROM molecules c
     JOIN molecules p ON p.chembl_id = coalesce(c.parent_chembl_id, c.chembl_id) WHERE c.chembl_id = ?`,
    [chembl],
  )!;
  const forms = all<{ chembl_id: string }>(
    db,
    "SELECT chembl_id FROM molecules WHERE chembl_id = ? OR parent_chembl_id = ? ORDER BY chembl_id",
    [m.parent, m.parent],
  ).map((r) => r.chembl_id);
  return { parent: m.parent, name: m.name, forms };
}

/** A resolved target. */
export interface TargetHit {
  /** Target id. */
  readonly id: string;
  /** Gene symbol. */
  readonly symbol: string;
}

/** Resolve a target by symbol, id, alias or protein name (case-insensitive). */
export function resolveTarget(db: DatabaseSync, text: string): TargetHit | undefined {
  const q = text.trim();
  return one<TargetHit>(
    db,
    "SELECT id, symbol FROM targets WHERE symbol = ? COLLATE NOCASE OR id = ? OR name = ? COLLATE NOCASE LIMIT 1",
    [q, q, q],
  ) ?? one<TargetHit>(
    db,
    `SELECT t.id, t.symbol FROM target_aliases a JOIN targets t ON t.id = a.target_id WHERE a.alias = ?
     ORDER BY t.id LIMIT 1`,
    [q],
  );
}

/** Molecule ids (parents and their forms) acting on a target, and their action types. */
export function targetDrugs(db: DatabaseSync, targetId: string): { forms: string[]; actions: string[] } {
  const rows = all<{ chembl_id: string; action_type: string }>(
    db,
    "SELECT chembl_id, action_type FROM molecule_targets WHERE target_id = ? ORDER BY chembl_id",
    [targetId],
  );
  const parents = rows.map((r) => r.chembl_id);
  const forms = parents.length === 0 ? [] : all<{ chembl_id: string }>(
    db,
    `SELECT chembl_id FROM molecules WHERE chembl_id IN (${marks(parents.length)})
     OR parent_chembl_id IN (${marks(parents.length)})`,
    [...parents, ...parents],
  ).map((r) => r.chembl_id);
  return { forms, actions: rows.map((r) => r.action_type) };
}

/** A resolved sponsor. */
export interface SponsorHit {
  /** The organization the name matched (mentions followed to their entity). */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** Ultimate parent of the family. */
  readonly parentId: string;
  /** Every organization id of the family (entities and mentions), at most 6 hops below the parent. */
  readonly family: string[];
}

/**
 * Resolve a sponsor name, in order: the exact name (case-insensitive, entities first, mentions followed to
 * the entity they resolve to); any name the organization is known by, compared by its normalised key
 * (`org_names`, lib/client/names.ts `orgKey`: "BRISTOL MYERS SQUIBB CO" = "Bristol-Myers Squibb Company" =
 * "bristol myers squibb"); the entity whose name starts with it and has the most trials, like the entity
 * autocomplete; else the known name whose key starts with the name's key at a word boundary ("Bristol" →
 * "bristol-myers-squibb"), most trials and approvals first. The family is the ultimate parent's corporate
 * family. Imported stores fill `org_names`; a generated store leaves it empty.
 */
export function resolveSponsor(db: DatabaseSync, text: string): SponsorHit | undefined {
  const q = text.trim();
  if (q === "") return undefined;
  type Hit = { id: string; name: string; top: string | null };
  const followed = `SELECT coalesce(e.id, o.id) AS id, coalesce(e.name, o.name) AS name,
       coalesce(e.ultimate_parent_id, o.ultimate_parent_id) AS top
     FROM organizations o LEFT JOIN organizations e ON e.id = o.resolved_to_id`;
  const key = orgKey(q);
  const hit = one<Hit>(
    db,
    `${followed} WHERE o.name = ? COLLATE NOCASE ORDER BY o.is_entity DESC, o.trial_count DESC, o.id LIMIT 1`,
    [q],
  ) ?? one<Hit>(
    db,
    `${followed} WHERE o.id IN (SELECT org_id FROM org_names WHERE key = ?)
     ORDER BY o.is_entity DESC, o.trial_count + o.approval_count DESC, o.id LIMIT 1`,
    [key],
  ) ?? one<Hit>(
    db,
    `SELECT id, name, ultimate_parent_id AS top FROM organizations
     WHERE is_entity = 1 AND name LIKE ? ESCAPE '\\' ORDER BY trial_count DESC, id LIMIT 1`,
    [`${q.replace(/[\\%_]/g, (c) => "\\" + c)}%`],
  ) ?? (key === "unnamed" ? undefined : one<Hit>(
    db,
    // Keys are [a-z0-9-]: those starting with `<key>-` sort in [`<key>-`, `<key>.`) — an index range.
    `${followed} WHERE o.id IN (SELECT org_id FROM org_names WHERE key > ? AND key < ?)
     ORDER BY o.is_entity DESC, o.trial_count + o.approval_count DESC, o.id LIMIT 1`,
    [`${key}-`, `${key}.`],
  ));
  if (!hit) return undefined;
  const parentId = hit.top ?? hit.id;
  return { id: hit.id, name: hit.name, parentId, family: orgFamily(db, parentId) };
}

/** An organization and everything below it (parent_of + resolved_to), at most 6 hops. */
export function orgFamily(db: DatabaseSync, id: string): string[] {
  const ids = all<{ d: string }>(
    db,
    "SELECT descendant_id AS d FROM org_closure WHERE ancestor_id = ? AND hops <= 6 ORDER BY hops, descendant_id",
    [id],
  ).map((r) => r.d);
  return ids.length ? ids : [id];
}
