/**
 * `deno task mutate --survivors`: the re-run of an earlier report's survivors is scored over the earlier
 * run (its kills plus the new ones), and a report without a usable run count never yields a score over a
 * made-up total (it printed '28/0').
 */
import assert from "node:assert/strict";
import { mergeRerun, type ModuleReport } from "../../tools/mutate/_report.ts";

const place = (line: number) => ({ line, column: 1, operator: "Op", original: "a", mutant: "b" });
const rerun = (killed: number, survived: number): ModuleReport => ({
  module: "lib/m.ts",
  tests: ["t_test.ts"],
  generated: 40,
  run: killed + survived,
  killed,
  timeout: 0,
  timedOut: [],
  survived: Array.from({ length: survived }, (_, i) => place(i + 1)),
  score: 0,
  seconds: 1,
});

Deno.test("survivors re-run: the earlier run's count, its kills plus the new ones", () => {
  const prev = { ...rerun(28, 4), timeout: 1, timedOut: [place(9)] };
  const r = mergeRerun(prev, { ...rerun(3, 1), timeout: 1, timedOut: [place(2)] });
  assert.deepEqual([r.run, r.killed, r.survived.length, r.timeout, r.timedOut.length], [32, 31, 1, 2, 2]);
  assert.equal(r.score, Math.round((31 / 32) * 1000) / 10);
  assert.equal(r.rerunOnly, undefined);
});

Deno.test("survivors re-run: an earlier report without a run count counts its kills and survivors", () => {
  const { run: _, ...prev } = rerun(28, 4);
  const r = mergeRerun(prev, rerun(3, 1));
  assert.deepEqual([r.run, r.killed], [32, 31]);
  assert.ok(r.killed <= r.run);
});

Deno.test("survivors re-run: with no usable counts, the re-run's own figures, marked as such", () => {
  const base = rerun(28, 4);
  const broken: Partial<ModuleReport>[] = [
    { module: base.module, survived: base.survived }, // no run, no kills
    { ...base, run: 0 }, // a count smaller than its own kills and survivors (the '28/0')
    { ...base, run: undefined, killed: undefined },
    { module: base.module }, // nothing at all
  ];
  for (const prev of broken) {
    const r = mergeRerun(prev, rerun(3, 1));
    assert.deepEqual([r.run, r.killed, r.rerunOnly], [4, 3, true], JSON.stringify(prev).slice(0, 80));
    assert.equal(r.score, 75);
  }
});

Deno.test("survivors re-run: a file that is no report is a usage error (exit 2) naming it, before any copy or run", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/bad.json`, '{"module": "lib/m.ts"}');
    for (const file of [`${dir}/bad.json`, `${dir}/none.json`]) {
      const r = await new Deno.Command(Deno.execPath(), {
        args: ["task", "mutate", "--survivors", file],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const err = new TextDecoder().decode(r.stderr);
      assert.equal(r.code, 2, err);
      assert.ok(err.includes(`--survivors ${file} is not a report written by --json`), err);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
