/**
 * The demo: `deno task demo`. Starts the embedded sandbox (synthetic data, scale "small") — or uses the
 * real service when RI_BASE_URL and RI_API_KEY are set — runs the headline analyses with a progress
 * bar, and writes `out/report.html` (self-contained) plus one PNG per chart.
 *
 * Environment: RI_BASE_URL + RI_API_KEY (real service), RI_OUT_DIR (output directory, default `out`;
 * it must be writable under the task's `--allow-write`), RI_SCALE (sandbox scale, default `small`).
 *
 * @module
 */
import { type Client, createClient } from "./lib/client/mod.ts";
import { startSandbox } from "./lib/sandbox/mod.ts";
import {
  catalystCalendar,
  diseaseComparison,
  medicareSpending,
  patentTrends,
  portfolioOverlap,
  regulatoryLandscape,
  researcherOutput,
  sponsorScan,
  targetPrioritization,
} from "./lib/analyses/mod.ts";
import { progressBar } from "./lib/charts/progress.ts";
import type { Progress } from "./lib/client/result.ts";
import { ensureWritable, NotWritableError, type ReportSection, writeReport } from "./lib/report/mod.ts";
import * as S from "./lib/report/sections.ts";

/** The questions the demo answers; the same inputs work on the sandbox and the real service. */
const INPUTS = {
  sponsors: ["Pfizer", "Novartis", "Roche", "AstraZeneca"],
  condition: "lung cancer",
  diseases: ["non-small cell lung carcinoma", "breast cancer", "type 2 diabetes mellitus", "asthma"],
  cpc: "A61K",
  medicareEfo: "EFO:0003060",
  from: new Date().getUTCFullYear() - 9,
  to: new Date().getUTCFullYear() - 1,
};

const env = (name: string): string | undefined => Deno.env.get(name) || undefined;
const started = performance.now();
const outDir = env("RI_OUT_DIR") ?? "out";
const real = env("RI_BASE_URL") !== undefined && env("RI_API_KEY") !== undefined;

// Before any analysis runs: a folder outside --allow-write fails here, naming the flag to add.
await ensureWritable(outDir, { source: env("RI_OUT_DIR") ? "RI_OUT_DIR" : "the default out/" }).catch((e) => {
  if (!(e instanceof NotWritableError)) throw e;
  console.error(e.message);
  Deno.exit(2);
});

if (real) {
  const host = new URL(env("RI_BASE_URL")!).host;
  const { state } = await Deno.permissions.query({ name: "net", host });
  if (state !== "granted") {
    console.error(
      `The demo task only allows loopback network access. To run it on ${host}:\n` +
        `  deno run --allow-net=${host} --allow-read --allow-write=out,.cache --allow-ffi --allow-sys --allow-env main.ts`,
    );
    Deno.exit(2);
  }
}

let bar: ((p: Progress) => void) | undefined;
const onProgress = (p: Progress): void => bar?.(p);

console.error(
  real ? "Using the real service (RI_BASE_URL)" : "Starting the embedded sandbox (synthetic data)…",
);
const sandbox = real
  ? undefined
  : await startSandbox({ port: 0, seed: 42, scale: (env("RI_SCALE") ?? "small") as "small", quiet: true });
const client: Client = sandbox
  ? createClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.pro, onProgress })
  : createClient({ onProgress });
const source = sandbox ? `${sandbox.url} (embedded sandbox, seed 42)` : env("RI_BASE_URL") ?? "";
if (sandbox) {
  console.error(`Sandbox ready in ${((performance.now() - started) / 1000).toFixed(1)} s at ${sandbox.url}`);
}

/** One researcher of the sandbox with many works, or RI_AUTHOR_ID on the real service. */
function pickAuthor(): string {
  const given = env("RI_AUTHOR_ID");
  if (given) return given;
  if (sandbox) {
    const row = sandbox.store.db.prepare(
      "SELECT author_id FROM work_authors GROUP BY author_id ORDER BY count(*) DESC, author_id LIMIT 1",
    ).get() as { author_id: string };
    return row.author_id;
  }
  throw new Error("Set RI_AUTHOR_ID to include a researcher on the real service");
}

