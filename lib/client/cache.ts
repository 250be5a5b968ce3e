/**
 * Opt-in on-disk cache of successful GET responses. One JSON file per response, named by the
 * SHA-256 of the base URL, method, path, sorted query and a one-way tenant fingerprint (SHA-256 of the
 * API key with a fixed salt, truncated), so different workspaces never share entries and neither the
 * key nor anything derived from it reversibly is written anywhere.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DiskCache } from "./cache.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const cache = new DiskCache({ dir, ttlMs: 60_000 }, "secret-key");
 * const key = await cache.key("http://127.0.0.1:1", "GET", "/api/v1/grants/sample", [["b", "2"], ["a", "1"]]);
 * await cache.put(key, { endpoint: "grants.sample", body: { data: [] } });
 * assert.ok((await cache.get(key))?.body !== undefined);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @module
 */

/** Cache options. */
export interface CacheOptions {
  /** Directory of the cache files. @default `$XDG_CACHE_HOME/research-intel`, else `.cache/ri` */
  readonly dir?: string;
  /** How long an entry is served, in ms. @default 86400000 (one day) */
  readonly ttlMs?: number;
}

/** The default time-to-live of a cache entry (one day). */
export const DEFAULT_CACHE_TTL_MS = 86_400_000;

/** A cache hit. */
export interface CacheHit {
  /** The cached (already validated) body. */
  readonly body: unknown;
  /** When it was stored. */
  readonly storedAt: Date;
  /** Its age in ms. */
  readonly ageMs: number;
}

const SALT = "research-intel/cache/v1:";

async function sha256(s: string): Promise<string> {
  const buf = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
}

function defaultDir(): string {
  try {
    const xdg = Deno.env.get("XDG_CACHE_HOME");
    if (xdg) return `${xdg}/research-intel`;
  } catch {
    // No --allow-env: fall back to a project-local directory.
  }
  return ".cache/ri";
}

/** The on-disk response cache of one client. */
export class DiskCache {
  /** Directory of the cache files. */
  readonly dir: string;
  /** Time-to-live in ms. */
  readonly ttlMs: number;
  readonly #tenant: Promise<string>;

  /** Create a cache for the tenant holding `apiKey` (only a salted, truncated hash of it is kept). */
  constructor(opts: CacheOptions, apiKey: string) {
    this.dir = opts.dir ?? defaultDir();
    this.ttlMs = opts.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.#tenant = sha256(SALT + apiKey).then((h) => h.slice(0, 16));
  }

  /** The cache key of a request (hex SHA-256); the query in any order is the same request. */
  async key(
    baseUrl: string,
    method: string,
    path: string,
    query: readonly (readonly [string, string])[],
  ): Promise<string> {
    // Each pair as JSON, sorted: one order whatever the order given; the whole as JSON: no two requests
    // (a path that ends like a query, say) write the same text.
    const pairs = query.map((pair) => JSON.stringify(pair)).sort();
    return await sha256(JSON.stringify([baseUrl, method, path, pairs, await this.#tenant]));
  }

  /** A fresh entry for `key`, or null (missing, expired or unreadable). */
  async get(key: string, now: number = Date.now()): Promise<CacheHit | null> {
    let text: string;
    try {
      text = await Deno.readTextFile(`${this.dir}/${key}.json`);
    } catch {
      return null;
    }
    try {
      const entry = JSON.parse(text) as { storedAt: number; body: unknown };
      const ageMs = Math.max(0, now - entry.storedAt);
      if (ageMs > this.ttlMs) return null;
      return { body: entry.body, storedAt: new Date(entry.storedAt), ageMs };
    } catch {
      return null;
    }
  }

  /** Store a validated body under `key` (written atomically via a temporary file). */
  async put(
    key: string,
    entry: { endpoint: string; body: unknown },
    now: number = Date.now(),
  ): Promise<void> {
    await Deno.mkdir(this.dir, { recursive: true });
    const file = `${this.dir}/${key}.json`;
    const tmp = `${file}.${crypto.randomUUID()}.tmp`;
    await Deno.writeTextFile(
      tmp,
      JSON.stringify({ v: 1, storedAt: now, endpoint: entry.endpoint, body: entry.body }),
    );
    await Deno.rename(tmp, file);
  }

  /** Remove every entry of this cache directory. */
  async clear(): Promise<void> {
    try {
      for await (const f of Deno.readDir(this.dir)) {
        if (f.isFile && /^[0-9a-f]{64}\.json/.test(f.name)) await Deno.remove(`${this.dir}/${f.name}`);
      }
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
}
