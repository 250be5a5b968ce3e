/**
 * The store the sandbox serves: the SQLite database filled by the seeded generator, plus the
 * reference "today" of the data.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { createStore } from "./generate.ts";

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

/** Generate a store with the seeded generator (in memory, or in a WAL database file at `path`). */
export function openStore(seed: number, scale: Scale, path?: string): Promise<SandboxStore> {
  return Promise.resolve(asSandboxStore(createStore({ seed, scale, ...(path ? { path } : {}) })));
}
