/**
 * Importing public data at registry scale: files generated in the publishers' formats (an Orange Book
 * edition's size, the Part D CSV, ClinicalTrials.gov studies as NDJSON and as a zip of one JSON file per
 * study), each import in its own process; prints rows per second per source, the finish (indexes,
 * full-text, counters), peak resident memory and the store's size. The registry is about 500,000 studies:
 * `deno run -A bench/import_bench.ts [--quick] [--studies N]` (default 500,000; `--quick` 20,000, and
 * the figures are extrapolated to 500,000 at the measured rate). `--open-targets` benchmarks an Open Targets
 * release instead (about 4 million direct associations; with `--quick` a tenth of it). `--grants-researchers`
 * benchmarks NIH ExPORTER, CORDIS and an OpenAlex subset at their published sizes.
 *
 * @module
 */
import { ctgovNdjson, ctgovZip, OPEN_TARGETS_SIZE, openTargets, orangeBook, partD } from "./_public_files.ts";
import { cordis, CORDIS_SIZE, NIH_ROWS, nihExporter, openAlex } from "./_public_files.ts";

import { CPC_PER_PATENT, patentsView, patentsViewLinks } from "./_public_files.ts";

const REGISTRY = 500_000;
const quick = Deno.args.includes("--quick");
const at = Deno.args.indexOf("--studies");
const studies = at >= 0 ? Number(Deno.args[at + 1]) : quick ? 20_000 : REGISTRY;
const zipped = Math.min(studies, quick ? 5_000 : 50_000);
const dir = await Deno.makeTempDir({ prefix: "ri-import-bench-" });
const child = new URL("./_import_child.ts", import.meta.url).pathname;

interface Run {
  timings: Record<string, number>;
  sources: Record<string, { rows: number }>;
  totalMs: number;
  cpuMs: number;
  peakMb: number;
}

async function run(store: string, ...args: string[]): Promise<Run> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["run", "-A", child, store, ...args] })
    .output();
  if (out.code !== 0) throw new Error(new TextDecoder().decode(out.stderr).slice(-800));
  return JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").pop()!);
}

const rate = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s`;
const mb = (path: string) => `${(Deno.statSync(path).size / 1e6).toFixed(0)} MB`;

/**
 * Open Targets at a release's size (`--open-targets`: only this part; `--quick`: a tenth of it): generated in
 * the published Parquet layout, imported in its own process after the Orange Book, Part D and studies (so the
 * linking step has drugs and conditions to link).
 */
async function openTargetsBench(): Promise<void> {
  const scale = quick ? 0.1 : 1;
  const sizes = Object.fromEntries(
    Object.entries(OPEN_TARGETS_SIZE).map(([k, v]) => [k, Math.round(v * scale)]),
  ) as unknown as typeof OPEN_TARGETS_SIZE;
  let t = performance.now();
  await openTargets(`${dir}/ot`, sizes);
  await orangeBook(`${dir}/ob`);
  await partD(`${dir}/partd.csv`);
  console.log(
    `generated: Open Targets release (${sizes.associations.toLocaleString("en-US")} direct associations, ` +
      `${sizes.molecules.toLocaleString("en-US")} molecules, ${
        sizes.targets.toLocaleString("en-US")
      } targets, ` +
      `${sizes.diseases.toLocaleString("en-US")} diseases, ${
        sizes.knownDrugs.toLocaleString("en-US")
      } known drugs; ` +
      `Parquet) in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  );
  t = performance.now();
  const r = await run(
    `${dir}/ot.db`,
    "--orange-book",
    `${dir}/ob`,
    "--part-d",
    `${dir}/partd.csv`,
    "--open-targets",
    `${dir}/ot`,
  );
  const ot = r.sources.open_targets.rows, ms = r.timings.open_targets;
  console.log(`import, one process, fresh store (${mb(`${dir}/ot.db`)}):`);
  console.log(
    `  Open Targets ${ot.toLocaleString("en-US")} records in ${(ms / 1000).toFixed(1)} s  ${rate(ot, ms)}`,
  );
  console.log(
    `  link ${(r.timings.link / 1000).toFixed(1)} s, finish ${
      (r.timings.finish / 1000).toFixed(1)
    } s; total ${(r.totalMs / 1000).toFixed(1)} s (${(r.cpuMs / 1000).toFixed(1)} s of CPU)`,
  );
  console.log(`  peak RSS ${r.peakMb} MB`);
  const again = await run(`${dir}/ot.db`, "--open-targets", `${dir}/ot`);
  console.log(
    `  re-import of the same release (replaces it): ${(again.timings.open_targets / 1000).toFixed(1)} s, ` +
      `peak RSS ${again.peakMb} MB`,
  );
}

