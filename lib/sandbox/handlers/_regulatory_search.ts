/**
 * Approvals search (`regulatory.search`) and regulatory landscape (`regulatory.landscape`), spec 4.3.
 * Quirks: a wrong-format linked id simply matches nothing (PITFALLS 18); `is_orphan` is coerced by
 * the server so any non-empty value, `false` included, selects orphans (7).
 *
 * @module
 */
import { splitCsv } from "../../client/params.ts";
import { flaggedBody, type HandlerContext, listBody, offsetOf } from "../handler.ts";
import { linksOf, sponsorsOf } from "./_regulatory_approvals.ts";
import { approvalsByDrugNames } from "./_regulatory_drugs.ts";
import { diseaseFamily, resolveDisease, resolveDrug, resolveSponsor } from "./_resolve.ts";
import { all, ftsPhrase, likeContains, marks, one, Where } from "./_sql.ts";

interface ApprovalRec {
  key: string;
  approval_id: string;
  trade_name: string;
  applicant_raw: string;
  source: string;
  approval_date: string;
  marketing_status: string;
  is_orphan: number;
  has_black_box: number;
  is_breakthrough: number;
  is_priority_review: number;
  is_accelerated: number;
}

/** `GET /api/v1/regulatory`. */
export function regulatorySearch(ctx: HandlerContext): unknown {
  const { db, params } = ctx;
  const s = (k: string) => (typeof params[k] === "string" ? params[k] as string : undefined);
  const w = new Where();
  let from = "approvals a";
  if (s("search") !== undefined) {
    const phrase = ftsPhrase(s("search")!);
    if (phrase === undefined) return listBody([], 0, params);
    from = "approvals_fts JOIN approvals a ON a.rid = approvals_fts.rowid";
    w.add("approvals_fts MATCH ?", phrase);
  }
  if (s("source")) w.add("a.source = ?", s("source") === "EMA Union Register" ? "EMA" : s("source")!);
  for (const k of ["applicant", "trade_name"]) {
    const col = k === "applicant" ? "applicant_raw" : k;
    if (s(k)) w.add(`a.${col} LIKE ? ESCAPE '\\'`, likeContains(s(k)!));
  }
  // A partial match on the ingredients; a list (`A; B`) matches the products holding each part, any order.
  for (const part of (s("ingredient") ?? "").split(/\s*[;+]\s*/).filter((x) => x.trim())) {
    w.add("a.ingredient LIKE ? ESCAPE '\\'", likeContains(part));
  }
  const link = (table: string, col: string, v: string) =>
    w.add(`a.key IN (SELECT x.approval_key FROM ${table} x WHERE x.${col} = ?)`, v);
  if (s("sponsor_id")) link("approval_sponsors", "org_id", s("sponsor_id")!);
  if (s("drug_id")) link("approval_drugs", "chembl_id", s("drug_id")!);
  if (s("disease_id")) link("approval_indications", "disease_id", s("disease_id")!);
  if (s("status")) w.add("a.marketing_status = ?", s("status")!);
  if (params.is_orphan === true) w.add("a.is_orphan = 1");
  const col = params.sort === "updated_at" ? "a.updated_at" : "a.approval_date";
  const dir = params.order === "asc" ? "ASC" : "DESC";
  const total = one<{ n: number }>(db, `SELECT count(*) AS n FROM ${from} ${w}`, w.args)?.n ?? 0;
  const { limit, offset } = offsetOf(params);
  const recs = offset >= total ? [] : all<ApprovalRec>(
    db,
    `SELECT a.* FROM ${from} ${w} ORDER BY ${col} ${dir}, a.approval_id LIMIT ? OFFSET ?`,
    [...w.args, limit, offset],
  );
  const keys = recs.map((r) => r.key);
  const { direct, chain } = sponsorsOf(db, keys);
  const links = linksOf(db, keys);
  const rows = recs.map((r) => ({
    approval_id: r.approval_id,
    trade_name: r.trade_name,
    applicant_raw: r.applicant_raw,
    source: r.source,
    approval_date: r.approval_date,
    marketing_status: r.marketing_status,
    sponsors: direct.get(r.key) ?? [],
    sponsors_chain: chain.get(r.key) ?? [],
    drugs: (links.drugs.get(r.key) ?? []).map(({ chembl_id, name }) => ({ chembl_id, name })),
    indications: (links.indications.get(r.key) ?? []).map((i) => i.name),
    regulatory_flags: {
      is_orphan: r.is_orphan === 1,
      has_black_box: r.has_black_box === 1,
      breakthrough: r.is_breakthrough === 1,
      priority_review: r.is_priority_review === 1,
      accelerated: r.is_accelerated === 1,
    },
    patents: links.patents.get(r.key) ?? [],
    exclusivities: links.exclusivities.get(r.key) ?? [],
  }));
  return listBody(rows, total, params);
}

const TIERS = ["biologics", "small_molecules_modern", "commodities"] as const;

