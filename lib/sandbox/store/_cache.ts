/**
 * Private: the generated store cached on disk, so a warm start opens a file instead of generating.
 *
 * One file per seed, scale and generator version: `<dir>/<scale>-seed<seed>-<version>.db`, where the
 * version is a SHA-256 of the generator's source files (generate.ts and everything it imports, read
 * from disk), so any change to the generator, its vocabularies or the schema builds a new file. The
 * file is written to a temporary name in the same folder and renamed into place (atomic), so a reader
 * never sees a half-written file; a lock file makes a second process starting at the same time wait
 * for the first instead of generating twice (a stale lock, older than {@link STALE_LOCK_MS}, is
 * ignored). Files of older versions for the same seed and scale are removed when a new one lands.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { createStore, type ScaleName } from "./generate.ts";

/** `serialize`/`deserialize` of Deno's node:sqlite (present at run time; @types/node 24 lacks them). */
interface Serializable {
  serialize(): Uint8Array;
  deserialize(data: Uint8Array): void;
}

/** The database's bytes (a consistent image of the whole file). */
export function serializeDb(db: DatabaseSync): Uint8Array {
  return (db as unknown as Serializable).serialize();
}

/** A writable in-memory database holding `bytes` (a database image). */
export function memoryCopy(bytes: Uint8Array): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  (db as unknown as Serializable).deserialize(bytes);
  return db;
}

/** Default cache folder, relative to the working directory (the demo task may write `.cache`). */
export const DEFAULT_CACHE_DIR = ".cache/sandbox";
/** A lock older than this is a crashed writer's: ignored. */
const STALE_LOCK_MS = 5 * 60_000;
/** How long a second process waits for the first one's file. */
const WAIT_MS = 3 * 60_000;

let version: Promise<string | undefined> | undefined;

/**
 * The generator version: a SHA-256 prefix of the sources of generate.ts and every module it imports
 * (relative imports, transitively), or undefined when they cannot be read (a remote module, no read
 * permission): then there is no cache.
 */
export function generatorVersion(): Promise<string | undefined> {
  version ??= hashSources(new URL("./generate.ts", import.meta.url)).catch(() => undefined);
  return version;
}

/** SHA-256 prefix of `entry` and the modules it imports relatively, transitively (exported for tests). */
export async function hashSources(entry: URL): Promise<string | undefined> {
  if (entry.protocol !== "file:") return undefined;
  const seen = new Map<string, string>();
  const queue = [entry.href];
  while (queue.length) {
    const href = queue.pop()!;
    if (seen.has(href)) continue;
    const text = await Deno.readTextFile(new URL(href));
    seen.set(href, text);
    for (const m of text.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      queue.push(new URL(m[1], href).href);
    }
  }
  // Contents in path order (the folder the repository sits in does not matter).
  const parts = [...seen].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, text]) => `${text.length}\n${text}`);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("")));
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function granted(name: "read" | "write", path: string): boolean {
  return Deno.permissions.querySync({ name, path }).state === "granted";
}

let toldOff = false;

/**
 * Say once per process, on stderr, that the generated-store cache is off for want of permission, and the
 * flag that turns it on (each start otherwise builds the store again).
 */
export function cacheOffNotice(dir: string): void {
  const read = granted("read", dir), write = granted("write", dir);
  if (toldOff || (read && write)) return;
  toldOff = true;
  const top = dir === DEFAULT_CACHE_DIR ? ".cache" : dir;
  const flags = [...(read ? [] : [`--allow-read=${top}`]), ...(write ? [] : [`--allow-write=${top}`])];
  console.error(
    `sandbox: the generated store is not cached (no permission for ${dir}), so every start builds it ` +
      `again; add ${flags.join(" ")} to cache it`,
  );
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).size > 0;
  } catch {
    return false;
  }
}

/**
 * The path of the cached store of `seed` × `scale` in `dir`, generating and writing it first when it
 * is missing. Undefined when the cache cannot be used (no read/write permission on `dir`, generator
 * sources unreadable): the caller then generates in memory as before.
 */
export async function cachedStore(seed: number, scale: ScaleName, dir: string): Promise<string | undefined> {
  if (!granted("read", dir) || !granted("write", dir)) return undefined;
  const v = await generatorVersion();
  if (!v) return undefined;
  const stem = `${scale}-seed${seed}-`;
  const path = `${dir}/${stem}${v}.db`;
  if (await exists(path)) return path;
  await Deno.mkdir(dir, { recursive: true });
  const lock = `${path}.lock`;
  if (!(await takeLock(lock))) {
    // Another process is writing this very file: wait for it (or for its lock to go stale).
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      if (await exists(path)) return path;
      if (await takeLock(lock)) break;
    }
  }
  try {
    if (await exists(path)) return path;
    const tmp = `${path}.${Deno.pid}-${crypto.randomUUID().slice(0, 8)}.tmp`;
    const store = createStore({ seed, scale });
    try {
      await Deno.writeFile(tmp, serializeDb(store.db));
    } finally {
      store.close();
    }
    await Deno.rename(tmp, path);
    await removeOlder(dir, stem, path);
    return path;
  } finally {
    await Deno.remove(lock).catch(() => {});
  }
}

/** Create the lock file (exclusively); a stale one is replaced. */
async function takeLock(lock: string): Promise<boolean> {
  try {
    await Deno.writeTextFile(lock, String(Deno.pid), { createNew: true });
    return true;
  } catch (e) {
    if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    const age = await Deno.stat(lock).then((s) => Date.now() - (s.mtime?.getTime() ?? 0), () => 0);
    if (age < STALE_LOCK_MS) return false;
    await Deno.remove(lock).catch(() => {});
    return takeLock(lock);
  }
}

/** Remove the files of other generator versions of the same seed and scale (and crashed writers' temps). */
async function removeOlder(dir: string, stem: string, keep: string): Promise<void> {
  for await (const e of Deno.readDir(dir)) {
    const p = `${dir}/${e.name}`;
    if (!e.isFile || p === keep || !e.name.startsWith(stem)) continue;
    if (e.name.endsWith(".lock")) continue;
    if (e.name.endsWith(".tmp")) {
      const age = await Deno.stat(p).then((s) => Date.now() - (s.mtime?.getTime() ?? 0), () => 0);
      if (age < STALE_LOCK_MS) continue; // another process's file in progress
    }
    await Deno.remove(p).catch(() => {});
  }
}
