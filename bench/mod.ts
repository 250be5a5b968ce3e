/**
 * Runs every benchmark script in turn, each in its own process, printing its figures.
 *
 * `deno task bench` (all presets) or `deno task bench --quick` (skips the `large` preset).
 *
 * @module
 */
const scripts = [
  "generate_bench.ts",
  "store_cache_bench.ts",
  "import_bench.ts",
  "sandbox_bench.ts",
  "paging_bench.ts",
  "advance_bench.ts",
  "client_bench.ts",
  "pace_bench.ts",
  "frames_bench.ts",
  "watch_bench.ts",
  "portfolio_bench.ts",
];
const quick = Deno.args.includes("--quick");
let failed = 0;
for (const s of scripts) {
  const path = new URL(s, import.meta.url).pathname;
  try {
    await Deno.stat(path);
  } catch {
    console.log(`\n=== ${s}: missing, skipped ===`);
    continue;
  }
  console.log(`\n=== ${s} ===`);
  const args = ["run", "-A", path, ...(quick ? ["--quick"] : [])];
  const { code } = await new Deno.Command(Deno.execPath(), { args, stdout: "inherit", stderr: "inherit" })
    .output();
  if (code !== 0) failed++;
}
if (failed) {
  console.error(`${failed} benchmark script(s) failed`);
  Deno.exit(1);
}
