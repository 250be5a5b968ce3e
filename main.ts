/**
 * The demo and the report command.
 *
 * - `deno task demo` (no flags): the headline inputs on the embedded sandbox (synthetic data, scale
 *   "small") — or the real service when RI_BASE_URL and RI_API_KEY are set — written as `out/report.html`
 *   plus one PNG per chart.
 * - `deno task report -- --sponsors "Pfizer,Merck & Co" --condition "lung cancer" …` (or the installed
 *   `ri` command): your inputs, resolved before any analysis runs (a typo exits 2 in seconds with the
 *   closest names), written as HTML, PNGs, one CSV per table and an `.xlsx` workbook. `--help` lists the
 *   flags (lib/report/inputs.ts).
 *
 * Environment: RI_BASE_URL + RI_API_KEY (real service), RI_OUT_DIR (the demo's output folder, default
 * `out`), RI_SCALE (sandbox scale, default `small`), RI_AUTHOR_ID (researcher on the real service),
 * RI_STORE (or `--store <file>`: the sandbox serves a store built by `deno task import` from public data).
 * Exit codes: 0 done, 1 an analysis failed, 2 bad input.
 *
 * @module
 */
import { type Client, createClient, serviceConfigOrExit } from "./lib/client/mod.ts";
import { mostProlificAuthor, startSandbox, storePicks } from "./lib/sandbox/mod.ts";
import { flagOf, SOURCE_IDS, type SourceId } from "./lib/sandbox/import/sources.ts";
import type { Progress } from "./lib/client/result.ts";
import { ensureWritable, NotWritableError, writeReport } from "./lib/report/mod.ts";
import {
  HEADLINE_INPUTS,
  parseReportArgs,
  REPORT_HELP,
  REPORT_SECTIONS,
  type SectionId,
  UsageError,
} from "./lib/report/inputs.ts";
import { displayText, plural } from "./lib/frames/semantics.ts";
import { displayName } from "./lib/frames/value_labels.ts";
import { resolveInputs } from "./lib/report/resolve_inputs.ts";
import { dataSourceText } from "./lib/report/source.ts";
import { planSections, runSections } from "./lib/report/run.ts";

const env = (name: string): string | undefined => Deno.env.get(name) || undefined;
const started = performance.now();
/** The output folder when this run created it: removed again (when still empty) if the run exits 2. */
let createdOut: string | undefined;
const fail = (message: string): never => {
  console.error(message);
  if (createdOut) {
    try {
      Deno.removeSync(createdOut); // only an empty folder
    } catch { /* not empty, or gone */ }
  }
  Deno.exit(2);
};
let command;
try {
  command = parseReportArgs(Deno.args);
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  fail(e.message);
}
if (command === "help" || command === undefined) {
  console.log(REPORT_HELP);
  Deno.exit(0);
}
// No question asked (no flag, or only `--store`): the demo's headline questions.
const { demo, store: storeFile, ...asked } = command;
const parsed = demo ? { ...HEADLINE_INPUTS, out: env("RI_OUT_DIR") ?? "out" } : asked;
// `deno task` runs in the folder of deno.json; a relative --out means the folder the user was in.
const userCwd = env("INIT_CWD");
let inputs = !demo && userCwd && !parsed.out.startsWith("/")
  ? { ...parsed, out: `${userCwd.replace(/\/$/, "")}/${parsed.out}` }
  : parsed;
// The one configuration reader: swapped or malformed settings exit 2 here, never quoting the key.
const service = serviceConfigOrExit("report");
const real = service !== undefined;

const canPickAuthor = !real || env("RI_AUTHOR_ID") !== undefined;
// The demo asks for the nine analyses it has always run (loss of exclusivity and the pipeline outlook are
// the report command's own), the researcher only where one can be picked.
if (demo) {
  const ids = (Object.keys(REPORT_SECTIONS) as SectionId[]).filter((id) =>
    id !== "exclusivity" && id !== "outlook"
  );
  inputs = { ...inputs, sections: ids.filter((id) => REPORT_SECTIONS[id].ready(inputs, canPickAuthor)) };
}
let plan;
try {
  plan = planSections(inputs, canPickAuthor);
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  fail(e.message);
}
if (!plan?.run.length) {
  fail("No section has its inputs: give --sponsors, --condition, --diseases or --indication");
}

