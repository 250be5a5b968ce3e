/**
 * The sandbox's data store: DDL, seeded generator and score formulas.
 *
 * ```ts
 * import { createStore } from "./mod.ts";
 * const store = createStore({ seed: 42, scale: "tiny" });
 * const n = store.db.prepare("SELECT count(*) AS n FROM trials_fts WHERE trials_fts MATCH '\"lung cancer\"'").get();
 * store.close();
 * ```
 *
 * @module
 */
export * from "./generate.ts";
export * from "./formulas.ts";
export * from "./advance.ts";
export * from "./pick.ts";
export {
  FTS_TABLES,
  OTHER_DDL,
  PATENTS_DDL,
  REFERENCE_DDL,
  REGULATORY_DDL,
  SCHEMA_DDL,
  splitDdl,
  TRIALS_DDL,
} from "./schema.ts";
