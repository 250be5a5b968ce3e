/**
 * Memory stays bounded whatever total a service claims: a first page claiming 10^12 rows is an
 * ImplausibleTotalError before another page is requested, measured as the peak RSS of a child process.
 */
import assert from "node:assert/strict";
import { createClient, ImplausibleTotalError } from "../../lib/client/mod.ts";
import { hostile, KEY } from "../_hostile.ts";
import { withSandbox } from "./_sandbox.ts";

/** A service answering the sandbox's rows with `meta.totalItems` replaced by `claim(rows, limit)`. */
function lying(sandboxUrl: string, key: string, claim: (rows: number) => number) {
  return hostile(async (_req, url) => {
    const body =
      await (await fetch(`${sandboxUrl}${url.pathname}${url.search}`, { headers: { "x-api-key": key } }))
        .json();
    body.meta.totalItems = claim(body.data.length);
    return Response.json(body);
  });
}

/** Peak RSS (VmHWM, MB) of `pid`, or undefined once it has exited. */
async function peakRss(pid: number): Promise<number | undefined> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => undefined);
  const kb = status && /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : undefined;
}

Deno.test("a first page claiming 10^12 rows: a typed error before another request, memory bounded", async () => {
  await withSandbox(async (sb) => {
    const server = lying(sb.url, sb.keys.pos, () => 1e12);
    try {
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-net=127.0.0.1",
          new URL("./_pull_child.ts", import.meta.url).pathname,
          server.url,
          KEY,
        ],
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      let peak = 0;
      const done = child.output();
      const t0 = Date.now();
      let exited = false;
      done.then(() => (exited = true));
      while (!exited && Date.now() - t0 < 10_000) {
        peak = Math.max(peak, (await peakRss(child.pid)) ?? 0);
        await new Promise((r) => setTimeout(r, 50));
      }
      if (!exited) child.kill("SIGKILL");
      const out = await done;
      const line = new TextDecoder().decode(out.stdout).trim();
      console.log(
        `peak RSS ${peak.toFixed(0)} MB, ${server.seen.length} requests, ${Date.now() - t0} ms: ${line}`,
      );
      // Before: the pull scheduled every page at once (1.5 GB in 23 s, still growing when killed at 10 s).
      assert.ok(exited, `still running after 10 s, peak RSS ${peak.toFixed(0)} MB`);
      assert.equal(JSON.parse(line).error, "ImplausibleTotalError", line);
      assert.equal(server.seen.length, 1);
      assert.ok(peak < 250, `peak RSS ${peak.toFixed(0)} MB`);
    } finally {
      await server.close();
    }
  });
});

Deno.test("a total the first page contradicts is an ImplausibleTotalError naming both numbers", async () => {
  await withSandbox(async (sb) => {
    // A short first page (fewer rows than the page size) cannot be followed by more rows.
    const server = lying(sb.url, sb.keys.pos, (rows) => rows + 5_000);
    try {
      const ri = createClient({ baseUrl: server.url, apiKey: KEY, retry: 0 });
      const e = await ri.trials.search.all({ search: "cancer", limit: 100, status: "WITHDRAWN" }).catch((x) =>
        x
      );
      assert.ok(e instanceof ImplausibleTotalError, String(e));
      assert.match(e.message, /claims \d+ rows, but its first page holds \d+ of a page size of 100/);
      assert.equal(server.seen.length, 1);
    } finally {
      await server.close();
    }
  });
});
