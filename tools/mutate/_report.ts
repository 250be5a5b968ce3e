/**
 * Private: a module's report in `deno task mutate`, and how a `--survivors` re-run is merged with the
 * report it re-runs the survivors of.
 *
 * @module
 */

/** Where a mutant was and what it did, as the report lists survivors and time-outs. */
export interface MutantPlace {
  line: number;
  column: number;
  operator: string;
  original: string;
  mutant: string;
}

/** One module's result. */
export interface ModuleReport {
  module: string;
  tests: readonly string[];
  generated: number;
  /** Mutants run (for a merged re-run: the earlier run's). */
  run: number;
  killed: number;
  timeout: number;
  timedOut: MutantPlace[];
  survived: MutantPlace[];
  score: number;
  seconds: number;
  /** Set when the earlier report gave no usable run count: the figures are the re-run's alone. */
  rerunOnly?: true;
}

const count = (n: unknown): number | undefined =>
  typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : undefined;

/** Killed / run in per cent, one decimal (100 when nothing ran). */
export const scoreOf = (killed: number, run: number): number =>
  run ? Math.round((killed / run) * 1000) / 10 : 100;

/**
 * The re-run `now` (which ran only `prev`'s survivors) merged with the earlier report `prev`: the earlier
 * run count, its kills plus the new ones. An earlier report from an older or hand-edited file may lack a
 * count: the run count is then its kills plus its survivors; without kills either, or when the counts do
 * not add up (fewer run than killed plus survivors), the report is the re-run's own (`rerunOnly`) rather
 * than a score over a made-up total.
 */
export function mergeRerun(prev: Partial<ModuleReport>, now: ModuleReport): ModuleReport {
  const survivors = Array.isArray(prev.survived) ? prev.survived.length : undefined;
  const killed = count(prev.killed);
  const run = count(prev.run) ??
    (killed !== undefined && survivors !== undefined ? killed + survivors : undefined);
  if (run === undefined || killed === undefined || survivors === undefined || killed + survivors > run) {
    return { ...now, score: scoreOf(now.killed, now.run), rerunOnly: true };
  }
  const out = {
    ...now,
    run,
    killed: killed + now.killed,
    timeout: (count(prev.timeout) ?? 0) + now.timeout,
    timedOut: [...(Array.isArray(prev.timedOut) ? prev.timedOut : []), ...now.timedOut],
  };
  return { ...out, score: scoreOf(out.killed, out.run) };
}
