/**
 * One writer per watch store: two real watch processes on one store and day do not both save (the second
 * waits, then finds the day saved); a run that cannot wait names the holder; a lock left by a dead process
 * is taken over and the run says so.
 */
import assert from "node:assert/strict";
import { lockStore, StoreLockedError } from "../../lib/watch/mod.ts";
import { assertNoKey, assertNoKeyInFiles, hostile } from "../_hostile.ts";
import { withSandbox } from "../client/_sandbox.ts";
import { taskArgs } from "../_tasks.ts";
import { inTemp } from "../_temp.ts";

const root = new URL("../../", import.meta.url).pathname;
const WATCH = taskArgs("watch");

function watch(args: string[], env: Record<string, string> = { RI_BASE_URL: "", RI_API_KEY: "" }) {
  return new Deno.Command(Deno.execPath(), {
    args: [...WATCH, ...args],
    cwd: root,
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output().then((o) => ({ code: o.code, err: new TextDecoder().decode(o.stderr) }));
}

Deno.test("two concurrent watch runs on one store: one saves, the other waits and finds the day saved", async () => {
  await inTemp((dir) =>
    withSandbox(async (sb) => {
      // A slow service (the sandbox behind 400 ms per answer), so that the two runs overlap.
      const slow = hostile(async (req, url) => {
        await new Promise((r) => setTimeout(r, 400));
        return await fetch(`${sb.url}${url.pathname}${url.search}`, {
          headers: { "x-api-key": req.headers.get("x-api-key")! },
        });
      });
      try {
        const items = ["cancer", "lung", "asthma"].map((s, i) => ({
          name: `t${i}`,
          endpoint: "trials.search",
          params: { search: s },
        }));
        await Deno.writeTextFile(`${dir}/w.json`, JSON.stringify({ store: "store", analyses: items }));
        const env = { RI_BASE_URL: slow.url, RI_API_KEY: sb.keys.pos };
        const runs = await Promise.all([1, 2].map(() => watch([`${dir}/w.json`], env)));
        const codes = runs.map((r) => r.code).sort();
        // Before: the runs interleaved item by item, each saving some days and failing on the others.
        assert.deepEqual(codes, [0, 2], runs.map((r) => r.err).join("\n---\n"));
        const second = runs.find((r) => r.code === 2)!;
        assert.match(second.err, /waiting up to 120 s for the run holding .*store \(pid \d+ on /);
        assert.match(second.err, /already exists at/);
        assert.ok(!(await Deno.stat(`${dir}/store/.lock`).catch(() => null)), "the lock was released");
        for (const r of runs) assertNoKey(r.err, "watch stderr", sb.keys.pos);
        await assertNoKeyInFiles(dir, sb.keys.pos);
      } finally {
        await slow.close();
      }
    })
  );
});

Deno.test("a run that cannot wait exits 1 naming the holder's pid, host and start", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/w.json`,
      JSON.stringify({ store: "store", analyses: [{ name: "t", endpoint: "trials.search" }] }),
    );
    const release = await lockStore(`${dir}/store`);
    const r = await watch([`${dir}/w.json`, "--scale", "tiny", "--wait", "0"]);
    await release();
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, new RegExp(`in use by another watch run \\(pid ${Deno.pid} on .+, started \\d{4}-`));
    assert.match(r.err, /remove .*store\/\.lock if that run is gone/);
    assert.ok(!(await Deno.stat(`${dir}/store/t`).catch(() => null)), "nothing was written");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a watch run killed while it holds the store is taken over by the next, under the task's own flags", async () => {
  await inTemp((dir) =>
    withSandbox(async (sb) => {
      const slow = hostile(async (req, url) => {
        await new Promise((r) => setTimeout(r, 400));
        return await fetch(`${sb.url}${url.pathname}${url.search}`, {
          headers: { "x-api-key": req.headers.get("x-api-key")! },
        });
      });
      try {
        const items = ["cancer", "lung"].map((s, i) => ({
          name: `t${i}`,
          endpoint: "trials.search",
          params: { search: s },
        }));
        await Deno.writeTextFile(`${dir}/w.json`, JSON.stringify({ store: "store", analyses: items }));
        const env = { RI_BASE_URL: slow.url, RI_API_KEY: sb.keys.pos };
        const first = new Deno.Command(Deno.execPath(), {
          args: [...WATCH, `${dir}/w.json`],
          cwd: root,
          env: { NO_COLOR: "1", ...env },
          stdout: "null",
          stderr: "null",
        }).spawn();
        const lock = `${dir}/store/.lock`;
        for (let i = 0; i < 300 && !(await Deno.stat(lock).catch(() => null)); i++) {
          await new Promise((r) => setTimeout(r, 50));
        }
        assert.equal(
          JSON.parse(await Deno.readTextFile(lock)).pid,
          first.pid,
          "the first run holds the store",
        );
        first.kill("SIGKILL");
        await first.status;
        // Its heartbeat has stopped with it; 21 s later (the file's time set back) the lock is left behind.
        const beat = (await Deno.stat(lock)).mtime!.getTime();
        await new Promise((r) => setTimeout(r, 2_500));
        assert.equal((await Deno.stat(lock)).mtime!.getTime(), beat, "no heartbeat after the kill");
        const old = new Date(Date.now() - 21_000);
        await Deno.utime(lock, old, old);
        const next = await watch([`${dir}/w.json`, "--wait", "5"], env);
        assert.equal(next.code, 0, next.err);
        assert.match(
          next.err,
          new RegExp(
            `took over the store lock of pid ${first.pid} on .*, whose run stopped refreshing it 2\\d s ago`,
          ),
        );
        assert.ok(!(await Deno.stat(lock).catch(() => null)), "the lock was released");
      } finally {
        await slow.close();
      }
    })
  );
});

Deno.test("lockStore: a second writer waits a bounded time; a dead process's lock is taken over, said so", async () => {
  const store = await Deno.makeTempDir();
  try {
    const release = await lockStore(store);
    const t0 = Date.now();
    await assert.rejects(
      lockStore(store, { waitMs: 300 }),
      (e: unknown) => e instanceof StoreLockedError && e.holder?.pid === Deno.pid,
    );
    assert.ok(Date.now() - t0 < 1500);
    await release();
    await (await lockStore(store, { waitMs: 0 }))(); // free again

    const dead = new Deno.Command(Deno.execPath(), { args: ["eval", ""], stdout: "null" }).spawn();
    await dead.status;
    await Deno.writeTextFile(
      `${store}/.lock`,
      JSON.stringify({ pid: dead.pid, host: Deno.hostname(), startedAt: "2026-11-20T08:00:00.000Z" }),
    );
    const lines: string[] = [];
    const again = await lockStore(store, { waitMs: 0, log: (l) => lines.push(l) });
    assert.match(
      lines.join("\n"),
      new RegExp(`took over the store lock of pid ${dead.pid} on .*, which is no longer running`),
    );
    assert.equal(JSON.parse(await Deno.readTextFile(`${store}/.lock`)).pid, Deno.pid);
    await again();
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});
