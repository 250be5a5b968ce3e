/**
 * Generation time, row counts and database size of the sandbox store per preset.
 *
 * Run: `deno run -A bench/generate_bench.ts [tiny small large]` (prints a table; writes each store to a
 * temporary file to measure its size). Also usable as `deno bench -A bench/generate_bench.ts` for tiny.
 *
 * @module
 */
import { createStore, type ScaleName } from "../lib/sandbox/store/generate.ts";

const KEY_TABLES = [
  "trials",
  "trial_sponsors",
  "organizations",
  "molecules",
  "approvals",
  "approval_patents",
  "patents",
  "patent_assignee_rid",
  "patent_anchor",
  "grants",
  "medicare_drugs",
  "researchers",
  "works",
];

function report(scale: ScaleName): void {
  const mem = createStore({ scale, seed: 42 });
  const counts = mem.counts();
  const total = Object.values(counts).reduce((s, n) => s + n, 0);
  mem.close();
  const path = Deno.makeTempFileSync({ suffix: ".sqlite" });
  const file = createStore({ scale, seed: 42, path });
  file.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  file.close();
  const mb = Deno.statSync(path).size / 1e6;
  Deno.removeSync(path);
  console.log(
    `\n## ${scale}: in-memory ${mem.generationMs} ms, file ${file.generationMs} ms, ${
      mb.toFixed(1)
    } MB, ${total} rows`,
  );
  console.log("steps (ms):", JSON.stringify(mem.timings));
  console.log(KEY_TABLES.map((t) => `${t}=${counts[t]}`).join("  "));
}

if (import.meta.main && !Deno.args.includes("--bench")) {
  const named = Deno.args.filter((a) => !a.startsWith("--"));
  const all = Deno.args.includes("--quick") ? ["tiny", "small"] : ["tiny", "small", "large"];
  const scales = (named.length ? named : all) as ScaleName[];
  for (const s of scales) report(s);
}

Deno.bench("createStore tiny (in-memory)", { n: 3, warmup: 1 }, () => {
  createStore({ scale: "tiny", seed: 42 }).close();
});
