/**
 * The sandbox store: an embedded SQLite database (`node:sqlite`) filled by a deterministic, seeded
 * generator. Same seed, scale and `today` ⇒ byte-identical rows (see {@link contentDigest}).
 *
 * Generation order (each domain draws from its own forked random stream): organizations (families
 * with parent_of chains, institutions, biotechs, mentions, closure, SEC entities) → biology (diseases,
 * targets, associations, molecules + salt forms, topics) → researchers/works → trials → regulatory
 * (approvals, Orange-Book-type patents, exclusivities) → Medicare → patents (with their rid-keyed
 * link tables, company anchors and count tables) → grants → alerts → attrition (development programmes that
 * fail, stall or are too recent to judge, so a disease's drugs show realistic phase-transition rates:
 * `gen_attrition.ts`, on a random stream of its own) → the opt-in planted programmes, then secondary and unique
 * indexes (built once, sorted, after the bulk insert) and triggers, organization counters and FTS
 * `'rebuild'`. Everything runs in one transaction with batched prepared statements.
 *
 * Dates are relative to the reference `today` (default {@link DEFAULT_TODAY}); catalyst windows,
 * "recent" approvals and the patent aggregate's default window must use `store.today`, never the clock.
 *
 * Tables and columns: see `schema.ts`. Score formulas: see `formulas.ts`.
 *
 * @module
 */
import { fillNameKeys } from "./name_keys.ts";
import { DatabaseSync } from "node:sqlite";
import { type Ctx, flushInserts, PRESETS, type ScaleName, type ScaleSpec } from "./gen_context.ts";
import { genBiology } from "./gen_biology.ts";
import { genOrganizations } from "./gen_orgs.ts";
import { genPeople } from "./gen_people.ts";
import { genTrials } from "./gen_trials.ts";
import { genRegulatory } from "./gen_regulatory.ts";
import { genMedicare } from "./gen_medicare.ts";
import { genPatents } from "./gen_patents.ts";
import { genAlerts, genGrants } from "./gen_grants.ts";
import { genProgrammes } from "./gen_programmes.ts";
import { genAttrition } from "./gen_attrition.ts";
import { createRng, dayNumber } from "./prng.ts";
import { DISEASES } from "./vocab_bio.ts";
import { DERIVED_FILL_SQL, DERIVED_TABLES, FTS_TABLES, splitDdl } from "./schema.ts";
import { RID_ORDER, ridFollowsTrialId } from "./_rid_order.ts";

export { PRESETS, type ScaleName, type ScaleSpec };

/** Reference "today" of generated data when none is given. */
export const DEFAULT_TODAY = "2026-11-21";

/** Default seed. */
export const DEFAULT_SEED = 42;

/** Options of {@link createStore}. */
export interface CreateStoreOptions {
  /** Seed of the generator. @default 42 */
  seed?: number;
  /** Scale preset. @default "tiny" */
  scale?: ScaleName;
  /** Database file; in-memory when absent. An existing file is overwritten. */
  path?: string;
  /** Reference today, `YYYY-MM-DD`. @default DEFAULT_TODAY */
  today?: string;
  /**
   * Add the planted development programmes with known phase-transition rates (`gen_programmes.ts`), after
   * the generated world (which they leave as it is). @default false
   */
  programmes?: boolean;
}

/** A generated store. */
export interface Store {
  /** The open database (read it; handlers should not write). */
  db: DatabaseSync;
  /** Seed used. */
  seed: number;
  /** Scale preset used. */
  scale: ScaleName;
  /** Reference today, `YYYY-MM-DD`. */
  today: string;
  /** Generation time in milliseconds. */
  generationMs: number;
  /** Milliseconds per generation step (domains, `indexes`, `finalize` = counters + FTS rebuild). */
  timings: Record<string, number>;
  /** Row count per table. */
  counts(): Record<string, number>;
  /** Close the database. */
  close(): void;
}

/**
 * Create and fill a sandbox store.
 *
 * @param options Seed, scale, path and reference today.
 * @returns The store.
 * @example
 * ```ts
 * const store = createStore({ seed: 1, scale: "tiny" });
 * const row = store.db.prepare("SELECT count(*) AS n FROM trials").get() as { n: number };
 * if (row.n < 2000) throw new Error("unexpected trial count");
 * store.close();
 * ```
 */
