/**
 * Private: shared pieces of `advance.ts` — the context every evolution step gets (the database, the
 * random stream, the old and new reference days) and the draws they use (Poisson counts, hazards).
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import type { Rng } from "./prng.ts";

/** What one evolution step works with. */
export interface AdvanceCtx {
  /** The store (inside the advance's transaction). */
  readonly db: DatabaseSync;
  /** The step's own random stream. */
  readonly rng: Rng;
  /** Days moved. */
  readonly days: number;
  /** Reference day before, as a day number. */
  readonly from: number;
  /** Reference day after, as a day number. */
  readonly to: number;
}

/** A catalyst event as the catalysts endpoint keys it (drug + type + date), with its approval key. */
export interface AdvanceCatalyst {
  readonly drug_name: string;
  readonly type: string;
  readonly date: string;
}

const prepared = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/** A prepared statement, compiled once per database (the steps run the same SQL per row). */
function stmt(db: DatabaseSync, sql: string): StatementSync {
  let m = prepared.get(db);
  if (!m) prepared.set(db, m = new Map());
  let s = m.get(sql);
  if (!s) m.set(sql, s = db.prepare(sql));
  return s;
}

/** All rows of a query. */
export function rows<T>(db: DatabaseSync, sql: string, args: readonly SQLInputValue[] = []): T[] {
  return stmt(db, sql).all(...args) as T[];
}

/** The first row of a query. */
export function row<T>(db: DatabaseSync, sql: string, args: readonly SQLInputValue[] = []): T | undefined {
  return stmt(db, sql).get(...args) as T | undefined;
}

/** Run a write. */
export function run(db: DatabaseSync, sql: string, args: readonly SQLInputValue[] = []): void {
  stmt(db, sql).run(...args);
}

/** A Poisson-distributed count with mean `lambda` (normal approximation above 30). */
export function poisson(rng: Rng, lambda: number): number {
  if (lambda <= 0) return 0;
  if (lambda > 30) {
    const z = Math.sqrt(-2 * Math.log(Math.max(rng.next(), 1e-12))) * Math.cos(2 * Math.PI * rng.next());
    return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * z));
  }
  const limit = Math.exp(-lambda);
  let k = 0, p = rng.next();
  while (p > limit) (k++, p *= rng.next());
  return k;
}

/** Probability that an event with a daily hazard `perDay` happens within `days` days. */
export function within(perDay: number, days: number): number {
  return 1 - (1 - perDay) ** days;
}

/** Placeholders `?, ?, …` for `n` values. */
export function marks(n: number): string {
  return Array(n).fill("?").join(", ");
}
