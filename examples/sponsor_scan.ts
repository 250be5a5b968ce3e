// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/sponsor_scan.ts [sponsor] [condition]
//
// One sponsor at a glance (default Pfizer): who it resolved to (id, LEI), trials by phase and status,
// approvals, upcoming patent/exclusivity expiries and patent activity. Uses the embedded sandbox
// unless RI_BASE_URL and RI_API_KEY are set (then add that host to --allow-net; patents need Pro).
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { sponsorScan } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const [sponsor = "Pfizer", condition] = Deno.args;
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Sponsor scan", { sponsor, condition }, source);
const scan = await sponsorScan(ri, { sponsor, ...(condition ? { condition } : {}) });
for (const w of scan.warnings) console.log(`⚠ ${w.message}`);
printTable(scan.sponsor, {
  title: "Organization",
  columns: ["input", "name", "id", "resolved", "lei", "ror_id"],
});
printTable(scan.summary, { title: "At a glance" });
printTable(scan.pipeline, { title: "Pipeline by phase and status", rows: 30 });
printTable(scan.approvals, {
  title: "Approvals",
  columns: ["trade_name", "approval_date", "source", "is_orphan"],
});
printTable(scan.catalysts, {
  title: "Catalysts",
  columns: ["event_date", "days_to_event", "type", "trade_name", "drug_name"],
});
printTable(scan.patentsByYear, { title: "Patents by year" });
