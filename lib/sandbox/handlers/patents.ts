/**
 * Sandbox handlers: patents (spec 4.4; the server core answers 402 below Pro).
 *
 * - `patents.search`: direct indexed filters, a company's own patents without its corporate family
 *   (see `_patents_filters.ts` for company and CPC resolution); rows carry `YYYYMMDD` dates, epoch-ms `last_updated`, raw `assignees` and
 *   `cpc_codes`; `meta.total` is the exact count only when the raw query carries
 *   `include_total=true` (otherwise null), because `include_total` is a client-fixed value, not a
 *   catalogue parameter.
 * - `patents.get`: the full record, by the search row's id or the number as people write it (`12409631`,
 *   `US 12,409,631 B2`: {@linkcode patentIdOf}); 404 naming the accepted forms, or the publications a number
 *   names when it names several. `family_members` lists the other
 *   publications of the family; `citation_counts.cites` counts the patent citations of the record;
 *   `resolved_assignees[].name` is the name of the `direct_id` organization (else the mention's).
 * - `patents.aggregate` and `patents.yoyGrowth`: see `_patents_aggregate.ts`.
 *
 * @module
 */
import { type HandlerContext, type HandlerTable, notFound, offsetOf, SandboxError } from "../handler.ts";
import type { SQLInputValue } from "node:sqlite";
import { all, one, Where } from "./_sql.ts";
import { jsonList, type SqlRow } from "./_registries_util.ts";
import { type LinkFilter, linkSize, linkWhere, type PatentScope, patentScope } from "./_patents_filters.ts";
import { aggregate, hasCountTables, yoyGrowth } from "./_patents_aggregate.ts";

const ROW_COLUMNS = `p.patent_id, p.title, p.publication_date, p.priority_date, p.application_date,
  p.last_updated, p.country, p.legal_status,
  (SELECT json_group_array(raw_name ORDER BY position) FROM patent_assignee_rid WHERE patent_rid = p.rid)
    AS assignees_json,
  (SELECT json_group_array(cpc_code ORDER BY position) FROM patent_cpc_rid WHERE patent_rid = p.rid)
    AS cpc_json`;

/** A patent search row (PatentRow). */
export interface PatentRowOut {
  /** Publication id. */
  patent_id: string;
  /** Title. */
  title: string;
  /** YYYYMMDD. */
  publication_date: string;
  /** YYYYMMDD. */
  priority_date: string;
  /** YYYYMMDD. */
  application_date: string;
  /** Epoch ms. */
  last_updated: number;
  /** Publishing authority. */
  country: string;
  /** Stored uppercase legal status. */
  legal_status: string;
  /** Raw assignee strings (the source of truth). */
  assignees: string[];
  /** CPC codes. */
  cpc_codes: string[];
}

function toRow(r: SqlRow): PatentRowOut {
  return {
    patent_id: String(r.patent_id),
    title: String(r.title),
    publication_date: String(r.publication_date),
    priority_date: String(r.priority_date),
    application_date: String(r.application_date),
    last_updated: Number(r.last_updated),
    country: String(r.country),
    legal_status: String(r.legal_status),
    assignees: jsonList(r.assignees_json),
    cpc_codes: jsonList(r.cpc_json),
  };
}

/** Cap of the link-size probes (rows of a link's index range counted). */
const BROAD = 4000;

/** The link filter with the fewest rows (sizes capped at `cap`) that can drive a join, with its size. */
function leadLink(ctx: HandlerContext, scope: PatentScope, cap: number): { link?: LinkFilter; size: number } {
  let best: { link?: LinkFilter; size: number } = { size: Infinity };
  for (const l of scope.links) {
    const size = linkSize(ctx.db, l, cap);
    if (size < best.size) best = { link: l, size };
  }
  return best;
}

/** `FROM <link rows> CROSS JOIN patents p ... WHERE ...` driven by `lead`, the rest as probes. */
function drivenFrom(scope: PatentScope, lead: LinkFilter): { sql: string; args: SQLInputValue[] } {
  const d = lead.driver;
  const rest = linkWhere(scope.links, scope.plain, "exists", lead);
  return {
    sql: `FROM ${d.from} CROSS JOIN patents p ON p.rid = ${d.rid} WHERE ${d.cond.sql}${
      rest.parts.length ? ` AND ${rest.parts.join(" AND ")}` : ""
    }`,
    args: [...d.cond.params, ...rest.args],
  };
}

/**
 * The exact count of a search. Without company, date or registry filters the generator's count
 * tables answer; a CPC-only or organization-only filter (with optional dates) counts its own index
 * range (one row per patent there); otherwise the smaller link set drives a join to `patents`
 * (probing the other link by primary key), and without links `patents` is counted directly.
 */
