/**
 * Importing the identifier registries at published size: the ROR dump (~120,000 schema v2 records in one
 * JSON array), GLEIF's golden copy (2.5 M LEI records, 600,000 relationship records) and SEC's
 * company_tickers.json (10,000 tickers), generated in their published layouts (bench/_registry_files.ts),
 * imported in one child process beside a generated Orange Book edition (whose applicants some registry
 * records name, so the linking step builds families); prints rows per second per source, the linking
 * step, peak resident memory and the store's size.
 * `deno run -A bench/registries_bench.ts [--quick]` (`--quick`: a tenth of each size).
 *
 * @module
 */
import { orangeBook } from "./_public_files.ts";
import { gleifGoldenCopy, rorDump, secTickers } from "./_registry_files.ts";

const quick = Deno.args.includes("--quick");
const scale = quick ? 0.1 : 1;
const dir = await Deno.makeTempDir({ prefix: "ri-registries-bench-" });
const child = new URL("./_import_child.ts", import.meta.url).pathname;
const mb = (path: string) => `${(Deno.statSync(path).size / 1e6).toFixed(0)} MB`;
const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s`;

try {
  const t = performance.now();
  await orangeBook(`${dir}/ob`);
  await rorDump(`${dir}/v1.55-2024-10-31-ror-data_schema_v2.json`, Math.round(120_000 * scale));
  await gleifGoldenCopy(`${dir}/gleif`, Math.round(2_500_000 * scale), Math.round(600_000 * scale));
  await secTickers(`${dir}/company_tickers.json`);
  const lei = `${dir}/gleif/20241101-0800-gleif-goldencopy-lei2-golden-copy.csv`;
  const rr = `${dir}/gleif/20241101-0800-gleif-goldencopy-rr-golden-copy.csv`;
  console.log(
    `generated in ${((performance.now() - t) / 1000).toFixed(0)} s: ROR dump ${
      mb(`${dir}/v1.55-2024-10-31-ror-data_schema_v2.json`)
    }, GLEIF LEI CSV ${mb(lei)}, RR CSV ${mb(rr)}, SEC tickers ${mb(`${dir}/company_tickers.json`)}`,
  );
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      child,
      `${dir}/ri.db`,
      "--orange-book",
      `${dir}/ob`,
      "--ror",
      `${dir}/v1.55-2024-10-31-ror-data_schema_v2.json`,
      "--gleif",
      `${dir}/gleif`,
      "--sec-tickers",
      `${dir}/company_tickers.json`,
    ],
  }).output();
  if (out.code !== 0) throw new Error(new TextDecoder().decode(out.stderr).slice(-1500));
  const r = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").pop()!) as {
    timings: Record<string, number>;
    sources: Record<string, { rows: number; edition: string }>;
    totalMs: number;
    cpuMs: number;
    peakMb: number;
  };
  const s = r.sources, tm = r.timings;
  console.log(`import, one process, fresh store (${mb(`${dir}/ri.db`)}):`);
  for (const id of ["ror", "gleif", "sec_tickers"]) {
    console.log(
      `  ${id.padEnd(12)} ${s[id].rows.toLocaleString("en-US")} records in ${(tm[id] / 1000).toFixed(1)} s  ${
        rate(s[id].rows, tm[id])
      }  (edition ${s[id].edition})`,
    );
  }
  console.log(
    `  linking (all sources) ${(tm.link / 1000).toFixed(1)} s; finish ${(tm.finish / 1000).toFixed(1)} s`,
  );
  console.log(
    `  total ${(r.totalMs / 1000).toFixed(1)} s wall, ${
      (r.cpuMs / 1000).toFixed(1)
    } s CPU; peak RSS ${r.peakMb} MB`,
  );
  console.log(`  machine: ${navigator.hardwareConcurrency} cores (shared), ${Deno.build.os}`);
} finally {
  await Deno.remove(dir, { recursive: true });
}
