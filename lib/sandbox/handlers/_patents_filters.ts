/**
 * Patent filters shared by search, aggregate and yoy-growth (spec 4.4): company resolution with
 * corporate-family expansion, CPC prefix validation and expansion, date window, country, legal status.
 *
 * Sandbox choices (documented in the README's patents section):
 * - `company_id` is tried, in order, as `organizations/<key>`, `ror:<id>`, `lei:<id>`, a bare ROR id
 *   (`0` + 6 alphanumerics + 2 digits), a bare 20-character LEI, then an exact raw assignee string.
 *   `company_name` is an exact, case-insensitive organization name (a mention resolves to its entity).
 * - An organization anchor expands to its corporate family: every node of `org_closure` below it
 *   within 6 hops (parent_of + resolved_to). A patent matches when one of its assignees has a
 *   `direct_id`, `ultimate_id` or `mention_id` in that family. `company_cluster_size` counts the
 *   family's nodes (entities and mentions, the anchor included).
 * - An exact raw assignee string matches that string only (no expansion; cluster size 1, and
 *   `company_id_resolved` echoes the string).
 * - A CPC value is valid when some known code starts with it (both for `include_descendants=true`,
 *   which matches every code starting with it, and `false`, which matches the exact code only).
 * - An unresolved company or unknown CPC value answers 400 `invalid_parameter` naming the value.
 *
 * @module
 */
import { type HandlerContext, SandboxError } from "../handler.ts";
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { one, Where } from "../_sql.ts";
import { compactDate, type SqlRow } from "./_registries_util.ts";

/** The resolved company anchor of a request. */
export interface CompanyScope {
  /** `organizations/<key>` of the anchor, or the raw assignee string. */
  readonly resolved: string;
  /** Nodes of the corporate family (1 for a raw string). */
  readonly clusterSize: number;
  /** True when matching the raw assignee string exactly. */
  readonly raw: boolean;
}

/** A SQL condition over one alias with its bound parameters. */
export interface Cond {
  /** Fixed SQL with `?` placeholders. */
  readonly sql: string;
  /** Bound parameters. */
  readonly params: readonly SQLInputValue[];
}

/** Everything a patent endpoint filters by. */
export interface PatentScope {
  /** Conditions over `patents p`. */
  readonly where: Where;
  /** The company anchor, when a company filter was sent. */
  readonly company?: CompanyScope;
  /** Condition on a `patent_assignees` alias `pa` restricting to the company, when one was sent. */
  readonly assigneeCond?: Cond;
  /** Condition on a `patent_cpc` alias `pc` restricting to the CPC filter, when one was sent. */
  readonly cpcCond?: Cond;
}

const FAMILY = "(SELECT descendant_id FROM org_closure WHERE ancestor_id = ? AND hops <= 6)";
const TOP = "\u{10FFFF}";

function invalid(parameter: string, value: string, why: string): SandboxError {
  return new SandboxError(400, "invalid_parameter", `Invalid ${parameter} '${value}': ${why}`, { parameter });
}

function orgBy(db: DatabaseSync, column: "id" | "ror_id" | "lei", value: string): string | undefined {
  const r = one<{ id: string }>(
    db,
    `SELECT id FROM organizations WHERE ${column} = ? COLLATE NOCASE ORDER BY is_entity DESC, depth, id LIMIT 1`,
    [value],
  );
  return r?.id;
}

function anchorOfId(db: DatabaseSync, v: string): { id?: string; raw?: string } {
  if (v.startsWith("organizations/")) return { id: orgBy(db, "id", v) };
  const pref = /^(ror|lei):(.+)$/i.exec(v);
  if (pref) return { id: orgBy(db, pref[1].toLowerCase() === "ror" ? "ror_id" : "lei", pref[2].trim()) };
  let id: string | undefined;
  if (/^0[a-z0-9]{6}\d{2}$/i.test(v)) id = orgBy(db, "ror_id", v);
  else if (/^[A-Z0-9]{20}$/i.test(v)) id = orgBy(db, "lei", v);
  if (id !== undefined) return { id };
  const raw = one<SqlRow>(db, "SELECT 1 AS x FROM patent_assignees WHERE raw_name = ? LIMIT 1", [v]);
  return raw ? { raw: v } : {};
}

function anchorOfName(db: DatabaseSync, v: string): string | undefined {
  const r = one<{ id: string; resolved_to_id: string | null }>(
    db,
    `SELECT id, resolved_to_id FROM organizations WHERE name = ? COLLATE NOCASE
     ORDER BY is_entity DESC, depth, trial_count DESC, id LIMIT 1`,
    [v],
  );
  return r ? (r.resolved_to_id ?? r.id) : undefined;
}

