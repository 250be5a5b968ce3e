// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/portfolio_overlap.ts [condition] [sponsor ...]
//
// Portfolio overlap of sponsors in a condition: trials per sponsor by phase and status, the trials
// they share, a pairwise overlap matrix (shared trials and Jaccard) and the condition's market size.
// Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY are set; then add that host to --allow-net.
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { overlapWide, portfolioOverlap } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const [condition = "lung cancer", ...rest] = Deno.args;
const sponsors = rest.length ? rest : ["Pfizer", "Novartis", "Roche", "AstraZeneca"];
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Portfolio overlap", { condition, sponsors }, source);
const r = await portfolioOverlap(ri, { sponsors, condition });
for (const w of r.warnings) console.log(`⚠ ${w.message}`);
printTable(r.market, { title: `Market: trials in ${condition}` });
printTable(r.sponsors, { title: "Sponsors: trials in the condition and market share" });
printTable(r.byPhase, { title: "Trials by sponsor and phase", rows: 30 });
printTable(overlapWide(r.matrix, "shared"), {
  title: "Shared trials per pair (diagonal: the sponsor's own)",
});
printTable(r.matrix, {
  title: "Overlap per pair, each pair once (Jaccard: shared / trials of either)",
});
printTable(r.shared, {
  title: "Trials shared by at least two sponsors",
  columns: ["id", "phase", "status", "startDate", "sponsors", "title"],
});
