// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/catalyst_calendar.ts [sponsor ...]
//
// Catalyst calendar of several sponsors: patent and exclusivity expiries in the next five years and
// approvals of the last five, merged and de-duplicated, with counts by quarter and type and each
// sponsor's next expiries. Capped or unresolved sponsors are flagged.
// Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY are set; then add that host to --allow-net.
import pl from "nodejs-polars";
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { catalystCalendar } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const sponsors = Deno.args.length ? Deno.args : ["Pfizer", "Novartis", "Merck"];
const windowDays = 1825;
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Catalyst calendar", { sponsors, windowDays }, source);
const cal = await catalystCalendar(ri, { sponsors, windowDays });
for (const w of cal.warnings) console.log(`⚠ ${w.message}`);
printTable(cal.entities, {
  title: "Inputs: resolved, events found, next expiries",
  columns: [
    "kind",
    "value",
    "status",
    "resolved_name",
    "events",
    "next_patent_expiry",
    "next_exclusivity_expiry",
  ],
});
printTable(cal.events.filter(pl.col("when").eq(pl.lit("upcoming"))), {
  title: "Upcoming events",
  columns: ["event_date", "days_to_event", "type", "trade_name", "drug_name", "entities"],
  rows: 15,
});
printTable(cal.byQuarter, { title: "Events by quarter and type", rows: 20 });
printTable(cal.byType, { title: "Events by type" });
