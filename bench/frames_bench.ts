/**
 * Frames benchmark: 100,000 synthetic trial rows (`trials.search` shape: ids, text, status, phase,
 * ISO dates with nulls, int enrollment with nulls, sponsor and condition lists) → DataFrame.
 *
 * - `fast`: `toFrame("trial", rows)` — transpose to typed column arrays, then `pl.DataFrame(cols, {schema})`
 *   and Int64 → Date casts (dates parsed, dtypes right);
 * - `rows`: `pl.DataFrame(rows)` — Polars' row path with inference (dates stay strings, ints become f64);
 * - `rows+schema`: `pl.DataFrame(rows, {schema})` with strings for the dates (Date in a row schema is
 *   broken in 0.25.2, STACK §2), so it still needs a parse step afterwards.
 *
 * Each mode runs in its own process (so peak RSS is its own), 3 runs each; the median time is shown.
 * Run: `deno run -A bench/frames_bench.ts` (`--quick`: 1 run each).
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

/** Child: build once in the given mode, print `{ms, rss, dtypes}` as JSON. */
function child(mode: string): void {
  const rows = makeRows(N);
  const rssBefore = Deno.memoryUsage().rss;
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
  const rss = Deno.memoryUsage().rss;
  const dtypes = df.dtypes.map(String).join(",");
  console.log(JSON.stringify({ ms, rss, rssBefore, height: df.height, dtypes }));
}

async function main(): Promise<void> {
  const runs = Deno.args.includes("--quick") ? 1 : 3;
  const self = new URL(import.meta.url).pathname;
  const out: Record<string, { ms: number; rss: number; dtypes: string }> = {};
  for (const mode of MODES) {
    const got = [];
    for (let r = 0; r < runs; r++) {
      const p = await new Deno.Command(Deno.execPath(), { args: ["run", "-A", self, "--child", mode] })
        .output();
      if (p.code !== 0) throw new Error(`${mode} failed: ${new TextDecoder().decode(p.stderr)}`);
      got.push(JSON.parse(new TextDecoder().decode(p.stdout).trim().split("\n").at(-1)!));
    }
    got.sort((a, b) => a.ms - b.ms);
    const med = got[Math.floor(got.length / 2)];
    out[mode] = { ms: med.ms, rss: Math.max(...got.map((g) => g.rss)), dtypes: med.dtypes };
    console.log(
      `${mode.padEnd(12)} ${med.ms.toFixed(0).padStart(6)} ms  ${
        (N / med.ms * 1000 / 1e6).toFixed(2)
      } M rows/s` +
        `  peak RSS ${(out[mode].rss / 2 ** 20).toFixed(0)} MiB`,
    );
  }
  const speedup = out.rows.ms / out.fast.ms;
  console.log(`fast path vs pl.DataFrame(rows): ${speedup.toFixed(1)}× faster (goal ≥ 3×)`);
  console.log(
    `fast vs rows+schema(+date parse): ${(out["rows+schema"].ms / out.fast.ms).toFixed(1)}× faster`,
  );
  const short = (s: string) => s.replaceAll("DataType(", "").replaceAll(")", "");
  console.log(`dtypes fast: ${short(out.fast.dtypes)}`);
  console.log(`dtypes rows: ${short(out.rows.dtypes)}`);
}

const at = Deno.args.indexOf("--child");
if (at >= 0) child(Deno.args[at + 1]);
else await main();
