/**
 * The demo on a store of public data (issue 31): a store built by `deno task import` from the fixtures of
 * every source, then `deno task demo --store` — both with the permissions deno.json gives the tasks —
 * runs every section with rows, choosing its questions from the store and saying so.
 */
import assert from "node:assert/strict";
import { taskArgs } from "./_tasks.ts";

const root = new URL("../", import.meta.url);
const config = new URL("deno.json", root).pathname;
const FX = new URL("fixtures/public/", import.meta.url).pathname;

async function task(name: string, args: string[], cwd: string): Promise<{ code: number; out: string }> {
  const [run, ...rest] = taskArgs(name);
  const script = new URL(rest.pop()!, root).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [run, "--config", config, ...rest, script, ...args],
    cwd,
    env: { RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code, out: dec.decode(stdout) + dec.decode(stderr) };
}

Deno.test("deno task demo --store over every public source runs every section with rows, its questions from the store", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "ri-demo-public-" });
  try {
    const sources = [
      ["--orange-book", "orange_book"],
      ["--part-d", "part_d_spending_by_drug.csv"],
      ["--ctgov", "ctgov"],
      ["--open-targets", "open_targets"],
      ["--patentsview", "patentsview"],
      ["--nih-exporter", "nih"],
      ["--cordis", "cordis"],
      ["--openalex", "openalex_subset.json"],
    ].flatMap(([flag, file]) => [flag, `${FX}${file}`]);
    const imported = await task(
      "import",
      ["--store", `${cwd}/ri.db`, ...sources, "--today", "2026-11-21"],
      cwd,
    );
    assert.equal(imported.code, 0, imported.out);
    const demo = await task("demo", ["--store", `${cwd}/ri.db`], cwd);
    assert.equal(demo.code, 0, demo.out);
    assert.match(demo.out, /The demo's questions, chosen from this store:\n {2}sponsors: Pfizer \(/);
    assert.match(demo.out, /9\/9 analyses/, demo.out);
    assert.doesNotMatch(demo.out, /FAILED|skipped|✗/, demo.out);
    const summary = demo.out.split("\n").filter((l) => /^- [A-Z][^:]+: /.test(l));
    assert.ok(summary.length >= 9, demo.out);
    for (const line of summary) {
      assert.doesNotMatch(line, /^- [^:]+: (0 \w|No )/, `a section without rows: ${line}`);
    }
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});