function searchTotal(ctx: HandlerContext, scope: PatentScope, lead: LinkFilter | undefined): number {
  const count = (sql: string, args: readonly SQLInputValue[]) =>
    Number(one<{ n: number }>(ctx.db, sql, args)?.n ?? 0);
  const c = scope.cpcCond, co = scope.company;
  const dated = scope.dateFrom !== undefined || scope.dateTo !== undefined;
  if (!scope.registry && !co && !dated && hasCountTables(ctx)) {
    if (!c) return count("SELECT SUM(n) AS n FROM patent_year_counts WHERE dim = 'year'", []);
    const lo = c.first.params[c.first.params.length - 1];
    return count(`SELECT SUM(pc.n) AS n FROM patent_cpc_pairs pc WHERE ${c.sql} AND pc.prev_code < ?`, [
      ...c.params,
      lo,
    ]);
  }
  if (!scope.registry && scope.links.length === 1 && lead) {
    const d = lead.driver, alias = d.rid.split(".")[0];
    const w = new Where().add(d.cond.sql, ...d.cond.params);
    if (scope.dateFrom !== undefined) w.add(`${alias}.publication_date >= ?`, scope.dateFrom);
    if (scope.dateTo !== undefined) w.add(`${alias}.publication_date <= ?`, scope.dateTo);
    return count(`SELECT COUNT(*) AS n FROM ${d.from} ${w}`, w.args);
  }
  if (!lead) return count(`SELECT COUNT(*) AS n FROM patents p ${scope.where}`, scope.where.args);
  const f = drivenFrom(scope, lead);
  return count(`SELECT COUNT(*) AS n ${f.sql}`, f.args);
}

/** GET /api/v1/patents. */
export function searchPatents(ctx: HandlerContext): Record<string, unknown> {
  // "Direct indexed filters, no graph traversal" (spec 4.4): the organization's own patents.
  const scope = patentScope(ctx, { withRegistry: true, own: true });
  const { page, limit, offset } = offsetOf(ctx.params);
  const dir = ctx.params.order === "asc" ? "ASC" : "DESC";
  const key = ctx.params.sort === "title" ? "p.title" : "p.publication_date";
  const withTotal = ctx.query.get("include_total")?.trim().toLowerCase() === "true";
  const lead = leadLink(ctx, scope, scope.links.length > 1 ? BROAD * 4 : BROAD);
  const total = withTotal ? searchTotal(ctx, scope, lead.link) : null;
  // Page the bare rowids first, so the per-row list subqueries run for the page only. Narrow link
  // filters: join the smallest link set and sort its matches; broad ones (or none): walk the sort
  // index and probe each row (stops after the page).
  // Sorting n matches costs ~n row reads; walking the index ~(offset + limit) * patents / n probes.
  const n = Math.min(lead.size, total ?? Infinity);
  const patents = Number(one<{ n: number }>(ctx.db, "SELECT MAX(rid) AS n FROM patents")?.n ?? 0);
  const narrow = lead.link && n * n < (offset + limit) * patents / 2;
  const inner = narrow
    ? drivenFrom(scope, lead.link!)
    : { sql: `FROM patents p ${scope.exists}`, args: scope.exists.args };
  const rows = all<SqlRow>(
    ctx.db,
    `SELECT ${ROW_COLUMNS} FROM (SELECT p.rid ${inner.sql}
       ORDER BY ${key} ${dir}, p.patent_id ${dir} LIMIT ? OFFSET ?) pg CROSS JOIN patents p ON p.rid = pg.rid
     ORDER BY ${key} ${dir}, p.patent_id ${dir}`,
    [...inner.args, limit, offset],
  ).map(toRow);
  return { data: rows, meta: { total, page, limit } };
}

/** Publishing authorities a number without one is looked for under (the store's countries), US first. */
const AUTHORITIES = ["US", "EP", "WO", "CN", "JP"] as const;

/** The forms of a patent number the full record accepts, for the 404. */
export const PATENT_ID_FORMS =
  "a search row's patent_id (US12409631B2), or the number as PatentsView, the Orange Book and Google Patents " +
  "write it when it names one patent: 12409631, US12409631, US 12,409,631 B2 (spaces, commas, hyphens and " +
  "case ignored; without a country, US first)";

/**
 * The stored patent id a number as people write it names: the id itself; else, spaces, commas and hyphens
 * dropped and upper case, `[country] number [kind]` — the one stored publication with that country (any of
 * {@linkcode AUTHORITIES}, US first, when none is given), number and kind (any kind when none is given).
 * Several publications (an EP A1 and its B1) name none of them: the 404 lists them.
 */
