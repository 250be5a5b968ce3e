/**
 * The key at every entry point (demo, report, watch, contract, mcp), run as users run them (subprocesses with
 * the tasks' permissions): swapped RI_BASE_URL / RI_API_KEY exit 2 naming the variables, and a service that
 * redirects to another origin never receives the key there. Every stdout, stderr and every file the
 * commands wrote is searched for the key (docs/SECURITY.md).
 */
import assert from "node:assert/strict";
import { ConfigError, createClient, readServiceConfig, ValidationError } from "../lib/client/mod.ts";
import { assertNoKeyInFiles, KEY, redirecting, runDeno } from "./_hostile.ts";
import { withSandbox } from "./client/_sandbox.ts";
import { taskArgs } from "./_tasks.ts";

// The tasks' own permissions (deno.json); REPORT without its script, which each call names.
const REPORT = taskArgs("report").slice(0, -1);
const WATCH = taskArgs("watch");
const CONTRACT = ["run", "--allow-net", "--allow-env=RI_BASE_URL,RI_API_KEY"];

/** The five entry points, each writing under `dir` (the MCP server writes nothing). */
async function entryPoints(dir: string): Promise<Record<string, string[]>> {
  await Deno.writeTextFile(
    `${dir}/w.json`,
    JSON.stringify({ store: `${dir}/store`, analyses: [{ name: "t", endpoint: "trials.search" }] }),
  );
  return {
    demo: [...REPORT, "main.ts"],
    report: [...REPORT, "main.ts", "--sponsors", "Pfizer", "--out", `${dir}/report`],
    watch: [...WATCH, `${dir}/w.json`],
    // The MCP server as `deno task mcp` runs it (its task's own flags).
    mcp: taskArgs("mcp"),
    contract: [
      ...CONTRACT,
      `--allow-write=${dir}/contract.json`,
      "tools/contract.ts",
      "--out",
      `${dir}/contract.json`,
    ],
  };
}

Deno.test("swapped RI_BASE_URL and RI_API_KEY: every entry point exits 2 naming them, never printing the key", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const env = { RI_BASE_URL: KEY, RI_API_KEY: "https://ri.example.com", RI_OUT_DIR: `${dir}/demo` };
    for (const [name, args] of Object.entries(await entryPoints(dir))) {
      const r = await runDeno(args, env);
      assert.equal(r.code, 2, `${name}: ${r.stderr}`);
      assert.match(r.stderr, /RI_BASE_URL and RI_API_KEY look swapped/, name);
      assert.doesNotMatch(r.stderr, /Invalid URL|at file:/, `${name} printed a stack`);
    }
    // Only the base URL wrong (the key is in it, no URL in the key): still named, still not quoted.
    const half = await runDeno((await entryPoints(dir)).watch, {
      RI_BASE_URL: KEY,
      RI_API_KEY: "other-key-1234",
    });
    assert.equal(half.code, 2, half.stderr);
    assert.match(half.stderr, /RI_BASE_URL is not a URL \(\d+ characters, no scheme\)/);
    await assertNoKeyInFiles(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the client reads the same settings: swapped variables are a ConfigError that names them", async () => {
  const env = (v: Record<string, string>) => (name: string) => v[name];
  assert.throws(
    () => readServiceConfig({ env: env({ RI_BASE_URL: KEY, RI_API_KEY: "https://ri.example.com" }) }),
    (e: Error) => e instanceof ConfigError && /swapped/.test(e.message) && !e.message.includes(KEY),
  );
  assert.throws(
    () => readServiceConfig({ env: env({ RI_BASE_URL: "https://ri.example.com", RI_API_KEY: `${KEY}\n` }) }),
    /RI_API_KEY \(\d+ characters\) has a space, line break or control character/,
  );
  assert.equal(readServiceConfig({ env: env({}) }), undefined);
  const ok = readServiceConfig({ env: env({ RI_BASE_URL: "https://ri.example.com/", RI_API_KEY: KEY }) })!;
  assert.equal(ok.origin, "https://ri.example.com");
  assert.ok(!Deno.inspect(ok).includes(KEY) && !JSON.stringify(ok).includes(KEY));
  // createClient's defaults go through the same reader.
  const saved = [Deno.env.get("RI_BASE_URL"), Deno.env.get("RI_API_KEY")];
  Deno.env.set("RI_BASE_URL", KEY);
  Deno.env.set("RI_API_KEY", "https://ri.example.com");
  try {
    const e = await createClient({ retry: 0 }).grants.sample().catch((x) => x);
    assert.ok(e instanceof ConfigError && /swapped/.test(e.message) && !e.message.includes(KEY), String(e));
  } finally {
    for (const [i, n] of ["RI_BASE_URL", "RI_API_KEY"].entries()) {
      if (saved[i] === undefined) Deno.env.delete(n);
      else Deno.env.set(n, saved[i]!);
    }
  }
});

