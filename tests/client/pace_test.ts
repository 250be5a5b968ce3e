/**
 * Adaptive pacing against the sandbox's opt-in per-minute rate limit, over loopback HTTP: the
 * adaptive client finishes a pull the limit throttles without a 429 reaching the caller, near the
 * limit's own pace; a fixed client without retries meets the 429.
 */
import assert from "node:assert/strict";
import { RateLimitError } from "../../lib/client/mod.ts";
import { clientFor, countingFetch, withSandbox } from "./_sandbox.ts";

const PER_MINUTE = 1200; // 20 requests a second, and (the default) a second's worth at once
const BURST = PER_MINUTE / 60;

Deno.test("adaptive pacing finishes a rate-limited pull with no 429 surfacing, near the limit's pace", async () => {
  await withSandbox(async (sb) => {
    const counting = countingFetch();
    let throttled = 0;
    const fetch429: typeof fetch = async (input, init) => {
      const res = await counting.fetch(input, init);
      if (res.status === 429) throttled++;
      return res;
    };
    const ri = clientFor(sb, { fetch: fetch429, concurrency: 4 });
    const first = await ri.trials.search({ limit: 10 });
    const pages = Math.ceil(first.total! / 10);
    assert.ok(pages >= 30, `fixture: ${pages} pages`);
    const want = Math.min(pages, 60);
    const t0 = performance.now();
    const r = await ri.trials.search.all({ limit: 10 }, { maxRows: want * 10 });
    const seconds = (performance.now() - t0) / 1000;
    assert.equal(r.rows.length, want * 10);
    assert.ok(throttled > 0, "the limit was reached (the test would prove nothing otherwise)");
    // The bucket allows BURST at once and then 20 a second: the least time for the pages after the
    // first call's leftovers. Loose upper bound: a test is not a benchmark (bench/pace_bench.ts is).
    const least = (want - BURST) / (PER_MINUTE / 60);
    assert.ok(seconds >= least * 0.8, `${seconds.toFixed(2)} s is faster than the limit allows (${least} s)`);
    assert.ok(seconds < least * 1.6 + 0.5, `${seconds.toFixed(2)} s vs least ${least.toFixed(2)} s`);
    console.log(
      `${want} pages in ${seconds.toFixed(2)} s (least ${least.toFixed(2)} s), ${throttled} 429s absorbed`,
    );
  }, { rateLimit: { perMinute: PER_MINUTE } });
});

Deno.test("a fixed client without retries meets the rate limit as a RateLimitError with Retry-After", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb, { retry: 0, adaptive: false, concurrency: 8 });
    await assert.rejects(
      () => ri.trials.search.all({ limit: 10 }, { maxRows: 600 }),
      (e: unknown) => e instanceof RateLimitError && (e.retryAfterMs ?? 0) >= 1000,
    );
  }, { rateLimit: { perMinute: PER_MINUTE, burst: BURST } });
});
