/**
 * Patent aggregate and year-over-year growth (spec 4.4).
 *
 * Sandbox choices:
 * - A `cpc` group is the 4-character CPC subclass (`A61K`), the level the store pre-computes
 *   (`patent_cpc.cpc_subclass`); yoy-growth's `cpc_code` is the same subclass. With a `cpc_code`
 *   filter, only the patent's matching codes are grouped.
 * - A `company` group is the assignee's ultimate parent (`organizations/<key>`), else its mention
 *   node, else the raw string; buckets and rows also carry `company_name`. With a company filter,
 *   only the matching assignees are grouped.
 * - A bucket's `count` is the number of distinct patents; a patent with several subclasses or
 *   assignees counts once in each of their buckets. Ties order by the group key ascending.
 * - The aggregate window defaults (when neither date is sent) to 1 January two years before the
 *   data's `today` through 31 December of today's year; a single sent bound leaves the other open.
 * - yoy-growth counts patents by publication year; `percent` is `change / oldCount` as a fraction
 *   (4 decimals), null when oldCount is 0 (only reachable with `min_old_count=0`).
 *
 * @module
 */
import { flaggedBody, type HandlerContext } from "../handler.ts";
import type { SQLInputValue } from "node:sqlite";
import { all, marks } from "../_sql.ts";
import { round, type SqlRow } from "./_registries_util.ts";
import { defaultWindow, filtersEcho, type PatentScope, patentScope } from "./_patents_filters.ts";

type Dim = "year" | "cpc" | "company";

interface Part {
  join: string;
  joinParams: readonly SQLInputValue[];
  key: string;
}