Deno.test("a service that redirects to another origin: report, watch and contract never send the key there", async () => {
  const dir = await Deno.makeTempDir();
  const r = redirecting();
  try {
    const env = { RI_BASE_URL: r.base.url, RI_API_KEY: KEY, RI_OUT_DIR: `${dir}/demo` };
    const eps = await entryPoints(dir);
    for (const name of ["report", "watch", "contract"]) {
      const before = r.base.seen.length;
      const run = await runDeno(eps[name], env);
      assert.ok(r.base.seen.length > before, `${name} made no call`);
      assert.equal(run.code, 1, `${name}: ${run.stderr}`);
      assert.match(
        run.stdout + run.stderr,
        new RegExp(`redirected .* to another origin, ${r.target.url}`),
        name,
      );
    }
    assert.deepEqual(r.target.seen, [], "the other origin was contacted");
    assert.ok(r.base.seen.every((s) => s.key === KEY));
    const files = await assertNoKeyInFiles(dir);
    assert.ok(files >= 3, `only ${files} files written`); // watch report (html, md) and contract.json
  } finally {
    await r.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("bad input exits 2 before any call, quoting a short prefix: a 100 kB sponsor, item name, a NUL in store", async () => {
  const dir = await Deno.makeTempDir();
  const huge = "Pfizer".padEnd(100 * 1024, "x");
  const none = { RI_BASE_URL: "", RI_API_KEY: "" };
  try {
    // Before: exit 1 after retries, the whole name echoed into a URL error.
    const report = await runDeno([...REPORT, "main.ts", "--sponsors", huge, "--out", `${dir}/r`], none);
    assert.equal(report.code, 2, report.stderr.slice(0, 300));
    assert.match(
      report.stderr,
      /--sponsors "Pfizerx+"… \(102400 characters\) is 102400 characters long \(at most 200\)/,
    );
    assert.doesNotMatch(report.stderr, /Starting the embedded sandbox/, "checked before anything ran");
    assert.ok(report.stderr.length < 400, `${report.stderr.length} characters of stderr`);

    // Before: the run aborted with an OS error (a file name too long, a path cut at the NUL).
    const cases = {
      name: { store: "s", analyses: [{ name: "a".repeat(100 * 1024), endpoint: "trials.search" }] },
      store: { store: "s\u0000zz", analyses: [{ name: "t", endpoint: "trials.search" }] },
    };
    for (const [what, wl] of Object.entries(cases)) {
      await Deno.writeTextFile(`${dir}/${what}.json`, JSON.stringify(wl, null, 2));
      const r = await runDeno([...WATCH, `${dir}/${what}.json`, "--scale", "tiny"], none);
      assert.equal(r.code, 2, r.stderr.slice(0, 300));
      assert.ok(r.stderr.length < 600, `${what}: ${r.stderr.length} characters of stderr`);
      assert.doesNotMatch(r.stderr, /os error|watch failed/i, what);
    }
    const name = await runDeno([...WATCH, `${dir}/name.json`], none);
    assert.match(name.stderr, /analyses\[0\]\.name must be at most 64 characters/);
    const store = await runDeno([...WATCH, `${dir}/store.json`], none);
    assert.match(
      store.stderr,
      /store\.json line 2: store "s\\u0000zz" contains the control character U\+0000 at 2/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the client bounds every string parameter before sending: a 100 kB search is a ValidationError", async () => {
  let calls = 0;
  const ri = createClient({
    baseUrl: "https://ri.example.com",
    apiKey: KEY,
    fetch: () => (calls++, Promise.reject(new Error("sent"))),
  });
  const e = await ri.trials.search({ search: "x".repeat(100 * 1024) }).catch((x) => x);
  assert.ok(e instanceof ValidationError, String(e));
  assert.equal(e.parameter, "search");
  assert.match(e.message, /is 102400 characters long \(at most 1000\)/);
  assert.ok(e.message.length < 300 && Deno.inspect(e).length < 2000);
  await assert.rejects(ri.regulatory.search({ trade_name: "a\u0000zz" }), /control character U\+0000 at 2/);
  assert.equal(calls, 0);
});

Deno.test("a report run on the service with a key writes it into no output, file or cache", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await withSandbox(async (sb) => {
      const env = { RI_BASE_URL: sb.url, RI_API_KEY: sb.keys.pos, INIT_CWD: "" };
      const args = [
        "--sponsors",
        "Pfizer",
        "--sections",
        "regulatory,sponsor",
        "--formats",
        "html,csv",
        "--out",
        dir,
      ];
      const r = await runDeno([...REPORT, "main.ts", ...args], env, undefined, sb.keys.pos);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(await assertNoKeyInFiles(dir, sb.keys.pos) >= 2);
      // The client's opt-in cache: keys and files hold no key.
      const cacheDir = `${dir}/cache`;
      const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos, cache: { dir: cacheDir } });
      await ri.trials.search({ search: "cancer", limit: 5 });
      assert.ok(await assertNoKeyInFiles(cacheDir, sb.keys.pos) >= 1);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
