/**
 * Sandbox latency and throughput over loopback HTTP: p50/p99 of a phrase search with two filters,
 * a composite search, a patent aggregate and a catalysts query, plus sequential and concurrent
 * requests per second. `deno run -A bench/sandbox_bench.ts [--quick] [--workers N]` (`--quick` uses
 * `small` instead of `large`; read workers default to one per core, `--workers 0` serves on one thread).
 *
 * @module
 */
import { startSandbox } from "../lib/sandbox/server.ts";
import { pct, serverMs } from "./_server_time.ts";

const quick = Deno.args.includes("--quick");
const scale = quick ? "small" : "large";
const t0 = performance.now();
const w = Deno.args.indexOf("--workers");
const pool = w >= 0 ? Number(Deno.args[w + 1]) : "auto" as const;
const sb = await startSandbox({ scale, seed: 42, quiet: true, workers: pool });
console.log(
  `sandbox ${scale}: store generated and listening in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
    `(${sb.workers} read workers)`,
);
const headers = { "x-api-key": sb.keys.pro };

/** Sandbox time (Server-Timing) of every call `once` made, in order. */
let server: number[] = [];

async function once(path: string): Promise<number> {
  const s = performance.now();
  const res = await fetch(sb.url + path, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
  server.push(serverMs(res));
  return performance.now() - s;
}

/** `p50 … ms  p99 … ms` of round trips, then of the sandbox's own time (its Server-Timing). */
function line(label: string, times: number[], sandbox: number[]): string {
  const f = (x: number) => x.toFixed(2).padStart(6);
  return `${label.padEnd(44)} p50 ${f(pct(times, 50))} ms  p99 ${f(pct(times, 99))} ms  ` +
    `(sandbox p50 ${f(pct(sandbox, 50))}, p99 ${f(pct(sandbox, 99))})`;
}

async function measure(label: string, paths: string[], n = 200, clients = 1): Promise<void> {
  // Warm up at the measured concurrency, so every read worker's connection has met the queries (a worker's
  // first query reads its pages cold: the slowest warm-up call is printed on the same line).
  const warm = await Promise.all(Array.from({ length: clients }, async (_, c) => {
    const t: number[] = [];
    for (let i = c; i < 10 * clients; i += clients) t.push(await once(paths[i % paths.length]));
    return Math.max(...t);
  }));
  const times: number[] = [];
  server = [];
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    for (let i = c; i < n; i += clients) times.push(await once(paths[i % paths.length]));
  }));
  console.log(
    `${line(clients > 1 ? `${label} (${clients} clients)` : label, times, server)}  slowest warm-up ${
      Math.max(...warm).toFixed(1)
    } ms`,
  );
}

const phrases = ["lung cancer", "breast cancer", "type 2 diabetes", "melanoma", "rheumatoid arthritis"];
await measure(
  "phrase search + status + phase",
  phrases.map((p) =>
    `/api/v1/clinical-trials?search=${encodeURIComponent(p)}&status=RECRUITING&phase=PHASE3`
  ),
  1000,
);
await measure(
  "phrase search + status + phase",
  phrases.map((p) =>
    `/api/v1/clinical-trials?search=${encodeURIComponent(p)}&status=RECRUITING&phase=PHASE3`
  ),
  1000,
  8,
);
// First sight: 60 distinct queries never asked before (phrase × status × phase), so no count or ordered
// list is reused — what an analyst's new question costs, against the repeated queries above.
{
  const fresh: number[] = [];
  server = [];
  for (const p of phrases) {
    for (const status of ["ACTIVE_NOT_RECRUITING", "COMPLETED", "NOT_YET_RECRUITING", "TERMINATED"]) {
      for (const phase of ["PHASE1", "PHASE2", "PHASE4"]) {
        fresh.push(
          await once(
            `/api/v1/clinical-trials?search=${encodeURIComponent(p)}&status=${status}&phase=${phase}`,
          ),
        );
      }
    }
  }
  console.log(
    `${line("phrase search + status + phase, first sight", fresh, server)}  ${fresh.length} queries`,
  );
}
await measure(
  "phrase search (no filter, relevance)",
  phrases.map((p) => `/api/v1/clinical-trials?search=${encodeURIComponent(p)}`),
);
await measure("composite disease + sponsor", [
  "/api/v1/tools/clinical/search-composite?disease=lung%20cancer&sponsor=Pfizer",
  "/api/v1/tools/clinical/search-composite?disease=breast%20cancer&sponsor=Novartis",
]);
await measure("composite target-only", ["/api/v1/tools/clinical/search-composite?target=EGFR"], 50);
const agg = await fetch(`${sb.url}/api/v1/patents/aggregate?group_by=year,cpc`, { headers });
await agg.arrayBuffer();
if (agg.status === 200) {
  await measure("patent aggregate group_by=year,cpc", ["/api/v1/patents/aggregate?group_by=year,cpc"], 50);
} else console.log(`patent aggregate: skipped (status ${agg.status})`);
await measure("catalysts sponsor=Pfizer (365 d)", ["/api/v1/tools/regulatory/catalysts?sponsor=Pfizer"]);

const N = 2000;
let s = performance.now();
for (let i = 0; i < N; i++) await once("/api/v1/tools/clinical/trial-details?nctId=NCT01000039");
console.log(`sequential trial-details: ${Math.round(N / ((performance.now() - s) / 1000))} req/s`);
s = performance.now();
const workers = Array.from({ length: 16 }, async () => {
  for (let i = 0; i < N / 16; i++) await once("/api/v1/tools/clinical/trial-details?nctId=NCT01000039");
});
await Promise.all(workers);
console.log(`16 concurrent trial-details: ${Math.round(N / ((performance.now() - s) / 1000))} req/s`);
await sb.close();
