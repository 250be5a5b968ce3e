/**
 * Registry search (`trials.search`) and topic search (`trials.topics`), spec 4.1, with the
 * service's quirks: default sort switches to relevance when `search` is sent without `sort`
 * (PITFALLS 2); `disease_id` without a colon is dropped (3); `pi_match_tag` alone does not filter (5).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { type HandlerContext, listBody, offsetOf } from "../handler.ts";
import { all, ftsPhrase, marks, one, Where } from "./_sql.ts";
import { pageIds } from "./_page_cache.ts";
import { RID_ORDER, ridFollowsTrialId } from "../store/_rid_order.ts";
import { MESH_TERM_POSITION, storedDiseaseId } from "../store/conditions.ts";

/** A trial row of the registry and topic searches. */
interface TrialRowOut {
  trial_id: string;
  title: string;
  status: string;
  phase: string | null;
  start_date: string | null;
  enrollment: number | null;
  completion_date: string | null;
  sponsors: string[];
  conditions: string[];
}

const ROW_COLS = "t.trial_id, t.title, t.status, t.phase, t.start_date, t.enrollment, t.completion_date";

/** Separator of the list columns of {@link sponsorList} and {@link conditionList} (no name in the store holds it). */
const SEP = "\u001f";

/**
 * SQL of one trial's sponsor names, lead first then by name, as one text (split it with {@link splitList});
 * `trialId` is the SQL expression of the trial's id, qualified by its table's alias (the subquery's own
 * table is `x`). Read from the covering index `trial_sponsors_list`.
 */
export const sponsorList = (trialId: string): string =>
  `(SELECT group_concat(sponsor_name, char(31)) FROM (SELECT x.sponsor_name FROM trial_sponsors x
     WHERE x.trial_id = ${trialId} ORDER BY x.role = 'lead' DESC, x.sponsor_name))`;

/**
 * SQL of one trial's condition names in registry order, as {@link sponsorList} (index `trial_conditions_list`);
 * the study's MeSH terms an import adds are not conditions it registered (store/conditions.ts).
 */
export const conditionList = (trialId: string): string =>
  `(SELECT group_concat(condition_name, char(31)) FROM (SELECT x.condition_name FROM trial_conditions x
     WHERE x.trial_id = ${trialId} AND x.position < ${MESH_TERM_POSITION} ORDER BY x.position))`;

/** The names of a {@link sponsorList} or {@link conditionList} column (none: `[]`). */
export function splitList(v: string | null): string[] {
  return v === null ? [] : v.split(SEP);
}

/** Normalise a PI author id (`A…`, `scholarly_A…`, URL form) to the stored `A…` form. */
export function authorKey(v: string): string {
  const m = /A\d+$/.exec(v);
  return m ? m[0] : v;
}

function registryWhere(ctx: HandlerContext, w: Where): void {
  const p = ctx.params;
  const str = (k: string) => (typeof p[k] === "string" ? p[k] as string : undefined);
  const num = (k: string) => (typeof p[k] === "number" ? p[k] as number : undefined);
  // Non-correlated IN (SELECT ...) sets: SQLite builds each once, instead of probing per trial.
  const sub = (table: string, cond: string) =>
    `t.trial_id IN (SELECT x.trial_id FROM ${table} x WHERE ${cond})`;
  if (str("status")) w.add("t.status = ?", str("status")!.toUpperCase());
  if (str("phase")) w.add("t.phase = ?", str("phase")!);
  if (str("sponsor")) w.add(sub("trial_sponsors", "x.sponsor_name = ?"), str("sponsor")!);
  if (str("condition")) w.add(sub("trial_conditions", "x.condition_name = ?"), str("condition")!);
  // PITFALLS 3: a disease_id without a colon is silently dropped.
  if (str("disease_id")?.includes(":")) {
    w.add(sub("trial_conditions", "x.disease_id = ?"), storedDiseaseId(ctx.db, str("disease_id")!));
  }
  if (num("enrollment_min") !== undefined) w.add("t.enrollment >= ?", num("enrollment_min")!);
  if (num("enrollment_max") !== undefined) w.add("t.enrollment <= ?", num("enrollment_max")!);
  if (str("start_date_after")) w.add("t.start_date >= ?", str("start_date_after")!);
  if (str("completion_date_before")) w.add("t.completion_date <= ?", str("completion_date_before")!);
  if (str("sex")) w.add("t.sex = ?", str("sex")!.toUpperCase());
  if (num("min_age_years") !== undefined) w.add("t.min_age_years >= ?", num("min_age_years")!);
  if (num("max_age_years") !== undefined) w.add("t.max_age_years <= ?", num("max_age_years")!);
  if (typeof p.healthy_volunteers === "boolean") {
    w.add("t.healthy_volunteers = ?", p.healthy_volunteers ? 1 : 0);
  }
  for (const k of ["design_allocation", "design_masking", "design_primary_purpose"]) {
    if (str(k)) w.add(`t.${k} = ? COLLATE NOCASE`, str(k)!);
  }
  if (num("sponsor_trial_count_max") !== undefined) {
    w.add(
      `t.trial_id IN (SELECT x.trial_id FROM trial_sponsors x JOIN organizations o ON o.id = x.org_id
        WHERE o.trial_count < ?)`,
      num("sponsor_trial_count_max")!,
    );
  }
  if (str("pi_author_id")) {
    // PITFALLS 5: pi_match_tag filters only together with pi_author_id.
    const tag = str("pi_match_tag");
    w.add(
      sub("trial_investigators", tag ? "x.author_id = ? AND x.match_tag = ?" : "x.author_id = ?"),
      authorKey(str("pi_author_id")!),
      ...(tag ? [tag] : []),
    );
  }
}

