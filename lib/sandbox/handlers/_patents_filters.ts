/**
 * Patent filters shared by search, aggregate and yoy-growth (spec 4.4): company resolution (the search:
 * the organization's own patents; aggregate and growth: its corporate family), CPC prefix validation and
 * expansion, date window, country, legal status.
 *
 * Sandbox choices (documented in the README's patents section):
 * - `company_id` is tried, in order, as `organizations/<key>`, `ror:<id>`, `lei:<id>`, a bare ROR id
 *   (`0` + 6 alphanumerics + 2 digits), a bare 20-character LEI, then an exact raw assignee string.
 *   `company_name` is an exact, case-insensitive organization name (a mention resolves to its entity).
 * - The search (`GET /api/v1/patents`: "direct indexed filters, no graph traversal") answers an
 *   organization's own patents: one of the patent's assignees is resolved to it (`direct_id`) or names it
 *   (`mention_id`) — a subsidiary filing under its own name (a GLEIF child) is not its parent's.
 * - The aggregate and growth expand an organization anchor to its corporate family (the cluster whose
 *   size they echo): every node of `org_closure` below it within 6 hops (parent_of + resolved_to). A
 *   patent matches when one of its assignees has a `direct_id`, `ultimate_id` or `mention_id` in that
 *   family. `company_cluster_size` counts the family's nodes (entities and mentions, the anchor included).
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
import { one, Where } from "./_sql.ts";
import { compactDate, type SqlRow } from "./_registries_util.ts";

/** The resolved company anchor of a request. */
export interface CompanyScope {
  /** `organizations/<key>` of the anchor, or the raw assignee string. */
  readonly resolved: string;
  /** Nodes of the corporate family (1 for a raw string). */
  readonly clusterSize: number;
  /** True when matching the raw assignee string exactly. */
  readonly raw: boolean;
  /**
   * True for the organization's own patents (an assignee resolved to it or naming it: `direct_id` or
   * `mention_id`), as the search's "direct indexed filters, no graph traversal"; false for its corporate
   * family (aggregate and growth, whose `company_cluster_size` the spec echoes).
   */
  readonly own: boolean;
}

/** A SQL condition over one alias with its bound parameters. */
export interface Cond {
  /** Fixed SQL with `?` placeholders. */
  readonly sql: string;
  /** Bound parameters. */
  readonly params: readonly SQLInputValue[];
}

/** The CPC filter: a condition on `patent_cpc_rid pc`, and its one-row-per-patent form. */
export interface CpcCond extends Cond {
  /**
   * The same condition keeping only each matching patent's lowest matching code (`prev_code` below
   * the range, see `schema_records.ts`): one row per patent, so rows can be counted without DISTINCT.
   */
  readonly first: Cond;
}

/** Everything a patent endpoint filters by. */
export interface PatentScope {
  /** Conditions over `patents p` (the company and CPC filters as `p.rid IN (...)` sets). */
  readonly where: Where;
  /** The same conditions with the company and CPC filters as correlated `EXISTS` probes. */
  readonly exists: Where;
  /** The company anchor, when a company filter was sent. */
  readonly company?: CompanyScope;
  /** Condition on a `patent_assignee_rid` alias `pa` restricting to the company, when one was sent. */
  readonly assigneeCond?: Cond;
  /** Condition on a `patent_cpc_rid` alias `pc` restricting to the CPC filter, when one was sent. */
  readonly cpcCond?: CpcCond;
  /** Publication-year window (inclusive), when one applies. */
  readonly years?: { readonly from: number; readonly to: number };
  /** Publication date bounds, `YYYYMMDD` (inclusive), when sent. */
  readonly dateFrom?: string;
  /** See {@link PatentScope.dateFrom}. */
  readonly dateTo?: string;
  /** True when a country or legal-status filter applies (columns of `patents` only). */
  readonly registry: boolean;
  /** The link filters (company, then CPC) in both forms over `patents p`. */
  readonly links: readonly LinkFilter[];
  /** The other conditions over `patents p` (years, dates, registry). */
  readonly plain: readonly Cond[];
}

/** A company or CPC filter as a condition over `patents p`. */
export interface LinkFilter {
  /** `p.rid IN (...)`. */
  readonly inSql: string;
  /** A correlated `EXISTS (...)` probing the link's rows of `p.rid` by primary key. */
  readonly existsSql: string;
  /** Bound parameters (the same for both forms). */
  readonly params: readonly SQLInputValue[];
  /**
   * The link's own rows as a join driver: `table alias` yielding each matching patent once (with
   * its `publication_date`), its condition and rowid column.
   */
  readonly driver: { readonly from: string; readonly cond: Cond; readonly rid: string };
  /** Rowids subquery (for size estimates). */
  readonly rids: Cond;
}

