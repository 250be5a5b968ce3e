/**
 * Sandbox work per page of a registry pull (the server's own cost, no added latency): a 40+-page pull
 * of one query, page by page, first page (cold: the ordered id list is built) and the others (warm),
 * for the default sort, a phrase with relevance, and a phrase with two filters.
 * `deno run -A bench/paging_bench.ts [--quick]` (`--quick`: small only; else small and large).
 *
 * @module
 */
import { startSandbox } from "../lib/sandbox/server.ts";
import { pct, serverMs } from "./_server_time.ts";

const scales = Deno.args.includes("--quick") ? ["small"] as const : ["small", "large"] as const;
for (const scale of scales) {
  const sb = await startSandbox({ scale, seed: 42, quiet: true });
  const headers = { "x-api-key": sb.keys.pro };
  const get = async (q: string) => {
    const s = performance.now();
    const res = await fetch(`${sb.url}/api/v1/clinical-trials?${q}`, { headers });
    const body = await res.json();
    return {
      ms: performance.now() - s,
      server: serverMs(res),
      total: body.meta.totalItems as number,
      rows: body.data.length as number,
    };
  };
  for (
    const [label, q] of [
      ["default sort (updated)", "limit=100"],
      ["phrase 'cancer' (relevance)", "search=cancer&limit=100"],
      ["phrase + status + phase", "search=cancer&status=RECRUITING&phase=PHASE2&limit=20"],
    ]
  ) {
    const first = await get(`${q}&page=1`);
    const pages = Math.min(60, Math.ceil(first.total / (first.rows || 1)));
    const warm: number[] = [], server: number[] = [];
    for (let p = 2; p <= pages; p++) {
      const r = await get(`${q}&page=${p}`);
      warm.push(r.ms);
      server.push(r.server);
    }
    const p50 = warm.length ? pct(warm, 50) : NaN;
    console.log(
      `${scale.padEnd(5)} ${label.padEnd(30)} total ${String(first.total).padStart(6)}  ` +
        `page 1 ${first.ms.toFixed(2).padStart(7)} ms  pages 2-${pages} p50 ${
          p50.toFixed(2).padStart(6)
        } ms round trip, ${pct(server, 50).toFixed(2).padStart(5)} ms sandbox work (p50 per page; ` +
        `target < 2 ms at small)`,
    );
  }
  await sb.close();
}
