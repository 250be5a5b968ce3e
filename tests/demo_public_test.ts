/**
 * The demo on a store of public data (issue 31): a store built by `deno task import` from the fixtures of
 * every source, then `deno task demo --store` — both with the permissions deno.json gives the tasks —
 * runs every section the store can answer with rows, choosing its questions from the store (originators; no
 * condition with a single trial) and saying so.
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
    // Originators (NDA holders with protection ahead), not the ANDA-only maker of the fixture (Micro Labs).
    assert.match(demo.out, /The demo's questions, chosen from this store:\n {2}sponsors: [^\n]*Pfizer \(/);
    assert.match(demo.out, /originators with patents or exclusivities ahead/);
    assert.doesNotMatch(demo.out, /sponsors: [^\n]*MICRO LABS/i);
    // Every source answers; the fixture's conditions have one trial each, too few to compare: those three
    // sections are a sentence saying so, not charts of one trial (issue 39).
    assert.match(demo.out, /6\/6 analyses/, demo.out);
    assert.doesNotMatch(demo.out, /FAILED|skipped|✗|did not resolve/, demo.out);
    const summary = demo.out.split("\n").filter((l) => /^- [A-Z][^:]+: /.test(l));
    assert.ok(summary.length >= 10, demo.out);
    const thin = summary.filter((l) =>
      /: Not asked: this store's data do not answer it \(conditions: /.test(l)
    );
    assert.deepEqual(
      thin.map((l) => /^- ([^:]+):/.exec(l)![1]),
      ["Portfolio overlap", "Target prioritization", "Disease comparison"],
    );
    for (const line of summary.filter((l) => !thin.includes(l))) {
      assert.doesNotMatch(line, /^- [^:]+: (0 \w|No )/, `a section without rows: ${line}`);
    }
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});
