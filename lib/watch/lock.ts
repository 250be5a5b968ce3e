/**
 * One writer per watch store: `<store>/.lock`, created exclusively, holds the writer's pid, host and start
 * time, and its modification time is the holder's heartbeat: a worker thread of the holder touches it every
 * 2 s (a busy main thread does not stop it). A second run waits for it a bounded time, then stops with a
 * message naming the holder. A lock is left behind — taken over, and the run says so — when its heartbeat
 * is older than `staleMs` (a killed run, a zombie, a recycled pid, another host: no `/proc` access needed,
 * so it holds under the watch task's own permissions), or at once when `/proc` may be read and shows that
 * the holder's process of this host is gone or a zombie.
 *
 * @module
 */
import { Worker } from "node:worker_threads";

/** What a lock file holds. */
export interface LockHolder {
  /** Process id of the writer. */
  readonly pid: number;
  /** Host name of the writer. */
  readonly host: string;
  /** When it took the lock (ISO). */
  readonly startedAt: string;
}

/** Options of {@link lockStore}. */
export interface LockOptions {
  /** How long to wait for another writer, in ms. @default 120000 */
  readonly waitMs?: number;
  /** Told when the run waits or takes over a stale lock. */
  readonly log?: (line: string) => void;
  /** A lock whose heartbeat is older than this, in ms, is left behind. @default 20000 */
  readonly staleMs?: number;
}

/** The store is held by another writer after the wait. */
export class StoreLockedError extends Error {
  /** The lock file. */
  readonly path: string;
  /** Who holds it (undefined when the file could not be read). */
  readonly holder?: LockHolder;
  /** Create the error. */
  constructor(message: string, path: string, holder?: LockHolder) {
    super(message);
    this.name = "StoreLockedError";
    this.path = path;
    if (holder) this.holder = holder;
  }
}

/** A lock file whose content never arrived (the writer died between creating and writing it) after this. */
const UNWRITTEN_STALE_MS = 10_000;
const POLL_MS = 200;
/** How often the holder refreshes its lock's modification time. */
const HEARTBEAT_MS = 2_000;
/** A lock not refreshed for this long is left behind (ten heartbeats missed). */
const STALE_MS = 20_000;

/**
 * The heartbeat, run in a worker thread (so that synchronous work of the main thread cannot delay it) that
 * never keeps the process alive: it touches the lock while the lock is still this holder's.
 */
const HEARTBEAT = `
const { workerData } = require("node:worker_threads");
setInterval(() => {
  try {
    if (Deno.readTextFileSync(workerData.path) !== workerData.mine) return;
    const now = new Date();
    Deno.utimeSync(workerData.path, now, now);
  } catch { /* released or taken: the next beat looks again */ }
}, workerData.everyMs);
`;

/** Start refreshing the lock; returns a function that stops it. */
function heartbeat(path: string, mine: string): () => Promise<void> {
  const worker = new Worker(HEARTBEAT, { eval: true, workerData: { path, mine, everyMs: HEARTBEAT_MS } });
  worker.unref();
  return async () => void await worker.terminate();
}

const hostname = (): string => {
  try {
    return Deno.hostname();
  } catch {
    return "unknown-host";
  }
};

/**
 * Whether `/proc` shows process `pid` of this host gone or a zombie. False when it cannot be told (not
 * Linux, or no permission to read `/proc`, as under the watch task's own flags): the heartbeat decides then.
 */
function goneByProc(pid: number): boolean {
  if (Deno.build.os !== "linux") return false;
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return /^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
  } catch (e) {
    return e instanceof Deno.errors.NotFound;
  }
}

async function readHolder(path: string): Promise<{ holder?: LockHolder; ageMs: number } | undefined> {
  try {
    const [text, stat] = await Promise.all([Deno.readTextFile(path), Deno.stat(path)]);
    const ageMs = Date.now() - (stat.mtime?.getTime() ?? Date.now());
    try {
      const h = JSON.parse(text);
      if (Number.isInteger(h.pid) && typeof h.host === "string" && typeof h.startedAt === "string") {
        return { holder: { pid: h.pid, host: h.host, startedAt: h.startedAt }, ageMs };
      }
    } catch { /* unwritten or damaged: judged by age */ }
    return { ageMs };
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return undefined;
    throw e;
  }
}

const describe = (h: LockHolder | undefined) =>
  h ? `pid ${h.pid} on ${h.host}, started ${h.startedAt}` : "a writer whose lock file is unreadable";

/**
 * Take the store's lock, waiting up to `waitMs` for another writer.
 *
 * @returns A function that releases it.
 * @throws {StoreLockedError} When another writer still holds it after the wait.
 */
export async function lockStore(store: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const path = `${store.replace(/\/+$/, "")}/.lock`;
  const waitMs = options.waitMs ?? 120_000;
  const staleMs = options.staleMs ?? STALE_MS;
  const me: LockHolder = { pid: Deno.pid, host: hostname(), startedAt: new Date().toISOString() };
  const mine = JSON.stringify(me);
  await Deno.mkdir(store, { recursive: true });
  const until = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      await Deno.writeTextFile(path, mine + "\n", { createNew: true });
      const stop = heartbeat(path, mine + "\n");
      return async () => {
        await stop();
        const now = await readHolder(path);
        if (now?.holder && JSON.stringify(now.holder) === mine) await Deno.remove(path).catch(() => {});
      };
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    }
    const seen = await readHolder(path);
    if (seen === undefined) continue; // released meanwhile
    const h = seen.holder;
    const why = !h
      ? seen.ageMs > UNWRITTEN_STALE_MS ? "" : undefined
      : seen.ageMs > staleMs
      ? `, whose run stopped refreshing it ${Math.round(seen.ageMs / 1000)} s ago`
      : h.host === me.host && h.pid !== me.pid && goneByProc(h.pid)
      ? ", which is no longer running"
      : undefined;
    if (why !== undefined && await takeOver(path, h)) {
      options.log?.(`watch: took over the store lock of ${describe(h)}${why}`);
      continue;
    }
    if (Date.now() >= until) {
      throw new StoreLockedError(
        `The store ${store} is in use by another watch run (${describe(h)}); wait for it to finish and run ` +
          `again, or remove ${path} if that run is gone`,
        path,
        h,
      );
    }
    if (!told) {
      options.log?.(
        `watch: waiting up to ${Math.round(waitMs / 1000)} s for the run holding ${store} (${describe(h)})…`,
      );
      told = true;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Move a stale lock aside, making sure it is the one judged stale (another waiter may have taken over and
 * written a fresh lock meanwhile: that one is put back).
 */
async function takeOver(path: string, stale: LockHolder | undefined): Promise<boolean> {
  const aside = `${path}.stale-${Deno.pid}-${Date.now()}`;
  try {
    await Deno.rename(path, aside);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return true; // someone else moved it: try again
    throw e;
  }
  const moved = await readHolder(aside);
  if (JSON.stringify(moved?.holder) !== JSON.stringify(stale)) {
    await Deno.link(aside, path).catch(() => {});
  }
  await Deno.remove(aside).catch(() => {});
  return true;
}
