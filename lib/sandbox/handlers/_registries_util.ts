/**
 * SQL helpers shared by the patents, registries and biology handlers: bound-parameter queries with
 * a per-database statement cache, a WHERE-clause builder, LIKE escaping and FTS5 phrase sanitising.
 * Every value reaches SQLite as a bound parameter; only fixed SQL fragments are concatenated.
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";

/** A value SQLite can bind. */
export type SqlValue = string | number | bigint | null;

/** A row as node:sqlite returns it. */
export type SqlRow = Record<string, SqlValue>;

const CACHE = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

function statement(db: DatabaseSync, sql: string): StatementSync {
  let m = CACHE.get(db);
  if (m === undefined) CACHE.set(db, m = new Map());
  let s = m.get(sql);
  if (s === undefined) m.set(sql, s = db.prepare(sql));
  return s;
}

/** All rows of a query with bound parameters. */
export function all<T = SqlRow>(db: DatabaseSync, sql: string, params: readonly SqlValue[] = []): T[] {
  return statement(db, sql).all(...params) as T[];
}

/** The first row of a query, or undefined. */
export function one<T = SqlRow>(
  db: DatabaseSync,
  sql: string,
  params: readonly SqlValue[] = [],
): T | undefined {
  return statement(db, sql).get(...params) as T | undefined;
}

/** `?, ?, ?` for `n` parameters (at least one, so `IN ()` never appears). */
export function marks(n: number): string {
  return Array.from({ length: Math.max(1, n) }, () => "?").join(", ");
}

/** Collects AND-combined conditions and their bound parameters. */
export class Where {
  /** Conditions (fixed SQL with `?` placeholders). */
  readonly clauses: string[] = [];
  /** Bound parameters, in placeholder order. */
  readonly params: SqlValue[] = [];

  /** Add a condition with its parameters. */
  add(sql: string, ...params: SqlValue[]): this {
    this.clauses.push(sql);
    this.params.push(...params);
    return this;
  }

  /** `WHERE a AND b`, or an empty string. */
  sql(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(" AND ")}` : "";
  }
}

/** Escape `\`, `%` and `_` for `LIKE ... ESCAPE '\'`. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * An FTS5 phrase query for free text: the words (letters and digits) of `text`, in order, inside one
 * double-quoted phrase, so operators (`AND`, `NEAR`, `*`, `^`, `:`, quotes, parentheses) are inert.
 * Returns undefined when the text has no words (the search then matches nothing).
 */
export function ftsPhrase(text: string): string | undefined {
  const words = text.normalize("NFKC").match(/[\p{L}\p{N}]+/gu);
  return words ? `"${words.join(" ")}"` : undefined;
}

/** `YYYY-MM-DD` → `YYYYMMDD` (patent stored form). */
export function compactDate(iso: string): string {
  return iso.replaceAll("-", "");
}

/** Parse a JSON array column into strings (empty on null or bad JSON). */
export function jsonList(v: SqlValue | undefined): string[] {
  if (typeof v !== "string") return [];
  try {
    const a: unknown = JSON.parse(v);
    return Array.isArray(a) ? a.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Round to `digits` decimals. */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
