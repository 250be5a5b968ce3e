// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/target_prioritization.ts [disease] [topN]
//
// Target prioritization for a disease: prioritized targets joined with their drugs and association
// evidence, ranked by the composite score (a weighted mean of 0–1 terms on fixed scales, see the JSDoc), with white-space targets
// (strong association, no approved drug). Says whether the target list is complete (PITFALLS 27).
// Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY are set; then add that host to --allow-net.
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { targetPrioritization } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const disease = Deno.args[0] ?? "breast cancer";
const topN = Number(Deno.args[1] ?? 15);
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Target prioritization", { disease, topN }, source);
const r = await targetPrioritization(ri, { disease, topN });
for (const w of r.warnings) console.log(`⚠ ${w.message}`);
printTable(r.targets, {
  title: "Targets ranked by composite",
  columns: [
    "rank",
    "symbol",
    "association_score",
    "evidence_count",
    "novelty_score",
    "approved_count",
    "max_phase",
    "white_space",
    "composite",
  ],
  rows: topN,
});
console.log(
  r.complete ? "\nComplete target list" : "\nTarget list may be incomplete (total_targets == topN)",
);
