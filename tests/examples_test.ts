/**
 * Every example runs as its first line documents (those exact permissions, on the tiny sandbox), says what
 * it was asked and where the data came from, and prints its tables with printTable (no Polars box
 * printout, whose middle columns are elided).
 */
import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);
const dir = new URL("examples/", root);
const examples = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".ts")).sort();

Deno.test("examples/ holds the examples this test runs", () => {
  assert.ok(examples.length >= 10, examples.join(", "));
});

for (const name of examples) {
  Deno.test(`examples/${name} runs with the permissions its first line documents`, async () => {
    const first = (await Deno.readTextFile(new URL(name, dir))).split("\n")[0];
    const m = /^\/\/ deno run (.*?) examples\/[\w.]+\.ts\b/.exec(first);
    assert.ok(m, `first line of ${name} is its 'deno run …' command: ${first}`);
    const flags = m[1].split(/\s+/);
    assert.ok(!flags.includes("-A") && !flags.includes("--allow-all"), first);
    // The watchlist's snapshot store goes in a folder this test removes (it defaults to a new temp folder).
    const store = name === "watchlist.ts" ? await Deno.makeTempDir({ prefix: "ri-example-" }) : undefined;
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        new URL("deno.json", root).pathname,
        ...flags,
        `examples/${name}`,
        ...store ? [store] : [],
      ],
      cwd: root.pathname,
      env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output().finally(() => store && Deno.remove(store, { recursive: true }));
    const out = new TextDecoder().decode(stdout);
    assert.equal(code, 0, `${name} failed:\n${out}\n${new TextDecoder().decode(stderr)}`);
    assert.match(
      out.split("\n")[0],
      / — .*\(data: embedded sandbox, synthetic\)$/,
      "inputs and source first",
    );
    assert.ok(!/[┌╞]/.test(out), `${name} prints a Polars box table; use printTable:\n${out}`);
  });
}
