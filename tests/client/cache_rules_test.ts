/**
 * The on-disk cache's rules (lib/client/cache.ts), from its definition: an entry is named by the request
 * (base URL, method, path, query in any order) and the tenant, so any other request or workspace
 * misses; it is served while its age is at most the TTL (an entry from a clock ahead is age 0); a missing,
 * unreadable or expired entry is a miss; a write leaves no temporary file; `clear` removes this cache's
 * entries only (a missing directory is no error, any other failure is); the directory defaults to `$XDG_CACHE_HOME/research-intel`, else `.cache/ri`.
 */
import assert from "node:assert/strict";
import { DEFAULT_CACHE_TTL_MS, DiskCache } from "../../lib/client/cache.ts";
import { inTemp } from "../_temp.ts";

const BASE = "http://127.0.0.1:1";
const PATH = "/api/v1/trials/search";

Deno.test("a key names the request and the tenant: the query in any order is one request, anything else another", async () => {
  const c = new DiskCache({}, "key-one");
  const key = (
    q: [string, string][],
    over: Partial<{ base: string; method: string; path: string }> = {},
  ) => c.key(over.base ?? BASE, over.method ?? "GET", over.path ?? PATH, q);
  const k = await key([["b", "2"], ["a", "1"], ["a", "0"]]);
  assert.match(k, /^[0-9a-f]{64}$/);
  for (
    const q of [[["a", "1"], ["b", "2"], ["a", "0"]], [["a", "0"], ["a", "1"], ["b", "2"]]] as [
      string,
      string,
    ][][]
  ) {
    assert.equal(await key(q), k, JSON.stringify(q));
  }
  const others = [
    await key([["b", "2"], ["a", "1"]]),
    await key([["b", "2"], ["a", "1"], ["a", "00"]]),
    await key([["b", "2"], ["a", "1"], ["c", "0"]]),
    await key([["b", "2"], ["a", "1"], ["a", "0"]], { base: "http://127.0.0.1:2" }),
    await key([["b", "2"], ["a", "1"], ["a", "0"]], { method: "POST" }),
    await key([["b", "2"], ["a", "1"], ["a", "0"]], { path: `${PATH}/x` }),
    await key([["b", "2"], ["a", "10"]]),
    await key([["b", "2"], ["a", "01"]]),
    await new DiskCache({}, "key-two").key(BASE, "GET", PATH, [["b", "2"], ["a", "1"], ["a", "0"]]),
  ];
  assert.equal(
    new Set([k, ...others]).size,
    others.length + 1,
    "each differs from the request and the others",
  );
  // Requests whose parts would read alike run together are still different requests.
  for (
    const [p1, q1, p2, q2] of [
      [PATH, [["b", "1"]], `${PATH}b`, [["", "1"]]],
      [PATH, [["b", "1"]], `${PATH}\n["b","1"]`, []],
      [PATH, [["a", "1"], ["b", "2"]], PATH, [["a", "1&b=2"]]],
      [PATH, [["a", "1"], ["b", "2"]], PATH, [["a", '1"],["b","2']]],
    ] as [string, [string, string][], string, [string, string][]][]
  ) {
    assert.notEqual(await key(q1, { path: p1 }), await key(q2, { path: p2 }), `${p2} ${JSON.stringify(q2)}`);
  }
  // Values sort within a name, names before values: b=1 a=2 is a=2 b=1, not a=1 b=2.
  assert.notEqual(await key([["b", "1"], ["a", "2"]]), await key([["a", "1"], ["b", "2"]]));
  assert.equal(await key([["b", "1"], ["a", "2"]]), await key([["a", "2"], ["b", "1"]]));
});

Deno.test("an entry is served with its time and age while its age is at most the TTL", async () => {
  await inTemp(async (dir) => {
    const c = new DiskCache({ dir, ttlMs: 1000 }, "k");
    const key = await c.key(BASE, "GET", PATH, []);
    assert.equal(await c.get(key), null, "nothing stored yet");
    await c.put(key, { endpoint: "trials.search", body: { data: [1] } }, 5000);
    for (const [now, age] of [[5000, 0], [5999, 999], [6000, 1000], [4000, 0]]) {
      const hit = await c.get(key, now);
      assert.ok(hit, `served at age ${now - 5000}`);
      assert.deepEqual(hit, { body: { data: [1] }, storedAt: new Date(5000), ageMs: age });
    }
    assert.equal(await c.get(key, 6001), null, "one ms past the TTL");
  });
});

Deno.test("an unreadable entry is a miss; a write leaves only the entry, and a second write replaces it", async () => {
  await inTemp(async (dir) => {
    const c = new DiskCache({ dir: `${dir}/made/here`, ttlMs: 1000 }, "k");
    const key = await c.key(BASE, "GET", PATH, []);
    await c.put(key, { endpoint: "e", body: 1 }, 10);
    await c.put(key, { endpoint: "e", body: 2 }, 20);
    const names = [];
    for await (const f of Deno.readDir(`${dir}/made/here`)) names.push(f.name);
    assert.deepEqual(names, [`${key}.json`]);
    assert.equal((await c.get(key, 20))?.body, 2);
    await Deno.writeTextFile(`${dir}/made/here/${key}.json`, '{"storedAt": 20, "body": [1');
    assert.equal(await c.get(key, 20), null);
  });
});

Deno.test("clear removes this cache's entries (and leftover temporary files), nothing else; no directory is no error", async () => {
  await inTemp(async (dir) => {
    const c = new DiskCache({ dir, ttlMs: 1000 }, "k");
    const key = await c.key(BASE, "GET", PATH, []);
    await c.put(key, { endpoint: "e", body: 1 });
    await Deno.writeTextFile(`${dir}/${key}.json.123.tmp`, "half");
    await Deno.writeTextFile(`${dir}/notes.json`, "mine");
    await Deno.mkdir(`${dir}/${"a".repeat(64)}.json`);
    await c.clear();
    const left = [];
    for await (const f of Deno.readDir(dir)) left.push(f.name);
    assert.deepEqual(left.sort(), [`${"a".repeat(64)}.json`, "notes.json"]);
    assert.equal(await c.get(key), null);
    await new DiskCache({ dir: `${dir}/none` }, "k").clear();
    // Any other failure is the caller's to know: a "directory" that is a file is not silently skipped.
    await assert.rejects(new DiskCache({ dir: `${dir}/notes.json` }, "k").clear());
  });
});

Deno.test("defaults: a day's TTL; the directory is $XDG_CACHE_HOME/research-intel, else .cache/ri", () => {
  const before = Deno.env.get("XDG_CACHE_HOME");
  try {
    Deno.env.set("XDG_CACHE_HOME", "/tmp/xdg");
    const c = new DiskCache({}, "k");
    assert.equal(c.dir, "/tmp/xdg/research-intel");
    assert.equal(c.ttlMs, DEFAULT_CACHE_TTL_MS);
    assert.equal(DEFAULT_CACHE_TTL_MS, 24 * 60 * 60 * 1000);
    Deno.env.delete("XDG_CACHE_HOME");
    assert.equal(new DiskCache({}, "k").dir, ".cache/ri");
    Deno.env.set("XDG_CACHE_HOME", "");
    assert.equal(new DiskCache({}, "k").dir, ".cache/ri", "an empty XDG_CACHE_HOME is none");
    assert.equal(new DiskCache({ dir: "d", ttlMs: 5 }, "k").ttlMs, 5);
  } finally {
    if (before === undefined) Deno.env.delete("XDG_CACHE_HOME");
    else Deno.env.set("XDG_CACHE_HOME", before);
  }
});
