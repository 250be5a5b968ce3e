/**
 * Approval record building blocks shared by the approvals search, the regulatory landscape and the
 * catalysts: direct sponsor references, the full sponsor chain (ultimate parent down to each direct
 * sponsor, through `org_closure`) and the linked drugs, indications, patents and exclusivities.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { all, marks } from "./_sql.ts";

/** A sponsor reference `{id, name, lei, ror}`. */
export interface SponsorRef {
  id: string;
  name: string;
  lei: string | null;
  ror: string | null;
}

const REF = "o.id, o.name, o.lei, o.ror_id AS ror";

function group<R>(rows: (R & { k: string })[]): Map<string, R[]> {
  const m = new Map<string, R[]>();
  for (const row of rows) {
    const { k, ...rest } = row;
    const list = m.get(k);
    if (list) list.push(rest as R);
    else m.set(k, [rest as R]);
  }
  return m;
}

/** A drug linked to an approval. */
export interface ApprovalDrug {
  chembl_id: string;
  name: string;
  parent: string;
}

/** A table linking records to sponsor organizations (`org_id`) by the record's key column. */
interface SponsorLink {
  readonly table: "approval_sponsors" | "trial_sponsors";
  readonly key: "approval_key" | "trial_id";
}

/**
 * Direct sponsors and sponsor chains (each sponsor entity and all its parents, top first, once each; a unit
 * of a family its name states, with the parents it names, though none is a registry entity) of
 * records by key: approvals (the default link) or trials (`{table: "trial_sponsors", key: "trial_id"}`).
 */
export function sponsorsOf(
  db: DatabaseSync,
  keys: readonly string[],
  link: SponsorLink = { table: "approval_sponsors", key: "approval_key" },
): { direct: Map<string, SponsorRef[]>; chain: Map<string, SponsorRef[]> } {
  if (keys.length === 0) return { direct: new Map(), chain: new Map() };
  const { table, key } = link;
  const direct = group<SponsorRef>(all<SponsorRef & { k: string }>(
    db,
    `SELECT s.${key} AS k, ${REF} FROM ${table} s JOIN organizations o ON o.id = s.org_id
     WHERE s.${key} IN (${marks(keys.length)}) ORDER BY s.${key}, o.name`,
    keys,
  ));
  const chainRows = all<SponsorRef & { k: string }>(
    db,
    `SELECT s.${key} AS k, ${REF} FROM ${table} s
     JOIN org_closure c ON c.descendant_id = s.org_id JOIN organizations o ON o.id = c.ancestor_id
     WHERE s.${key} IN (${marks(keys.length)}) AND (o.is_entity = 1
       -- a family the names state (link_orgs.ts): its unresolved parents and the unit itself
       OR (o.resolved_to_id IS NULL AND (c.hops > 0 OR o.ultimate_parent_id != o.id)))
     ORDER BY s.${key}, s.org_id, c.hops DESC`,
    keys,
  );
  const chain = new Map<string, SponsorRef[]>();
  for (const [k, list] of group<SponsorRef>(chainRows)) {
    const seen = new Set<string>();
    chain.set(k, list.filter((r) => !seen.has(r.id) && seen.add(r.id)));
  }
  for (const [k, list] of direct) if (!chain.has(k)) chain.set(k, list);
  return { direct, chain };
}

/** Linked drugs (`{chembl_id, name}`), parent generic names, indication names, patents and exclusivities. */
export function linksOf(db: DatabaseSync, keys: readonly string[]): {
  drugs: Map<string, ApprovalDrug[]>;
  indications: Map<string, { name: string; id: string }[]>;
  patents: Map<string, { patent_no: string; expiry_date: string }[]>;
  exclusivities: Map<string, { code: string; description: string; expiry_date: string }[]>;
} {
  const m = marks(keys.length);
  if (keys.length === 0) {
    return { drugs: new Map(), indications: new Map(), patents: new Map(), exclusivities: new Map() };
  }
  return {
    drugs: group(all<ApprovalDrug & { k: string }>(
      db,
      `SELECT d.approval_key AS k, m.chembl_id, m.generic_name AS name, p.generic_name AS parent
       FROM approval_drugs d JOIN molecules m ON m.chembl_id = d.chembl_id
       JOIN molecules p ON p.chembl_id = coalesce(m.parent_chembl_id, m.chembl_id)
       WHERE d.approval_key IN (${m}) ORDER BY d.approval_key, m.chembl_id`,
      keys,
    )),
    indications: group(all<{ k: string; name: string; id: string }>(
      db,
      `SELECT i.approval_key AS k, d.name, d.id FROM approval_indications i JOIN diseases d ON d.id = i.disease_id
       WHERE i.approval_key IN (${m}) ORDER BY i.approval_key, d.name`,
      keys,
    )),
    patents: group(all<{ k: string; patent_no: string; expiry_date: string }>(
      db,
      `SELECT approval_key AS k, patent_no, expiry_date FROM approval_patents WHERE approval_key IN (${m})
       ORDER BY approval_key, expiry_date, patent_no`,
      keys,
    )),
    exclusivities: group(all<{ k: string; code: string; description: string; expiry_date: string }>(
      db,
      `SELECT approval_key AS k, code, description, expiry_date FROM approval_exclusivities
       WHERE approval_key IN (${m}) ORDER BY approval_key, expiry_date, code`,
      keys,
    )),
  };
}
