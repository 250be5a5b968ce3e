// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/catalyst_calendar.ts [sponsor ...]
//
// Catalyst calendar of several sponsors: patent and exclusivity expiries in the next five years and
// approvals of the last five, merged and de-duplicated, with counts by quarter and type and each
// sponsor's next expiries. Capped or unresolved sponsors are flagged.
// Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY are set; then add that host to --allow-net.
import pl from "nodejs-polars";
import { createClient } from "../lib/client/mod.ts";
import { startSandbox } from "../lib/sandbox/mod.ts";
import { catalystCalendar } from "../lib/analyses/catalyst_calendar.ts";

const real = Deno.env.get("RI_BASE_URL") && Deno.env.get("RI_API_KEY");
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();

const sponsors = Deno.args.length ? Deno.args : ["Pfizer", "Novartis", "Merck"];
const cal = await catalystCalendar(ri, { sponsors, windowDays: 1825 });
console.log(cal.entities.toString());
console.log("Upcoming:");
console.log(
  cal.events.filter(pl.col("when").eq(pl.lit("upcoming")))
    .select("event_date", "type", "drug_name", "trade_name", "days_to_event", "entities").head(15).toString(),
);
console.log(cal.byQuarter.toString());
console.log(cal.byType.toString());
for (const w of cal.warnings) console.log(`⚠ ${w.message}`);
