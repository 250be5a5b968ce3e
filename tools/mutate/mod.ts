/**
 * `deno task mutate`: mutation testing of chosen modules. Each module's mutants (tools/mutate/_mutants.ts)
 * are written one at a time into a copy of the project and judged by the module's own test files
 * (targets.ts): a mutant is killed when a test fails or the run times out, and survives when they pass.
 * Prints the score per module and every survivor (file:line:column, operator, original → mutant).
 *
 * Usage: deno task mutate [--module lib/client/retry.ts]... [--max N|all] [--seed S] [--timeout-factor F]
 *        [--tests a_test.ts,b_test.ts] [--list] [--json out/mutate.json] [--survivors out/mutate.json]
 *
 * `--survivors` re-runs only the mutants a previous `--json` report lists as survivors (after new tests),
 * of that report's modules, and reports each module's score as that report's kills plus the new ones over
 * its run count (tools/mutate/_report.ts; a report without a usable count gives the re-run's own figures).
 *
 * @module
 */
import { dirname, join } from "node:path";
import { parseFlags, usageProblems } from "../../lib/cli/flags.ts";
import { applyMutant, findMutants, type Mutant } from "./_mutants.ts";
import { copyProject, killCurrent, type Outcome, runTests } from "./_workspace.ts";
import { type Target, TARGETS } from "./targets.ts";
import { mergeRerun, type ModuleReport, type MutantPlace, scoreOf } from "./_report.ts";

const USAGE =
  `Usage: deno task mutate [--module lib/client/retry.ts]... [--max N|all] [--seed S] [--timeout-factor F]
       [--tests a_test.ts,b_test.ts] [--list] [--json out/mutate.json] [--survivors out/mutate.json]`;
// The tasks' one flag convention (lib/cli/flags.ts): with or without the `--` of `deno task`, --help exits 0,
// every bad flag is named at once (exit 2).
const parsed = parseFlags(Deno.args, {
  module: { type: "string", multiple: true },
  tests: { type: "string" },
  max: { type: "string" },
  seed: { type: "string" },
  "timeout-factor": { type: "string" },
  list: { type: "boolean" },
  survivors: { type: "string" },
  json: { type: "string" },
});
if (parsed.help) {
  console.log(USAGE);
  Deno.exit(0);
}
const opt = { seed: "1", "timeout-factor": "3", ...parsed.values };
for (const flag of ["seed", "timeout-factor"] as const) {
  if (!(Number(opt[flag]) > 0)) {
    parsed.problems.push(`--${flag} must be a positive number, got '${opt[flag]}'`);
  }
}
if (
  opt.max !== undefined && opt.max !== "all" && !(Number.isInteger(Number(opt.max)) && Number(opt.max) > 0)
) {
  parsed.problems.push(`--max must be a whole number or all, got '${opt.max}'`);
}
if (parsed.problems.length) {
  console.error(usageProblems("mutate", parsed.problems));
  Deno.exit(2);
}

const exists = (f: string) => {
  try {
    return Deno.statSync(f).isFile;
  } catch {
    return false;
  }
};

/** The chosen targets, each with the test files that exist (a missing one is named, then ignored). */
function pickTargets(): Target[] {
  // A re-run of survivors re-runs the earlier report's modules only (a module it lacks would run in full).
  const chosen = opt.module?.length
    ? opt.module.map((m) => named(m))
    : previous
    ? previous.map((r) => named(r.module!, r.tests))
    : [...TARGETS];
  return chosen.map((t) => {
    for (const f of t.tests.filter((f) => !exists(f))) {
      console.error(`${t.module}: no test file ${f}; ignored`);
    }
    return { ...t, tests: t.tests.filter(exists) };
  });
}

function named(m: string, reported?: readonly string[]): Target {
  const known = TARGETS.find((t) => t.module === m);
  const tests = opt.tests?.split(",").filter(Boolean) ?? known?.tests ?? reported;
  if (!tests?.length) throw new Error(`no tests known for ${m}; pass --tests a_test.ts,b_test.ts`);
  return { module: m, tests, ...(known?.max === undefined ? {} : { max: known.max }) };
}

/** A deterministic sample of `n` mutants (spread over the file), in source order. */
function sample(mutants: Mutant[], n: number | undefined, seed: number): Mutant[] {
  if (n === undefined || n >= mutants.length) return mutants;
  let s = seed >>> 0 || 1;
  const rand = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const idx = mutants.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, n).sort((a, b) => a - b).map((i) => mutants[i]);
}

const show = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s);

const where = (m: Mutant): MutantPlace => ({
  line: m.line,
  column: m.column,
  operator: m.operator,
  original: m.original,
  mutant: m.text,
});

const root = Deno.cwd();
const previous = opt.survivors ? await readReport(opt.survivors) : undefined;

