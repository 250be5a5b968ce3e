/**
 * Private: the store a sandbox serves, from its options — a ready store, a store file (an imported one,
 * `store: "<file>"` or `RI_STORE`), or the seeded generator's (from the on-disk cache when it can be
 * used) — and where its read workers find it.
 *
 * @module
 */
import { cachedStore, cacheOffNotice } from "../store/_cache.ts";
import { createStore } from "../store/generate.ts";
import {
  asSandboxStore,
  type CopyOnWriteStore,
  defaultCacheDir,
  metaValue,
  openStore,
  openStoreFile,
  type SandboxStore,
  type Scale,
} from "../store/_open.ts";

/** What {@link serveStore} needs of the sandbox's options. */
export interface StoreChoice {
  readonly store?: SandboxStore | string;
  readonly seed?: number;
  readonly scale?: Scale;
  readonly cache?: string | false;
  readonly programmes?: boolean;
}

/** The store to serve. */
export interface ServedStore {
  readonly store: SandboxStore;
  /** The sandbox created it (closes it on close). */
  readonly owned: boolean;
  /** The file the read workers open read-only (WAL), when there are workers. */
  readonly workerPath?: string;
  /** Where a read-only store file served to workers is copied before a write (advance). */
  readonly privateFile?: string;
  /** Remove the sandbox's temporary store file, if any. */
  remove(): void;
}

/** `RI_STORE`, when set and readable without a permission prompt. */
export function storeFromEnv(): string | undefined {
  const variable = "RI_STORE";
  if (Deno.permissions.querySync({ name: "env", variable }).state !== "granted") return undefined;
  return Deno.env.get(variable) || undefined;
}

/** True when the store was built by the seeded generator (an imported store records its sources). */
export function isGenerated(store: SandboxStore): boolean {
  const source = metaValue(store.db, "data_source");
  return source === undefined || source === "synthetic-sandbox";
}

/** Open the store the options name (see the module doc). */
export async function serveStore(options: StoreChoice, workers: number): Promise<ServedStore> {
  if (options.programmes && options.store !== undefined) {
    throw new RangeError("programmes: the planted programmes add to the generated world; leave store unset");
  }
  const given = options.programmes ? undefined : options.store ?? storeFromEnv();
  if (typeof given === "object") {
    if (workers > 0) {
      throw new RangeError("workers need a store the sandbox opens (pass seed and scale or a store file)");
    }
    return { store: given, owned: false, remove() {} };
  }
  if (typeof given === "string") {
    const info = await Deno.stat(given).catch(() => undefined);
    if (!info?.isFile) {
      throw new RangeError(
        `store: no store file at ${JSON.stringify(given.slice(0, 200))}; ` +
          "build one with `deno task import -- --store <file> …` or leave store unset for generated data",
      );
    }
    return {
      store: openStoreFile(given),
      owned: true,
      ...(workers > 0 ? { workerPath: given } : {}),
      remove() {},
    };
  }
  const seed = options.seed ?? 42, scale = options.scale ?? "tiny";
  if (options.programmes) {
    // The planted programmes are an opt-in addition: generated in memory, never in the shared cache.
    if (workers > 0) {
      throw new RangeError("programmes: the planted world is generated in memory; use workers: 0");
    }
    return {
      store: asSandboxStore(createStore({ seed, scale, programmes: true })),
      owned: true,
      remove() {},
    };
  }
  const cache = options.cache ?? defaultCacheDir();
  const cached = cache ? await cachedStore(seed, scale, cache) : undefined;
  if (cache && !cached) cacheOffNotice(cache);
  if (workers > 0) {
    // The main thread writes (advance) and the workers see it through the WAL: the cached file, read-only,
    // until a write copies it to a private file; without the cache, generated straight into that file.
    const file = tempStoreFile();
    if (cached) {
      const store = openStoreFile(cached);
      return { store, owned: true, workerPath: cached, privateFile: file.path, remove: file.remove };
    }
    return {
      store: await openStore(seed, scale, file.path, false),
      owned: true,
      workerPath: file.path,
      remove: file.remove,
    };
  }
  const store = cached ? openStoreFile(cached) : await openStore(seed, scale, undefined, false);
  return { store, owned: true, remove() {} };
}

/**
 * Make the store writable before `advance` writes to it: a store file is served read-only, so a
 * generated one is swapped for a private copy (the cached file is never written); an imported store
 * holds the sources' data as published, so it does not advance.
 */
export async function beforeWrite(
  store: SandboxStore,
  pool: { reopen(path: string): Promise<void> } | undefined,
  privateFile: string | undefined,
): Promise<void> {
  const cow = store as Partial<CopyOnWriteStore>;
  if (typeof cow.privatize !== "function" || cow.private) return;
  if (!isGenerated(store)) {
    throw new RangeError(
      "advance: this store was imported from public files and holds their data as published; " +
        "advance moves the generated (synthetic) store only — start the sandbox without a store file",
    );
  }
  if (!pool) return cow.privatize();
  if (!privateFile) {
    throw new RangeError("advance: a store file served by read workers is read-only; start with workers: 0");
  }
  cow.privatize(privateFile);
  await pool.reopen(privateFile);
}

/**
 * A temporary WAL database file for the store the read workers share (copying an in-memory store to a
 * file would need ATTACH, which Deno's node:sqlite allows only with every permission).
 */
function tempStoreFile(): { path: string; remove(): void } {
  const path = Deno.makeTempFileSync({ prefix: "ri-sandbox-", suffix: ".db" });
  return {
    path,
    remove() {
      for (const suffix of ["", "-wal", "-shm"]) {
        try {
          Deno.removeSync(path + suffix);
        } catch { /* gone */ }
      }
    },
  };
}
