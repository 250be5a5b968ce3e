/**
 * Grants: the fixed sample and the registry search (spec 4.5).
 *
 * Sandbox choices:
 * - The sample is the 3 most recent NIH and 2 most recent CORDIS grants that started on or before
 *   the data's `today` (by start_date, then grant_id): fixed for a given store.
 * - `search` is one FTS5 phrase (porter stemming) over title and abstract: the words of the input in
 *   order; operators and quotes are inert. Input with no words matches nothing.
 * - A search without an explicit `sort` is ordered by relevance (bm25); `meta.sort` echoes the
 *   applied ordering: `relevance` or `<sort>:<order>` (e.g. `start_date:desc`).
 * - `topic` is an exact, case-sensitive topic name.
 * - Rows carry `organizations` (lead), `partners`, `topics`, the `abstract` and the `currency` of
 *   `funding_amount` (ISO 4217: USD, or EUR for CORDIS grants imported from the publisher's files, which
 *   are not converted). A date the source does not give is null.
 *
 * @module
 */
import { type HandlerContext, listBody, offsetOf } from "../handler.ts";
import { all, ftsPhrase, marks, one, Where } from "./_sql.ts";
import { jsonList, type SqlRow } from "./_registries_util.ts";

const COLUMNS =
  `g.grant_id, g.title, g.source, g.funding_amount, g.currency, g.start_date, g.end_date, g.abstract,
  (SELECT json_group_array(name ORDER BY position) FROM grant_organizations
     WHERE grant_id = g.grant_id AND role = 'organization') AS orgs_json,
  (SELECT json_group_array(name ORDER BY position) FROM grant_organizations
     WHERE grant_id = g.grant_id AND role = 'partner') AS partners_json,
  (SELECT json_group_array(t.name ORDER BY t.name) FROM grant_topics gt JOIN topics t ON t.topic_id = gt.topic_id
     WHERE gt.grant_id = g.grant_id) AS topics_json`;

/** A grant row as emitted. */
export interface GrantRowOut {
  /** Grant id. */
  grant_id: string;
  /** Title. */
  title: string;
  /** NIH or CORDIS. */
  source: string;
  /** Total funding, in `currency`. */
  funding_amount: number;
  /** ISO 4217 currency of `funding_amount` (USD; EUR for imported CORDIS grants). */
  currency: string;
  /** YYYY-MM-DD (null when the source gives none). */
  start_date: string | null;
  /** YYYY-MM-DD (null when the source gives none). */
  end_date: string | null;
  /** Abstract. */
  abstract: string;
  /** Lead organizations. */
  organizations: string[];
  /** Partner organizations. */
  partners: string[];
  /** Topic names. */
  topics: string[];
}

function toRow(r: SqlRow): GrantRowOut {
  return {
    grant_id: String(r.grant_id),
    title: String(r.title),
    source: String(r.source),
    funding_amount: Number(r.funding_amount),
    currency: String(r.currency),
    start_date: r.start_date ? String(r.start_date) : null,
    end_date: r.end_date ? String(r.end_date) : null,
    abstract: String(r.abstract),
    organizations: jsonList(r.orgs_json),
    partners: jsonList(r.partners_json),
    topics: jsonList(r.topics_json),
  };
}

/** GET /api/v1/grants/sample. */
export function grantSample(ctx: HandlerContext): Record<string, unknown> {
  const pick = (source: string, n: number) =>
    all<SqlRow>(
      ctx.db,
      `SELECT ${COLUMNS} FROM grants g WHERE g.source = ? AND g.start_date <= ?
       ORDER BY g.start_date DESC, g.grant_id LIMIT ?`,
      [source, ctx.today, n],
    ).map(toRow);
  return { data: [...pick("NIH", 3), ...pick("CORDIS", 2)] };
}

const SORT_COLUMNS: Readonly<Record<string, string>> = {
  start_date: "g.start_date",
  funding: "g.funding_amount",
  updated: "g.updated_at",
};

/** GET /api/v1/grants. */
export function searchGrants(ctx: HandlerContext): Record<string, unknown> {
  const p = ctx.params;
  const { limit, offset } = offsetOf(p);
  const where = new Where();
  let from = "grants g";
  const search = typeof p.search === "string" ? p.search : undefined;
  const relevance = search !== undefined && !ctx.given.has("sort");
  const order = p.order === "asc" ? "asc" : "desc";
  const sort = relevance ? "relevance" : `${String(p.sort ?? "start_date")}:${order}`;
  if (search !== undefined) {
    const phrase = ftsPhrase(search);
    if (phrase === undefined) return listBody([], 0, p, { sort });
    from = "grants_fts JOIN grants g ON g.rid = grants_fts.rowid";
    where.add("grants_fts MATCH ?", phrase);
  }
  if (typeof p.source === "string") where.add("g.source = ?", p.source);
  if (typeof p.funding_min === "number") where.add("g.funding_amount >= ?", p.funding_min);
  if (typeof p.funding_max === "number") where.add("g.funding_amount <= ?", p.funding_max);
  if (typeof p.start_date_after === "string") where.add("g.start_date >= ?", p.start_date_after);
  if (typeof p.end_date_before === "string") where.add("g.end_date <= ?", p.end_date_before);
  if (typeof p.topic === "string") {
    where.add(
      "g.grant_id IN (SELECT gt.grant_id FROM grant_topics gt JOIN topics t ON t.topic_id = gt.topic_id WHERE t.name = ?)",
      p.topic,
    );
  }
  const dir = order === "asc" ? "ASC" : "DESC";
  const orderBy = relevance
    ? "bm25(grants_fts), g.grant_id"
    : `${SORT_COLUMNS[String(p.sort)] ?? "g.start_date"} ${dir}, g.grant_id ${dir}`;
  const page = all<{ rid: number }>(
    ctx.db,
    `SELECT g.rid FROM ${from} ${String(where)} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    [...where.args, limit, offset],
  );
  // Emit the page only: the per-row list subqueries run for at most `limit` grants, in page order.
  const byRid = new Map(
    all<SqlRow>(
      ctx.db,
      `SELECT g.rid, ${COLUMNS} FROM grants g WHERE g.rid IN (${marks(page.length)})`,
      page.map((r) => r.rid),
    )
      .map((r) => [r.rid, toRow(r)]),
  );
  const rows = page.map((r) => byRid.get(r.rid)).filter((r) => r !== undefined);
  const total = one<{ n: number }>(ctx.db, `SELECT COUNT(*) AS n FROM ${from} ${String(where)}`, where.args);
  return listBody(rows, Number(total?.n ?? 0), p, { sort });
}
