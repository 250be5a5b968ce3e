/**
 * The store lock rule by rule (lib/watch/lock.ts), in one process on temporary folders: what the lock file
 * holds, whom a waiting writer names, which locks count as left behind (a dead process of this host, or a
 * file whose content never arrived, once old) and which do not (a live process, another host, a fresh
 * unwritten file), and that releasing never removes a lock another writer holds.
 */
import assert from "node:assert/strict";
import { lockStore, StoreLockedError } from "../../lib/watch/mod.ts";
import { inTemp } from "../_temp.ts";

const gone = async (path: string) => !(await Deno.stat(path).catch(() => null));

/** The pid of a process of this host that has exited. */
async function deadPid(): Promise<number> {
  const p = new Deno.Command(Deno.execPath(), { args: ["eval", ""], stdout: "null" }).spawn();
  await p.status;
  return p.pid;
}

Deno.test("lockStore writes its pid, host and start into <store>/.lock (store created, trailing / ignored)", async () => {
  await inTemp(async (dir) => {
    const store = `${dir}/a/b`;
    const before = Date.now();
    const release = await lockStore(`${store}//`, { waitMs: 0 });
    const text = await Deno.readTextFile(`${store}/.lock`);
    assert.ok(text.endsWith("}\n"), "one JSON line");
    const h = JSON.parse(text);
    assert.deepEqual(Object.keys(h), ["pid", "host", "startedAt"]);
    assert.equal(h.pid, Deno.pid);
    assert.equal(h.host, Deno.hostname());
    const at = Date.parse(h.startedAt);
    assert.ok(at >= before - 1000 && at <= Date.now() + 1000, h.startedAt);
    await release();
    assert.ok(await gone(`${store}/.lock`), "released");
  });
});

Deno.test("a waiting writer is told once, then stopped with a StoreLockedError naming the holder and the file", async () => {
  await inTemp(async (store) => {
    const release = await lockStore(store);
    const lines: string[] = [];
    await assert.rejects(
      lockStore(store, { waitMs: 500, log: (l) => lines.push(l) }),
      (e: unknown) =>
        e instanceof StoreLockedError && e.name === "StoreLockedError" && e.path === `${store}/.lock` &&
        e.holder?.pid === Deno.pid && e.holder.host === Deno.hostname() &&
        e.message.includes(`The store ${store} is in use by another watch run (pid ${Deno.pid} on `) &&
        e.message.includes(`remove ${store}/.lock if that run is gone`),
    );
    assert.equal(lines.length, 1, lines.join("\n"));
    // 0.5 s is said as 1 s (rounded), and a writer that cannot wait is not told it waits.
    assert.match(
      lines[0],
      new RegExp(`^watch: waiting up to 1 s for the run holding .* \\(pid ${Deno.pid} on `),
    );
    const none: string[] = [];
    await assert.rejects(lockStore(store, { waitMs: 0, log: (l) => none.push(l) }), StoreLockedError);
    assert.deepEqual(none, []);
    // The holder's lock is untouched by the one that gave up.
    assert.equal(JSON.parse(await Deno.readTextFile(`${store}/.lock`)).pid, Deno.pid);
    await release();
  });
});

Deno.test("a writer waits for a lock released meanwhile, then takes it", async () => {
  await inTemp(async (store) => {
    const first = await lockStore(store);
    setTimeout(() => first(), 300);
    const second = await lockStore(store, { waitMs: 5000 });
    assert.equal(JSON.parse(await Deno.readTextFile(`${store}/.lock`)).pid, Deno.pid);
    await second();
    assert.ok(await gone(`${store}/.lock`));
  });
});

const lockOf = (h: Record<string, unknown>) => JSON.stringify(h) + "\n";

