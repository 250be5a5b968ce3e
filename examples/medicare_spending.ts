// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/medicare_spending.ts [efo_id]
//
// Medicare Part D spending (2025) on the drugs approved for an indication (default EFO:0003060,
// non-small cell lung carcinoma): spend by drug, branded share, cost per claim and per beneficiary
// (null when there are no claims / beneficiaries). Then a misspelled name, to show that an empty
// Medicare answer is flagged as "not evidence of absence". Uses the embedded sandbox unless
// RI_BASE_URL and RI_API_KEY are set (then add that host to --allow-net).
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { medicareSpending } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.free }) : createClient();

const efo_id = Deno.args[0] ?? "EFO:0003060";
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Medicare Part D spending", { efo_id }, source);
const out = await medicareSpending(ri, { efo_id });
printTable(out.summary, { title: `Summary for ${efo_id}` });
printTable(out.drugs, {
  title: "Drugs by spending",
  columns: [
    "generic_name",
    "branded",
    "total_spending",
    "cost_per_claim",
    "cost_per_beneficiary",
    "spend_share_fraction",
  ],
  rows: 15,
});

const typo = await medicareSpending(ri, { search: "osimertinb" });
console.log(`\nA misspelled name, "osimertinb": ${typo.drugs.height} rows`);
for (const w of typo.warnings) console.log(`⚠ ${w.message}`);