const META_RID_ORDER = "SELECT value AS v FROM meta WHERE key = ?";
const ridOrderCache = new WeakMap<DatabaseSync, boolean>();
const tableCache = new WeakMap<DatabaseSync, Map<string, boolean>>();

/** Whether `trials.rid` order is `trial_id` order (see store/_rid_order.ts), once per connection. */
function ridOrdered(db: DatabaseSync): boolean {
  let ok = ridOrderCache.get(db);
  if (ok === undefined) {
    ok = (hasTable(db, "meta") &&
      one<{ v: string }>(db, META_RID_ORDER, [RID_ORDER.key])?.v === RID_ORDER.value) ||
      ridFollowsTrialId(db);
    ridOrderCache.set(db, ok);
  }
  return ok;
}

/** Whether table `name` exists (cached per database: `trial_filter` is derived, `meta` is the generator's). */
function hasTable(db: DatabaseSync, name: string): boolean {
  let known = tableCache.get(db);
  if (!known) tableCache.set(db, known = new Map());
  let ok = known.get(name);
  if (ok === undefined) {
    ok = one(db, "SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = ?", [name]) !== undefined;
    known.set(name, ok);
  }
  return ok;
}

/**
 * Registry search by relevance (`search` given, no topic): rids of the bm25-ordered page and the
 * total from one FTS pass, bm25 computed only for trials that pass the filters. The filtered rid set
 * comes from the narrow `trial_filter` table when an indexed filter (status, phase, a link filter)
 * narrows it; otherwise each hit is checked against its trials row. Ties in bm25 are broken by rid,
 * which orders like trial_id (checked once per database; `undefined` = use the general path).
 */
function relevancePage(
  ctx: HandlerContext,
  phrase: string,
  limit: number,
  offset: number,
): { rids: number[]; total: number } | undefined {
  const { db, params } = ctx;
  if (!ridOrdered(db)) return undefined;
  const fw = new Where();
  registryWhere(ctx, fw);
  let from: string, where: string;
  if (fw.parts.length === 0) {
    const p = pageIds(
      db,
      "SELECT rowid AS rid FROM trials_fts WHERE trials_fts MATCH ? ORDER BY bm25(trials_fts), rowid",
      "SELECT count(*) AS n FROM trials_fts WHERE trials_fts MATCH ?",
      [phrase],
      offset,
      limit,
      true,
    );
    return { rids: p.ids, total: p.total };
  }
  const narrows = [
    "status",
    "phase",
    "sponsor",
    "condition",
    "disease_id",
    "pi_author_id",
    "sponsor_trial_count_max",
  ]
    .some((k) => params[k] !== undefined);
  if (narrows && hasTable(db, "trial_filter")) {
    from = "trials_fts";
    where = `WHERE trials_fts MATCH ? AND +trials_fts.rowid IN (SELECT t.rid FROM trial_filter t ${fw})`;
  } else {
    from = "trials_fts JOIN trials t ON t.rid = trials_fts.rowid";
    where = `WHERE trials_fts MATCH ? AND ${fw.parts.join(" AND ")}`;
  }
  // The total once per distinct query, the ordered id list once for its later pages (O(page)).
  const p = pageIds(
    db,
    `SELECT rid FROM (SELECT trials_fts.rowid AS rid, bm25(trials_fts) AS score FROM ${from} ${where})
     ORDER BY score, rid`,
    `SELECT count(*) AS n FROM ${from} ${where}`,
    [phrase, ...fw.args],
    offset,
    limit,
    true,
  );
  return { rids: p.ids, total: p.total };
}

