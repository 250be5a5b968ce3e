// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY,RI_SANDBOX_PROFILE examples/loss_of_exclusivity.ts [sponsor ...]
//
// Loss-of-exclusivity exposure: which drugs of the sponsors (default Pfizer, Novartis, Roche,
// AstraZeneca) lose their true last patent or exclusivity in the next five years, and how much Medicare Part D
// spending (of the data's year, `spending_year`) rides on them — by sponsor, by drug, and the drugs no Medicare row matched.
// Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY are set (then add that host to --allow-net).
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { lossOfExclusivity } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "small", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const sponsors = Deno.args.length ? Deno.args : ["Pfizer", "Novartis", "Roche", "AstraZeneca"];
const horizonYears = 5;
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Loss of exclusivity", { sponsors, horizonYears }, source);
const loe = await lossOfExclusivity(ri, { sponsors, horizonYears });
for (const w of loe.warnings) console.log(`⚠ ${w.message}`);
printTable(loe.bySponsor, {
  title: `Exposed ${loe.bySponsor.getColumn("spending_year").get(0) ?? ""} Part D spending by sponsor`,
  columns: [
    "entity",
    "drugs",
    "matched",
    "exposed_1y",
    "exposed_3y",
    "exposed_5y",
    "part_d_total",
    "exposed_share_fraction",
  ],
});
printTable(loe.drugs, {
  title: "Biggest drugs losing protection",
  columns: ["drug_name", "entities", "protection_horizon", "part_d_spending", "match_method"],
});
printTable(loe.protected, {
  title: "Protected past the horizon (not exposure)",
  columns: ["drug_name", "entities", "protection_horizon", "protected_beyond", "part_d_spending"],
});
printTable(loe.genericExclusivities, { title: "Generic exclusivities held (never exposure)" });
printTable(loe.unmatched, { title: "No Medicare match", columns: ["drug_name", "trade_names", "reason"] });
