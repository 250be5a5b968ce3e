/**
 * The store the sandbox serves: the SQLite database filled by the seeded generator, plus the
 * reference "today" of the data.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { createStore } from "./generate.ts";
import { cachedStore, DEFAULT_CACHE_DIR, memoryCopy, serializeDb } from "./_cache.ts";

/** Scale preset: `tiny` for unit tests, `small` for demos, `large` for benchmarks. */
export type Scale = "tiny" | "small" | "large";

/** A store the sandbox can serve. */
export interface SandboxStore {
  /** The database (schema of store/schema.ts). */
  readonly db: DatabaseSync;
  /** Reference "today" of the data, `YYYY-MM-DD`. */
  readonly today: string;
  /** Close the database. */
  close(): void;
}

interface Generated {
  db?: DatabaseSync;
  today?: string;
  close?: () => void;
}

/** A value the generator recorded in the store's `meta` table (`today`, `seed`), if any. */
export function metaValue(db: DatabaseSync, key: string): string | undefined {
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value?: string } | undefined;
    return row?.value || undefined;
  } catch {
    return undefined; // no meta table
  }
}

function todayOf(db: DatabaseSync): string {
  return metaValue(db, "today") ?? new Date().toISOString().slice(0, 10);
}

/** Adapt what the generator returns (a store object or a bare database) to a {@link SandboxStore}. */
export function asSandboxStore(made: unknown): SandboxStore {
  const g = made as Generated;
  const db = (g.db ?? made) as DatabaseSync;
  const today = g.today ?? todayOf(db);
  return { db, today, close: () => (g.close ? g.close() : db.close()) };
}

/**
 * The folder of the generated-store cache: `RI_SANDBOX_CACHE` when set and readable (`off` turns the
 * cache off), else `.cache/sandbox` under the working directory.
 */
export function defaultCacheDir(): string | false {
  const variable = "RI_SANDBOX_CACHE";
  const v = Deno.permissions.querySync({ name: "env", variable }).state === "granted"
    ? Deno.env.get(variable)
    : undefined;
  if (v === "off" || v === "0" || v === "false") return false;
  return v || DEFAULT_CACHE_DIR;
}

/**
 * The seeded generator's store, writable: in memory, or in a WAL database file at `path`. It comes from
 * the on-disk cache of generated stores when `cache` (a folder) can be used — a copy, so writes never
 * reach the cached file — and is generated otherwise.
 */
export async function openStore(
  seed: number,
  scale: Scale,
  path?: string,
  cache: string | false = defaultCacheDir(),
): Promise<SandboxStore> {
  const cached = cache ? await cachedStore(seed, scale, cache) : undefined;
  if (!cached) return asSandboxStore(createStore({ seed, scale, ...(path ? { path } : {}) }));
  if (path) {
    await Deno.copyFile(cached, path);
    const db = new DatabaseSync(path);
    db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    return asSandboxStore(db);
  }
  return asSandboxStore(memoryCopy(await Deno.readFile(cached)));
}

/** A store served from a file without writing to it, until {@link CopyOnWriteStore.privatize}. */
export interface CopyOnWriteStore extends SandboxStore {
  /** The store file. */
  readonly path: string;
  /** True once the store is a private in-memory copy. */
  readonly private: boolean;
  /**
   * Before a write: swap the read-only file for a private copy of it (once) — in memory, or in the WAL
   * database file `file` (read workers can open that one).
   */
  privatize(file?: string): void;
}

/**
 * Open a store file read-only (a generated store from the cache, or an imported one): ready at once,
 * whatever its size, and never written; {@link CopyOnWriteStore.privatize} makes the private copy a
 * write (the sandbox's advance) needs.
 */
export function openStoreFile(path: string): CopyOnWriteStore {
  let db = new DatabaseSync(path, { readOnly: true });
  db.exec("PRAGMA cache_size = -65536; PRAGMA mmap_size = 2147418112");
  let copied = false;
  return {
    path,
    get db() {
      return db;
    },
    today: todayOf(db),
    get private() {
      return copied;
    },
    privatize(file?: string) {
      if (copied) return;
      let copy: DatabaseSync;
      if (file) {
        Deno.copyFileSync(path, file);
        copy = new DatabaseSync(file);
        copy.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
      } else copy = memoryCopy(serializeDb(db));
      db.close();
      db = copy;
      copied = true;
    },
    close: () => db.close(),
  };
}
