/**
 * Private: paging in O(page). A list query's total is counted once per distinct query (SQL +
 * arguments) and its full ordered id list is built once — at its first page after the first, or when its
 * first page is asked again (a notebook re-run, a dashboard refresh) and the list holds at most
 * {@link REPEAT_LIST_MAX} ids — and kept while the store is unchanged; every later page is a slice of it:
 * no OFFSET scan, no recount, no second ranking. A query's first sight of its first page (the common
 * one-page call) stays a top-N query — except for an `eager` query (a relevance ranking, which scores every
 * match whatever the page), whose first sight fetches the whole ordered list at once when it holds at most
 * {@link REPEAT_LIST_MAX} ids: one ranking pass gives the page, the total and every later page (the count
 * and the top-N query each scanned the phrase, so this is cheaper even for one page).
 *
 * The store's change stamp is `total_changes()` of the connection plus `PRAGMA data_version` (other
 * connections), so a write (quota books live elsewhere; `advance` or a test's insert) drops every list.
 * Lists are kept most-recently-used first, within a bound on entries and on ids held.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { stmt } from "./_sql.ts";

/** Most distinct queries kept. */
export const MAX_LISTS = 128;
/** Most ids kept over all lists (about 8 bytes each). */
export const MAX_IDS = 4_000_000;
/**
 * Largest total for which a repeated first page builds the query's ordered id list (ranking every match
 * costs what the top-N query costs when the order is computed, as for relevance; larger lists wait for
 * a second page).
 */
export const REPEAT_LIST_MAX = 20_000;

interface Cache {
  stamp: string;
  ids: number;
  lists: Map<string, Float64Array>;
  counts: Map<string, number>;
}

const caches = new WeakMap<DatabaseSync, Cache>();

function stampOf(db: DatabaseSync): string {
  const changes = stmt(db, "SELECT total_changes() AS n").get() as { n: number };
  const version = stmt(db, "PRAGMA data_version").get() as { data_version: number };
  return `${changes.n}:${version.data_version}`;
}

function cacheOf(db: DatabaseSync): Cache {
  const stamp = stampOf(db);
  let cache = caches.get(db);
  if (!cache || cache.stamp !== stamp) {
    cache = { stamp, ids: 0, lists: new Map(), counts: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

const firstId = (r: Record<string, unknown>): number => {
  for (const k in r) return Number(r[k]);
  return NaN;
};

/**
 * One page of a list query: its ids and the exact total.
 *
 * @param db The store.
 * @param sql A query selecting one integer id column first, with a total ORDER BY.
 * @param countSql The query counting the same rows (one column).
 * @param args Arguments of both.
 * @param offset Rows to skip.
 * @param limit Page size.
 * @param eager Whether ordering costs a pass over every row anyway (relevance): then the first sight
 *   builds the ordered list when it is at most {@link REPEAT_LIST_MAX} long.
 */
export function pageIds(
  db: DatabaseSync,
  sql: string,
  countSql: string,
  args: readonly SQLInputValue[],
  offset: number,
  limit: number,
  eager = false,
): { ids: number[]; total: number } {
  const cache = cacheOf(db);
  const key = `${sql}\u0000${JSON.stringify(args)}`;
  const list = cache.lists.get(key);
  const seen = cache.counts.get(key);
  if (eager && list === undefined && seen === undefined) {
    const rows = stmt(db, `${sql} LIMIT ?`).all(...args, REPEAT_LIST_MAX + 1) as Record<string, unknown>[];
    if (rows.length <= REPEAT_LIST_MAX) {
      const ids = keep(cache, key, rows);
      return { ids: pageOf(ids, offset, limit), total: ids.length };
    }
    const total = firstId(stmt(db, countSql).get(...args) as Record<string, unknown>);
    cache.counts.set(key, total);
    if (offset + limit <= rows.length) {
      return { ids: rows.slice(offset, offset + limit).map(firstId), total };
    }
  }
  if (list === undefined && offset === 0 && (seen === undefined || seen > REPEAT_LIST_MAX)) {
    let total = seen;
    if (total === undefined) {
      total = firstId(stmt(db, countSql).get(...args) as Record<string, unknown>);
      cache.counts.set(key, total);
    }
    const ids = total === 0
      ? []
      : (stmt(db, `${sql} LIMIT ?`).all(...args, limit) as Record<string, unknown>[])
        .map(firstId);
    return { ids, total };
  }
  const ids = list ?? orderedIds(db, sql, args);
  return { ids: pageOf(ids, offset, limit), total: ids.length };
}

/**
 * The ids (first column) of `sql`, in its order, from the cache when the store is unchanged.
 *
 * @param db The store.
 * @param sql A query selecting one integer id column, with a total ORDER BY.
 * @param args Its arguments.
 */
export function orderedIds(db: DatabaseSync, sql: string, args: readonly SQLInputValue[]): Float64Array {
  const cache = cacheOf(db);
  const key = `${sql}\u0000${JSON.stringify(args)}`;
  const hit = cache.lists.get(key);
  if (hit) {
    cache.lists.delete(key); // most recently used last
    cache.lists.set(key, hit);
    return hit;
  }
  return keep(cache, key, stmt(db, sql).all(...args) as Record<string, unknown>[]);
}

/** Keep the ordered ids of `rows` (first column) as the list of `key`, within the cache's bounds. */
function keep(cache: Cache, key: string, rows: readonly Record<string, unknown>[]): Float64Array {
  const ids = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) ids[i] = firstId(rows[i]);
  cache.counts.set(key, ids.length);
  cache.lists.set(key, ids);
  cache.ids += ids.length;
  for (const [k, v] of cache.lists) {
    if (cache.lists.size <= MAX_LISTS && cache.ids <= MAX_IDS) break;
    if (k === key) continue;
    cache.lists.delete(k);
    cache.ids -= v.length;
  }
  return ids;
}

/** The ids of one page of an ordered id list. */
function pageOf(ids: ArrayLike<number>, offset: number, limit: number): number[] {
  const out: number[] = [];
  for (let i = offset; i < Math.min(ids.length, offset + limit); i++) out.push(ids[i]);
  return out;
}
