/**
 * Client pagination benchmark: pull 5,000 rows (50 pages of 100) of `trials.search` from the sandbox
 * (scale "small") with 50 ms injected latency, sequentially (C=1) and concurrently (C=4, C=8), and
 * compare each time with the ideal ⌈(N−1)/C⌉·RTT + RTT (page 1 first, then the rest C at a time).
 *
 * The sandbox runs in a child process (as a real service would be elsewhere), in two modes:
 * - `memoised`: the sandbox handler's answer is memoised per page (warmed by one pull), so a page costs
 *   the injected latency plus HTTP, parsing and validation — this isolates the client (the goal is
 *   within 1.15× of ideal);
 * - `live`: the sandbox's own SQLite handler on its read workers (one per core), as `deno task sandbox`
 *   serves: about 1 ms of work per 100-row page at any offset (its Server-Timing), so the client and
 *   HTTP are what is left.
 * Each fixed C is also compared, in the same run, with a thread-pooled Python puller of the same pages
 * (bench/python_puller.py: C threads with keep-alive connections, JSON parse, a pandas DataFrame when
 * pandas is installed) when `python3` is on the PATH; the column says "n/a" otherwise.
 * Also reports the client-side cost of schema validation per page.
 *
 * Run: `deno run -A bench/client_bench.ts`
 *
 * @module
 */
import { type HandlerContext, startSandbox } from "../lib/sandbox/mod.ts";
import { HANDLERS } from "../lib/sandbox/handlers/mod.ts";
import { createClient } from "../lib/client/mod.ts";
import { catalogue } from "../lib/client/endpoints/mod.ts";

const LATENCY_MS = 50;
const ROWS = 5_000;
const PAGE = 100;
const RUNS = 3;
const PRO_KEY = "demo-pro-key";

/** Child process: serve the sandbox and print its URL. */
async function serve(memoise: boolean): Promise<void> {
  const memo = new Map<string, unknown>();
  const search = (ctx: HandlerContext): unknown => {
    if (!memoise) return HANDLERS["trials.search"](ctx);
    const key = JSON.stringify(ctx.params);
    if (!memo.has(key)) memo.set(key, HANDLERS["trials.search"](ctx));
    return memo.get(key);
  };
  const sb = await startSandbox({
    seed: 42,
    scale: "small",
    quiet: true,
    faults: { latencyMs: LATENCY_MS, endpoints: ["trials.search"] },
    // Memoised: the override runs on the main thread; live: the catalogue handler on the read workers,
    // as `deno task sandbox` serves.
    ...(memoise ? { handlers: { "trials.search": search } } : { workers: "auto" as const }),
  });
  console.log(`READY ${sb.url}`);
}

/** Start the child sandbox; resolves with its URL and the process to kill. */
async function child(mode: string): Promise<{ url: string; proc: Deno.ChildProcess }> {
  const proc = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", import.meta.filename!, "--serve", mode],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("sandbox child exited before it was ready");
    out += value;
  }
  reader.releaseLock();
  proc.stdout.cancel().catch(() => {});
  return { url: out.match(/READY (\S+)/)![1], proc };
}

/**
 * Baseline without the client: page 1, then pages 2..N by C workers with plain fetch + JSON.parse
 * (no validation, no checks). The gap between this and the ideal is the server's and HTTP's.
 */
async function rawPool(url: string, pages: number, c: number): Promise<number> {
  const get = async (page: number) => {
    const res = await fetch(`${url}/api/v1/clinical-trials?limit=${PAGE}&page=${page}`, {
      headers: { "x-api-key": PRO_KEY },
    });
    return (await res.json()).data.length as number;
  };
  const s = performance.now();
  await get(1);
  let next = 2;
  await Promise.all(Array.from({ length: c }, async () => {
    while (next <= pages) await get(next++);
  }));
  return performance.now() - s;
}