// Before any analysis runs: a folder outside --allow-write fails here, naming the flag to add.
const outSource = demo ? (env("RI_OUT_DIR") ? "RI_OUT_DIR" : "the default out/") : "--out";
const outExisted = await Deno.stat(inputs.out).then(() => true, () => false);
await ensureWritable(inputs.out, { source: outSource }).catch((e) => {
  if (!(e instanceof NotWritableError)) throw e;
  fail(e.message);
});
if (!outExisted) createdOut = inputs.out;

if (real) {
  const host = service!.host;
  const { state } = await Deno.permissions.query({ name: "net", host });
  if (state !== "granted") {
    fail(
      `This run does not allow network access to ${host}. To run it there:\n` +
        `  deno run --allow-net=${host} --allow-read --allow-write=${inputs.out},.cache --allow-ffi --allow-sys ` +
        `--allow-env main.ts${demo ? "" : " [flags]"}`,
    );
  }
}

let bar: ((p: Progress) => void) | undefined;
const onProgress = (p: Progress): void => bar?.(p);

console.error(
  real
    ? "Using the real service (RI_BASE_URL)"
    : `Starting the embedded sandbox (${storeFile ?? env("RI_STORE") ?? "synthetic data"})…`,
);
const sandbox = real ? undefined : await startSandbox({
  port: 0,
  seed: 42,
  scale: (env("RI_SCALE") ?? "small") as "small",
  quiet: true,
  ...(storeFile ? { store: storeFile } : {}),
}).catch((e) =>
  e instanceof RangeError
    ? fail(storeFile || env("RI_STORE") ? e.message : `RI_SCALE: ${e.message}`)
    : Promise.reject(e)
);
const client: Client = sandbox
  ? createClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.pro, onProgress })
  : createClient({ onProgress });
const synthetic = sandbox?.dataSource.kind === "synthetic";
// The data source in words (never a loopback address and port): what the data are, or the service's host.
const source = dataSourceText(
  !sandbox
    ? { kind: "service", url: service!.origin }
    : sandbox.dataSource.kind === "synthetic"
    ? { kind: "synthetic" }
    : { kind: "imported", sources: sandbox.dataSource.sources },
);
// On imported public data, a section whose source the store does not hold is skipped, naming the flag
// of `deno task import` that would fill it (not failed).
const SOURCED_BY: Partial<Record<SectionId, { what: string; source: SourceId }>> = {
  patents: { what: "patents", source: "patentsview" as SourceId },
  targets: { what: "targets (biology)", source: "open_targets" as SourceId },
  researcher: { what: "researchers and works", source: "openalex" as SourceId },
};
const unsourced = (id: SectionId) =>
  sandbox !== undefined && !synthetic && SOURCED_BY[id] !== undefined &&
  !(SOURCED_BY[id]!.source in sandbox.dataSource.sources);
/** What a store of public data lacks, by the endpoints' namespace → the import that adds it (absent, not zero). */
const missing = new Map<string, string>();
if (sandbox && !synthetic) {
  const by: [string, SourceId][] = [
    ["medicare", "part_d" as SourceId],
    ["patents", "patentsview" as SourceId],
    ["trials", "ctgov" as SourceId],
    ["regulatory", "orange_book" as SourceId],
  ];
  for (const [ns, src] of by.filter(([, src]) => !(src in sandbox.dataSource.sources))) {
    missing.set(ns, `deno task import -- ${flagOf(src)} <file>`);
  }
}
/** Sections the store has no source for: on the page too, each a sentence naming the import flag. */
const unanswered: { id: SectionId; title: string; summary: string }[] = [];
if (sandbox && !synthetic && plan) {
  for (const id of plan.run.filter(unsourced)) {
    const by = SOURCED_BY[id]!;
    const flag = `deno task import -- ${
      SOURCE_IDS.includes(by.source) ? flagOf(by.source) : by.source
    } <files>`;
    console.error(`  skipped ${id}: this store holds no ${by.what}; import them with ${flag}`);
    unanswered.push({
      id,
      title: REPORT_SECTIONS[id].title,
      summary: `Not in this data: this store holds no ${by.what}; ${flag} adds them.`,
    });
  }
  plan = { ...plan, run: plan.run.filter((id) => !unsourced(id)) };
}
if (sandbox) {
  console.error(`Sandbox ready in ${((performance.now() - started) / 1000).toFixed(1)} s at ${sandbox.url}`);
}