/** Names of company keys (organization ids; a raw-string key names itself). */
function namesOf(ctx: HandlerContext, keys: string[]): Map<string, string> {
  const ids = [...new Set(keys.filter((k) => k.startsWith("organizations/")))];
  const rows = all<{ id: string; name: string }>(
    ctx.db,
    `SELECT id, name FROM organizations WHERE id IN (${marks(ids.length)})`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

const COMPANY_KEY = "COALESCE(pa.ultimate_id, pa.mention_id, pa.raw_name)";

function part(dim: Dim, scope: PatentScope): Part {
  if (dim === "year") return { join: "", joinParams: [], key: "p.pub_year" };
  if (dim === "cpc") {
    const c = scope.cpcCond;
    return {
      join: `JOIN patent_cpc pc ON pc.patent_id = p.patent_id${c ? ` AND ${c.sql}` : ""}`,
      joinParams: c?.params ?? [],
      key: "pc.cpc_subclass",
    };
  }
  const a = scope.assigneeCond;
  return {
    join: `JOIN patent_assignees pa ON pa.patent_id = p.patent_id${a ? ` AND ${a.sql}` : ""}`,
    joinParams: a?.params ?? [],
    key: COMPANY_KEY,
  };
}

function dimsOf(v: unknown): Dim[] {
  const items = String(v ?? "year").split(",").map((s) => s.trim().toLowerCase());
  const dims = items.filter((s): s is Dim => s === "year" || s === "cpc" || s === "company");
  return dims.length ? [...new Set(dims)] : ["year"];
}

/** GET /api/v1/patents/aggregate. */
export function aggregate(ctx: HandlerContext): Record<string, unknown> {
  const p = ctx.params;
  const sent = typeof p.publication_date_from === "string" || typeof p.publication_date_to === "string";
  const window = sent ? undefined : defaultWindow(ctx.today);
  const y = Number(ctx.today.slice(0, 4));
  // The default window is whole calendar years: filter on the indexed publication year.
  const scope = patentScope(ctx, window ? { years: { from: y - 2, to: y } } : {});
  const dims = dimsOf(p.group_by);
  const parts = dims.map((d) => part(d, scope));
  const cols = parts.map((x, i) => `${x.key} AS k${i}`);
  const dir = p.sort_by_count === "asc" ? "ASC" : "DESC";
  const limit = Number(p.limit ?? 100);
  const sql = `SELECT ${cols.join(", ")}, COUNT(DISTINCT p.rid) AS n FROM patents p
    ${parts.map((x) => x.join).join(" ")} ${String(scope.where)}
    GROUP BY ${parts.map((_, i) => `k${i}`).join(", ")}
    ORDER BY n ${dir}, ${parts.map((_, i) => `k${i}`).join(", ")} LIMIT ?`;
  const rows = all<SqlRow>(ctx.db, sql, [...parts.flatMap((x) => x.joinParams), ...scope.where.args, limit]);
  const co = dims.indexOf("company");
  const names = co >= 0 ? namesOf(ctx, rows.map((r) => String(r[`k${co}`]))) : new Map<string, string>();
  const buckets = rows.map((r) => {
    const b: Record<string, unknown> = {};
    dims.forEach((d, i) => {
      b[d] = d === "year" ? Number(r[`k${i}`]) : String(r[`k${i}`]);
    });
    if (b.company !== undefined) b.company_name = names.get(String(b.company)) ?? String(b.company);
    b.count = Number(r.n);
    return b;
  });
  const from = window?.from ?? (typeof p.publication_date_from === "string" ? p.publication_date_from : null);
  const to = window?.to ?? (typeof p.publication_date_to === "string" ? p.publication_date_to : null);
  return {
    success: true,
    buckets,
    meta: {
      total_buckets: buckets.length,
      group_by: dims,
      window: { from: isoOf(from), to: isoOf(to) },
      filters: filtersEcho(scope),
    },
  };
}

function isoOf(d: string | null): string | null {
  return d === null || d.includes("-") ? d : `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}

/** A growth row before it is emitted. */
interface Growth {
  key: string;
  oldCount: number;
  newCount: number;
  change: number;
  percent: number | null;
}

const SORTS: Readonly<Record<string, (a: Growth, b: Growth) => number>> = {
  growth_desc: (a, b) => b.change - a.change,
  growth_asc: (a, b) => a.change - b.change,
  percent_desc: (a, b) => nullsLast(a.percent, b.percent, (x, y) => y - x),
  percent_asc: (a, b) => nullsLast(a.percent, b.percent, (x, y) => x - y),
};

function nullsLast(a: number | null, b: number | null, cmp: (x: number, y: number) => number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return cmp(a, b);
}

/** GET /api/v1/patents/yoy-growth. */
export function yoyGrowth(ctx: HandlerContext): Record<string, unknown> {
  const p = ctx.params;
  const scope = patentScope(ctx);
  const dimension: Dim = p.dimension === "company" ? "company" : "cpc";
  const x = part(dimension, scope);
  const ys = Number(p.year_start ?? 2024);
  const ye = Number(p.year_end ?? 2025);
  const minOld = Number(p.min_old_count ?? 50);
  const where = String(scope.where);
  const sql = `SELECT ${x.key} AS k,
      COUNT(DISTINCT CASE WHEN p.pub_year = ? THEN p.rid END) AS old_n,
      COUNT(DISTINCT CASE WHEN p.pub_year = ? THEN p.rid END) AS new_n
    FROM patents p ${x.join} ${where ? `${where} AND` : "WHERE"} p.pub_year IN (?, ?)
    GROUP BY k HAVING old_n >= ?`;
  const rows: Growth[] = all<SqlRow>(ctx.db, sql, [
    ys,
    ye,
    ...x.joinParams,
    ...scope.where.args,
    ys,
    ye,
    minOld,
  ])
    .map((r) => {
      const oldCount = Number(r.old_n);
      const newCount = Number(r.new_n);
      const change = newCount - oldCount;
      return {
        key: String(r.k),
        oldCount,
        newCount,
        change,
        percent: oldCount > 0 ? round(change / oldCount, 4) : null,
      };
    });
  const cmp = SORTS[String(p.sort ?? "growth_desc")] ?? SORTS.growth_desc;
  rows.sort((a, b) => cmp(a, b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const top = rows.slice(0, Number(p.limit ?? 10));
  const names = dimension === "company" ? namesOf(ctx, top.map((g) => g.key)) : new Map<string, string>();
  const data = top.map((g) => ({
    ...(dimension === "cpc"
      ? { cpc_code: g.key }
      : { company_id: g.key, company_name: names.get(g.key) ?? g.key }),
    oldCount: g.oldCount,
    newCount: g.newCount,
    change: g.change,
    percent: g.percent,
  }));
  return flaggedBody(data, {
    dimension,
    year_start: ys,
    year_end: ye,
    min_old_count: minOld,
    filters: filtersEcho(scope),
  });
}
