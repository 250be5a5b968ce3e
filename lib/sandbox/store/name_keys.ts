/**
 * The name keys a store is searched by, filled the same way for a generated and an imported store
 * (normalisers: lib/client/names.ts): `org_names` gets every organization's own name by its `orgKey`
 * (imports add the other names a source gives), `approval_names` every approval's ingredient base names
 * and lower-case trade name. Idempotent: approval names are derived again from the approvals.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { drugKeys, orgKey } from "../../client/names.ts";

/** Fill `org_names` (own names) and `approval_names`; returns the approvals keyed. */
export function fillNameKeys(db: DatabaseSync): number {
  const orgName = db.prepare(
    "INSERT OR IGNORE INTO org_names (org_id, key, name, source) VALUES (?, ?, ?, 'name')",
  );
  // Streamed, not collected: an import of patents' assignees holds hundreds of thousands of organizations.
  const orgs = db.prepare("SELECT id, name FROM organizations").iterate() as Iterable<
    { id: string; name: string }
  >;
  for (const o of orgs) {
    orgName.run(o.id, orgKey(o.name), o.name);
  }
  db.exec("DELETE FROM approval_names");
  const add = db.prepare("INSERT OR IGNORE INTO approval_names (approval_key, name_key) VALUES (?, ?)");
  const rows = db.prepare("SELECT key, ingredient, trade_name FROM approvals").all() as {
    key: string;
    ingredient: string;
    trade_name: string;
  }[];
  for (const r of rows) for (const k of approvalNameKeys(r.ingredient, r.trade_name)) add.run(r.key, k);
  return rows.length;
}

/** The name keys of one approval: its ingredients' base names and its trade name in lower case. */
export function approvalNameKeys(ingredient: string, tradeName: string): string[] {
  const trade = tradeName.trim().toLowerCase();
  return [...new Set([...drugKeys(ingredient), ...(trade ? [trade] : [])])];
}