/** One researcher of the sandbox with many works, or RI_AUTHOR_ID on the real service. */
function pickAuthor(): string {
  const given = env("RI_AUTHOR_ID");
  if (given) return given;
  return mostProlificAuthor(sandbox!.store.db) ?? "";
}

let result;
let sponsors: readonly import("./lib/report/resolve_inputs.ts").SponsorResolution[] = [];
try {
  try {
    // The demo's own questions may not all be in the data (a store of public data, another service): it
    // leaves those out and says so; a user's own names that do not resolve stop the run (exit 2).
    // On a store of public data the demo asks what the store can answer: its largest sponsors and most
    // studied conditions, said before the run.
    if (demo && sandbox && (storeFile || env("RI_STORE"))) {
      const picks = storePicks(sandbox.store.db);
      inputs = {
        ...inputs,
        ...(picks.sponsors.length ? { sponsors: picks.sponsors, scanSponsor: picks.sponsors[0] } : {}),
        // Only what the store answers: no condition with enough trials leaves the comparisons out.
        condition: picks.condition,
        diseases: picks.diseases,
        indication: picks.indication?.id,
        indicationName: picks.indication?.name,
      };
      console.error(`The demo's questions, chosen from this store:\n  ${picks.notes.join("\n  ")}`);
      const thin = plan!.run.filter((id) => !REPORT_SECTIONS[id].ready(inputs, canPickAuthor));
      for (const id of thin) {
        unanswered.push({
          id,
          title: REPORT_SECTIONS[id].title,
          summary: `Not asked: this store's data do not answer it (${
            picks.notes.find((n) => n.startsWith(id === "medicare" ? "indication:" : "conditions:")) ??
              `it needs ${REPORT_SECTIONS[id].needs}`
          }).`,
        });
      }
      plan = { ...plan!, run: plan!.run.filter((id) => !thin.includes(id)) };
    }
    const resolved = await resolveInputs(client, inputs, plan!.run, { dropUnresolved: demo });
    inputs = resolved.inputs;
    sponsors = resolved.sponsors;
    if (!demo) { for (const n of resolved.notes) console.error(`  ${n}`); }
    if (resolved.dropped.length) {
      const run = plan!.run.filter((id) => REPORT_SECTIONS[id].ready(inputs, canPickAuthor));
      console.error(
        `Not in this data, left out of the demo:\n  ${resolved.dropped.join("\n  ")}` +
          (run.length < plan!.run.length
            ? `\n  sections without inputs left: ${plan!.run.filter((id) => !run.includes(id)).join(", ")}`
            : ""),
      );
      if (!run.length) {
        fail("None of the demo's questions is in this data: ask your own (deno task report -- --help)");
      }
      plan = { ...plan!, run };
    }
  } catch (e) {
    await sandbox?.close();
    if (e instanceof UsageError) fail(e.message);
    console.error(`Could not check the inputs, so nothing was run: ${(e as Error).message}`);
    Deno.exit(1);
  }
  if (!demo) {
    for (const s of plan!.skipped) console.error(`  skipped ${s.id}: needs ${s.needs}`);
  }
  result = await runSections(client, plan!.run, {
    inputs,
    sponsors,
    missing,
    pickAuthor,
    // The sandbox's data runs to its reference day, not the clock's (the real service's to today).
    asOf: sandbox ? new Date(`${sandbox.store.today}T00:00:00Z`) : undefined,
    setProgress: (f) => (bar = f),
  });
} finally {
  await sandbox?.close();
}
const { failures } = result;
// Each section in report order, those without a source as their sentence (the Sponsors table first).
const order = Object.keys(REPORT_SECTIONS) as SectionId[];
const sections = [...result.sections];
for (const skipped of unanswered) {
  const at = sections.findIndex((s) =>
    order.indexOf((order.find((id) => REPORT_SECTIONS[id].title === s.title) ?? "") as SectionId) >
      order.indexOf(skipped.id)
  );
  sections.splice(at < 0 ? sections.length : at, 0, { title: skipped.title, summary: skipped.summary });
}

