/**
 * Inputs taken from the sandbox's own data where the spec offers no way to discover them.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/**
 * The researcher with the most works in the store (ties by id): the spec gives author ids only in the
 * trial full record, whose path it does not show, so the demo, the report and the contract check take
 * one from the sandbox's data (on the real service the user names one).
 *
 * @param db The sandbox store's database.
 * @returns The author id, or `undefined` for a store without works.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createStore, mostProlificAuthor } from "./mod.ts";
 * const store = createStore({ seed: 42, scale: "tiny" });
 * assert.match(mostProlificAuthor(store.db) ?? "", /^A\d+$/);
 * store.close();
 * ```
 */
export function mostProlificAuthor(db: DatabaseSync): string | undefined {
  const row = db.prepare(
    "SELECT author_id FROM work_authors GROUP BY author_id ORDER BY count(*) DESC, author_id LIMIT 1",
  ).get() as { author_id?: string } | undefined;
  return row?.author_id;
}
