/**
 * Researcher works, organization resolution, LEI-to-ticker (spec 4.7) and alerts (spec 4.9).
 *
 * Sandbox choices:
 * - Author ids: `A<digits>`, `scholarly_A<digits>` and the URL form (decoded by the router, or still
 *   percent-encoded) all reduce to the stored `A<digits>`. `meta.fetched_at` imitates the per-author
 *   24-hour snapshot cache: the first call for an author (per store) records the clock's time, reused
 *   until 24 hours have passed.
 * - `meta.author` also carries the profile's counters `works_count`, `cited_by_count` and `h_index`, as the
 *   scholarly index states them (over all the author's works; they can reflect a partial duplicate
 *   profile and need not add up to the works listed).
 * - Organization autocomplete (`organizationAutocomplete` in _resolve.ts): on a generated store the
 *   organizations with a linked trial (directly or, an entity, through its family), on an imported store
 *   every organization a source names; exact names (or any name of the same orgKey) first, then prefix,
 *   word-inside and substring matches, the closest keys for a typo; each row says how it matched and its
 *   family, and the body's `resolution` what the sponsor filters do with the name.
 *   UNRESOLVED rows always carry null rorId/lei.
 * - Alerts belong to a tenant; the store keys them by the demo tier name (`pro` for `tenant-pro`).
 *   The list strips `metadata`, `last_triggered_at` and `match_count` (taken from metadata, else 0).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { type HandlerContext, listBody, notFound, offsetOf, SandboxError } from "../handler.ts";
import { all, one, Where } from "./_sql.ts";
import { organizationAutocomplete } from "./_resolve.ts";
import type { SqlRow } from "./_registries_util.ts";

const DAY_MS = 86_400_000;
const FETCHED = new WeakMap<DatabaseSync, Map<string, number>>();

/** Reduce an author id in any accepted form to the stored `A<digits>`. */
export function authorKey(raw: string): string {
  let s = raw.trim();
  if (s.includes("%")) {
    try {
      s = decodeURIComponent(s);
    } catch { /* keep as sent */ }
  }
  if (/^https?:\/\//i.test(s)) s = s.slice(s.replace(/\/+$/, "").lastIndexOf("/") + 1).replace(/\/+$/, "");
  return s.replace(/^scholarly_/, "");
}

function fetchedAt(ctx: HandlerContext, author: string): string {
  let m = FETCHED.get(ctx.db);
  if (m === undefined) FETCHED.set(ctx.db, m = new Map());
  const now = ctx.now().getTime();
  const at = m.get(author);
  if (at !== undefined && now - at < DAY_MS && now >= at) return new Date(at).toISOString();
  m.set(author, now);
  return new Date(now).toISOString();
}

/** GET /api/v1/researchers/:authorId/works. */
export function researcherWorks(ctx: HandlerContext): Record<string, unknown> {
  const p = ctx.params;
  const raw = String(p.authorId ?? "");
  const id = authorKey(raw);
  const author = one<
    {
      author_id: string;
      name: string;
      orcid: string | null;
      works_count: number;
      cited_by_count: number;
      h_index: number;
    }
  >(
    ctx.db,
    "SELECT author_id, name, orcid, works_count, cited_by_count, h_index FROM researchers WHERE author_id = ?",
    [id],
  );
  if (author === undefined) throw notFound("researcher", raw);
  const where = new Where().add("wa.author_id = ?", id);
  if (typeof p.publication_date_from === "string") {
    where.add("w.publication_date >= ?", p.publication_date_from);
  }
  if (typeof p.publication_date_to === "string") where.add("w.publication_date <= ?", p.publication_date_to);
  if (typeof p.type === "string") where.add("lower(w.type) = lower(?)", p.type.trim());
  const { page, limit, offset } = offsetOf(p);
  const dir = p.order === "asc" ? "ASC" : "DESC";
  const key = p.sort === "cited_by_count" ? "w.cited_by_count" : "w.publication_date";
  const from = `FROM work_authors wa JOIN works w ON w.work_id = wa.work_id ${String(where)}`;
  const rows = all<SqlRow>(
    ctx.db,
    `SELECT w.work_id, w.title, w.doi, w.type, w.publication_date, w.venue, w.cited_by_count, w.is_open_access
     ${from} ORDER BY ${key} ${dir}, w.work_id ${dir} LIMIT ? OFFSET ?`,
    [...where.args, limit, offset],
  ).map((r) => ({ ...r, cited_by_count: Number(r.cited_by_count), is_open_access: r.is_open_access === 1 }));
  const total = Number(one<{ n: number }>(ctx.db, `SELECT COUNT(*) AS n ${from}`, where.args)?.n ?? 0);
  const body = listBody(rows, total, p, {
    author: {
      author_key: author.author_id,
      name: author.name,
      orcid: author.orcid,
      works_count: Number(author.works_count),
      cited_by_count: Number(author.cited_by_count),
      h_index: Number(author.h_index),
    },
    fetched_at: fetchedAt(ctx, author.author_id),
  });
  return { ...body, hasMore: page * limit < total };
}

/** GET /api/v1/tools/resolution/autocomplete (the rule: `organizationAutocomplete` in _resolve.ts). */
export function resolveOrganizations(ctx: HandlerContext): Record<string, unknown> {
  const { rows, resolution } = organizationAutocomplete(
    ctx.db,
    String(ctx.params.query ?? ""),
    Number(ctx.params.limit ?? 10),
  );
  return { success: true, data: rows, resolution };
}

/** GET /api/v1/tools/financials/lei-to-ticker. */
export function leiToTicker(ctx: HandlerContext): Record<string, unknown> {
  const lei = String(ctx.params.lei ?? "").trim().toUpperCase();
  const sec = all<{ ticker: string; cik: string; name: string }>(
    ctx.db,
    "SELECT ticker, cik, name FROM sec_entities WHERE lei = ? ORDER BY ticker",
    [lei],
  );
  if (sec.length === 0) {
    throw new SandboxError(
      404,
      "not_found",
      `No SEC ticker mapping for LEI '${lei}' (this does not mean the LEI is invalid)`,
      { input: lei },
    );
  }
  const org = one<{ name: string }>(
    ctx.db,
    "SELECT name FROM organizations WHERE lei = ? ORDER BY is_entity DESC, depth, id LIMIT 1",
    [lei],
  );
  return {
    success: true,
    data: {
      lei,
      name: org?.name ?? sec[0].name,
      secEntities: sec.map((s) => ({ ticker: s.ticker, cik: s.cik, name: s.name })),
    },
  };
}

function tenantKey(ctx: HandlerContext): string {
  return ctx.tenant.id.replace(/^tenant-/, "");
}

function parseObject(v: unknown): Record<string, unknown> {
  try {
    const o: unknown = JSON.parse(String(v));
    return o !== null && typeof o === "object" && !Array.isArray(o) ? o as Record<string, unknown> : {};
  } catch {
    return {};
  }
}

function alertRow(r: SqlRow): Record<string, unknown> {
  return {
    alert_id: String(r.alert_db_id),
    name: String(r.name),
    type: String(r.alert_type),
    query: parseObject(r.query_json),
    frequency: String(r.frequency),
    active: r.is_active === 1,
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
  };
}

/** GET /api/v1/alerts. */
export function listAlerts(ctx: HandlerContext): Record<string, unknown> {
  const { limit, offset } = offsetOf(ctx.params);
  const t = tenantKey(ctx);
  const rows = all<SqlRow>(
    ctx.db,
    "SELECT * FROM alerts WHERE tenant = ? ORDER BY created_at DESC, alert_db_id LIMIT ? OFFSET ?",
    [t, limit, offset],
  );
  const total = one<{ n: number }>(ctx.db, "SELECT COUNT(*) AS n FROM alerts WHERE tenant = ?", [t]);
  return listBody(rows.map(alertRow), Number(total?.n ?? 0), ctx.params);
}

/** GET /api/v1/alerts/:alertDbId. */
export function getAlert(ctx: HandlerContext): Record<string, unknown> {
  const id = String(ctx.params.alertDbId ?? "");
  const r = one<SqlRow>(ctx.db, "SELECT * FROM alerts WHERE alert_db_id = ? AND tenant = ?", [
    id,
    tenantKey(ctx),
  ]);
  if (r === undefined) throw notFound("alert", id);
  const metadata = parseObject(r.metadata_json);
  const n = metadata.match_count;
  return {
    data: {
      ...alertRow(r),
      metadata,
      last_triggered_at: r.last_triggered_at === null ? null : String(r.last_triggered_at),
      match_count: typeof n === "number" && Number.isInteger(n) ? n : 0,
    },
  };
}
