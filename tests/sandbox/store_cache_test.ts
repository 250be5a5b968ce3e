/**
 * The generated store cached on disk: a warm start serves the cached file (same data as generating),
 * advance never writes to it, two processes starting at once build one file, a crashed writer's lock
 * does not block, and the key follows the generator's sources.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { cachedStore, generatorVersion, hashSources } from "../../lib/sandbox/store/_cache.ts";
import { contentDigest, createStore } from "../../lib/sandbox/store/generate.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { get } from "./_helpers.ts";

async function sha(path: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

Deno.test("a warm start serves the cached file: the generator's data, and advance leaves the file as it was", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const cold = await startSandbox({ seed: 5, scale: "tiny", cache: dir, quiet: true });
    await cold.close();
    const [file] = await names(dir);
    assert.match(file, new RegExp(`^tiny-seed5-${await generatorVersion()}\\.db$`));
    const before = await sha(`${dir}/${file}`);
    const fresh = createStore({ seed: 5, scale: "tiny" });
    const cached = new DatabaseSync(`${dir}/${file}`, { readOnly: true });
    try {
      assert.equal(await contentDigest(cached), await contentDigest(fresh.db), "same rows as generating");
    } finally {
      cached.close(), fresh.close();
    }
    await using sb = await startSandbox({ seed: 5, scale: "tiny", cache: dir, quiet: true });
    const rec = await sb.advance(30);
    assert.equal(rec.toDay, "2026-12-21");
    const cat = await get(
      sb,
      "/api/v1/tools/regulatory/catalysts",
      { sponsor: "Pfizer", windowDays: 30 },
      "pro",
    );
    assert.equal(cat.body.data.window.today, "2026-12-21", "the served store advanced");
    assert.equal(await sha(`${dir}/${file}`), before, "the cached file was not written");
    await using again = await startSandbox({ seed: 5, scale: "tiny", cache: dir, quiet: true });
    assert.equal(again.store.today, "2026-11-21", "the next start begins from the cached day");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("two processes starting at once build one complete file and leave no lock or temporary file", async () => {
  const dir = await Deno.makeTempDir();
  const mod = new URL("../../lib/sandbox/store/_cache.ts", import.meta.url).href;
  const code = `import { cachedStore } from "${mod}";
    const p = await cachedStore(3, "tiny", ${JSON.stringify(dir)});
    console.log(p);`;
  try {
    const runs = await Promise.all(
      [0, 1].map(() =>
        new Deno.Command(Deno.execPath(), { args: ["eval", code], stdout: "piped", stderr: "piped" }).output()
      ),
    );
    const dec = new TextDecoder();
    for (const r of runs) assert.equal(r.code, 0, dec.decode(r.stderr));
    const paths = runs.map((r) => dec.decode(r.stdout).trim());
    assert.equal(paths[0], paths[1]);
    assert.deepEqual(await names(dir), [paths[0].split("/").pop()!], "one file, no .lock or .tmp");
    const db = new DatabaseSync(paths[0], { readOnly: true });
    try {
      assert.equal(
        (db.prepare("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check,
        "ok",
      );
      assert.equal(
        (db.prepare("SELECT value FROM meta WHERE key = 'seed'").get() as { value: string }).value,
        "3",
      );
    } finally {
      db.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a crashed writer's stale lock and temporary file do not block or survive the next build", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/tiny-seed4-${await generatorVersion()}.db`;
    const old = new Date(Date.now() - 10 * 60_000);
    for (const f of [`${path}.lock`, `${path}.999-dead.tmp`]) {
      await Deno.writeTextFile(f, "half");
      await Deno.utime(f, old, old);
    }
    const t = performance.now();
    assert.equal(await cachedStore(4, "tiny", dir), path);
    assert.ok(performance.now() - t < 60_000);
    assert.deepEqual(await names(dir), [path.split("/").pop()!]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the generator version follows the generator's sources, imported modules included", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/gen.ts`, `import { x } from "./vocab.ts";\nexport const y = x;\n`);
    await Deno.writeTextFile(`${dir}/vocab.ts`, `export const x = 1;\n`);
    const entry = new URL(`file://${dir}/gen.ts`);
    const a = await hashSources(entry);
    assert.equal(await hashSources(entry), a);
    await Deno.writeTextFile(`${dir}/vocab.ts`, `export const x = 2;\n`);
    assert.notEqual(await hashSources(entry), a, "a change in an imported vocabulary is a new version");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a cached store is read-only until advance; cache: false generates a writable store", async () => {
  const dir = await Deno.makeTempDir();
  const write = "UPDATE meta SET value = value WHERE key = 'seed'";
  try {
    await using cached = await startSandbox({ seed: 6, scale: "tiny", cache: dir, quiet: true });
    assert.throws(() => cached.store.db.exec(write), /readonly/);
    await cached.advance(1);
    cached.store.db.exec(write);
    await using fresh = await startSandbox({ seed: 6, scale: "tiny", cache: false, quiet: true });
    fresh.store.db.exec(write);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("read workers serve the cached file; advance moves them to a private copy and leaves the file as it was", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await (await startSandbox({ seed: 5, scale: "tiny", cache: dir, quiet: true })).close();
    const [file] = await names(dir);
    const before = await sha(`${dir}/${file}`);
    await using sb = await startSandbox({ seed: 5, scale: "tiny", cache: dir, quiet: true, workers: 2 });
    assert.equal(sb.workers, 2);
    const path = "/api/v1/tools/regulatory/catalysts";
    const ask = () => get(sb, path, { sponsor: "Pfizer", windowDays: 30 }, "pro");
    assert.equal((await ask()).body.data.window.today, "2026-11-21");
    const rec = await sb.advance(30);
    assert.equal((await ask()).body.data.window.today, "2026-12-21");
    const added = rec.trials.added[0];
    assert.ok(added, "advance registered trials");
    const details = await get(sb, "/api/v1/tools/clinical/trial-details", { nctId: added }, "pro");
    assert.equal(details.status, 200, "a worker reads the advanced copy (a new trial)");
    assert.equal(await sha(`${dir}/${file}`), before, "the cached file was not written");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
