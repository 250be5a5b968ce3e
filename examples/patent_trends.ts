// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/patent_trends.ts [company]
//
// Patent trends of a company (default Pfizer): patents per year, its top CPC subclasses, year-over-year
// growth by CPC subclass (growth_fraction is a fraction of 1: 0.25 = +25%) and a year-by-year
// comparison with two peers. Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY (a Pro key) are set; then
// add that host to --allow-net.
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { patentTrends } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const year = new Date().getUTCFullYear();
const company = Deno.args[0] ?? "Pfizer";
const compare = [company, "AstraZeneca", "Roche"];
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Patent trends", { company, compare, years: `${year - 7}–${year - 1}` }, source);
const out = await patentTrends(ri, {
  company_name: company,
  from: year - 7,
  to: year - 1,
  compare,
  minOldCount: 1,
});
for (const w of out.warnings) console.log(`⚠ ${w.message}`);
printTable(out.byYear, { title: "Patents per year (publication year)" });
printTable(out.topCpc, { title: "Top CPC subclasses" });
printTable(out.growth, { title: `Growth ${year - 2} → ${year - 1}` });
printTable(out.companies, { title: "Company comparison", rows: 30 });