/** The Python peer's time for the same pull (page 1, then C threads), or undefined without python3. */
async function pythonPool(url: string, pages: number, c: number): Promise<number | undefined> {
  const script = new URL("./python_puller.py", import.meta.url).pathname;
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command("python3", {
      args: [script, url, PRO_KEY, String(pages), String(PAGE), String(c)],
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch {
    return undefined; // no python3
  }
  if (!out.success) throw new Error(`python puller failed: ${new TextDecoder().decode(out.stderr)}`);
  const r = JSON.parse(new TextDecoder().decode(out.stdout)) as { ms: number; rows: number; frame: string };
  if (r.rows !== ROWS) throw new Error(`python puller got ${r.rows} rows`);
  pythonFrame = r.frame;
  return r.ms;
}
let pythonFrame = "";

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(mode: string): Promise<void> {
  const t0 = performance.now();
  const { url, proc } = await child(mode);
  try {
    console.log(`\n## ${mode} (sandbox small ready in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const warm = createClient({ baseUrl: url, apiKey: PRO_KEY, concurrency: 8 });
    await warm.trials.search.all({}, { maxRows: ROWS });
    // Round-trip time of one 100-row page through the client (latency + server + parse + validate),
    // median over all 50 pages (deep pages cost the live server more).
    const probe = createClient({ baseUrl: url, apiKey: PRO_KEY, concurrency: 1 });
    const rtts: number[] = [];
    const pages = Math.ceil(ROWS / PAGE);
    for (let i = 1; i <= pages; i++) {
      const s = performance.now();
      await probe.trials.search({ limit: PAGE, page: i });
      rtts.push(performance.now() - s);
    }
    const rtt = median(rtts);
    console.log(`one page RTT (median over the ${pages} pages): ${rtt.toFixed(1)} ms; N = ${pages} pages\n`);
    console.log(
      "| C | client (ms) | ideal (ms) | ratio | raw fetch pool (ms) | client / raw | Python pool (ms) | client / Python |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const c of [1, 4, 8, "adaptive"] as const) {
      // Fixed C against its ideal; "adaptive" starts at 4 and finds its pace (compared with C=16's ideal).
      const ri = c === "adaptive"
        ? createClient({ baseUrl: url, apiKey: PRO_KEY, concurrency: 4 })
        : createClient({ baseUrl: url, apiKey: PRO_KEY, concurrency: c, adaptive: false });
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const s = performance.now();
        const r = await ri.trials.search.all({}, { maxRows: ROWS });
        times.push(performance.now() - s);
        if (r.rows.length !== ROWS || r.meta.pages !== pages) {
          throw new Error(`got ${r.rows.length} rows in ${r.meta.pages} pages`);
        }
      }
      const t = median(times);
      const cc = c === "adaptive" ? 16 : c;
      const ideal = Math.ceil((pages - 1) / cc) * rtt + rtt;
      const rawTimes: number[] = [];
      for (let run = 0; run < RUNS; run++) rawTimes.push(await rawPool(url, pages, cc));
      const r = median(rawTimes);
      const pyTimes: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const p = await pythonPool(url, pages, cc);
        if (p === undefined) break;
        pyTimes.push(p);
      }
      const py = pyTimes.length ? median(pyTimes) : undefined;
      console.log(
        `| ${c} | ${t.toFixed(0)} | ${ideal.toFixed(0)} | ${(t / ideal).toFixed(3)} | ${r.toFixed(0)} | ${
          (t / r).toFixed(3)
        } | ${py === undefined ? "n/a" : py.toFixed(0)} | ${
          py === undefined ? "n/a" : (t / py).toFixed(3)
        } |`,
      );
    }
    if (pythonFrame) {
      console.log(`\nPython peer: threads + http.client keep-alive + json, rows into ${pythonFrame}`);
    }
    // Client-side cost of zod validation of one 100-row page (the client validates every page).
    const res = await fetch(`${url}/api/v1/clinical-trials?limit=${PAGE}`, {
      headers: { "x-api-key": PRO_KEY },
    });
    const body = await res.json();
    const schema = catalogue["trials.search"].response;
    for (let i = 0; i < 200; i++) schema.parse(body);
    const n = 2_000;
    const s = performance.now();
    for (let i = 0; i < n; i++) schema.parse(body);
    console.log(`\nschema validation: ${((performance.now() - s) / n).toFixed(3)} ms per 100-row page`);
  } finally {
    proc.kill("SIGTERM");
    await proc.status;
  }
}

if (Deno.args[0] === "--serve") {
  await serve(Deno.args[1] === "memoised");
} else {
  for (const mode of ["memoised", "live"]) await measure(mode);
}
