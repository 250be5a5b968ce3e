/**
 * Private: one import in its own process, for the import benchmark: prints the sources, the timings
 * and the process's peak resident memory (Linux VmHWM) as JSON.
 * `deno run -A bench/_import_child.ts <store> [--orange-book p] [--part-d p] [--ctgov p] [--patentsview p]`
 *
 * @module
 */
import process from "node:process";
import { importPublicData } from "../lib/sandbox/import/mod.ts";

const [store, ...rest] = Deno.args;
const opt = (flag: string) => {
  const i = rest.indexOf(flag);
  return i >= 0 ? rest[i + 1] : undefined;
};
const t = performance.now();
const r = await importPublicData({
  store,
  ...(opt("--orange-book") ? { orangeBook: opt("--orange-book") } : {}),
  ...(opt("--part-d") ? { partD: opt("--part-d") } : {}),
  ...(opt("--ctgov") ? { ctgov: opt("--ctgov") } : {}),
  ...(opt("--ror") ? { ror: opt("--ror") } : {}),
  ...(opt("--gleif") ? { gleif: opt("--gleif") } : {}),
  ...(opt("--sec-tickers") ? { secTickers: opt("--sec-tickers") } : {}),
  ...(opt("--nih-exporter") ? { nihExporter: opt("--nih-exporter") } : {}),
  ...(opt("--cordis") ? { cordis: opt("--cordis") } : {}),
  ...(opt("--openalex") ? { openalex: opt("--openalex") } : {}),
  ...(opt("--open-targets") ? { openTargets: opt("--open-targets") } : {}),
  ...(opt("--patentsview") ? { patentsview: opt("--patentsview") } : {}),
  today: "2026-11-21",
});
let peakKb = 0;
try {
  peakKb = Number(/VmHWM:\s+(\d+)/.exec(await Deno.readTextFile("/proc/self/status"))?.[1] ?? 0);
} catch { /* not Linux */ }
const cpu = process.cpuUsage();
console.log(JSON.stringify({
  ...r,
  totalMs: Math.round(performance.now() - t),
  cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  peakMb: Math.round(peakKb / 1024),
}));
