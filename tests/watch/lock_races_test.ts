/**
 * The store lock's races, made deterministic: another writer acts at the exact moment between two steps of
 * lockStore (a file-system call is wrapped to act first, as that writer would). A lock released between a
 * failed create and its read is simply taken; a stale lock another waiter already moved is not an error; a
 * fresh lock another waiter wrote in its place is put back, never taken; a system error is not swallowed.
 */
import assert from "node:assert/strict";
import { lockStore, StoreLockedError } from "../../lib/watch/mod.ts";
import { inTemp } from "../_temp.ts";

type Fs = "rename" | "readTextFile";

/** Run `body` with `Deno[name]` wrapped once: `before(args)` runs before the first call on a matching path. */
async function onFirst(
  name: Fs,
  match: (path: string) => boolean,
  before: (path: string) => Promise<void>,
  body: () => Promise<void>,
): Promise<void> {
  const real = Deno[name] as (...a: unknown[]) => Promise<unknown>;
  let fired = false;
  (Deno as unknown as Record<Fs, unknown>)[name] = async (...a: unknown[]) => {
    if (!fired && match(String(a[0]))) {
      fired = true;
      await before(String(a[0]));
    }
    return await real(...a);
  };
  try {
    await body();
    assert.ok(fired, `the ${name} step was reached`);
  } finally {
    (Deno as unknown as Record<Fs, unknown>)[name] = real;
  }
}

const lockOf = (pid: number) =>
  JSON.stringify({ pid, host: Deno.hostname(), startedAt: "2026-11-20T08:00:00.000Z" }) + "\n";

async function deadPid(): Promise<number> {
  const p = new Deno.Command(Deno.execPath(), { args: ["eval", ""], stdout: "null" }).spawn();
  await p.status;
  return p.pid;
}

const holderPid = async (store: string) => JSON.parse(await Deno.readTextFile(`${store}/.lock`)).pid;

Deno.test("a lock released between the failed create and its read is taken at once", async () => {
  await inTemp(async (store) => {
    await Deno.writeTextFile(`${store}/.lock`, lockOf(Deno.ppid));
    await onFirst("readTextFile", (p) => p.endsWith("/.lock"), (p) => Deno.remove(p), async () => {
      const release = await lockStore(store, { waitMs: 0 });
      assert.equal(await holderPid(store), Deno.pid);
      await release();
    });
  });
});

Deno.test("a stale lock another waiter moved first is not an error: the lock is then taken", async () => {
  await inTemp(async (store) => {
    await Deno.writeTextFile(`${store}/.lock`, lockOf(await deadPid()));
    await onFirst("rename", (p) => p.endsWith("/.lock"), (p) => Deno.remove(p), async () => {
      const release = await lockStore(store, { waitMs: 0 });
      assert.equal(await holderPid(store), Deno.pid);
      await release();
    });
  });
});

Deno.test("a fresh lock another waiter wrote over the stale one is put back and waited for, not taken", async () => {
  await inTemp(async (store) => {
    await Deno.writeTextFile(`${store}/.lock`, lockOf(await deadPid()));
    // The other waiter took over first: a live holder's lock is now where the stale one was.
    const other = lockOf(Deno.ppid);
    await onFirst("rename", (p) => p.endsWith("/.lock"), (p) => Deno.writeTextFile(p, other), async () => {
      await assert.rejects(
        lockStore(store, { waitMs: 0 }),
        (e: unknown) => e instanceof StoreLockedError && e.holder?.pid === Deno.ppid,
      );
    });
    assert.equal(await Deno.readTextFile(`${store}/.lock`), other);
    assert.deepEqual((await Array.fromAsync(Deno.readDir(store))).map((e) => e.name), [".lock"]);
  });
});

Deno.test("a system error while moving a stale lock aside is reported, not retried", async () => {
  await inTemp(async (store) => {
    await Deno.writeTextFile(`${store}/.lock`, lockOf(await deadPid()));
    const denied = () => Promise.reject(new Deno.errors.PermissionDenied("rename denied"));
    await onFirst("rename", (p) => p.endsWith("/.lock"), denied, async () => {
      await assert.rejects(lockStore(store, { waitMs: 0 }), Deno.errors.PermissionDenied);
    });
  });
});

Deno.test("a waiting writer reads the lock now and then (it polls), not in a busy loop", async () => {
  await inTemp(async (store) => {
    await Deno.writeTextFile(`${store}/.lock`, lockOf(Deno.ppid));
    const real = Deno.readTextFile;
    let reads = 0;
    Deno.readTextFile = (...a: Parameters<typeof real>) => (reads++, real(...a));
    try {
      await assert.rejects(lockStore(store, { waitMs: 600 }), StoreLockedError);
    } finally {
      Deno.readTextFile = real;
    }
    // One read per 200 ms poll over 0.6 s (a slow machine reads fewer times, never more).
    assert.ok(reads >= 1 && reads <= 5, `${reads} reads`);
  });
});
