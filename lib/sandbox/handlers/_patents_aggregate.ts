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
import { all, marks, one, Where } from "./_sql.ts";
import { round, type SqlRow } from "./_registries_util.ts";
import {
  companyRids,
  defaultWindow,
  filtersEcho,
  type PatentScope,
  patentScope,
} from "./_patents_filters.ts";

type Dim = "year" | "cpc" | "company";

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

/**
 * A grouped count over the integer-keyed tables, joined on the patent rowid: `patent_cpc_rid pc` when
 * grouping by CPC or filtering by it, `patent_assignee_rid pa` when grouping by company,
 * `patent_anchor a` for an organization filter, else `patents p`. A filter on a grouped link applies
 * to that link's rows (only matching codes/assignees are grouped). CPC rows are kept one per patent
 * (`first`, when not grouped by CPC) or one per patent and subclass (grouped, by the `prev_code` rule),
 * so only assignee rows can repeat a patent within a group (then COUNT(DISTINCT)).
 */
interface Grouped {
  from: string;
  where: Where;
  keys: string[];
  count: string;
  rid: string;
  year: string;
}

function grouped(scope: PatentScope, dims: readonly Dim[]): Grouped {
  const byCpc = dims.includes("cpc"), byCompany = dims.includes("company");
  const c = scope.cpcCond, co = scope.company;
  const tables: [string, string][] = [];
  const where = new Where();
  if (c || byCpc) {
    tables.push(["pc", "patent_cpc_rid"]);
    const f = byCpc ? c : c?.first;
    if (f) where.add(f.sql, ...f.params);
    if (byCpc && !byCompany) {
      // One row per (patent, subclass): its lowest code in the subclass (and in the filter range).
      const lo = c ? c.first.params[c.first.params.length - 1] : undefined;
      where.add(
        `(pc.prev_code IS NULL${
          lo === undefined ? "" : " OR pc.prev_code < ?"
        } OR substr(pc.prev_code, 1, 4) <> pc.cpc_subclass)`,
        ...(lo === undefined ? [] : [lo]),
      );
    }
  }
  if (byCompany) {
    tables.push(["pa", "patent_assignee_rid"]);
    if (scope.assigneeCond) where.add(scope.assigneeCond.sql, ...scope.assigneeCond.params);
  }
  if (co && !co.raw) {
    tables.push(["a", "patent_anchor"]);
    where.add("a.anchor_id = ?", co.resolved);
  }
  if (tables.length === 0) tables.push(["p", "patents"]);
  const [d] = tables[0];
  const rid = d === "p" ? "p.rid" : `${d}.patent_rid`;
  if (co?.raw && !byCompany) {
    const s = companyRids(co);
    where.add(`${rid} IN (${s.sql})`, ...s.params);
  }
  if (scope.years) where.add(`${d}.pub_year >= ? AND ${d}.pub_year <= ?`, scope.years.from, scope.years.to);
  // pub_year is the year of publication_date: bounding it too lets the year index narrow a date window.
  for (const [date, op] of [[scope.dateFrom, ">="], [scope.dateTo, "<="]] as const) {
    if (date === undefined) continue;
    if (/^\d{4}/.test(date)) where.add(`${d}.pub_year ${op} ?`, Number(date.slice(0, 4)));
    where.add(`${d}.publication_date ${op} ?`, date);
  }
  const from = tables.map(([x, t], i) => i === 0 ? `${t} ${x}` : `JOIN ${t} ${x} ON ${x}.patent_rid = ${rid}`)
    .join(" ");
  const keys = dims.map((x) =>
    x === "year" ? `${d}.pub_year` : x === "cpc" ? "pc.cpc_subclass" : "pa.company_key"
  );
  return {
    from,
    where,
    keys,
    count: byCompany ? `COUNT(DISTINCT ${rid})` : "COUNT(*)",
    rid,
    year: `${d}.pub_year`,
  };
}

/** True when the store carries the generator's count tables (see `schema_records.ts`). */
export function hasCountTables(ctx: HandlerContext): boolean {
  return one<{ v: string }>(ctx.db, "SELECT value AS v FROM meta WHERE key = 'patent_year_counts'")?.v ===
    "1";
}

/**
 * The publication-year window of a scope when the count tables can answer it: no company filter,
 * and date bounds (if any) on whole calendar years. Undefined otherwise (the CPC filter is checked
 * by the callers).
 */
function wholeYears(ctx: HandlerContext, scope: PatentScope): { from: number; to: number } | undefined {
  if (scope.company || !hasCountTables(ctx)) return undefined;
  let from = scope.years?.from ?? 0, to = scope.years?.to ?? 9999;
  if (scope.dateFrom !== undefined) {
    if (!/^\d{4}0101$/.test(scope.dateFrom)) return undefined;
    from = Math.max(from, Number(scope.dateFrom.slice(0, 4)));
  }
  if (scope.dateTo !== undefined) {
    if (!/^\d{4}1231$/.test(scope.dateTo)) return undefined;
    to = Math.min(to, Number(scope.dateTo.slice(0, 4)));
  }
  return { from, to };
}

/**
 * Count-table source of a grouping: `patent_year_counts` without a CPC filter; with one,
 * `patent_cpc_pairs pc` (groups by year and/or subclass only). A pairs row counts a patent once for
 * the range when its next-lower code is below the range, once per subclass when that code also
 * lies in another subclass. Undefined when the tables cannot answer.
 */
