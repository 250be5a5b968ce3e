/**
 * The transport rules, against hostile loopback servers: the key is only sent to the base URL's origin (a
 * redirect elsewhere is a RedirectError naming both origins, never followed), same-origin redirects are
 * followed, and one deadline bounds a whole call across its retries.
 */
import assert from "node:assert/strict";
import { createClient, RedirectError, TimeoutError } from "../../lib/client/mod.ts";
import { assertNoKey, hostile, KEY, redirecting } from "../_hostile.ts";

Deno.test("a redirect to another origin is a RedirectError naming both origins; the key never reaches it", async () => {
  const r = redirecting();
  try {
    const ri = createClient({ baseUrl: r.base.url, apiKey: KEY, retry: 0 });
    const err = await ri.trials.search({ search: "asthma" }).then(
      () => assert.fail("the redirect was followed"),
      (e) => e,
    );
    assert.ok(err instanceof RedirectError, String(err));
    assert.equal(err.from, r.base.url);
    assert.equal(err.to, r.target.url);
    assert.match(err.message, new RegExp(`${r.base.url}.*${r.target.url}`));
    assert.equal(r.target.seen.length, 0, "the other origin was contacted");
    assert.equal(r.base.seen.length, 1);
    assert.equal(r.base.seen[0].key, KEY);
    for (
      const text of [err.message, String(err.stack), JSON.stringify(err), Deno.inspect(err, { depth: 9 })]
    ) {
      assertNoKey(text, "the RedirectError");
    }
  } finally {
    await r.close();
  }
});

Deno.test("a redirect to a host built from the key does not echo the key", async () => {
  const base = hostile(() =>
    new Response(null, { status: 307, headers: { location: `https://${KEY.toLowerCase()}.evil.test/x` } })
  );
  try {
    const ri = createClient({ baseUrl: base.url, apiKey: KEY.toLowerCase(), retry: 0 });
    const err = await ri.request("GET", "/api/v1/x").catch((e) => e);
    assert.ok(err instanceof RedirectError);
    assertNoKey(`${err.message} ${err.to}`, "the RedirectError", KEY.toLowerCase());
  } finally {
    await base.close();
  }
});

Deno.test("a same-origin redirect is followed, with the key, to the answer", async () => {
  const base = hostile((_req, url) =>
    url.pathname === "/api/v1/old"
      ? new Response(null, { status: 301, headers: { location: "/api/v1/new?x=1" } })
      : Response.json({ moved: true })
  );
  try {
    const ri = createClient({ baseUrl: base.url, apiKey: KEY, retry: 0 });
    const r = await ri.request("GET", "/api/v1/old");
    assert.deepEqual(r.body, { moved: true });
    assert.deepEqual(base.seen.map((s) => [s.path, s.key]), [["/api/v1/old", KEY], ["/api/v1/new?x=1", KEY]]);
  } finally {
    await base.close();
  }
});

Deno.test("a redirect loop on the same origin stops after a few hops", async () => {
  const base = hostile(() => new Response(null, { status: 302, headers: { location: "/api/v1/loop" } }));
  try {
    const ri = createClient({ baseUrl: base.url, apiKey: KEY, retry: 0 });
    await assert.rejects(ri.request("GET", "/api/v1/loop"), RedirectError);
    assert.equal(base.seen.length, 5);
  } finally {
    await base.close();
  }
});

/** A server that sends headers at once, then one byte of body every 50 ms, never finishing. */
function slowDrip() {
  return hostile(() => {
    let t: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode("{"));
        t = setInterval(() => {
          try {
            c.enqueue(new TextEncoder().encode(" "));
          } catch {
            clearInterval(t);
          }
        }, 50);
      },
      cancel() {
        clearInterval(t);
      },
    });
    return new Response(body, { headers: { "content-type": "application/json" } });
  });
}

Deno.test("one deadline bounds a call across its retries, and the error states it", async () => {
  const drip = slowDrip();
  try {
    const ri = createClient({
      baseUrl: drip.url,
      apiKey: KEY,
      timeout: 600,
      retry: { limit: 3, backoffMs: 10 },
    });
    const t0 = performance.now();
    const err = await ri.trials.search({ search: "asthma" }).catch((e) => e);
    const elapsed = performance.now() - t0;
    assert.ok(err instanceof TimeoutError, String(err));
    assert.equal(err.timeoutMs, 600);
    assert.match(err.message, /within 600 ms \(the call's deadline, 1 attempt\)/);
    // Before: four attempts of 600 ms each (≈2.4 s) under a message saying "within 600 ms".
    assert.ok(elapsed < 600 + 400, `took ${elapsed.toFixed(0)} ms for a 600 ms deadline`);
  } finally {
    await drip.close();
  }
});

Deno.test("a retry whose wait would pass the deadline is not made", async () => {
  let n = 0;
  const busy = hostile(
    () => (n++, new Response("slow down", { status: 429, headers: { "retry-after": "2" } })),
  );
  try {
    const ri = createClient({ baseUrl: busy.url, apiKey: KEY, timeout: 1000, adaptive: false });
    const t0 = performance.now();
    const err = await ri.trials.search({ search: "asthma" }).catch((e) => e);
    assert.ok(err instanceof TimeoutError, String(err));
    assert.ok(performance.now() - t0 < 1000);
    assert.equal(n, 1);
  } finally {
    await busy.close();
  }
});
