/**
 * Medicare Part D drug spending search (spec 4.6).
 *
 * Sandbox choices:
 * - `search` matches the complete generic name or one complete brand name, case-insensitively,
 *   after trimming and collapsing whitespace; anything partial matches nothing (PITFALLS 23).
 * - `efo_id` is normalised from `EFO:0000311` / `EFO-0000311` to the stored `EFO_0000311` (the
 *   separator only; the id is otherwise matched exactly).
 * - Averages are rounded to 2 decimals, null when the denominator is 0; `approved_indications` keep
 *   the first stored name of each efo_id; `molecule` is `{chembl_id, name}` or null when unmatched.
 * - `year` is the row's spending year (a field the spec does not name; it states 2025): 2025 in the
 *   synthetic data, the latest year of the file in an imported Part D store.
 *
 * @module
 */
import { type HandlerContext, listBody, offsetOf } from "../handler.ts";
import { all, marks, one, Where } from "./_sql.ts";
import { jsonList, round, type SqlRow } from "./_registries_util.ts";

/** Normalise a disease id to Medicare's stored underscore form. */
export function medicareEfo(v: string): string {
  const m = /^([A-Za-z][A-Za-z0-9]*)[:_-]([A-Za-z0-9.]+)$/.exec(v.trim());
  return m ? `${m[1]}_${m[2]}` : v.trim();
}

function indicationsOf(ctx: HandlerContext, keys: string[]): Map<string, { efo_id: string; name: string }[]> {
  const out = new Map<string, { efo_id: string; name: string }[]>(keys.map((k) => [k, []]));
  const rows = all<{ medicare_key: string; efo_id: string; name: string }>(
    ctx.db,
    `SELECT medicare_key, efo_id, name FROM medicare_indications WHERE medicare_key IN (${marks(keys.length)})
     ORDER BY rowid`,
    keys,
  );
  for (const r of rows) {
    const list = out.get(r.medicare_key);
    if (list && !list.some((x) => x.efo_id === r.efo_id)) list.push({ efo_id: r.efo_id, name: r.name });
  }
  return out;
}

function avg(total: number, n: number): number | null {
  return n > 0 ? round(total / n, 2) : null;
}

/** GET /api/v1/medicare-drugs. */
export function searchMedicare(ctx: HandlerContext): Record<string, unknown> {
  const p = ctx.params;
  const { limit, offset } = offsetOf(p);
  const where = new Where();
  if (typeof p.search === "string") {
    const term = p.search.trim().replace(/\s+/g, " ");
    where.add(
      "(m.generic_name = ? COLLATE NOCASE OR m.key IN (SELECT medicare_key FROM medicare_brands WHERE brand_name = ?))",
      term,
      term,
    );
  }
  if (typeof p.generic_name === "string") {
    where.add("m.generic_name = ? COLLATE NOCASE", p.generic_name.trim());
  }
  if (typeof p.efo_id === "string") {
    where.add(
      "m.key IN (SELECT medicare_key FROM medicare_indications WHERE efo_id = ?)",
      medicareEfo(p.efo_id),
    );
  }
  if (typeof p.molecule_id === "string") where.add("m.chembl_id = ?", p.molecule_id.trim());
  if (typeof p.match_method === "string") where.add("m.match_method = ?", p.match_method);
  if (typeof p.min_spending === "number") where.add("m.total_spending >= ?", p.min_spending);
  if (typeof p.max_spending === "number") where.add("m.total_spending <= ?", p.max_spending);
  const dir = p.order === "asc" ? "ASC" : "DESC";
  const key = p.sort === "generic_name" ? "m.generic_name" : "m.total_spending";
  const rows = all<SqlRow>(
    ctx.db,
    `SELECT m.key, m.generic_name, m.brand_names_json, m.total_spending, m.total_claims, m.total_beneficiaries,
       m.chembl_id, m.match_method, m.year, mol.generic_name AS molecule_name
     FROM medicare_drugs m LEFT JOIN molecules mol ON mol.chembl_id = m.chembl_id
     ${String(where)} ORDER BY ${key} ${dir}, m.key ${dir} LIMIT ? OFFSET ?`,
    [...where.args, limit, offset],
  );
  const total = one<{ n: number }>(
    ctx.db,
    `SELECT COUNT(*) AS n FROM medicare_drugs m ${String(where)}`,
    where.args,
  );
  const ind = indicationsOf(ctx, rows.map((r) => String(r.key)));
  return listBody(rows.map((r) => toRow(r, ind.get(String(r.key)) ?? [])), Number(total?.n ?? 0), p);
}

function toRow(r: SqlRow, indications: { efo_id: string; name: string }[]): Record<string, unknown> {
  const spending = Number(r.total_spending);
  const claims = Number(r.total_claims);
  const benes = Number(r.total_beneficiaries);
  return {
    _key: String(r.key),
    generic_name: String(r.generic_name),
    brand_names: jsonList(r.brand_names_json),
    total_spending: spending,
    total_claims: claims,
    total_beneficiaries: benes,
    avg_spending_per_claim: avg(spending, claims),
    avg_spending_per_beneficiary: avg(spending, benes),
    molecule: r.chembl_id === null ? null : {
      chembl_id: String(r.chembl_id),
      name: r.molecule_name === null ? undefined : String(r.molecule_name),
    },
    approved_indications: indications,
    match_method: String(r.match_method),
    year: Number(r.year),
  };
}