export function createStore(options: CreateStoreOptions = {}): Store {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.scale ?? "tiny";
  const today = options.today ?? DEFAULT_TODAY;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(dayNumber(today))) {
    throw new RangeError(`Invalid today "${today}": use YYYY-MM-DD`);
  }
  if (!(scale in PRESETS)) throw new RangeError(`Unknown scale "${scale}": use tiny, small or large`);
  const t0 = performance.now();
  if (options.path) {
    for (const suffix of ["", "-wal", "-shm"]) {
      try {
        Deno.removeSync(options.path + suffix);
      } catch { /* absent */ }
    }
  }
  const db = new DatabaseSync(options.path ?? ":memory:");
  if (options.path) db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
  // A larger page cache: index builds sort in far fewer merge passes (and a file-backed load keeps
  // its working set cached). temp_store = MEMORY measured slower for the sorts.
  db.exec("PRAGMA cache_size = -262144");
  const ddl = splitDdl();
  db.exec(ddl.tables);
  const root = createRng(seed);
  const ctx: Ctx = {
    db,
    rng: root,
    scale: PRESETS[scale],
    today: dayNumber(today),
    orgs: [],
    families: [],
    institutions: [],
    biotechs: [],
    strayMentions: [],
    diseases: DISEASES,
    molecules: [],
    molsByDisease: new Map(),
    targetSymbols: new Map(),
    topicsByArea: new Map(),
    researchers: [],
  };
  const steps: [string, (c: Ctx) => void][] = [
    ["organizations", genOrganizations],
    ["biology", genBiology],
    ["people", genPeople],
    ["trials", genTrials],
    ["regulatory", genRegulatory],
    ["medicare", genMedicare],
    ["patents", genPatents],
    ["grants", genGrants],
    ["alerts", genAlerts],
    ["attrition", genAttrition],
    ...(options.programmes ? [["programmes", genProgrammes] as [string, (c: Ctx) => void]] : []),
  ];
  const timings: Record<string, number> = {};
  db.exec("BEGIN");
  try {
    for (const [label, step] of steps) {
      const t = performance.now();
      // Attrition draws from a stream of its own (not a fork of the root), so the steps after it (the planted
      // programmes) draw exactly as they did before it existed.
      step({ ...ctx, rng: label === "attrition" ? createRng(`${seed}:attrition`) : root.fork(label) });
      flushInserts(db);
      timings[label] = Math.round(performance.now() - t);
    }
    let t = performance.now();
    db.exec(ddl.indexes);
    timings.indexes = Math.round(performance.now() - t);
    t = performance.now();
    finalize(db, { seed, scale, today });
    timings.finalize = Math.round(performance.now() - t);
    db.exec("COMMIT");
  } catch (e) {
    db.exec("ROLLBACK");
    db.close();
    throw e;
  }
  const generationMs = Math.round(performance.now() - t0);
  return { db, seed, scale, today, generationMs, timings, counts: () => counts(db), close: () => db.close() };
}

function finalize(db: DatabaseSync, meta: { seed: number; scale: string; today: string }): void {
  db.exec(`UPDATE organizations SET
    trial_count = (SELECT count(*) FROM trial_sponsors s WHERE s.org_id = organizations.id),
    approval_count = (SELECT count(*) FROM approval_sponsors a WHERE a.org_id = organizations.id)`);
  db.exec(DERIVED_FILL_SQL);
  fillNameKeys(db);
  for (const fts of FTS_TABLES) db.exec(`INSERT INTO ${fts}(${fts}) VALUES('rebuild')`);
  const ins = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
  for (
    const [k, v] of Object.entries({
      ...meta,
      generator_version: "2",
      data_source: "synthetic-sandbox",
      patent_year_counts: "1",
      // Read by the registry search (rid breaks relevance ties in trial_id order); advance keeps it.
      ...(ridFollowsTrialId(db) ? { [RID_ORDER.key]: RID_ORDER.value } : {}),
    })
  ) {
    ins.run(k, String(v));
  }
}

/**
 * Row count of every base table (FTS shadow tables excluded).
 *
 * @param db The database.
 * @returns Table name → rows.
 */
export function counts(db: DatabaseSync): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of baseTables(db)) {
    out[name] = (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n;
  }
  return out;
}

function baseTables(db: DatabaseSync): string[] {
  const rows = db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%_fts%' ORDER BY name",
  ).all() as { name: string }[];
  return rows.map((r) => r.name);
}

/**
 * SHA-256 hex digest of every row of every base table (derived tables excluded), in primary-key
 * order; equal digests mean identical data.
 *
 * @param db The database.
 * @returns The digest.
 */
export async function contentDigest(db: DatabaseSync): Promise<string> {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const name of baseTables(db)) {
    if (DERIVED_TABLES.includes(name)) continue; // rebuilt from the others: not content
    const n = (db.prepare(`SELECT count(*) AS n FROM pragma_table_info('${name}')`).get() as { n: number }).n;
    const order = Array.from({ length: n }, (_v, i) => i + 1).join(", ");
    const rows = db.prepare(`SELECT * FROM "${name}" ORDER BY ${order}`).all();
    parts.push(enc.encode(name + "\n" + JSON.stringify(rows) + "\n"));
  }
  const total = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let off = 0;
  for (const p of parts) (total.set(p, off), off += p.length);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", total));
  return [...hash].map((b) => b.toString(16).padStart(2, "0")).join("");
}
