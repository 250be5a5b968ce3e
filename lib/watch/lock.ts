/**
 * One writer per watch store: `<store>/.lock`, created exclusively, holds the writer's pid, host and start
 * time. A second run waits for it a bounded time, then stops with a message naming the holder; a lock left
 * by a process of this host that is no longer running is taken over, and the run says so.
 *
 * @module
 */

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

const hostname = (): string => {
  try {
    return Deno.hostname();
  } catch {
    return "unknown-host";
  }
};

/** Whether process `pid` of this host is running (true when it cannot be told). */
function running(pid: number): boolean {
  try {
    Deno.statSync(`/proc/${pid}`);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return Deno.build.os !== "linux";
    return true;
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
  const me: LockHolder = { pid: Deno.pid, host: hostname(), startedAt: new Date().toISOString() };
  const mine = JSON.stringify(me);
  await Deno.mkdir(store, { recursive: true });
  const until = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      await Deno.writeTextFile(path, mine + "\n", { createNew: true });
      return async () => {
        const now = await readHolder(path);
        if (now?.holder && JSON.stringify(now.holder) === mine) await Deno.remove(path).catch(() => {});
      };
    } catch (e) {
      if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
    }
    const seen = await readHolder(path);
    if (seen === undefined) continue; // released meanwhile
    const h = seen.holder;
    const stale = h
      ? h.host === me.host && h.pid !== me.pid && !running(h.pid)
      : seen.ageMs > UNWRITTEN_STALE_MS;
    if (stale && await takeOver(path, h)) {
      options.log?.(`watch: took over the store lock of ${describe(h)}, which is no longer running`);
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
