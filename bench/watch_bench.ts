/**
 * Watch benchmark: 100,000 synthetic trial rows (`trials.search` shape, through `toFrame("trial")`),
 * then a second version with 1% of statuses changed, 0.5% of enrollments revised, 1,000 trials removed
 * and 1,000 added — the size of a busy week on a large registry pull.
 *
 * - `snapshot`: `snapshot(store, "trials", frame)` — Parquet + manifest into a temp folder, renamed into place;
 * - `load`: `loadSnapshot(store, "trials")` — manifest + Parquet read back;
 * - `diff`: `diff(older, newer)` — key by `trial_id`, added/removed anti-joins, per-column change cells.
 *
 * Prints the median (and min–max) of 5 rounds (`--quick`: 2), and checks the diff found what was changed.
 * Run: `deno run -A bench/watch_bench.ts`.
 *
 * @module
 */
import { toFrame } from "../lib/frames/mod.ts";
import { diff, loadSnapshot, snapshot } from "../lib/watch/mod.ts";

const N = 100_000;
const ROUNDS = Deno.args.includes("--quick") ? 2 : 5;
const STATUSES = ["RECRUITING", "COMPLETED", "TERMINATED", "ACTIVE_NOT_RECRUITING"];

function rows(n: number, week: number): Record<string, unknown>[] {
  const out = new Array(n);
  for (let j = 0; j < n; j++) {
    const i = j + week * 1_000; // week 1 drops the first 1,000 trials and adds 1,000 new ones
    const d = new Date(Date.UTC(2000 + (i % 25), i % 12, 1 + (i % 28))).toISOString().slice(0, 10);
    const bumped = week === 1 && i % 100 === 0;
    out[j] = {
      trial_id: `NCT${String(10_000_000 + i)}`,
      title: `A study of drug ${i % 997} in condition ${i % 113}`,
      status: STATUSES[(i + (bumped ? 1 : 0)) % 4],
      phase: ["PHASE1", "PHASE2", "PHASE3", null][i % 4],
      start_date: i % 10 === 0 ? null : d,
      enrollment: (i * 37) % 5000 + (week === 1 && i % 200 === 1 ? 10 : 0),
      completion_date: i % 3 === 0 ? null : d,
      sponsors: [`Sponsor ${i % 300}`, ...(i % 2 ? [`Partner ${i % 50}`] : [])],
      conditions: [`Condition ${i % 113}`],
    };
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs: number[]) =>
  `${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;

const older = toFrame("trial", rows(N, 0));
const newer = toFrame("trial", rows(N, 1));
const times = { snapshot: [] as number[], load: [] as number[], diff: [] as number[] };
let found = "";
for (let r = 0; r < ROUNDS; r++) {
  const store = await Deno.makeTempDir();
  let t = performance.now();
  await snapshot(store, "trials", older, { date: "2026-11-21" });
  times.snapshot.push(performance.now() - t);
  t = performance.now();
  const loaded = await loadSnapshot(store, "trials");
  times.load.push(performance.now() - t);
  t = performance.now();
  const d = diff(loaded, newer);
  times.diff.push(performance.now() - t);
  const f = d.frames.rows;
  found = `added ${f.added.height}, removed ${f.removed.height}, changed cells ${f.changed.height}`;
  const bytes = [...Deno.readDirSync(`${store}/trials/date=2026-11-21`)]
    .reduce((s, e) => s + Deno.statSync(`${store}/trials/date=2026-11-21/${e.name}`).size, 0);
  if (r === 0) {
    console.log(`snapshot on disk: ${(bytes / 1e6).toFixed(1)} MB for ${N.toLocaleString()} trial rows`);
  }
  await Deno.remove(store, { recursive: true });
}
console.log(`${N.toLocaleString()} trial rows, ${ROUNDS} rounds (median):`);
console.log(`  snapshot write ${fmt(times.snapshot)}`);
console.log(`  snapshot load  ${fmt(times.load)}`);
console.log(`  diff           ${fmt(times.diff)}  — ${found}`);
if (!found.startsWith("added 1000, removed 1000, changed cells 1485")) {
  console.error(`Unexpected diff: ${found}`);
  Deno.exit(1);
}
