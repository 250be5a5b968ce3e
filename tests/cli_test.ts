/**
 * One command-line convention for every task: each entry point, run with its task's permissions (read from
 * deno.json), takes `--help` with or without the `--` of `deno task x -- …` (usage, exit 0), and names
 * every bad flag at once (exit 2) before starting anything.
 */
import assert from "node:assert/strict";
import { taskArgs } from "./_tasks.ts";
import { dropStore, importedStore } from "./sandbox/_helpers.ts";

const root = new URL("../", import.meta.url);
const config = new URL("deno.json", root).pathname;

/** Runs a task's script with the task's own permission flags, as `deno task <name> -- ...args` does. */
async function task(name: string, args: string[]) {
  const words = taskArgs(name);
  const script = words.at(-1)!;
  const flags = words.slice(1, -1);
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", config, ...flags, new URL(script, root).pathname, ...args],
    env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: new TextDecoder().decode(stdout), err: new TextDecoder().decode(stderr) };
}

for (const name of ["report", "watch", "contract", "sandbox", "mcp", "import", "mutate"]) {
  Deno.test(`${name}: --help with or without -- prints usage and exits 0; bad flags are all named at once`, async () => {
    for (const args of [["--help"], ["--", "--help"], ["--", "--bogus", "-h"]]) {
      const r = await task(name, args);
      assert.equal(r.code, 0, `${args.join(" ")}: ${r.err}`);
      // The MCP task's stdout is JSON-RPC only: its usage goes to stderr.
      const usage = name === "mcp" ? r.err : r.out;
      assert.match(usage, /^Usage: |^deno task mcp \[flags\]/, `${args.join(" ")}: ${usage.slice(0, 200)}`);
    }
    const bad = await task(name, ["--", "--bogus", "--scal", "tiny", "--another-bogus"]);
    assert.equal(bad.code, 2, bad.out + bad.err);
    assert.match(bad.err, new RegExp(`^${name}: unknown flag --bogus`, "m"));
    assert.match(bad.err, /unknown flag --another-bogus/, "all bad flags, not the first only");
    assert.match(bad.err, /\(see --help\)/);
    assert.doesNotMatch(bad.err, /Uncaught| {4}at /, "no stack trace");
    assert.doesNotMatch(bad.err, /Starting|ready|listening/i, "nothing started");
  });
}

Deno.test("contract: -- --sandbox runs the check on the embedded sandbox with the task's permissions", async () => {
  const r = await task("contract", ["--", "--sandbox", "--out", "-"]);
  assert.equal(r.code, 0, r.err.slice(-2000));
  assert.equal(JSON.parse(r.out).service, "sandbox (full)");
});

Deno.test("report: --store alone runs the demo on an imported store (its questions chosen from the store, said); with flags, those; a bad one exits 2", async () => {
  const store = await importedStore();
  const dir = store.replace(/\/ri\.db$/, "");
  try {
    const demo = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        config,
        ...taskArgs("report").slice(1, -1),
        new URL("main.ts", root).pathname,
        "--store",
        store,
      ],
      env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1", RI_OUT_DIR: `${dir}/demo` },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(demo.stderr);
    // The fixture holds a few public records: the demo asks the store's own largest sponsors and most
    // studied conditions (saying so), not its synthetic questions, which public data may lack.
    assert.equal(demo.code, 0, err.slice(-2000));
    assert.match(err, new RegExp(`Starting the embedded sandbox \\(${store.replaceAll("/", "\\/")}\\)`));
    // Originators only (NDA/BLA holders with protection ahead), Pfizer among them with its counts.
    assert.match(
      err,
      /The demo's questions, chosen from this store:\n {2}sponsors: [^\n]*Pfizer \(3 trials, 3 approvals, [^\n]*originators/,
    );
    assert.doesNotMatch(err, /did not resolve/);
    const html = await Deno.readTextFile(`${dir}/demo/report.html`);
    assert.match(html, /imported public data/i);
    assert.match(html, /Pfizer/);

    const asked = await task("report", [
      "--",
      "--store",
      store,
      "--sponsors",
      "Pfizer",
      "--sections",
      "exclusivity",
      "--formats",
      "csv",
      "--out",
      `${dir}/asked`,
    ]);
    assert.equal(asked.code, 0, asked.err.slice(-2000));
    assert.ok((await Array.fromAsync(Deno.readDir(`${dir}/asked`))).some((e) => e.name.endsWith(".csv")));

    const missing = await task("report", ["--", "--store", `${dir}/nowhere.db`]);
    assert.equal(missing.code, 2, missing.err);
    assert.match(missing.err, /nowhere\.db/);
    assert.match((await task("report", ["--help"])).out, /--store ri\.db/, "--help names --store");
    const empty = await task("report", ["--", "--store"]);
    assert.equal(empty.code, 2, empty.err);
    assert.match(empty.err, /--store/);
    assert.doesNotMatch(missing.err + empty.err, / {4}at /, "no stack trace");
  } finally {
    await dropStore(store);
  }
});
