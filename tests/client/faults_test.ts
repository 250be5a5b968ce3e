/**
 * Fault injection through the sandbox (latency, 429 Retry-After, 502/503, dropped connections,
 * truncated bodies; `firstN` makes them deterministic): retried faults recover with exactly the
 * fault-free result; unrecoverable ones raise the right typed error; nothing partial is returned
 * silently.
 */
import assert from "node:assert/strict";
import { NetworkError, RateLimitError, ServerError, TimeoutError } from "../../lib/client/mod.ts";
import type { FaultKind } from "../../lib/sandbox/mod.ts";
import { clientFor, countingFetch, withSandbox } from "./_sandbox.ts";

const FAST = { limit: 4, backoffMs: 1, maxBackoffMs: 5 };
const Q = { search: "cancer", limit: 50 } as const;

for (const kind of ["503", "502", "429", "drop", "truncate"] as FaultKind[]) {
  Deno.test(`a ${kind} fault on the first 2 requests is retried and the result is exact`, async () => {
    const clean = await withSandbox((sb) => clientFor(sb).trials.search(Q));
    await withSandbox(async (sb) => {
      const c = countingFetch();
      const r = await clientFor(sb, { fetch: c.fetch, retry: FAST }).trials.search(Q);
      assert.deepEqual(r.rows, clean.rows);
      assert.equal(r.total, clean.total);
      assert.equal(c.count(), 3);
    }, { faults: { firstN: 2, kinds: [kind], retryAfterSeconds: 0 } });
  });
}

Deno.test(".all() under random mixed faults recovers every row exactly", async () => {
  const clean = await withSandbox((sb) => clientFor(sb).trials.search.all({ search: "cancer", limit: 20 }));
  await withSandbox(async (sb) => {
    const r = await clientFor(sb, { retry: { ...FAST, limit: 8 } }).trials.search.all({
      search: "cancer",
      limit: 20,
    });
    assert.deepEqual(r.rows, clean.rows);
    assert.equal(r.meta.complete, true);
  }, {
    faults: { rate: 0.3, seed: 7, kinds: ["503", "502", "429", "drop", "truncate"], retryAfterSeconds: 0 },
  });
});

Deno.test("persistent 503 exhausts the bounded retries and raises ServerError", async () => {
  await withSandbox(async (sb) => {
    const c = countingFetch();
    const ri = clientFor(sb, { fetch: c.fetch, retry: { ...FAST, limit: 2 } });
    await assert.rejects(ri.trials.search(Q), (e: unknown) => e instanceof ServerError && e.status === 503);
    assert.equal(c.count(), 3, "1 attempt + 2 retries");
  }, { faults: { firstN: 10, kinds: ["503"] } });
});

Deno.test("a 429 whose Retry-After exceeds the cap fails at once with RateLimitError", async () => {
  await withSandbox(async (sb) => {
    const c = countingFetch();
    const ri = clientFor(sb, { fetch: c.fetch, retry: { ...FAST, retryAfterCapMs: 1_000 } });
    await assert.rejects(
      ri.trials.search(Q),
      (e: unknown) => e instanceof RateLimitError && e.retryAfterMs === 30_000,
    );
    assert.equal(c.count(), 1);
  }, { faults: { firstN: 1, kinds: ["429"], retryAfterSeconds: 30 } });
});

Deno.test("dropped connections and truncated bodies beyond the retries raise NetworkError", async () => {
  for (const kind of ["drop", "truncate"] as FaultKind[]) {
    await withSandbox(async (sb) => {
      const ri = clientFor(sb, { retry: { ...FAST, limit: 1 } });
      await assert.rejects(ri.trials.search(Q), NetworkError);
    }, { faults: { firstN: 5, kinds: [kind] } });
  }
});

Deno.test("a page failing beyond the retries fails .all() (or is flagged with allowPartial)", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb, { retry: 0 });
    const q = { search: "cancer", limit: 20 };
    await assert.rejects(ri.trials.search.all(q), ServerError);
    sb.setFaults({ rate: 0.2, seed: 3, kinds: ["503"] });
    const r = await ri.trials.search.all(q, { allowPartial: true });
    assert.equal(r.meta.complete, false);
    assert.ok(r.rows.length < r.total!);
    assert.ok(r.meta.warnings.some((w) => w.code === "page-failed"));
    assert.ok(r.meta.warnings.some((w) => w.code === "incomplete"));
  }, { faults: { rate: 0.2, seed: 3, kinds: ["503"] } });
});

Deno.test("a slow answer raises TimeoutError at the call's one deadline, which retries do not extend", async () => {
  await withSandbox(async (sb) => {
    const c = countingFetch();
    const ri = clientFor(sb, { fetch: c.fetch, timeout: 50, retry: { ...FAST, limit: 1 } });
    await assert.rejects(
      ri.trials.search(Q),
      (e: unknown) => e instanceof TimeoutError && e.timeoutMs === 50,
    );
    assert.equal(c.count(), 1);
  }, { faults: { latencyMs: 300 } });
});

Deno.test("the caller's AbortSignal aborts at once, without retrying", async () => {
  await withSandbox(async (sb) => {
    const c = countingFetch();
    const ri = clientFor(sb, { fetch: c.fetch, retry: 5 });
    const ac = new AbortController();
    const t0 = performance.now();
    setTimeout(() => ac.abort(new DOMException("stop", "AbortError")), 30);
    await assert.rejects(
      ri.trials.search.all(Q, { signal: ac.signal }),
      (e: unknown) => (e as Error).name === "AbortError",
    );
    assert.ok(performance.now() - t0 < 250);
    assert.equal(c.count(), 1);
  }, { faults: { latencyMs: 400 } });
});