/** `GET /api/v1/tools/regulatory/landscape`. */
export function regulatoryLandscape(ctx: HandlerContext): unknown {
  const { db, params } = ctx;
  const audit: Record<string, unknown>[] = [];
  const w = new Where();
  let unresolvedInput = false;
  const inList = (table: string, col: string, ids: readonly string[]) =>
    ids.length === 0 ? w.add("0") : w.add(
      `a.key IN (SELECT x.approval_key FROM ${table} x WHERE x.${col} IN (${marks(ids.length)}))`,
      ...ids,
    );
  if (typeof params.sponsor === "string") {
    const hit = resolveSponsor(db, params.sponsor);
    audit.push({
      step: "resolve",
      parameter: "sponsor",
      input: params.sponsor,
      resolved: hit?.parentId ?? null,
    });
    if (hit) inList("approval_sponsors", "org_id", hit.family);
    else unresolvedInput = true;
  }
  if (typeof params.indication === "string") {
    const d = resolveDisease(db, params.indication, true);
    audit.push({
      step: "resolve",
      parameter: "indication",
      input: params.indication,
      resolved: d?.id ?? null,
    });
    if (d) inList("approval_indications", "disease_id", diseaseFamily(db, d.id));
    else unresolvedInput = true;
  }
  if (typeof params.drugNames === "string") {
    const names = splitCsv(params.drugNames);
    const { keys, unresolved } = approvalsByDrugNames(db, names);
    for (const n of names) {
      audit.push({
        step: "resolve",
        parameter: "drugNames",
        input: n,
        resolved: unresolved.includes(n) ? null : resolveDrug(db, n)?.parent ?? n.trim().toLowerCase(),
      });
    }
    w.add(keys.length ? `a.key IN (${marks(keys.length)})` : "0", ...keys);
  }
  if (typeof params.minYear === "number") w.add("a.approval_date >= ?", `${params.minYear}-01-01`);
  if (typeof params.region === "string") w.add("a.region = ?", params.region);
  if (unresolvedInput) w.add("0");
  // Approvals no molecule is linked to, as drugs of their ingredients (imported stores; see link_biology.ts).
  const byIngredient = one(db, "SELECT 1 AS n FROM sqlite_master WHERE name = 'approval_ingredient_tiers'")
    ? `UNION ALL SELECT NULL, t.drug, min(t.tier), max(t.has_black_box), min(t.first_year), count(DISTINCT h.key),
         min(h.approval_date), (SELECT json_group_array(DISTINCT o.name) FROM approval_sponsors s
           JOIN organizations o ON o.id = s.org_id WHERE s.approval_key IN (SELECT h2.key FROM hits h2
           JOIN approval_ingredient_tiers t2 ON t2.approval_key = h2.key WHERE t2.drug = t.drug))
       FROM hits h JOIN approval_ingredient_tiers t ON t.approval_key = h.key GROUP BY t.drug`
    : "";
  const rows = all<{
    parent: string | null;
    generic_name: string;
    tier: string;
    has_black_box: number;
    first_year: number | null;
    total_approvals: number;
    first_match: string;
    sponsors: string | null;
  }>(
    db,
    `WITH hits AS (SELECT a.key, a.approval_date FROM approvals a ${w})
     SELECT p.chembl_id AS parent, p.generic_name AS generic_name, p.tier, p.has_black_box, p.first_approval_year AS first_year,
       count(DISTINCT h.key) AS total_approvals, min(h.approval_date) AS first_match,
       (SELECT json_group_array(DISTINCT o.name) FROM approval_sponsors s JOIN organizations o ON o.id = s.org_id
         WHERE s.approval_key IN (SELECT h2.key FROM hits h2 JOIN approval_drugs d2 ON d2.approval_key = h2.key
           JOIN molecules m2 ON m2.chembl_id = d2.chembl_id
           WHERE coalesce(m2.parent_chembl_id, m2.chembl_id) = p.chembl_id)) AS sponsors
     FROM hits h JOIN approval_drugs d ON d.approval_key = h.key JOIN molecules m ON m.chembl_id = d.chembl_id
     JOIN molecules p ON p.chembl_id = coalesce(m.parent_chembl_id, m.chembl_id)
     GROUP BY p.chembl_id ${byIngredient} ORDER BY total_approvals DESC, generic_name`,
    w.args,
  );
  const out: Record<string, unknown[]> = { biologics: [], small_molecules_modern: [], commodities: [] };
  for (const r of rows) {
    const tier = (TIERS as readonly string[]).includes(r.tier) ? r.tier : "commodities";
    out[tier].push({
      generic_name: r.generic_name,
      tier,
      total_approvals: r.total_approvals,
      first_approval_year: r.first_year ?? Number(r.first_match.slice(0, 4)),
      has_black_box: r.has_black_box === 1,
      sponsors: r.sponsors ? (JSON.parse(r.sponsors) as string[]).sort() : [],
      ...(r.parent === null ? {} : { chembl_id: r.parent }),
    });
  }
  const counts = {
    biologics: out.biologics.length,
    small_molecules_modern: out.small_molecules_modern.length,
    commodities: out.commodities.length,
    total_unique_drugs: rows.length,
  };
  audit.push({ step: "aggregate", total_unique_drugs: rows.length });
  return flaggedBody({ ...out, counts, audit_trail: audit });
}
