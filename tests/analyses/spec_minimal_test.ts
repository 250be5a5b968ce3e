/**
 * Every analysis on the sandbox's spec-minimal profile (only the fields the spec names) against the
 * same analysis on the full profile: nothing fails, and every frame that goes empty or column that goes
 * all-null there is named by a warning (the missing field, or what was derived instead).
 */
import assert from "node:assert/strict";
import type pl from "nodejs-polars";
import * as A from "../../lib/analyses/mod.ts";
import { type Client, createClient } from "../../lib/client/mod.ts";
import type { AnalysisWarning } from "../../lib/frames/mod.ts";
import { type Profile, startSandbox } from "../../lib/sandbox/mod.ts";
import { openStore } from "../../lib/sandbox/store/_open.ts";

type Result = { warnings: readonly AnalysisWarning[] } & Record<string, unknown>;
// deno-lint-ignore no-explicit-any
const RUNS: Record<string, (ri: Client, author: string) => Promise<any>> = {
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
};

const frames = (r: Result) =>
  Object.entries(r).filter(([, v]) =>
    typeof (v as pl.DataFrame)?.height === "number" && Array.isArray((v as pl.DataFrame).columns)
  ) as [string, pl.DataFrame][];

/** Frames empty and columns all-null in `r`. */
function gaps(r: Result): Set<string> {
  const out = new Set<string>();
  for (const [name, df] of frames(r)) {
    if (df.height === 0) out.add(name);
    else for (const c of df.columns) if (df.getColumn(c).nullCount() === df.height) out.add(`${name}.${c}`);
  }
  return out;
}

Deno.test("every analysis runs on the spec-minimal profile and names every gap the full profile does not have", async (t) => {
  const store = await openStore(42, "tiny");
  const author = (store.db.prepare(
    "SELECT author_id FROM work_authors GROUP BY author_id ORDER BY count(*) DESC, author_id LIMIT 1",
  ).get() as { author_id: string }).author_id;
  const run = async (profile: Profile) => {
    await using sb = await startSandbox({ quiet: true, store, profile });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const out: Record<string, Result> = {};
    for (const [name, fn] of Object.entries(RUNS)) out[name] = await fn(ri, author);
    return out;
  };
  const full = await run("full");
  const minimal = await run("spec-minimal");
  for (const name of Object.keys(RUNS)) {
    await t.step(name, () => {
      const newGaps = [...gaps(minimal[name])].filter((g) => !gaps(full[name]).has(g));
      const said = minimal[name].warnings.filter((w) =>
        ["field-absent", "term-unavailable", "derived"].includes(w.code)
      ).map((w) => w.message).join("\n");
      for (const g of newGaps) {
        const column = g.split(".").at(-1)!;
        assert.ok(
          said.length > 0 && (said.includes(column) || said.includes(g.split(".")[0])),
          `${name}: ${g} is empty/null on spec-minimal without a warning naming it.\nWarnings:\n${said}`,
        );
      }
    });
  }
  store.close();
});

Deno.test("derived figures equal the full profile's: sponsor scan orphans", async () => {
  const store = await openStore(42, "tiny");
  const scan = async (profile: Profile) => {
    await using sb = await startSandbox({ quiet: true, store, profile });
    return await A.sponsorScan(createClient({ baseUrl: sb.url, apiKey: sb.keys.pos }), {
      sponsor: "Biogen",
    });
  };
  const [full, minimal] = [await scan("full"), await scan("spec-minimal")];
  const orphans = (
    r: Result,
  ) => ((r as unknown as { approvals: pl.DataFrame }).approvals.getColumn("is_orphan").toArray());
  assert.deepEqual(orphans(minimal as unknown as Result), orphans(full as unknown as Result));
  assert.ok(orphans(full as unknown as Result).some((x) => x === true), "fixture has an orphan approval");
  store.close();
});
