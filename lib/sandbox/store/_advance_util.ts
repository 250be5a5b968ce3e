/**
 * Private: shared pieces of `advance.ts` — the context every evolution step gets (the database, the
 * random stream, the old and new reference days) and the draws they use (Poisson counts, hazards).
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { stmt } from "../handlers/_sql.ts";
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
  /** The drug as the catalysts endpoint names it. */
  readonly drug_name: string;
  /** Event type (approval, patent or exclusivity expiry). */
  readonly type: string;
  /** Event day, `YYYY-MM-DD`. */
  readonly date: string;
}

/** One changed field of a record, named and valued as the API's rows serve it. */
export interface AdvanceChange {
  /** The record's public id (`patent_id`, `approval_id`). */
  readonly id: string;
  /** The field as the API's rows name it. */
  readonly field: string;
  /** The value before the advance. */
  readonly before: unknown;
  /** The value after the advance. */
  readonly after: unknown;
}

/** All rows / the first row of a query, a write: the handlers' prepared-statement cache (one per database). */
export { all as rows, marks, one as row } from "../handlers/_sql.ts";

/** Run a write (a cached prepared statement). */
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