function countSource(
  scope: PatentScope,
  dims: readonly Dim[],
): { from: string; where: Where; col: (d: Dim) => string } | undefined {
  const c = scope.cpcCond;
  if (!c) {
    const dim = (["cpc", "company"] as const).filter((d) => dims.includes(d)).join(",") || "year";
    return {
      from: "patent_year_counts pc",
      where: new Where().add("pc.dim = ?", dim),
      col: (d) => d === "year" ? "pc.pub_year" : `pc.${d}`,
    };
  }
  if (dims.includes("company")) return undefined;
  const lo = c.first.params[c.first.params.length - 1];
  const where = new Where().add(c.sql, ...c.params);
  if (dims.includes("cpc")) {
    where.add("(pc.prev_code < ? OR substr(pc.prev_code, 1, 4) <> substr(pc.cpc_code, 1, 4))", lo);
  } else where.add("pc.prev_code < ?", lo);
  return {
    from: "patent_cpc_pairs pc",
    where,
    col: (d) => d === "year" ? "pc.pub_year" : "substr(pc.cpc_code, 1, 4)",
  };
}

function dimsOf(v: unknown): Dim[] {
  const items = String(v ?? "year").split(",").map((s) => s.trim().toLowerCase());
  const dims = items.filter((s): s is Dim => s === "year" || s === "cpc" || s === "company");
  return dims.length ? [...new Set(dims)] : ["year"];
}

/** Rows `{k0[, k1, ...], n}` of the aggregate, from the pre-computed counts when they answer it exactly. */
function aggregateRows(
  ctx: HandlerContext,
  scope: PatentScope,
  dims: Dim[],
  dir: string,
  limit: number,
): SqlRow[] {
  const ks = dims.map((_, i) => `k${i}`).join(", ");
  const years = wholeYears(ctx, scope);
  const src = years && countSource(scope, dims);
  if (years && src) {
    src.where.add("pc.pub_year >= ? AND pc.pub_year <= ?", years.from, years.to);
    return all<SqlRow>(
      ctx.db,
      `SELECT ${dims.map((d, i) => `${src.col(d)} AS k${i}`).join(", ")}, SUM(pc.n) AS n FROM ${src.from}
       ${src.where} GROUP BY ${ks} ORDER BY n ${dir}, ${ks} LIMIT ?`,
      [...src.where.args, limit],
    );
  }
  const g = grouped(scope, dims);
  return all<SqlRow>(
    ctx.db,
    `SELECT ${g.keys.map((k, i) => `${k} AS k${i}`).join(", ")}, ${g.count} AS n FROM ${g.from}
     ${String(g.where)} GROUP BY ${ks} ORDER BY n ${dir}, ${ks} LIMIT ?`,
    [...g.where.args, limit],
  );
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
  const dir = p.sort_by_count === "asc" ? "ASC" : "DESC";
  const limit = Number(p.limit ?? 100);
  const rows = aggregateRows(ctx, scope, dims, dir, limit);
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

/** Rows `{k, old_n, new_n}` of yoy-growth, from the pre-computed counts when they answer it exactly. */
function growthRows(
  ctx: HandlerContext,
  scope: PatentScope,
  dimension: Dim,
  ys: number,
  ye: number,
  minOld: number,
): SqlRow[] {
  const src = scope.dateFrom === undefined && scope.dateTo === undefined && wholeYears(ctx, scope)
    ? countSource(scope, [dimension])
    : undefined;
  if (src) {
    return all<SqlRow>(
      ctx.db,
      `SELECT ${src.col(dimension)} AS k, SUM(CASE WHEN pc.pub_year = ? THEN pc.n ELSE 0 END) AS old_n,
         SUM(CASE WHEN pc.pub_year = ? THEN pc.n ELSE 0 END) AS new_n
       FROM ${src.from} ${src.where} AND pc.pub_year IN (?, ?) GROUP BY k HAVING old_n >= ?`,
      [ys, ye, ...src.where.args, ys, ye, minOld],
    );
  }
  const g = grouped(scope, [dimension]);
  const rid = g.rid;
  return all<SqlRow>(
    ctx.db,
    `SELECT ${g.keys[0]} AS k,
      COUNT(DISTINCT CASE WHEN ${g.year} = ? THEN ${rid} END) AS old_n,
      COUNT(DISTINCT CASE WHEN ${g.year} = ? THEN ${rid} END) AS new_n
    FROM ${g.from} ${g.where.parts.length ? `${g.where} AND` : "WHERE"} ${g.year} IN (?, ?)
    GROUP BY k HAVING old_n >= ?`,
    [ys, ye, ...g.where.args, ys, ye, minOld],
  );
}

/** GET /api/v1/patents/yoy-growth. */
export function yoyGrowth(ctx: HandlerContext): Record<string, unknown> {
  const p = ctx.params;
  const scope = patentScope(ctx);
  const dimension: Dim = p.dimension === "company" ? "company" : "cpc";
  const ys = Number(p.year_start ?? 2024);
  const ye = Number(p.year_end ?? 2025);
  const minOld = Number(p.min_old_count ?? 50);
  const rows: Growth[] = growthRows(ctx, scope, dimension, ys, ye, minOld)
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