/** Registry rows by rid with their sponsor and condition names, in one query. */
const ROWS_SQL = (n: number) =>
  `SELECT t.rid, ${ROW_COLS}, ${sponsorList("t.trial_id")} AS sponsors, ${
    conditionList("t.trial_id")
  } AS conditions
   FROM trials t WHERE t.rid IN (${marks(n)})`;

/** Registry rows of trials by rid, in the given order. */
function rowsByRid(db: DatabaseSync, rids: readonly number[]): TrialRowOut[] {
  if (rids.length === 0) return [];
  const byRid = new Map<number, TrialRowOut>();
  type Raw = Omit<TrialRowOut, "sponsors" | "conditions"> & {
    rid: number;
    sponsors: string | null;
    conditions: string | null;
  };
  for (const r of all<Raw>(db, ROWS_SQL(rids.length), rids)) {
    byRid.set(r.rid, {
      trial_id: r.trial_id,
      title: r.title,
      status: r.status,
      phase: r.phase,
      start_date: r.start_date,
      enrollment: r.enrollment,
      completion_date: r.completion_date,
      sponsors: splitList(r.sponsors),
      conditions: splitList(r.conditions),
    });
  }
  return rids.map((rid) => byRid.get(rid)!);
}

/** Run a registry or topic search. */
function search(ctx: HandlerContext, topic: string | undefined): unknown {
  const { db, params, given } = ctx;
  const w = new Where();
  let from = "trials t";
  const text = typeof params.search === "string" ? params.search : undefined;
  const phrase = text === undefined ? undefined : ftsPhrase(text);
  let sort = String(params.sort);
  if (topic === undefined && text !== undefined && !given.has("sort")) sort = "relevance"; // PITFALLS 2
  const empty = (text !== undefined && phrase === undefined) ||
    (topic !== undefined && ftsPhrase(topic) === undefined);
  if (empty) return listBody([], 0, params, { sort });
  if (phrase !== undefined) {
    from = "trials_fts JOIN trials t ON t.rid = trials_fts.rowid";
    w.add("trials_fts MATCH ?", phrase);
  }
  if (topic !== undefined) {
    from += ` JOIN (SELECT tt.trial_id, max(tt.score) AS topic_score FROM topics_fts
      JOIN topics tp ON tp.rid = topics_fts.rowid JOIN trial_topics tt ON tt.topic_id = tp.topic_id
      WHERE topics_fts MATCH ? GROUP BY tt.trial_id) tm ON tm.trial_id = t.trial_id`;
    w.args.unshift(ftsPhrase(topic)!);
  }
  const dir = params.order === "asc" ? "ASC" : "DESC";
  let orderBy: string;
  if (sort === "updated") orderBy = `t.updated_at ${dir}, t.trial_id`;
  else if (sort === "enrollment") orderBy = `t.enrollment ${dir}, t.trial_id`;
  else if (topic !== undefined) {
    orderBy = phrase
      ? "tm.topic_score DESC, bm25(trials_fts), t.trial_id"
      : "tm.topic_score DESC, t.trial_id";
  } else orderBy = phrase ? "bm25(trials_fts), t.trial_id" : "t.trial_id";
  const { limit, offset } = offsetOf(params);
  const fast = topic === undefined && phrase !== undefined && sort === "relevance"
    ? relevancePage(ctx, phrase, limit, offset)
    : undefined;
  let total: number, rows: TrialRowOut[];
  if (fast) {
    total = fast.total;
    rows = rowsByRid(db, fast.rids);
  } else {
    registryWhere(ctx, w);
    if (sort === "updated") w.add("t.updated_at IS NOT NULL");
    else if (sort === "enrollment") w.add("t.enrollment IS NOT NULL");
    const p = pageIds(
      db,
      `SELECT t.rid FROM ${from} ${w} ORDER BY ${orderBy}`,
      `SELECT count(*) AS n FROM ${from} ${w}`,
      w.args,
      offset,
      limit,
    );
    total = p.total;
    rows = rowsByRid(db, p.ids);
  }
  return listBody(rows, total, params, { sort });
}

/** `GET /api/v1/clinical-trials`. */
export function trialsSearch(ctx: HandlerContext): unknown {
  return search(ctx, undefined);
}

/** `GET /api/v1/clinical-trials/topics`. */
export function trialsTopics(ctx: HandlerContext): unknown {
  return search(ctx, String(ctx.params.topic));
}
