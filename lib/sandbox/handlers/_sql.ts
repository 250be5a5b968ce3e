/**
 * Safe SQL building blocks shared by the sandbox handlers: FTS5 phrase sanitising, LIKE escaping,
 * bound placeholders and a per-database prepared-statement cache. All values travel as bound
 * parameters; only fixed SQL fragments are concatenated.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";

/**
 * Build an FTS5 phrase query from user text. Everything but letters and digits becomes a separator
 * (what the `unicode61` tokenizer does anyway), so `"`, `*`, `-`, `:`, `^`, parentheses cannot act as
 * operators; the words are then wrapped in one double-quoted phrase, so `NEAR`, `AND`, `OR`, `NOT`
 * are plain words of the phrase. Returns `undefined` when no word is left: the handlers then match
 * nothing (an empty phrase is not "no filter").
 *
 * @example
 * ```ts
 * import { ftsPhrase } from "./_sql.ts";
 * if (ftsPhrase('lung "cancer" NEAR*') !== '"lung cancer NEAR"') throw new Error("unsafe");
 * if (ftsPhrase("'; --") !== undefined) throw new Error("expected no words");
 * ```
 */
export function ftsPhrase(text: string): string | undefined {
  const words = text.normalize("NFKC").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  if (words === "") return undefined;
  return `"${words.replaceAll('"', '""')}"`;
}

/** A `LIKE` pattern matching `text` anywhere, with `%`, `_` and `\` escaped (use `ESCAPE '\'`). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
}

/** `?, ?, ?` for `n` values. */
export function marks(n: number): string {
  return Array.from({ length: n }, () => "?").join(", ");
}

const cache = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/** A cached prepared statement. */
export function stmt(db: DatabaseSync, sql: string): StatementSync {
  let m = cache.get(db);
  if (!m) cache.set(db, m = new Map());
  let s = m.get(sql);
  if (!s) {
    s = db.prepare(sql);
    if (m.size > 2000) m.clear();
    m.set(sql, s);
  }
  return s;
}

/** Run a query and return all rows. */
export function all<T>(db: DatabaseSync, sql: string, args: readonly SQLInputValue[] = []): T[] {
  return stmt(db, sql).all(...args) as T[];
}

/** Run a query and return the first row. */
export function one<T>(db: DatabaseSync, sql: string, args: readonly SQLInputValue[] = []): T | undefined {
  return stmt(db, sql).get(...args) as T | undefined;
}

/** A growing WHERE clause with its bound values. */
export class Where {
  /** Conditions (ANDed). */
  readonly parts: string[] = [];
  /** Bound values, in order. */
  readonly args: SQLInputValue[] = [];

  /** Add a condition with its bound values. */
  add(sql: string, ...args: SQLInputValue[]): this {
    this.parts.push(sql);
    this.args.push(...args);
    return this;
  }

  /** `WHERE a AND b` (or an empty string). */
  toString(): string {
    return this.parts.length ? `WHERE ${this.parts.join(" AND ")}` : "";
  }
}

/** Count rows by a key into a plain object (insertion order kept). */
export function tally(rows: readonly Record<string, unknown>[], key: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) {
    const k = String(r[key]);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}
