// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY,RI_SANDBOX_PROFILE examples/loss_of_exclusivity.ts [sponsor ...]
//
// Loss-of-exclusivity exposure: which drugs of the sponsors (default Pfizer, Novartis, Roche,
// AstraZeneca) lose their last patent or exclusivity in the next five years, and how much 2025
// Medicare Part D spending rides on them — by sponsor, by drug, and the drugs no Medicare row matched.
// Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY are set (then add that host to --allow-net).
import pl from "nodejs-polars";
import { createClient } from "../lib/client/mod.ts";
import { startSandbox } from "../lib/sandbox/mod.ts";
import { lossOfExclusivity } from "../lib/analyses/loss_of_exclusivity.ts";

const real = Deno.env.get("RI_BASE_URL") && Deno.env.get("RI_API_KEY");
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "small", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const sponsors = Deno.args.length ? Deno.args : ["Pfizer", "Novartis", "Roche", "AstraZeneca"];
const horizonYears = 5;
console.log(
  `Inputs: sponsors ${sponsors.join(", ")}; horizon ${horizonYears} years; ${
    sb ? "sandbox" : "real service"
  }\n`,
);
const loe = await lossOfExclusivity(ri, { sponsors, horizonYears });

const usd = (c: string) => pl.col(c).div(1e6).round(1).alias(`${c}_usd_m`);
console.log("Exposed 2025 Part D spending by sponsor (USD millions):");
console.log(
  loe.bySponsor.select(
    "entity",
    "drugs",
    "matched",
    usd("exposed_1y"),
    usd("exposed_3y"),
    usd("exposed_5y"),
    usd("part_d_total"),
    pl.col("exposed_share_fraction").mul(100).round(1).alias("exposed_share_pct"),
  ).toString(),
);
console.log("\nBiggest drugs losing protection (USD millions):");
console.log(
  loe.drugs.select("drug_name", "entities", "protection_horizon", usd("spending_2025"), "match_method").head(
    10,
  )
    .toString(),
);
console.log(`\nNo Medicare match: ${loe.unmatched.height} drug(s)`);
for (const w of loe.warnings) console.log(`⚠ ${w.message}`);