type Step = { name: string; run: () => Promise<ReportSection> };
const steps: Step[] = [
  {
    name: "portfolio overlap",
    run: async () =>
      S.portfolioSection(
        await portfolioOverlap(client, { sponsors: INPUTS.sponsors, condition: INPUTS.condition }),
        INPUTS.sponsors,
        INPUTS.condition,
      ),
  },
  {
    name: "catalyst calendar",
    run: async () =>
      S.catalystSection(
        await catalystCalendar(client, { sponsors: INPUTS.sponsors, windowDays: 730 }),
        INPUTS.sponsors,
      ),
  },
  {
    name: "target prioritization",
    run: async () =>
      S.targetSection(
        await targetPrioritization(client, { disease: INPUTS.condition, topN: 30 }),
        INPUTS.condition,
      ),
  },
  {
    name: "regulatory landscape",
    run: async () =>
      S.regulatorySection(await regulatoryLandscape(client, { region: "US" }), "US approvals (all sponsors)"),
  },
  {
    name: "patent trends",
    run: async () =>
      S.patentSection(
        await patentTrends(client, {
          cpc_code: INPUTS.cpc,
          from: INPUTS.from,
          to: INPUTS.to,
          compare: INPUTS.sponsors.slice(0, 3),
        }),
        `in CPC ${INPUTS.cpc}, ${INPUTS.from}–${INPUTS.to}`,
      ),
  },
  {
    name: "disease comparison",
    run: async () => S.diseaseSection(await diseaseComparison(client, { diseases: INPUTS.diseases })),
  },
  {
    name: "Medicare spending",
    run: async () =>
      S.medicareSection(
        await medicareSpending(client, { efo_id: INPUTS.medicareEfo }),
        `Drugs approved for ${INPUTS.condition} (${INPUTS.medicareEfo})`,
      ),
  },
  {
    name: "sponsor scan",
    run: async () =>
      S.sponsorSection(await sponsorScan(client, { sponsor: INPUTS.sponsors[1] }), INPUTS.sponsors[1]),
  },
  {
    name: "researcher output",
    run: async () => {
      const r = await researcherOutput(client, { authorId: pickAuthor() });
      return S.researcherSection(r, r.author?.name ?? "researcher");
    },
  },
];

const sections: ReportSection[] = [];
const failures: string[] = [];
try {
  for (const [i, step] of steps.entries()) {
    const t0 = performance.now();
    bar = progressBar({ label: `[${i + 1}/${steps.length}] ${step.name}` });
    try {
      const section = await step.run();
      sections.push({ ...section, seconds: (performance.now() - t0) / 1000 });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      failures.push(`${step.name}: ${message}`);
      sections.push({ title: step.name, error: message, seconds: (performance.now() - t0) / 1000 });
    }
    bar = undefined;
    const s = sections[sections.length - 1];
    console.error(`${s.error ? "✗" : "✓"} ${step.name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
} finally {
  await sandbox?.close();
}

const written = await writeReport({
  title: "Life-science research landscape",
  subtitle: `Sponsors ${INPUTS.sponsors.join(", ")}; condition ${INPUTS.condition}.`,
  synthetic: sandbox !== undefined,
  source,
  generatedAt: new Date(),
  sections,
}, outDir);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nReport: ${written.html}`);
console.log(
  `Charts: ${written.pngs.length} PNG files in ${outDir}/ (${
    written.pngs.map((p) => p.split("/").pop()).join(", ")
  })`,
);
console.log(`\nSummary${sandbox ? " (synthetic sandbox data)" : ""}:`);
for (const s of sections) console.log(`- ${s.title}: ${s.error ? `FAILED: ${s.error}` : s.summary ?? ""}`);
const warnings = sections.reduce((n, s) => n + (s.warnings?.length ?? 0), 0);
console.log(
  `\n${sections.length - failures.length}/${sections.length} analyses, ${warnings} warnings, ${seconds} s.`,
);
if (failures.length) Deno.exitCode = 1;
