/**
 * Frames benchmark: 100,000 synthetic trial rows (`trials.search` shape: ids, text, status, phase,
 * ISO dates with nulls, int enrollment with nulls, sponsor and condition lists) → DataFrame.
 *
 * - `fast`: `toFrame("trial", rows)` — transpose to typed column arrays (dates parsed to epoch days,
 *   repeated strings and lists dictionary-coded), one `pl.DataFrame(cols, {schema})`, then one `select`
 *   of casts and dictionary gathers (dtypes right);
 * - `rows`: `pl.DataFrame(rows)` — Polars' row path with inference (dates stay strings, ints become f64);
 * - `rows+schema`: `pl.DataFrame(rows, {schema})` with strings for the dates (Date in a row schema is
 *   broken in 0.25.2, STACK §2), so it still needs a parse step afterwards.
 *
 * Each run is a fresh process (so peak RSS — Linux `VmHWM` — is its own, and the first call pays JIT
 * warm-up as a script's first `toFrame` does); 5 rounds interleave the modes, and the speed-up is the
 * median of the per-round ratios, which holds up when other work loads the machine.
 * Run: `deno run -A bench/frames_bench.ts` (`--quick`: 1 round).
 *
 * @module
 */
import pl from "nodejs-polars";
import { toFrame } from "../lib/frames/mod.ts";

const N = 100_000;
const MODES = ["fast", "rows", "rows+schema"] as const;

/** Deterministic synthetic trial rows. */
function makeRows(n: number): Record<string, unknown>[] {
  const statuses = ["RECRUITING", "COMPLETED", "TERMINATED", "UNKNOWN"];
  const phases = ["PHASE1", "PHASE2", "PHASE3", null];
  const rows = new Array(n);
  for (let i = 0; i < n; i++) {
    const d = new Date(Date.UTC(2000 + (i % 25), i % 12, 1 + (i % 28))).toISOString().slice(0, 10);
    rows[i] = {
      trial_id: `NCT${String(10_000_000 + i)}`,
      title: `A study of drug ${i % 997} in condition ${i % 113}`,
      status: statuses[i % 4],
      phase: phases[i % 4],
      start_date: i % 10 === 0 ? null : d,
      enrollment: i % 7 === 0 ? null : (i * 37) % 5000,
      completion_date: i % 3 === 0 ? null : d,
      sponsors: [`Sponsor ${i % 300}`, ...(i % 2 ? [`Partner ${i % 50}`] : [])],
      conditions: [`Condition ${i % 113}`],
    };
  }
  return rows;
}

/** Peak resident set size of this process so far (Linux `VmHWM`; elsewhere the current RSS). */
function peakRss(): number {
  try {
    const m = Deno.readTextFileSync("/proc/self/status").match(/^VmHWM:\s+(\d+) kB/m);
    if (m) return Number(m[1]) * 1024;
  } catch { /* not Linux */ }
  return Deno.memoryUsage().rss;
}

/** Child: build once in the given mode, print `{ms, peak, peakRows, height, dtypes}` as JSON. */
function child(mode: string): void {
  const rows = makeRows(N);
  const peakRows = peakRss();
  const t0 = performance.now();
  let df: pl.DataFrame;
  if (mode === "fast") df = toFrame("trial", rows);
  else if (mode === "rows") df = pl.DataFrame(rows);
  else {
    df = pl.DataFrame(rows, {
      schema: {
        trial_id: pl.Utf8,
        title: pl.Utf8,
        status: pl.Utf8,
        phase: pl.Utf8,
        start_date: pl.Utf8,
        enrollment: pl.Int64,
        completion_date: pl.Utf8,
        sponsors: pl.List(pl.Utf8),
        conditions: pl.List(pl.Utf8),
      },
    }).withColumns(
      pl.col("start_date").str.strptime(pl.Date, "%Y-%m-%d"),
      pl.col("completion_date").str.strptime(pl.Date, "%Y-%m-%d"),
    );
  }
  const ms = performance.now() - t0;
  const peak = peakRss();
  const dtypes = df.dtypes.map(String).join(",");
  console.log(JSON.stringify({ ms, peak, peakRows, height: df.height, dtypes }));
}

interface Run {
  ms: number;
  peak: number;
  peakRows: number;
  dtypes: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;

async function main(): Promise<void> {
  const rounds = Deno.args.includes("--quick") ? 1 : 5;
  const self = new URL(import.meta.url).pathname;
  const runs: Record<string, Run[]> = {};
  // Rounds interleave the modes, so a load spike on the machine hits every mode of a round alike.
  for (let r = 0; r < rounds; r++) {
    for (const mode of MODES) {
      const p = await new Deno.Command(Deno.execPath(), { args: ["run", "-A", self, "--child", mode] })
        .output();
      if (p.code !== 0) throw new Error(`${mode} failed: ${new TextDecoder().decode(p.stderr)}`);
      (runs[mode] ??= []).push(JSON.parse(new TextDecoder().decode(p.stdout).trim().split("\n").at(-1)!));
    }
  }
  console.log(`${N.toLocaleString("en")} trial rows, ${rounds} fresh process(es) per mode; median time`);
  for (const mode of MODES) {
    const g = runs[mode];
    const ms = median(g.map((x) => x.ms));
    console.log(
      `${mode.padEnd(12)} ${ms.toFixed(0).padStart(6)} ms  ${(N / ms * 1000).toFixed(0).padStart(7)} rows/s` +
        `  peak RSS ${mib(Math.max(...g.map((x) => x.peak)))}` +
        ` (+${mib(Math.max(...g.map((x) => x.peak - x.peakRows)))} over the rows)` +
        `  [${g.map((x) => x.ms.toFixed(0)).join(" ")}]`,
    );
  }
  const ratio = (other: string) => median(runs.fast.map((f, i) => runs[other][i].ms / f.ms));
  console.log(
    `fast path vs pl.DataFrame(rows): ${ratio("rows").toFixed(1)}× faster (goal ≥ 3×; median per round)`,
  );
  console.log(`fast vs rows+schema(+date parse): ${ratio("rows+schema").toFixed(1)}× faster`);
  const short = (s: string) => s.replaceAll("DataType(", "").replaceAll(")", "");
  console.log(`dtypes fast: ${short(runs.fast[0].dtypes)}`);
  console.log(`dtypes rows: ${short(runs.rows[0].dtypes)}`);
}
const at = Deno.args.indexOf("--child");
if (at >= 0) child(Deno.args[at + 1]);
else await main();
