/**
 * The generated store cached on disk: sandbox ready (start → first answer) cold (an empty cache: generate
 * and write the file) against warm (open the file), on one thread and with read workers, then the warm
 * `deno task demo` wall time without the cache (as before it) and warm (its `.cache/sandbox`, primed by a run).
 * `deno run -A bench/store_cache_bench.ts [--quick]` (`--quick` skips the demo runs).
 *
 * @module
 */
import { startSandbox } from "../lib/sandbox/server.ts";

const quick = Deno.args.includes("--quick");
const scale = "small";
const cache = await Deno.makeTempDir({ prefix: "ri-store-cache-" });

async function ready(workers: number): Promise<number> {
  const t = performance.now();
  const sb = await startSandbox({ scale, seed: 42, quiet: true, workers, cache });
  const res = await fetch(`${sb.url}/api/v1/clinical-trials?limit=1`, {
    headers: { "x-api-key": sb.keys.pro },
  });
  await res.body?.cancel();
  const ms = performance.now() - t;
  await sb.close();
  return ms;
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
try {
  const cold = await ready(0);
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) warm.push(await ready(0));
  const pooled: number[] = [];
  for (let i = 0; i < 3; i++) pooled.push(await ready(2));
  const size = [...Deno.readDirSync(cache)].reduce((n, e) => n + Deno.statSync(`${cache}/${e.name}`).size, 0);
  console.log(`store cache (${scale}, ${(size / 1e6).toFixed(0)} MB file), ready = start → first answer:`);
  console.log(`  cold (generate + write the file)      ${s(cold)}`);
  console.log(`  warm, one thread (open the file)      ${s(Math.min(...warm))} – ${s(Math.max(...warm))}`);
  console.log(
    `  warm, 2 read workers (their start)    ${s(Math.min(...pooled))} – ${s(Math.max(...pooled))}`,
  );
  if (!quick) {
    // The demo task may write out/ and .cache/ only: its own cache folder (.cache/sandbox), primed by a first run.
    const demo = async (env: Record<string, string>) => {
      const t = performance.now();
      const r = await new Deno.Command(Deno.execPath(), {
        args: ["task", "-q", "demo"],
        env: { RI_OUT_DIR: "out/bench-demo", ...env },
        stdout: "null",
        stderr: "piped",
      }).output();
      if (r.code !== 0) throw new Error(`demo failed: ${new TextDecoder().decode(r.stderr).slice(-500)}`);
      return performance.now() - t;
    };
    const off = await demo({ RI_SANDBOX_CACHE: "off" });
    await demo({});
    const walls = [await demo({}), await demo({}), await demo({})];
    console.log(`  deno task demo wall, no cache         ${s(off)}`);
    console.log(`  deno task demo wall, warm cache       ${walls.map(s).join(", ")}`);
    await Deno.remove("out/bench-demo", { recursive: true }).catch(() => {});
  }
  console.log(`  machine: ${navigator.hardwareConcurrency} cores (shared), ${Deno.build.os}`);
} finally {
  await Deno.remove(cache, { recursive: true });
}