/**
 * Rowids of the patents matching a company scope: the `patent_anchor` range of an organization
 * anchor (already one row per patent), or the raw-name index of the assignee mirror.
 */
export function companyRids(c: CompanyScope): Cond {
  if (c.raw) {
    return {
      sql: "SELECT pa.patent_rid FROM patent_assignee_rid pa WHERE pa.raw_name = ?",
      params: [c.resolved],
    };
  }
  const a = anchorCond(c);
  return { sql: `SELECT a.patent_rid FROM patent_anchor a WHERE ${a.sql}`, params: a.params };
}

/**
 * The condition on `patent_anchor a` for an organization scope: the family's patents, or (own) those of
 * them with an assignee resolved to the organization or naming it — probed by the patent's primary key.
 */
export function anchorCond(c: CompanyScope): Cond {
  return c.own
    ? {
      sql: `a.anchor_id = ? AND EXISTS (SELECT 1 FROM patent_assignee_rid o WHERE o.patent_rid = a.patent_rid
        AND (o.direct_id = ? OR o.mention_id = ?))`,
      params: [c.resolved, c.resolved, c.resolved],
    }
    : { sql: "a.anchor_id = ?", params: [c.resolved] };
}

/** Rowids of the patents with a CPC code matching `c` (subquery over `patent_cpc_rid pc`). */
export function cpcRids(c: Cond): Cond {
  return { sql: `SELECT pc.patent_rid FROM patent_cpc_rid pc WHERE ${c.sql}`, params: c.params };
}

