/**
 * `deno task sandbox [--port 8787] [--seed 42] [--scale tiny|small|large] [--hostname 127.0.0.1]
 * [--latency-ms N] [--fault-rate R] [--fault-kinds 503,429] [--fault-seed S]
 * [--profile full|spec-minimal|variant] [--advance DAYS] [--store FILE] [--programmes]`: start the sandbox
 * service and print its URL and demo keys. The data is synthetic, or the public data of a store file built
 * by `deno task import` (`--store FILE` or `RI_STORE`). `--advance DAYS` moves the
 * sandbox's world forward once, after start-up and before serving (see `Sandbox.advance`).
 *
 * @module
 */
import { parseFlags, usageProblems } from "../cli/flags.ts";
import type { FaultKind, FaultOptions, Profile, Scale } from "./server.ts";
import { PROFILES, startSandbox } from "./server.ts";

const KINDS: readonly FaultKind[] = ["429", "502", "503", "drop", "truncate"];
const SCALES: readonly Scale[] = ["tiny", "small", "large"];

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  Deno.exit(2);
}

function numberArg(name: string, v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n)) fail(`--${name} must be a number, got ${JSON.stringify(v)}`);
  return n;
}

const { help, values, problems } = parseFlags(Deno.args, {
  port: { type: "string" },
  hostname: { type: "string" },
  seed: { type: "string" },
  scale: { type: "string" },
  "latency-ms": { type: "string" },
  "fault-rate": { type: "string" },
  "fault-kinds": { type: "string" },
  "fault-seed": { type: "string" },
  profile: { type: "string" },
  "rate-limit": { type: "string" },
  workers: { type: "string" },
  advance: { type: "string" },
  store: { type: "string" },
  programmes: { type: "boolean" },
});
if (problems.length && !help) {
  console.error(usageProblems("sandbox", problems));
  Deno.exit(2);
}
if (help) {
  console.log(
    "Usage: deno task sandbox [--port 8787] [--seed 42] [--scale tiny|small|large] [--hostname 127.0.0.1]\n" +
      "                         [--latency-ms N] [--fault-rate R] [--fault-kinds 503,429,502,drop,truncate]\n" +
      "                         [--profile full|spec-minimal|variant] [--rate-limit PER_MINUTE]\n" +
      "                         [--workers auto|N]  (read workers; auto = one per core, needs --allow-write)\n" +
      "                         [--advance DAYS]  (move the data DAYS days forward before serving, 1..3650)\n" +
      "                         [--store FILE]  (serve a store built by `deno task import`; or RI_STORE)\n" +
      "                         [--programmes]  (add the planted programme histories with known phase-transition\n" +
      "                                          rates, docs/LIKELIHOOD_OF_APPROVAL.md; one thread, not cached)\n" +
      "Profiles: full = every field the sandbox chose; spec-minimal = only the fields the spec names;\n" +
      "variant = sandbox-chosen keys re-spelled and other error bodies (text, message, detail, HTML).",
  );
  Deno.exit(0);
}
const scale = (values.scale ?? "small") as Scale;
const profile = (values.profile ?? "full") as Profile;
if (!PROFILES.includes(profile)) {
  fail(`--profile must be one of ${PROFILES.join(", ")}, got ${JSON.stringify(profile)}`);
}
if (!SCALES.includes(scale)) fail(`--scale must be one of ${SCALES.join(", ")}`);
const kinds = (values["fault-kinds"] ?? "503").split(",").map((s) => s.trim()).filter(Boolean) as FaultKind[];
const bad = kinds.find((k) => !KINDS.includes(k));
if (bad) fail(`unknown fault kind ${JSON.stringify(bad)}; use ${KINDS.join(", ")}`);
const rate = numberArg("fault-rate", values["fault-rate"], 0);
if (rate < 0 || rate > 1) fail("--fault-rate must be between 0 and 1");
const latencyMs = numberArg("latency-ms", values["latency-ms"], 0);
const faults: FaultOptions | undefined = rate > 0 || latencyMs > 0
  ? { rate, latencyMs, kinds, seed: numberArg("fault-seed", values["fault-seed"], 1) }
  : undefined;

const advanceDays = values.advance === undefined ? undefined : numberArg("advance", values.advance, 0);
if (
  advanceDays !== undefined && !(Number.isInteger(advanceDays) && advanceDays >= 1 && advanceDays <= 3650)
) {
  fail(`--advance must be a whole number of days from 1 to 3650, got ${JSON.stringify(values.advance)}`);
}

const t0 = performance.now();
const wantWorkers = values.workers === undefined || values.workers === "auto"
  ? "auto" as const
  : numberArg("workers", values.workers, 0);
// Read workers share the store through a temporary file: without write access, serve on one thread.
const canWrite = Deno.permissions.querySync({ name: "write" }).state === "granted";
if (!canWrite && wantWorkers !== 0) {
  console.log("Serving on one thread (read workers need --allow-write for the store's temporary file)");
}
const sb = await startSandbox({
  ...(values.store ? { store: values.store } : {}),
  ...(values.programmes ? { programmes: true } : {}),
  workers: canWrite && !values.programmes ? wantWorkers : 0,
  port: numberArg("port", values.port, 8787),
  hostname: values.hostname ?? "127.0.0.1",
  seed: numberArg("seed", values.seed, 42),
  scale,
  faults,
  profile,
  ...(values["rate-limit"]
    ? { rateLimit: { perMinute: numberArg("rate-limit", values["rate-limit"], 0) } }
    : {}),
}).catch((e) => (e instanceof RangeError ? fail(e.message) : Promise.reject(e)));
if (advanceDays !== undefined) {
  const t = performance.now();
  const r = await sb.advance(advanceDays).catch(async (e) => {
    await sb.close();
    return e instanceof RangeError ? fail(e.message) : Promise.reject(e);
  });
  console.log(
    `Advanced ${r.days} days (${r.fromDay} → ${r.toDay}) in ${Math.round(performance.now() - t)} ms: ` +
      `${r.trials.added.length} new trials, ${r.trials.changed.length} trial field changes, ` +
      `${r.approvals.added.length} new approvals, ${r.approvals.changed.length} discontinued, ` +
      `${r.patents.added.length} new patents, ` +
      `${r.patents.changed.filter((c) => c.field === "legal_status").length} patent status changes, ` +
      `${r.grants.added.length} new grants, ` +
      `${r.catalysts.passed.length} catalysts passed, ${r.catalysts.added.length} new catalysts, ` +
      `${r.alerts.fired.length} alerts fired`,
  );
}
console.log(
  `Sandbox listening on ${sb.url} (${
    sb.dataSource.kind === "synthetic" ? `scale ${scale}` : "imported store"
  }, profile ${profile}, ${sb.workers} read workers, ready in ${Math.round(performance.now() - t0)} ms)`,
);
console.log(`Demo keys (x-api-key): free=${sb.keys.free} pro=${sb.keys.pro} pos=${sb.keys.pos}`);
console.log(
  sb.dataSource.kind === "synthetic"
    ? "All data served by this sandbox is synthetic (x-data-source: synthetic-sandbox)."
    : `Data: ${sb.dataSource.label} (imported public data; see x-data-source).`,
);
if (faults) console.log(`Fault injection on: rate=${rate} kinds=${kinds.join(",")} latency=${latencyMs}ms`);
console.log(`Try: curl -H 'x-api-key: ${sb.keys.free}' '${sb.url}/api/v1/clinical-trials?limit=2'`);
// Ctrl-C or a kill: close cleanly (the read workers' temporary store file is removed).
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    await sb.close();
    Deno.exit(0);
  });
}
