/**
 * The API key never leaks (errors, inspect/JSON of the client, URLs, cache keys and files), plain
 * http to a non-loopback host is refused, and HTTP errors are typed (401, 402, 404, quota).
 */
import assert from "node:assert/strict";
import {
  AuthError,
  ConfigError,
  createClient,
  NotFoundError,
  QuotaExhaustedError,
  type RiError,
  TierError,
} from "../../lib/client/mod.ts";
import { clientFor, countingFetch, withSandbox } from "./_sandbox.ts";

const SECRET = "sk-live-0123456789abcdef";

function assertNoKey(text: string, key: string): void {
  assert.ok(!text.includes(key), `the key leaked into: ${text.slice(0, 200)}`);
}

Deno.test("errors never contain the API key and say method and path", async () => {
  await withSandbox(async (sb) => {
    const errors: RiError[] = [];
    const ri = createClient({ baseUrl: sb.url, apiKey: SECRET, retry: 0 });
    await ri.trials.search({ limit: 1 }).catch((e) => errors.push(e));
    const dead = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: SECRET, retry: 0 });
    await dead.grants.sample().catch((e) => errors.push(e));
    await ri.request("GET", "/api/v1/nowhere", { query: { q: "x" } }).catch((e) => errors.push(e));
    assert.ok(errors[0] instanceof AuthError);
    assert.equal(errors[0].status, 401);
    assert.match(errors[0].message, /\[GET \/api\/v1\/clinical-trials\]$/);
    assert.equal(errors.length, 3);
    for (const e of errors) {
      for (const text of [e.message, String(e.stack), JSON.stringify(e), Deno.inspect(e, { depth: 10 })]) {
        assertNoKey(text, SECRET);
      }
    }
  });
});

Deno.test("inspecting or serialising the client never shows the key", () => {
  const ri = createClient({ baseUrl: "https://ri.example.com", apiKey: SECRET });
  for (const text of [Deno.inspect(ri, { depth: 10, showHidden: true }), JSON.stringify(ri), String(ri)]) {
    assertNoKey(text, SECRET);
  }
  assert.match(Deno.inspect(ri), /\[redacted\]/);
});

Deno.test("the key travels only in the x-api-key header, never in a URL", async () => {
  await withSandbox(async (sb) => {
    const c = countingFetch();
    await clientFor(sb, { fetch: c.fetch }).trials.search.all({ search: "cancer", limit: 50 });
    assert.ok(c.count() > 1);
    for (const url of c.urls) assertNoKey(url, sb.keys.pos);
  });
});

Deno.test("plain http to a non-loopback host is refused unless allowInsecureHttp", () => {
  assert.throws(() => createClient({ baseUrl: "http://ri.example.com", apiKey: SECRET }), ConfigError);
  createClient({ baseUrl: "http://ri.example.com", apiKey: SECRET, allowInsecureHttp: true });
  createClient({ baseUrl: "http://localhost:8787", apiKey: SECRET });
  createClient({ baseUrl: "https://ri.example.com", apiKey: SECRET });
});

Deno.test("a missing base URL or key is a ConfigError at the first call, before any request", async () => {
  const c = countingFetch();
  const ri = createClient({ baseUrl: "https://ri.example.com", fetch: c.fetch });
  let hasEnvKey = false;
  try {
    hasEnvKey = Deno.env.get("RI_API_KEY") !== undefined;
  } catch { /* no env permission: the client reports that itself */ }
  if (!hasEnvKey) await assert.rejects(ri.grants.sample(), ConfigError);
  assert.equal(c.count(), 0);
});

Deno.test("the cache serves repeated GETs with their age, and its files never hold the key", async () => {
  await withSandbox(async (sb) => {
    const dir = await Deno.makeTempDir();
    try {
      const c = countingFetch();
      const ri = clientFor(sb, { fetch: c.fetch, cache: { dir, ttlMs: 60_000 } });
      const first = await ri.trials.search.all({ search: "cancer", limit: 50 });
      const n = c.count();
      const second = await ri.trials.search.all({ search: "cancer", limit: 50 });
      assert.equal(c.count(), n, "no request on a full cache hit");
      assert.deepEqual(second.rows, first.rows);
      assert.equal(first.meta.fromCache, false);
      assert.equal(second.meta.fromCache, true);
      assert.ok(second.meta.cacheAgeMs >= 0);
      let files = 0;
      for await (const f of Deno.readDir(dir)) {
        files++;
        assertNoKey(f.name, sb.keys.pos);
        assertNoKey(await Deno.readTextFile(`${dir}/${f.name}`), sb.keys.pos);
      }
      assert.equal(files, n);
      const other = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro, cache: { dir }, fetch: c.fetch });
      assert.equal(
        (await other.trials.search({ search: "cancer", limit: 50 })).meta.fromCache,
        false,
        "per tenant",
      );
      await ri.clearCache();
      assert.equal((await ri.trials.search({ search: "cancer", limit: 50 })).meta.fromCache, false);
      const stale = clientFor(sb, { cache: { dir, ttlMs: 1 } });
      await new Promise((r) => setTimeout(r, 5));
      assert.equal(
        (await stale.trials.search({ search: "cancer", limit: 50 })).meta.fromCache,
        false,
        "expired",
      );
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
});

Deno.test("402, 404 and an exhausted quota are typed and not retried", async () => {
  await withSandbox(async (sb) => {
    const c = countingFetch();
    const free = createClient({ baseUrl: sb.url, apiKey: sb.keys.free, fetch: c.fetch });
    await assert.rejects(
      free.patents.search({ limit: 1 }),
      (e: unknown) => e instanceof TierError && e.requiredTier === "pro",
    );
    const ri = clientFor(sb, { fetch: c.fetch });
    await assert.rejects(ri.trials.details({ nctId: "NCT99999999" }), NotFoundError);
    await ri.diseases.landscape({ efo_id: "EFO:0000311" });
    await assert.rejects(ri.diseases.landscape({ efo_id: "EFO:0000311" }), (e: unknown) => {
      assert.ok(e instanceof QuotaExhaustedError, String(e));
      assert.ok(e.retryAfterMs! > 0);
      assert.match(e.message, /quota/);
      return true;
    });
    assert.equal(c.count(), 4);
  }, { quotas: { "diseases.landscape": { pos: 1 } } });
});