Deno.test("only a dead process of this host leaves a lock that is taken over; another host's or a live one is not", async () => {
  await inTemp(async (store) => {
    const path = `${store}/.lock`;
    const startedAt = "2026-11-20T08:00:00.000Z";
    const dead = await deadPid();
    // Another host: its process cannot be seen from here, so it is waited for.
    await Deno.writeTextFile(path, lockOf({ pid: dead, host: `${Deno.hostname()}-other`, startedAt }));
    await assert.rejects(lockStore(store, { waitMs: 0 }), StoreLockedError);
    // A live process of this host (the parent of this one) is waited for.
    await Deno.writeTextFile(path, lockOf({ pid: Deno.ppid, host: Deno.hostname(), startedAt }));
    await assert.rejects(
      lockStore(store, { waitMs: 0 }),
      (e: unknown) => e instanceof StoreLockedError && e.holder?.pid === Deno.ppid,
    );
    // A dead one is taken over, said so, and the lock is then ours; no file is left beside it.
    await Deno.writeTextFile(path, lockOf({ pid: dead, host: Deno.hostname(), startedAt }));
    const lines: string[] = [];
    const release = await lockStore(store, { waitMs: 0, log: (l) => lines.push(l) });
    assert.deepEqual(lines, [
      `watch: took over the store lock of pid ${dead} on ${Deno.hostname()}, started ${startedAt}, which is no longer running`,
    ]);
    assert.equal(JSON.parse(await Deno.readTextFile(path)).pid, Deno.pid);
    assert.deepEqual((await Array.fromAsync(Deno.readDir(store))).map((e) => e.name), [".lock"]);
    await release();
    // Without a log to tell, it is taken over all the same.
    await Deno.writeTextFile(path, lockOf({ pid: dead, host: Deno.hostname(), startedAt }));
    await (await lockStore(store, { waitMs: 0 }))();
    assert.ok(await gone(path));
  });
});

Deno.test("a lock file without a valid holder is waited for while fresh and taken over once 10 s old", async () => {
  await inTemp(async (store) => {
    const path = `${store}/.lock`;
    for (
      const text of ["", '{"pid": 1.5, "host": "h", "startedAt": "x"}', '{"pid": 1, "startedAt": "x"}', "{"]
    ) {
      await Deno.writeTextFile(path, text);
      await assert.rejects(
        lockStore(store, { waitMs: 0 }),
        (e: unknown) =>
          e instanceof StoreLockedError && e.holder === undefined &&
          e.message.includes("(a writer whose lock file is unreadable)"),
        JSON.stringify(text),
      );
      const old = new Date(Date.now() - 11_000);
      await Deno.utime(path, old, old);
      const lines: string[] = [];
      const release = await lockStore(store, { waitMs: 0, log: (l) => lines.push(l) });
      assert.match(lines.join("\n"), /took over the store lock of a writer whose lock file is unreadable/);
      await release();
      assert.ok(await gone(path));
    }
    // Just under the age: still waited for.
    await Deno.writeTextFile(path, "");
    const recent = new Date(Date.now() - 8_000);
    await Deno.utime(path, recent, recent);
    await assert.rejects(lockStore(store, { waitMs: 0 }), StoreLockedError);
  });
});

Deno.test("releasing a lock another writer has since taken leaves that writer's lock in place", async () => {
  await inTemp(async (store) => {
    const path = `${store}/.lock`;
    const release = await lockStore(store);
    const other = lockOf({ pid: Deno.ppid, host: Deno.hostname(), startedAt: "2026-11-20T08:00:00.000Z" });
    await Deno.writeTextFile(path, other);
    await release();
    assert.equal(await Deno.readTextFile(path), other);
    await Deno.remove(path);
    await release(); // a lock already gone: nothing to do
  });
});

/** Run `lockStore(store, { waitMs: 0 })` in a process allowed to read and write `store` only. */
async function lockWithoutPermissions(store: string): Promise<{ code: number; err: string }> {
  const mod = new URL("../../lib/watch/lock.ts", import.meta.url).href;
  await Deno.writeTextFile(
    `${store}/take.ts`,
    `import { lockStore } from "${mod}";\nawait lockStore(Deno.args[0], { waitMs: 0 });\n`,
  );
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-check", `--allow-read=${store}`, `--allow-write=${store}`, `${store}/take.ts`, store],
    stderr: "piped",
  }).output();
  return { code: out.code, err: new TextDecoder().decode(out.stderr) };
}

Deno.test("without permission to read the host name, the lock names the host 'unknown-host'", async () => {
  await inTemp(async (store) => {
    const r = await lockWithoutPermissions(store);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(await Deno.readTextFile(`${store}/.lock`)).host, "unknown-host");
  });
});