if (Deno.args.includes("--open-targets")) {
  try {
    await openTargetsBench();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  Deno.exit(0);
}

/** Rows of the published current-CPC table (g_cpc_current, 2026 snapshot), its patents, inventors and citations. */
const CPC_PUBLISHED = 59_805_669, PATENTS_PUBLISHED = 9_454_161;
const INVENTORS_PUBLISHED = 24_037_380, CITATIONS_PUBLISHED = 152_631_929;

/**
 * PatentsView (`--patentsview`: only this part): the tables as published (each a `.tsv.zip`: `g_patent`,
 * `g_application`, `g_assignee_disambiguated`, `g_cpc_current` at 6.33 codes per patent) with `--cpc N`
 * current-CPC rows (default 3,000,000; `--quick` 500,000), imported with and without `g_cpc_current`: the
 * difference is the CPC table's cost (load, prev-code chain, its indexes and counts), extrapolated linearly
 * to the published 59.8 million rows; then with `g_inventor_disambiguated` and `g_us_patent_citation` too
 * (2.5 inventors and 16 citations per patent, as published).
 */
async function patentsBench(): Promise<void> {
  const cpcAt = Deno.args.indexOf("--cpc");
  const target = cpcAt >= 0 ? Number(Deno.args[cpcAt + 1]) : quick ? 500_000 : 3_000_000;
  const patents = Math.round(target / CPC_PER_PATENT);
  const t = performance.now();
  const cpcRows = await patentsView(`${dir}/pv`, patents);
  await Deno.mkdir(`${dir}/pv_base`);
  for (const n of ["g_patent", "g_application", "g_assignee_disambiguated"]) {
    await Deno.copyFile(`${dir}/pv/${n}.tsv.zip`, `${dir}/pv_base/${n}.tsv.zip`);
  }
  console.log(
    `generated: PatentsView ${patents.toLocaleString("en-US")} patents, ${
      cpcRows.toLocaleString("en-US")
    } current-CPC rows (g_cpc_current.tsv.zip ${mb(`${dir}/pv/g_cpc_current.tsv.zip`)}) in ${
      ((performance.now() - t) / 1000).toFixed(0)
    } s`,
  );
  const load = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  const loadBefore = load();
  const base = await run(`${dir}/pv_base.db`, "--patentsview", `${dir}/pv_base`);
  const full = await run(`${dir}/pv.db`, "--patentsview", `${dir}/pv`);
  const ms = (r: Run) => r.timings.patentsview + r.timings.link + r.timings.finish;
  const cpcMs = ms(full) - ms(base), cpcCpu = full.cpuMs - base.cpuMs;
  const min = (x: number) => (x / 60_000).toFixed(1);
  console.log(`PatentsView import, one process each, fresh store (${mb(`${dir}/pv.db`)}):`);
  console.log(
    `  patents, applications, assignees: ${base.sources.patentsview.rows.toLocaleString("en-US")} rows in ${
      (ms(base) / 1000).toFixed(1)
    } s (import ${(base.timings.patentsview / 1000).toFixed(1)} s, link ${
      (base.timings.link / 1000).toFixed(1)
    } s, finish ${(base.timings.finish / 1000).toFixed(1)} s; ${
      (base.cpuMs / 1000).toFixed(1)
    } s CPU), peak RSS ${base.peakMb} MB`,
  );
  console.log(
    `  + g_cpc_current ${cpcRows.toLocaleString("en-US")} rows: ${(cpcMs / 1000).toFixed(1)} s more (${
      rate(cpcRows, cpcMs)
    }), ${(cpcCpu / 1000).toFixed(1)} s more CPU (${rate(cpcRows, cpcCpu)} of one core); whole import ${
      (full.totalMs / 1000).toFixed(1)
    } s, ${(full.cpuMs / 1000).toFixed(1)} s CPU, peak RSS ${full.peakMb} MB`,
  );
  console.log(
    `  extrapolated linearly to the published ${
      CPC_PUBLISHED.toLocaleString("en-US")
    } CPC rows: the CPC table ≈${min(cpcMs / cpcRows * CPC_PUBLISHED)} min here, ≈${
      min(cpcCpu / cpcRows * CPC_PUBLISHED)
    } min of CPU (one core); the whole import of ${PATENTS_PUBLISHED.toLocaleString("en-US")} patents ≈${
      min(full.totalMs / patents * PATENTS_PUBLISHED)
    } min here, ≈${
      min(full.cpuMs / patents * PATENTS_PUBLISHED)
    } min of CPU (without inventors and citations)`,
  );
  const links = await patentsViewLinks(`${dir}/pv`, patents);
  const all = await run(`${dir}/pv_all.db`, "--patentsview", `${dir}/pv`);
  const linkRows = links.inventors + links.citations;
  const linkMs = ms(all) - ms(full), linkCpu = all.cpuMs - full.cpuMs;
  console.log(
    `  + g_inventor_disambiguated ${links.inventors.toLocaleString("en-US")} and g_us_patent_citation ${
      links.citations.toLocaleString("en-US")
    } rows: ${(linkMs / 1000).toFixed(1)} s more (${rate(linkRows, linkMs)}), ${
      (linkCpu / 1000).toFixed(1)
    } s more CPU (${rate(linkRows, linkCpu)} of one core); whole import ${
      (all.totalMs / 1000).toFixed(1)
    } s, ${(all.cpuMs / 1000).toFixed(1)} s CPU, peak RSS ${all.peakMb} MB (${mb(`${dir}/pv_all.db`)})`,
  );
  const published = INVENTORS_PUBLISHED + CITATIONS_PUBLISHED;
  console.log(
    `  extrapolated linearly to the published ${
      (published / 1e6).toFixed(1)
    } million inventor and citation rows: ≈${min(linkMs / linkRows * published)} min here, ≈${
      min(linkCpu / linkRows * published)
    } min of CPU; every table of the whole import ≈${
      min(
        all.cpuMs / patents * PATENTS_PUBLISHED +
          (linkCpu / linkRows) * (published - linkRows / patents * PATENTS_PUBLISHED),
      )
    } min of CPU`,
  );
  console.log(`  load average before ${loadBefore}, after ${load()} (other processes share the cores)`);
  console.log(`  machine: ${navigator.hardwareConcurrency} cores (shared), ${Deno.build.os}`);
}

if (Deno.args.includes("--patentsview")) {
  try {
    await patentsBench();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  Deno.exit(0);
}

/**
 * Grants and researchers (`--grants-researchers`: only this part; `--quick`: a tenth of it): an NIH ExPORTER
 * fiscal year (83,575 applications, 46 columns, with its abstract file), CORDIS Horizon 2020 (35,389
 * projects, 176,000 participations) and an OpenAlex works partition of 200,000 works (about 9 KB each) with
 * 100,000 authors and the topics, imported as a subset (the works of 1,000 listed authors: every 10th work)
 * — each source in its own process on a fresh store; rows per second, peak resident memory.
 */
async function grantsResearchersBench(): Promise<void> {
  const scale = quick ? 0.1 : 1;
  const nihRows = Math.round(NIH_ROWS * scale);
  const sizes = {
    projects: Math.round(CORDIS_SIZE.projects * scale),
    organizations: Math.round(CORDIS_SIZE.organizations * scale),
  };
  const works = Math.round(200_000 * scale), authors = Math.round(100_000 * scale);
  const t = performance.now();
  await nihExporter(`${dir}/nih`, nihRows);
  await cordis(`${dir}/cordis`, sizes);
  await openAlex(`${dir}/oa`, works, authors);
  console.log(
    `generated: ExPORTER ${nihRows.toLocaleString("en-US")} applications (${
      mb(`${dir}/nih/RePORTER_PRJ_C_FY2022.csv`)
    } + abstracts ${mb(`${dir}/nih/RePORTER_PRJ_ABS_C_FY2022.csv`)}), CORDIS ${
      sizes.projects.toLocaleString("en-US")
    } projects / ${sizes.organizations.toLocaleString("en-US")} participations (${
      mb(`${dir}/cordis/project.csv`)
    } + ${mb(`${dir}/cordis/organization.csv`)}), OpenAlex ${works.toLocaleString("en-US")} works (${
      mb(`${dir}/oa/works/updated_date=2025-06-11/part_000.gz`)
    } gzipped) and ${authors.toLocaleString("en-US")} authors in ${
      ((performance.now() - t) / 1000).toFixed(0)
    } s`,
  );
  const nih = await run(`${dir}/nih.db`, "--nih-exporter", `${dir}/nih`);
  console.log(
    `  NIH ExPORTER ${nih.sources.nih_exporter.rows.toLocaleString("en-US")} grants in ${
      (nih.timings.nih_exporter / 1000).toFixed(1)
    } s  ${rate(nih.sources.nih_exporter.rows, nih.timings.nih_exporter)}; finish ${
      (nih.timings.finish / 1000).toFixed(1)
    } s; peak RSS ${nih.peakMb} MB; store ${mb(`${dir}/nih.db`)}`,
  );
  const eu = await run(`${dir}/cordis.db`, "--cordis", `${dir}/cordis`);
  console.log(
    `  CORDIS ${eu.sources.cordis.rows.toLocaleString("en-US")} projects in ${
      (eu.timings.cordis / 1000).toFixed(1)
    } s  ${rate(eu.sources.cordis.rows, eu.timings.cordis)} (${
      rate(sizes.projects + sizes.organizations, eu.timings.cordis)
    } over both files); peak RSS ${eu.peakMb} MB`,
  );
  const oa = await run(`${dir}/oa.db`, "--openalex", `${dir}/oa.subset.json`);
  console.log(
    `  OpenAlex subset: ${works.toLocaleString("en-US")} works + ${
      authors.toLocaleString("en-US")
    } authors scanned in ${(oa.timings.openalex / 1000).toFixed(1)} s  ${
      rate(works + authors, oa.timings.openalex)
    }, ${oa.sources.openalex.rows.toLocaleString("en-US")} works and profiles kept; peak RSS ${oa.peakMb} MB`,
  );
  const all = await run(`${dir}/oa_all.db`, "--openalex", `${dir}/oa`);
  console.log(
    `  OpenAlex whole folder: ${all.sources.openalex.rows.toLocaleString("en-US")} works and profiles in ${
      (all.timings.openalex / 1000).toFixed(1)
    } s  ${rate(all.sources.openalex.rows, all.timings.openalex)}; peak RSS ${all.peakMb} MB; store ${
      mb(`${dir}/oa_all.db`)
    }`,
  );
  console.log(`  machine: ${navigator.hardwareConcurrency} cores (shared), ${Deno.build.os}`);
}

if (Deno.args.includes("--grants-researchers")) {
  try {
    await grantsResearchersBench();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  Deno.exit(0);
}

try {
  let t = performance.now();
  await orangeBook(`${dir}/ob`);
  await partD(`${dir}/partd.csv`);
  await ctgovNdjson(`${dir}/studies.ndjson`, studies);
  await ctgovZip(`${dir}/studies.zip`, zipped);
  console.log(
    `generated: Orange Book (47,000 products), Part D (14,000 rows), ${
      studies.toLocaleString("en-US")
    } studies ` +
      `NDJSON (${mb(`${dir}/studies.ndjson`)}), ${zipped.toLocaleString("en-US")} studies zip ` +
      `(${mb(`${dir}/studies.zip`)}) in ${((performance.now() - t) / 1000).toFixed(0)} s`,
  );
  t = performance.now();
  const all = await run(
    `${dir}/all.db`,
    "--orange-book",
    `${dir}/ob`,
    "--part-d",
    `${dir}/partd.csv`,
    "--ctgov",
    `${dir}/studies.ndjson`,
  );
  const s = all.sources, tm = all.timings;
  console.log(`import, one process, fresh store (${mb(`${dir}/all.db`)}):`);
  console.log(
    `  Orange Book  ${s.orange_book.rows.toLocaleString("en-US")} rows in ${tm.orange_book} ms  ${
      rate(s.orange_book.rows, tm.orange_book)
    }`,
  );
  console.log(`  Part D       ${s.part_d.rows.toLocaleString("en-US")} drugs in ${tm.part_d} ms`);
  console.log(
    `  ctgov NDJSON ${s.ctgov.rows.toLocaleString("en-US")} studies in ${(tm.ctgov / 1000).toFixed(1)} s  ${
      rate(s.ctgov.rows, tm.ctgov)
    }`,
  );
  console.log(
    `  finish (indexes, full-text, counters) ${(tm.finish / 1000).toFixed(1)} s; total ${
      (all.totalMs / 1000).toFixed(1)
    } s`,
  );
  console.log(`  peak RSS ${all.peakMb} MB`);
  if (studies < REGISTRY) {
    const per = (ms: number) => (ms / studies) * REGISTRY / 60_000;
    console.log(
      `  extrapolated to ${REGISTRY.toLocaleString("en-US")} studies: ≈${
        per(all.totalMs).toFixed(0)
      } min wall here, ` +
        `≈${per(all.cpuMs).toFixed(0)} min of CPU (one core)`,
    );
  }
  const again = await run(`${dir}/all.db`, "--ctgov", `${dir}/studies.ndjson`);
  console.log(
    `  re-import of the same studies (update in place): ${(again.timings.ctgov / 1000).toFixed(1)} s ` +
      `${rate(again.sources.ctgov.rows, again.timings.ctgov)}, finish ${
        (again.timings.finish / 1000).toFixed(1)
      } s, ` +
      `peak RSS ${again.peakMb} MB`,
  );
  const zip = await run(`${dir}/zip.db`, "--ctgov", `${dir}/studies.zip`);
  console.log(
    `  ctgov zip    ${zip.sources.ctgov.rows.toLocaleString("en-US")} studies in ${
      (zip.timings.ctgov / 1000).toFixed(1)
    } s  ` +
      `${rate(zip.sources.ctgov.rows, zip.timings.ctgov)}, ${
        (zip.cpuMs / 1000).toFixed(1)
      } s CPU in all, peak RSS ${zip.peakMb} MB`,
  );
  console.log(`  machine: ${navigator.hardwareConcurrency} cores (shared), ${Deno.build.os}`);
} finally {
  await Deno.remove(dir, { recursive: true });
}