/** Resolve `company_id` (precedence) or `company_name`; undefined when neither was sent. */
export function resolveCompany(
  db: DatabaseSync,
  params: Readonly<Record<string, unknown>>,
): CompanyScope | undefined {
  const byId = typeof params.company_id === "string" ? params.company_id.trim() : undefined;
  const byName = typeof params.company_name === "string" ? params.company_name.trim() : undefined;
  if (byId === undefined && byName === undefined) return undefined;
  const parameter = byId !== undefined ? "company_id" : "company_name";
  const value = (byId ?? byName) as string;
  const a = byId !== undefined ? anchorOfId(db, value) : { id: anchorOfName(db, value) };
  if (a.raw !== undefined) return { resolved: a.raw, clusterSize: 1, raw: true };
  if (a.id === undefined) {
    throw invalid(parameter, value, "no organization or raw assignee matches it; filters are never dropped");
  }
  const n = one<{ n: number }>(
    db,
    "SELECT COUNT(*) AS n FROM org_closure WHERE ancestor_id = ? AND hops <= 6",
    [a.id],
  );
  return { resolved: a.id, clusterSize: Math.max(1, n?.n ?? 0), raw: false };
}

/** Condition on `patent_assignees pa` for a company scope. */
export function assigneeCondition(c: CompanyScope): Cond {
  if (c.raw) return { sql: "pa.raw_name = ?", params: [c.resolved] };
  return {
    sql: `(pa.direct_id IN ${FAMILY} OR pa.ultimate_id IN ${FAMILY} OR pa.mention_id IN ${FAMILY})`,
    params: [c.resolved, c.resolved, c.resolved],
  };
}

/** Validate and expand the CPC filter into a condition on `patent_cpc pc`; undefined when not sent. */
export function cpcCondition(db: DatabaseSync, params: Readonly<Record<string, unknown>>): Cond | undefined {
  if (typeof params.cpc_code !== "string") return undefined;
  const code = params.cpc_code.trim().toUpperCase();
  const known = one<SqlRow>(db, "SELECT 1 AS x FROM cpc_codes WHERE code >= ? AND code < ? LIMIT 1", [
    code,
    code + TOP,
  ]) ??
    one<SqlRow>(db, "SELECT 1 AS x FROM patent_cpc WHERE cpc_code >= ? AND cpc_code < ? LIMIT 1", [
      code,
      code + TOP,
    ]);
  if (!known || code === "") throw invalid("cpc_code", String(params.cpc_code), "unknown CPC code or prefix");
  return String(params.include_descendants ?? "true") === "false"
    ? { sql: "pc.cpc_code = ?", params: [code] }
    : { sql: "pc.cpc_code >= ? AND pc.cpc_code < ?", params: [code, code + TOP] };
}

/** The default aggregate window: 1 January two years before `today`'s year to 31 December of it. */
export function defaultWindow(today: string): { from: string; to: string } {
  const y = Number(today.slice(0, 4));
  return { from: `${y - 2}0101`, to: `${y}1231` };
}

/**
 * Build the scope of a patent request. `years` adds a publication-year window (aggregate's default
 * window, used when no date is sent); country and legal_status apply only when `withRegistry`.
 */
export function patentScope(
  ctx: HandlerContext,
  opts: { years?: { from: number; to: number }; withRegistry?: boolean } = {},
): PatentScope {
  const p = ctx.params;
  const where = new Where();
  const company = resolveCompany(ctx.db, p);
  const cpcCond = cpcCondition(ctx.db, p);
  const assigneeCond = company ? assigneeCondition(company) : undefined;
  if (assigneeCond) {
    where.add(
      `p.patent_id IN (SELECT pa.patent_id FROM patent_assignees pa WHERE ${assigneeCond.sql})`,
      ...assigneeCond.params,
    );
  }
  if (cpcCond) {
    where.add(
      `p.patent_id IN (SELECT pc.patent_id FROM patent_cpc pc WHERE ${cpcCond.sql})`,
      ...cpcCond.params,
    );
  }
  if (opts.years) where.add("p.pub_year >= ? AND p.pub_year <= ?", opts.years.from, opts.years.to);
  if (typeof p.publication_date_from === "string") {
    where.add("p.publication_date >= ?", compactDate(p.publication_date_from));
  }
  if (typeof p.publication_date_to === "string") {
    where.add("p.publication_date <= ?", compactDate(p.publication_date_to));
  }
  if (opts.withRegistry) {
    if (typeof p.country === "string") where.add("p.country = ?", p.country.trim().toUpperCase());
    if (typeof p.legal_status === "string") {
      where.add("p.legal_status = ? COLLATE NOCASE", p.legal_status.trim());
    }
  }
  return {
    where,
    ...(company ? { company } : {}),
    ...(assigneeCond ? { assigneeCond } : {}),
    ...(cpcCond ? { cpcCond } : {}),
  };
}

/** `meta.filters` echo of the resolved company anchor (null and 0 when absent). */
export function filtersEcho(
  s: PatentScope,
): { company_id_resolved: string | null; company_cluster_size: number } {
  return {
    company_id_resolved: s.company?.resolved ?? null,
    company_cluster_size: s.company?.clusterSize ?? 0,
  };
}