Deno.test("a writer without access to /proc judges the holder by its heartbeat: fresh is waited for, old is taken over", async () => {
  await inTemp(async (store) => {
    // This (running) process holds the lock, under the host name the other one will see.
    const path = `${store}/.lock`;
    await Deno.writeTextFile(
      path,
      lockOf({ pid: Deno.pid, host: "unknown-host", startedAt: "2026-11-20T08:00:00.000Z" }),
    );
    const r = await lockWithoutPermissions(store);
    assert.notEqual(r.code, 0);
    assert.match(
      r.err,
      new RegExp(
        `StoreLockedError: The store .* is in use by another watch run \\(pid ${Deno.pid} on unknown-host`,
      ),
    );
    assert.equal(JSON.parse(await Deno.readTextFile(path)).pid, Deno.pid);
    // Not refreshed for 21 s (its run was killed): taken over there too, though /proc cannot be read.
    const old = new Date(Date.now() - 21_000);
    await Deno.utime(path, old, old);
    const again = await lockWithoutPermissions(store);
    assert.equal(again.code, 0, again.err);
    assert.notEqual(JSON.parse(await Deno.readTextFile(path)).pid, Deno.pid);
  });
});

Deno.test("the holder refreshes its lock every 2 s even while its main thread is busy, and stops on release", async () => {
  await inTemp(async (store) => {
    const path = `${store}/.lock`;
    const release = await lockStore(store, { waitMs: 0 });
    const old = new Date(Date.now() - 60_000);
    await Deno.utime(path, old, old);
    const until = Date.now() + 2_300;
    while (Date.now() < until) { /* synchronous work: the heartbeat runs in its own thread */ }
    await new Promise((r) => setTimeout(r, 100));
    const age = Date.now() - (await Deno.stat(path)).mtime!.getTime();
    assert.ok(age < 2_500, `refreshed ${age} ms ago`);
    // A waiter with a 3 s staleness sees a live holder while it beats.
    await assert.rejects(lockStore(store, { waitMs: 0, staleMs: 3_000 }), StoreLockedError);
    await release();
    assert.ok(await gone(path));
    // After release the beat has stopped: a lock file written now is not touched.
    await Deno.writeTextFile(path, "x");
    await Deno.utime(path, old, old);
    await new Promise((r) => setTimeout(r, 2_300));
    const untouched = Math.abs((await Deno.stat(path)).mtime!.getTime() - old.getTime());
    assert.ok(untouched < 1_000, `touched after release (${untouched} ms)`);
  });
});

Deno.test("a zombie holder of this host is dead at once; a live one is not, until its heartbeat is old", async () => {
  await inTemp(async (store) => {
    const path = `${store}/.lock`;
    // `sleep 0` exits, and its parent (exec'd into a long sleep) never reaps it: a zombie.
    const parent = new Deno.Command("bash", {
      args: ["-c", "sleep 0 & echo $!; exec sleep 30"],
      stdout: "piped",
    })
      .spawn();
    const reader = parent.stdout.getReader();
    const zombie = Number(new TextDecoder().decode((await reader.read()).value).trim());
    reader.releaseLock();
    try {
      await new Promise((r) => setTimeout(r, 200));
      assert.match(await Deno.readTextFile(`/proc/${zombie}/stat`), /\) Z /, "a zombie");
      const startedAt = "2026-11-20T08:00:00.000Z";
      await Deno.writeTextFile(path, lockOf({ pid: zombie, host: Deno.hostname(), startedAt }));
      const lines: string[] = [];
      await (await lockStore(store, { waitMs: 0, log: (l) => lines.push(l) }))();
      assert.deepEqual(lines, [
        `watch: took over the store lock of pid ${zombie} on ${Deno.hostname()}, started ${startedAt}, which is no longer running`,
      ]);
      // The sleeping parent runs: waited for while fresh, taken over once its heartbeat is old.
      await Deno.writeTextFile(path, lockOf({ pid: parent.pid, host: Deno.hostname(), startedAt }));
      await assert.rejects(lockStore(store, { waitMs: 0 }), StoreLockedError);
      const old = new Date(Date.now() - 21_000);
      await Deno.utime(path, old, old);
      const told: string[] = [];
      await (await lockStore(store, { waitMs: 0, log: (l) => told.push(l) }))();
      assert.match(
        told.join("\n"),
        new RegExp(`of pid ${parent.pid} .*, whose run stopped refreshing it 2\\d s ago$`),
      );
    } finally {
      parent.kill("SIGKILL");
      await parent.stdout.cancel().catch(() => {});
      await parent.status;
    }
  });
});

Deno.test("a lock file that cannot be created fails at once with the system's error, not as a lock held", async () => {
  // /proc/self exists, but no file can be created in it.
  await assert.rejects(
    lockStore("/proc/self", { waitMs: 60_000 }),
    (e: unknown) => e instanceof Deno.errors.NotFound && /\/proc\/self\/\.lock/.test((e as Error).message),
  );
});