/** The modules of an earlier `--json` report (exit 2 naming the file when it is none). */
async function readReport(file: string): Promise<Partial<ModuleReport>[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await Deno.readTextFile(file));
  } catch (e) {
    parsed = e;
  }
  if (!Array.isArray(parsed) || !parsed.every((r) => typeof r?.module === "string")) {
    console.error(usageProblems("mutate", [`--survivors ${file} is not a report written by --json`]));
    Deno.exit(2);
  }
  return parsed;
}
const targets = pickTargets();
if (opt.list) {
  for (const t of targets) {
    const ms = findMutants(await Deno.readTextFile(t.module));
    console.log(`${t.module}: ${ms.length} mutants`);
    for (const m of ms) {
      console.log(`  ${t.module}:${m.line}:${m.column} ${m.operator} ${show(m.original)} → ${show(m.text)}`);
    }
  }
  Deno.exit(0);
}

const ws = await copyProject(root);
const onSigint = () => {
  killCurrent();
  ws.remove();
  console.error("\ninterrupted: the copy is removed; the work tree was never written");
  Deno.exit(130);
};
Deno.addSignalListener("SIGINT", onSigint);
const reports: ModuleReport[] = [];
try {
  for (const t of targets) {
    // The copy's source: the work tree may change (a merge, an edit) while a long run goes on.
    const source = await Deno.readTextFile(join(ws.dir, t.module));
    const all = findMutants(source);
    const max = opt.max === undefined ? t.max : opt.max === "all" ? undefined : Number(opt.max);
    const prev = previous?.find((r) => r.module === t.module);
    const chosen = prev
      ? all.filter((m) =>
        (prev.survived ?? []).some((v) =>
          v.line === m.line && v.column === m.column && v.operator === m.operator &&
          (v.mutant === undefined || v.mutant === m.text) &&
          // Nested operands can start at one column (`a && b && c`): the original tells them apart.
          (v.original === undefined || v.original === m.original)
        )
      )
      : sample(all, max, Number(opt.seed));
    const t0 = performance.now();
    const base = await runTests(ws.dir, t.tests, 600_000);
    const baseMs = performance.now() - t0;
    if (base !== "passed") {
      console.error(`${t.module}: its tests fail unmutated (${t.tests.join(", ")}); skipped`);
      continue;
    }
    // Generous: the machine is shared, and a slow run is not a killed mutant.
    const timeoutMs = baseMs * Number(opt["timeout-factor"]) + 20_000;
    console.log(
      `${t.module}: ${chosen.length} of ${all.length} mutants, tests ${t.tests.join(" ")} ` +
        `(${(baseMs / 1000).toFixed(1)} s unmutated)`,
    );
    let r: ModuleReport = {
      module: t.module,
      tests: t.tests,
      generated: all.length,
      run: chosen.length,
      killed: 0,
      timeout: 0,
      timedOut: [],
      survived: [],
      score: 0,
      seconds: 0,
    };
    for (const m of chosen) {
      await ws.write(t.module, applyMutant(source, m));
      let outcome: Outcome;
      try {
        outcome = await runTests(ws.dir, t.tests, timeoutMs);
      } finally {
        await ws.write(t.module, source);
      }
      if (outcome === "passed") {
        r.survived.push(where(m));
        console.log(
          `  survived ${t.module}:${m.line}:${m.column} ${m.operator} ${show(m.original)} → ${show(m.text)}`,
        );
      } else {
        r.killed++;
        if (outcome === "timeout") {
          r.timeout++;
          r.timedOut.push(where(m));
          console.log(
            `  timeout  ${t.module}:${m.line}:${m.column} ${m.operator} ${show(m.original)} → ${
              show(m.text)
            }`,
          );
        }
      }
    }
    r.seconds = Math.round((performance.now() - t0) / 1000);
    r = prev ? mergeRerun(prev, r) : { ...r, score: scoreOf(r.killed, r.run) };
    reports.push(r);
    console.log(
      `  ${t.module}: ${r.killed}/${r.run} killed (${r.timeout} by timeout), score ${r.score} %, ${r.seconds} s` +
        (r.rerunOnly ? ` (of the re-run survivors only: ${opt.survivors} gives no run count)` : ""),
    );
  }
} finally {
  Deno.removeSignalListener("SIGINT", onSigint);
  ws.remove();
}

console.log("\nmodule                                    killed/run  score  survivors");
for (const r of reports) {
  console.log(
    `${r.module.padEnd(42)}${`${r.rerunOnly ? "*" : ""}${r.killed}/${r.run}`.padStart(10)}${
      `${r.score}%`.padStart(8)
    }  ${r.survived.length}`,
  );
}
if (reports.some((r) => r.rerunOnly)) {
  console.log("* the re-run survivors only (the earlier report has no run count)");
}
const killed = reports.reduce((a, r) => a + r.killed, 0);
const run = reports.reduce((a, r) => a + r.run, 0);
console.log(`total: ${killed}/${run} killed (${run ? ((killed / run) * 100).toFixed(1) : "100"} %)`);
if (opt.json) {
  await Deno.mkdir(dirname(opt.json), { recursive: true });
  await Deno.writeTextFile(opt.json, JSON.stringify(reports, null, 2) + "\n");
}
