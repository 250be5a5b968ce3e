/**
 * Test helpers: every analysis with fixed inputs, run against the sandbox in a given profile, and the
 * frames that come out empty or with all-null columns (shared by the spec-minimal and variant tests).
 *
 * @module
 */
import type pl from "nodejs-polars";
import * as A from "../../lib/analyses/mod.ts";
import { type Client, createClient } from "../../lib/client/mod.ts";
import type { AnalysisWarning } from "../../lib/frames/mod.ts";
import { mostProlificAuthor, type Profile, startSandbox } from "../../lib/sandbox/mod.ts";
import { openStore, type SandboxStore } from "../../lib/sandbox/store/_open.ts";

/** What an analysis returns, as these tests see it. */
export type Result = { warnings: readonly AnalysisWarning[] } & Record<string, unknown>;
/** Every analysis with fixed inputs (the author id comes from the store). */
// deno-lint-ignore no-explicit-any
export const RUNS: Record<string, (ri: Client, author: string) => Promise<any>> = {
  portfolioOverlap: (ri) =>
    A.portfolioOverlap(ri, { sponsors: ["Pfizer", "Novartis", "Roche"], condition: "lung cancer" }),
  catalystCalendar: (ri) => A.catalystCalendar(ri, { sponsors: ["Pfizer", "Novartis"], windowDays: 730 }),
  targetPrioritization: (ri) => A.targetPrioritization(ri, { disease: "breast cancer", topN: 10 }),
  regulatoryLandscape: (ri) => A.regulatoryLandscape(ri, { region: "US" }),
  patentTrends: (ri) => A.patentTrends(ri, { cpc_code: "A61K" }),
  diseaseComparison: (ri) => A.diseaseComparison(ri, { diseases: ["breast cancer", "asthma"] }),
  medicareSpending: (ri) => A.medicareSpending(ri, { efo_id: "EFO:0003060" }),
  researcherOutput: (ri, author) => A.researcherOutput(ri, { authorId: author }),
  sponsorScan: (ri) => A.sponsorScan(ri, { sponsor: "Novartis" }),
  lossOfExclusivity: (ri) => A.lossOfExclusivity(ri, { sponsors: ["Pfizer", "Roche"], horizonYears: 10 }),
  phaseTransitions: (ri) =>
    A.phaseTransitions(ri, {
      drugs: ["osimertinib", "pembrolizumab", "durvalumab"],
      diseases: ["lung cancer"],
      asOf: "2026-11-21",
    }),
  pipelineOutlook: (ri) =>
    A.pipelineOutlook(ri, {
      sponsors: ["Novartis"],
      diseases: ["lung cancer"],
      maxDetails: 20,
      asOf: "2026-11-21",
    }),
};

/** The DataFrames of a result, by name. */
export const frames = (r: Result) =>
  Object.entries(r).filter(([, v]) =>
    typeof (v as pl.DataFrame)?.height === "number" && Array.isArray((v as pl.DataFrame).columns)
  ) as [string, pl.DataFrame][];

/** Frames empty and columns all-null in `r`. */
export function gaps(r: Result): Set<string> {
  const out = new Set<string>();
  for (const [name, df] of frames(r)) {
    if (df.height === 0) out.add(name);
    else for (const c of df.columns) if (df.getColumn(c).nullCount() === df.height) out.add(`${name}.${c}`);
  }
  return out;
}

/** The author id the researcher-output run uses: the store's most prolific author. */
export function authorOf(store: SandboxStore): string {
  return mostProlificAuthor(store.db)!;
}

/** Run every analysis against a sandbox in `profile`: each result, or the error it failed with. */
export async function runAll(store: SandboxStore, profile: Profile): Promise<Record<string, Result | Error>> {
  await using sb = await startSandbox({ quiet: true, store, profile });
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
  const author = authorOf(store);
  const out: Record<string, Result | Error> = {};
  for (const [name, fn] of Object.entries(RUNS)) {
    try {
      out[name] = await fn(ri, author);
    } catch (e) {
      out[name] = e as Error;
    }
  }
  return out;
}

/**
 * One test step per analysis: every analysis run on the full profile and on `profile` (the same tiny
 * store), then `check(name, full, other)`. The full profile's run must succeed; `other` is its result
 * or the error it failed with.
 */
export async function versusFull(
  t: Deno.TestContext,
  profile: Profile,
  check: (name: string, full: Result, other: Result | Error) => void,
): Promise<void> {
  const store = await openStore(42, "tiny");
  try {
    const full = await runAll(store, "full");
    const other = await runAll(store, profile);
    for (const name of Object.keys(RUNS)) {
      await t.step(name, () => {
        const f = full[name];
        if (f instanceof Error) throw f;
        check(name, f, other[name]);
      });
    }
  } finally {
    store.close();
  }
}

/** A client over `sb` (Pro key, cache off) that counts the HTTP requests it sends (`count.n`). */
export function countingClient(
  sb: { url: string; keys: { pro: string } },
): { ri: Client; count: { n: number } } {
  const count = { n: 0 };
  const ri = createClient({
    baseUrl: sb.url,
    apiKey: sb.keys.pro,
    cache: false,
    fetch: (input, init) => {
      count.n++;
      return fetch(input, init);
    },
  });
  return { ri, count };
}
