// deno run --allow-net=127.0.0.1 --allow-read --allow-write --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/watchlist.ts [store folder]
//
// What changed since last time? Snapshots a catalyst calendar and a sponsor's trials (Parquet under
// <store>/<name>/date=YYYY-MM-DD/), then diffs them against the previous snapshot by each frame's natural
// key. On the embedded sandbox the world is moved 365 days forward between two snapshots (seeded, so the
// same changes every time); on the real service (RI_BASE_URL and RI_API_KEY set, that host added to
// --allow-net) each run snapshots today and compares with the last earlier day in the store folder.
import pl from "nodejs-polars";
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { catalystCalendar } from "@research-intel/toolkit/analyses";
import { frameFromResult, printInputs, printTable } from "@research-intel/toolkit/frames";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { diff, listSnapshots, loadSnapshot, snapshot } from "@research-intel/toolkit/watch";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }) : createClient();
const store = Deno.args[0] ?? await Deno.makeTempDir({ prefix: "ri-watch-" });
const sponsors = ["Pfizer", "Novartis"];
const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Watchlist", { sponsors, store }, source);

/** Run the watched questions and snapshot them for `date`. */
async function takeSnapshots(date: string): Promise<void> {
  const calendar = await catalystCalendar(ri, { sponsors, windowDays: 730 });
  await snapshot(store, "catalysts", calendar, { date, overwrite: true, analysis: "catalystCalendar" });
  const trials = frameFromResult(await ri.trials.search.all({ sponsor: sponsors[0], sort: "relevance" }));
  await snapshot(store, "pfizer_trials", trials, { date, overwrite: true, inputs: { sponsor: sponsors[0] } });
}

const today = (): string => sb?.store.today ?? new Date().toISOString().slice(0, 10);
if (sb) {
  await takeSnapshots(today());
  const moved = await sb.advance(365);
  console.log(`Sandbox moved ${moved.days} days: ${moved.fromDay} → ${moved.toDay}`);
}
await takeSnapshots(today());

for (const name of ["catalysts", "pfizer_trials"]) {
  const days = await listSnapshots(store, name);
  console.log(`\n## ${name}: snapshots ${days.join(", ")}`);
  if (days.length < 2) {
    console.log("First snapshot: nothing to compare with yet (run again another day).");
    continue;
  }
  const d = diff(await loadSnapshot(store, name, days.at(-2)), await loadSnapshot(store, name));
  printTable(d.summary.filter(pl.col("status").neq(pl.lit("unchanged"))), { title: "Frames that changed" });
  for (const [frame, f] of Object.entries(d.frames)) {
    const changed = [...f.key, "column", "before", "after", "delta"];
    if (f.changed.height) {
      printTable(f.changed, { title: `${frame}: changed cells`, columns: changed, rows: 8 });
    }
    if (f.added.height) printTable(f.added, { title: `${frame}: added rows`, columns: f.key, rows: 8 });
    if (f.removed.height) printTable(f.removed, { title: `${frame}: removed rows`, columns: f.key, rows: 8 });
  }
}