export function patentIdOf(
  db: HandlerContext["db"],
  text: string,
): { id: string } | { candidates: string[] } {
  const exact = one<{ id: string }>(db, "SELECT patent_id AS id FROM patents WHERE patent_id = ?", [text]);
  if (exact) return exact;
  const m = /^([A-Z]{2})?([A-Z]{0,2}\d+)([A-Z]\d?)?$/.exec(text.toUpperCase().replace(/[\s,./\-]/g, ""));
  if (!m) return { candidates: [] };
  const [, cc, number, kind] = m;
  // The number as written, and without leading zeros (`US 09,123,456` is US9123456).
  const numbers = [...new Set([number, number.replace(/^(\D*)0+(?=\d)/, "$1")])];
  for (const country of cc ? [cc] : AUTHORITIES) {
    const found = numbers.flatMap((n) =>
      all<{ id: string }>(
        db,
        "SELECT patent_id AS id FROM patents WHERE patent_id >= ? AND patent_id < ? ORDER BY patent_id LIMIT 50",
        [country + n, country + n + "\uffff"],
      ).map((r) => r.id).filter((id) => {
        const rest = id.slice((country + n).length);
        return kind ? rest === kind : /^[A-Z]\d?$/.test(rest);
      })
    );
    if (found.length) return found.length === 1 ? { id: found[0] } : { candidates: found };
  }
  return { candidates: [] };
}

/** GET /api/v1/patents/:patentId (a number as people write it reaches the record: {@linkcode patentIdOf}). */
export function getPatent(ctx: HandlerContext): Record<string, unknown> {
  const text = String(ctx.params.patentId ?? "").trim();
  const hit = patentIdOf(ctx.db, text);
  if (!("id" in hit)) {
    throw new SandboxError(
      404,
      "not_found",
      hit.candidates.length
        ? `'${text}' names ${hit.candidates.length} patents (${hit.candidates.join(", ")}); give one of them`
        : `No patent with id '${text}'; accepted: ${PATENT_ID_FORMS}`,
      { input: text },
    );
  }
  const id = hit.id;
  const r = one<SqlRow>(
    ctx.db,
    `SELECT ${ROW_COLUMNS}, p.abstract, p.kind, p.family_id, p.cited_by_count
    FROM patents p WHERE p.patent_id = ?`,
    [id],
  );
  if (r === undefined) throw notFound("patent", id);
  const pid = String(r.patent_id);
  const inventors = all<{ name: string }>(
    ctx.db,
    "SELECT name FROM patent_inventors WHERE patent_id = ? ORDER BY position",
    [pid],
  ).map((x) => x.name);
  const classifications = all<{ code: string; description: string | null }>(
    ctx.db,
    `SELECT pc.cpc_code AS code, c.description FROM patent_cpc pc LEFT JOIN cpc_codes c ON c.code = pc.cpc_code
     WHERE pc.patent_id = ? ORDER BY pc.position`,
    [pid],
  ).map((x) => ({ code: x.code, description: x.description ?? "" }));
  const family = all<{ patent_id: string }>(
    ctx.db,
    "SELECT patent_id FROM patents WHERE family_id = ? AND patent_id <> ? ORDER BY patent_id",
    [String(r.family_id), pid],
  ).map((x) => x.patent_id);
  const cites = all<{ kind: string; cited: string }>(
    ctx.db,
    "SELECT kind, cited FROM patent_citations WHERE patent_id = ? ORDER BY position",
    [pid],
  );
  const patent = cites.filter((c) => c.kind === "patent").map((c) => c.cited);
  const resolved = all<
    { mention_id: string; direct_id: string | null; ultimate_id: string | null; name: string }
  >(
    ctx.db,
    `SELECT pa.mention_id, pa.direct_id, pa.ultimate_id,
       COALESCE(d.name, m.name, pa.raw_name) AS name
     FROM patent_assignees pa
     LEFT JOIN organizations d ON d.id = pa.direct_id
     LEFT JOIN organizations m ON m.id = pa.mention_id
     WHERE pa.patent_id = ? AND pa.mention_id IS NOT NULL ORDER BY pa.position`,
    [pid],
  ).map((x) => ({
    mention_id: x.mention_id,
    direct_id: x.direct_id,
    ultimate_id: x.ultimate_id,
    organization_id: x.mention_id,
    name: x.name,
  }));
  return {
    data: {
      ...toRow(r),
      kind: String(r.kind),
      family_id: String(r.family_id),
      abstract: String(r.abstract),
      inventors,
      classifications,
      family_members: family,
      citations: { patent, non_patent: cites.filter((c) => c.kind !== "patent").map((c) => c.cited) },
      citation_counts: { cited_by: Number(r.cited_by_count), cites: patent.length },
      resolved_assignees: resolved,
    },
  };
}

/** Handlers of this domain, by endpoint name. */
export const handlers: HandlerTable = {
  "patents.search": searchPatents,
  "patents.get": getPatent,
  "patents.aggregate": aggregate,
  "patents.yoyGrowth": yoyGrowth,
};
