// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/regulatory_landscape.ts [sponsor]
//
// Regulatory landscape of a sponsor: drugs by tier (biologics / modern small molecules / commodities),
// by first approval year and by sponsor entity, and approvals by source from exact server totals.
// Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY are set; then add that host to --allow-net.
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { regulatoryLandscape } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const sponsor = Deno.args[0] ?? "Novartis";
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Regulatory landscape", { sponsor }, source);
const r = await regulatoryLandscape(ri, { sponsor });
for (const w of r.warnings) console.log(`⚠ ${w.message}`);
printTable(r.byTier, { title: "Drugs by tier" });
printTable(r.byYear, { title: "First approvals by year and tier", rows: 20 });
printTable(r.bySponsor, { title: "Sponsors with the most drugs" });
printTable(r.bySource, { title: `Approvals by source (${sponsor})` });
