// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/disease_comparison.ts [disease ...]
//
// Several disease landscapes side by side (trials, phases, enrollment, grants, approvals, orphan
// share, Medicare spend, competitiveness index), one row per disease, plus trials by phase. Names are
// resolved by exact autocomplete match; anything unresolved is listed with the service's candidates.
// Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY (a Pro key) are set; then add that
// host to --allow-net.
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { diseaseComparison } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const diseases = Deno.args.length ? Deno.args : ["asthma", "EFO:0003060", "psoriasis", "lung"];
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Disease comparison", { diseases }, source);
const cmp = await diseaseComparison(ri, { diseases });
for (const w of cmp.warnings) console.log(`⚠ ${w.message}`);
printTable(cmp.summary, {
  title: "Landscape per disease",
  columns: [
    "input",
    "disease",
    "total_trials",
    "median_enrollment",
    "total_approvals",
    "orphan_share_fraction",
    "medicare_spending_usd",
    "branded_share_fraction",
    "competitiveness_index",
  ],
});
printTable(cmp.byPhase, { title: "Trials by phase", rows: 30 });
if (cmp.unresolved.height) printTable(cmp.unresolved, { title: "Not compared" });
