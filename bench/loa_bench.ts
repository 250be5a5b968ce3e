/**
 * Likelihood of approval (issues 35, 40): requests and time of `phaseTransitions` for an area of about 200
 * drugs (the planted oncology programmes plus drugs tried in lung cancer, in three diseases), of a
 * 3-sponsor `pipelineOutlook` on the planted store (sandbox `tiny` with `programmes: true`; published and
 * computed benchmark), and of the README example's outlook on the default world (sandbox `small`). Requests are
 * every HTTP call through the client (cache off), by endpoint; time is the median of 3 runs.
 *
 * `deno run -A bench/loa_bench.ts [--quick]` (`--quick`: one run each).
 *
 * @module
 */
import { startSandbox } from "../lib/sandbox/server.ts";
import { createStore } from "../lib/sandbox/store/generate.ts";
import { createClient } from "../lib/client/mod.ts";
import { phaseTransitions } from "../lib/analyses/phase_transitions.ts";
import { pipelineOutlook } from "../lib/analyses/pipeline_outlook.ts";

const runs = Deno.args.includes("--quick") ? 1 : 3;
const store = createStore({ seed: 42, scale: "tiny", programmes: true });
const sb = await startSandbox({ store: store as never, quiet: true });
try {
  const byPath = new Map<string, number>();
  const counting: typeof fetch = (input, init) => {
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    byPath.set(path, (byPath.get(path) ?? 0) + 1);
    return fetch(input, init);
  };
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos, fetch: counting, cache: false });
  const drugs = (store.db.prepare(
    `SELECT DISTINCT m.generic_name AS g FROM molecules m JOIN molecule_indications i ON i.chembl_id = m.chembl_id
      WHERE m.parent_chembl_id IS NULL AND i.disease_id IN ('EFO:0000756', 'EFO:0000519', 'EFO:0001071')
        AND m.chembl_id NOT LIKE 'CHEMBL98%' -- the default world's attrition molecules: the area stays ~200 drugs
      ORDER BY g`,
  ).all() as { g: string }[]).map((r) => r.g);
  const areas = { oncology: ["melanoma", "glioblastoma", "lung cancer"] };
  const measure = async (label: string, run: () => Promise<string>) => {
    const times: number[] = [];
    let said = "";
    let requests = new Map<string, number>();
    for (let i = 0; i < runs; i++) {
      byPath.clear();
      const t0 = performance.now();
      said = await run();
      times.push(performance.now() - t0);
      requests = new Map(byPath);
    }
    times.sort((a, b) => a - b);
    const total = [...requests.values()].reduce((a, n) => a + n, 0);
    console.log(
      `${label}: ${total} requests, ${Math.round(times[times.length >> 1])} ms (median of ${runs}); ${said}`,
    );
    for (const [p, n] of [...requests].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${n.toString().padStart(5)}  ${p}`);
    }
  };
  await measure(`phaseTransitions, ${drugs.length} drugs × 3 diseases`, async () => {
    const r = await phaseTransitions(ri, { drugs, areas, asOf: "2026-11-21" });
    return `${r.programmes.height} programmes`;
  });
  await measure("pipelineOutlook, 3 sponsors (Pfizer, Roche, GSK) in the same 3 diseases", async () => {
    const r = await pipelineOutlook(ri, { sponsors: ["Pfizer", "Roche", "GSK"], areas, asOf: "2026-11-21" });
    return `${r.programmes.height} active programmes`;
  });
  await measure("pipelineOutlook, same, computed benchmark (benchmarkDrugs: the same drugs)", async () => {
    const r = await pipelineOutlook(ri, {
      sponsors: ["Pfizer", "Roche", "GSK"],
      areas,
      benchmark: "computed",
      benchmarkDrugs: drugs,
      asOf: "2026-11-21",
    });
    return `${r.programmes.height} active programmes; ${r.definitions!.benchmark_used.slice(0, 60)}…`;
  });
  // The README example's outlook: the default world (sandbox small), the published benchmark.
  const small = await startSandbox({ port: 0, seed: 42, scale: "small", quiet: true });
  try {
    const rs = createClient({ baseUrl: small.url, apiKey: small.keys.pro, fetch: counting, cache: false });
    await measure("README example's outlook (Pfizer, Merck & Co in lung cancer; sandbox small)", async () => {
      const r = await pipelineOutlook(rs, {
        sponsors: ["Pfizer", "Merck & Co"],
        diseases: ["lung cancer"],
        asOf: small.store.today,
      });
      return `${r.programmes.height} active programmes; ${r.definitions!.benchmark_used.slice(0, 60)}…`;
    });
  } finally {
    await small.close();
  }
} finally {
  await sb.close();
}
