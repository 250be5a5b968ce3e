/**
 * Adaptive pacing under the sandbox's opt-in rate limit: a 200-page pull (small store, 10-row pages)
 * under 600 requests a minute (a token bucket, one second's worth at once), against the least time
 * the limit allows, `(pages − burst) / rate`; and the 429s the client absorbed (none reach the caller).
 * `deno run -A bench/pace_bench.ts [--quick]` (`--quick`: 1,200 a minute).
 *
 * @module
 */
import { createClient } from "../lib/client/mod.ts";
import { startSandbox } from "../lib/sandbox/server.ts";

const perMinute = Deno.args.includes("--quick") ? 1200 : 600;
const burst = perMinute / 60;
await using sb = await startSandbox({ quiet: true, scale: "small", rateLimit: { perMinute } });
let throttled = 0;
const counted: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (res.status === 429) throttled++;
  return res;
};
const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro, fetch: counted });
const t0 = performance.now();
const r = await ri.trials.search.all({ limit: 10, sort: "enrollment" }, { maxRows: 2000 });
const seconds = (performance.now() - t0) / 1000;
const pages = r.meta.pages;
if (r.rows.length !== 2000) throw new Error(`expected 2,000 rows, got ${r.rows.length}`);
const least = (pages - burst) / (perMinute / 60);
console.log(
  `${pages} pages under ${perMinute}/min: ${seconds.toFixed(2)} s, least ${least.toFixed(2)} s, ` +
    `ratio ${(seconds / least).toFixed(3)}; ${throttled} 429s absorbed, 0 surfaced`,
);