/** How many rows the link's rowid subquery yields, capped at `cap`. */
export function linkSize(db: DatabaseSync, l: LinkFilter, cap: number): number {
  const r = one<{ n: number }>(db, `SELECT COUNT(*) AS n FROM (${l.rids.sql} LIMIT ?)`, [
    ...l.rids.params,
    cap,
  ]);
  return r?.n ?? 0;
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
  const raw = one<SqlRow>(db, "SELECT 1 AS x FROM patent_assignee_rid WHERE raw_name = ? LIMIT 1", [v]);
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

/**
 * Resolve `company_id` (precedence) or `company_name`; undefined when neither was sent. `own`: the
 * organization's own patents (search), else its corporate family (aggregate, growth).
 */
export function resolveCompany(
  db: DatabaseSync,
  params: Readonly<Record<string, unknown>>,
  own = false,
): CompanyScope | undefined {
  const byId = typeof params.company_id === "string" ? params.company_id.trim() : undefined;
  const byName = typeof params.company_name === "string" ? params.company_name.trim() : undefined;
  if (byId === undefined && byName === undefined) return undefined;
  const parameter = byId !== undefined ? "company_id" : "company_name";
  const value = (byId ?? byName) as string;
  const a = byId !== undefined ? anchorOfId(db, value) : { id: anchorOfName(db, value) };
  if (a.raw !== undefined) return { resolved: a.raw, clusterSize: 1, raw: true, own };
  if (a.id === undefined) {
    throw invalid(parameter, value, "no organization or raw assignee matches it; filters are never dropped");
  }
  const n = one<{ n: number }>(
    db,
    "SELECT COUNT(*) AS n FROM org_closure WHERE ancestor_id = ? AND hops <= 6",
    [a.id],
  );
  return { resolved: a.id, clusterSize: own ? 1 : Math.max(1, n?.n ?? 0), raw: false, own };
}

/** Condition on `patent_assignee_rid pa` (or `patent_assignees pa`) for a company scope. */
export function assigneeCondition(c: CompanyScope): Cond {
  if (c.raw) return { sql: "pa.raw_name = ?", params: [c.resolved] };
  if (c.own) return { sql: "(pa.direct_id = ? OR pa.mention_id = ?)", params: [c.resolved, c.resolved] };
  return {
    sql: `(pa.direct_id IN ${FAMILY} OR pa.ultimate_id IN ${FAMILY} OR pa.mention_id IN ${FAMILY})`,
    params: [c.resolved, c.resolved, c.resolved],
  };
}

/** Validate and expand the CPC filter into a condition on `patent_cpc_rid pc`; undefined when not sent. */
export function cpcCondition(
  db: DatabaseSync,
  params: Readonly<Record<string, unknown>>,
): CpcCond | undefined {
  if (typeof params.cpc_code !== "string") return undefined;
  const code = params.cpc_code.trim().toUpperCase();
  const known = one<SqlRow>(db, "SELECT 1 AS x FROM cpc_codes WHERE code >= ? AND code < ? LIMIT 1", [
    code,
    code + TOP,
  ]) ??
    one<SqlRow>(db, "SELECT 1 AS x FROM patent_cpc_rid WHERE cpc_code >= ? AND cpc_code < ? LIMIT 1", [
      code,
      code + TOP,
    ]);
  if (!known || code === "") throw invalid("cpc_code", String(params.cpc_code), "unknown CPC code or prefix");
  const c = String(params.include_descendants ?? "true") === "false"
    ? { sql: "pc.cpc_code = ?", params: [code] }
    : { sql: "pc.cpc_code >= ? AND pc.cpc_code < ?", params: [code, code + TOP] };
  return {
    ...c,
    first: { sql: `${c.sql} AND (pc.prev_code IS NULL OR pc.prev_code < ?)`, params: [...c.params, code] },
  };
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
  opts: { years?: { from: number; to: number }; withRegistry?: boolean; own?: boolean } = {},
): PatentScope {
  const p = ctx.params;
  const company = resolveCompany(ctx.db, p, opts.own ?? false);
  const cpcCond = cpcCondition(ctx.db, p);
  const assigneeCond = company ? assigneeCondition(company) : undefined;
  const links: LinkFilter[] = [];
  if (company) {
    const rids = companyRids(company);
    links.push({
      inSql: `p.rid IN (${rids.sql})`,
      existsSql: company.raw
        ? "EXISTS (SELECT 1 FROM patent_assignee_rid pa WHERE pa.patent_rid = p.rid AND pa.raw_name = ?)"
        : `EXISTS (SELECT 1 FROM patent_anchor a WHERE ${anchorCond(company).sql} AND a.patent_rid = p.rid)`,
      params: rids.params,
      rids,
      driver: company.raw
        ? {
          from: "patent_assignee_rid pa",
          // One row per patent even if the string were listed twice.
          cond: {
            sql: `pa.raw_name = ? AND pa.position = (SELECT MIN(x.position) FROM patent_assignee_rid x
              WHERE x.patent_rid = pa.patent_rid AND x.raw_name = pa.raw_name)`,
            params: rids.params,
          },
          rid: "pa.patent_rid",
        }
        : {
          from: "patent_anchor a",
          cond: anchorCond(company),
          rid: "a.patent_rid",
        },
    });
  }
  if (cpcCond) {
    const rids = cpcRids(cpcCond);
    links.push({
      inSql: `p.rid IN (${rids.sql})`,
      // `+` keeps the probe on the primary key (patent_rid) rather than the code index.
      existsSql: `EXISTS (SELECT 1 FROM patent_cpc_rid pc WHERE pc.patent_rid = p.rid AND ${
        cpcCond.sql.replaceAll("pc.cpc_code", "+pc.cpc_code")
      })`,
      params: cpcCond.params,
      rids,
      driver: { from: "patent_cpc_rid pc", cond: cpcCond.first, rid: "pc.patent_rid" },
    });
  }
  const plain: Cond[] = [];
  const add = (sql: string, ...params: SQLInputValue[]) => plain.push({ sql, params });
  if (opts.years) add("p.pub_year >= ? AND p.pub_year <= ?", opts.years.from, opts.years.to);
  const dateFrom = typeof p.publication_date_from === "string"
    ? compactDate(p.publication_date_from)
    : undefined;
  const dateTo = typeof p.publication_date_to === "string" ? compactDate(p.publication_date_to) : undefined;
  if (dateFrom !== undefined) add("p.publication_date >= ?", dateFrom);
  if (dateTo !== undefined) add("p.publication_date <= ?", dateTo);
  let registry = false;
  if (opts.withRegistry) {
    if (typeof p.country === "string") {
      (add("p.country = ?", p.country.trim().toUpperCase()), registry = true);
    }
    if (typeof p.legal_status === "string") {
      add("p.legal_status = ? COLLATE NOCASE", p.legal_status.trim());
      registry = true;
    }
  }
  return {
    where: linkWhere(links, plain, "in"),
    exists: linkWhere(links, plain, "exists"),
    registry,
    links,
    plain,
    ...(company ? { company } : {}),
    ...(assigneeCond ? { assigneeCond } : {}),
    ...(cpcCond ? { cpcCond } : {}),
    ...(opts.years ? { years: opts.years } : {}),
    ...(dateFrom !== undefined ? { dateFrom } : {}),
    ...(dateTo !== undefined ? { dateTo } : {}),
  };
}

/** The links (in one form, except `skip`) and the plain conditions as one WHERE over `patents p`. */
export function linkWhere(
  links: readonly LinkFilter[],
  plain: readonly Cond[],
  form: "in" | "exists",
  skip?: LinkFilter,
): Where {
  const w = new Where();
  for (const l of links) if (l !== skip) w.add(form === "in" ? l.inSql : l.existsSql, ...l.params);
  for (const c of plain) w.add(c.sql, ...c.params);
  return w;
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