const written = await writeReport(
  {
    title: "Life-science research landscape",
    subtitle: [
      inputs.sponsors.length
        // As the reader gave them (the Sponsors table says what each resolved to).
        ? `Sponsors ${
          inputs.sponsors.map((x) => displayName(displayText(sponsors.find((r) => r.name === x)?.input ?? x)))
            .join(", ")
        }`
        : "",
      inputs.drugs?.length ? `drugs ${inputs.drugs.join(", ")}` : "",
      inputs.condition ? `condition ${inputs.condition}` : "",
      inputs.diseases.length && !demo ? `diseases ${inputs.diseases.join(", ")}` : "",
    ].filter(Boolean).map((part, i) => (i === 0 ? part.charAt(0).toUpperCase() + part.slice(1) : part))
      .join("; ").replace(/.$/, (c) => `${c}.`),
    synthetic,
    source,
    generatedAt: new Date(),
    sections,
  },
  inputs.out,
  {
    formats: inputs.formats,
    // The deck's title slide: the question as asked (resolved), and the day the data run to.
    deck: {
      question: [
        ["Sponsors", inputs.sponsors.join(", ")],
        ["Tickers", inputs.tickers.join(", ")],
        ["Condition", inputs.condition ?? ""],
        ["Diseases", inputs.diseases.join(", ")],
        ["Indication", inputs.indicationName ?? inputs.indication ?? ""],
        ["Drugs", (inputs.drugs ?? []).join(", ")],
      ].filter(([, v]) => v).map(([label, value]) => ({ label, value })),
      asOf: sandbox ? new Date(`${sandbox.store.today}T00:00:00Z`) : undefined,
    },
  },
);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const files = (paths: readonly string[]) => paths.map((p) => p.split("/").pop()).join(", ");
if (written.html) console.log(`\nReport: ${written.html}`);
if (written.pngs.length) {
  console.log(`Charts: ${written.pngs.length} PNG files in ${inputs.out}/ (${files(written.pngs)})`);
}
if (written.csvs.length) {
  console.log(`Tables: ${written.csvs.length} CSV files in ${inputs.out}/ (${files(written.csvs)})`);
}
if (written.xlsx) console.log(`Workbook: ${written.xlsx} (a sheet per table)`);
if (written.pptx) console.log(`Deck: ${written.pptx} (slides with editable charts and tables)`);
console.log(
  `\nSummary${synthetic ? " (synthetic sandbox data)" : sandbox ? " (imported public data)" : ""}:`,
);
for (const s of sections) console.log(`- ${s.title}: ${s.error ? `FAILED: ${s.error}` : s.summary ?? ""}`);
// Each warning in words, under its section (the same text the page shows), then the count.
const warnings = sections.flatMap((s) =>
  [...new Set((s.warnings ?? []).map((w) => (typeof w === "string" ? w : w.message)))].map((w) => ({ s, w }))
);
if (warnings.length) console.log(`\n${warnings.length === 1 ? "Warning" : "Warnings"}:`);
for (const { s, w } of warnings) console.log(`- ${s.title}: ${w}`);
// Analyses run (not the Sponsors table, not the sentences of sources the store lacks).
const ran = plan!.run.length;
console.log(
  `\n${ran - failures.length}/${plural(ran, "analysis", "analyses")}, ` +
    `${plural(warnings.length, "warning")}, ${seconds} s.`,
);
if (failures.length) Deno.exitCode = 1;
