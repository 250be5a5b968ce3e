/**
 * `deno task import -- --store <file> [--<source> <path> …] [--today YYYY-MM-DD]`: build (or update) a
 * sandbox store from public files you downloaded (the sources and their flags: lib/sandbox/import/sources.ts);
 * then `deno task sandbox --store <file>` serves it.
 *
 * @module
 */
import { parseFlags, usageProblems } from "../../cli/flags.ts";
import { flagOf, importPublicData, SOURCE_IDS, SOURCES } from "./mod.ts";

const width = Math.max(...SOURCE_IDS.map((id) => flagOf(id).length));
const USAGE = `Usage: deno task import -- --store <file> [--<source> <path> …] [--today YYYY-MM-DD]
Builds or updates a store from public files (nothing is downloaded); give one or more sources:
${
  SOURCE_IDS.map((id) => `  ${flagOf(id).padEnd(width)}  ${SOURCES[id].name}: ${SOURCES[id].accepts}`).join(
    "\n",
  )
}
  ${"--today".padEnd(width)}  the data's reference day (catalyst windows count from it); default: today
Trial conditions become diseases: an Open Targets disease (by the study's MeSH term or by name), the MeSH term,
another study's MeSH term by name, else (the last resort, counted in the import's summary) a disease made from
the condition's text, CTGOV:…: found by that text, but with no subtypes, therapeutic area, targets, approved
drugs or Medicare indications, and apart from other spellings no rule joins (docs/PUBLIC_DATA.md).
Then: deno task sandbox --store <file>   (or RI_STORE=<file> for the demo, report, watch and MCP server)`;

const parsed = parseFlags(Deno.args, {
  store: { type: "string" },
  today: { type: "string" },
  ...Object.fromEntries(SOURCE_IDS.map((id) => [flagOf(id).slice(2), { type: "string" as const }])),
});
const { help, problems } = parsed;
const values = parsed.values as Record<string, string | undefined>;
if (help) {
  console.log(USAGE);
  Deno.exit(0);
}
const given = SOURCE_IDS.filter((id) => values[flagOf(id).slice(2)] !== undefined);
values.store ??= Deno.env.get("RI_STORE") || undefined;
if (!values.store) problems.push("--store <file> is required (the store to create or update; or RI_STORE)");
if (given.length === 0) problems.push(`give at least one source: ${SOURCE_IDS.map(flagOf).join(", ")}`);
for (const id of given) {
  const p = values[flagOf(id).slice(2)]!;
  if (!(await Deno.stat(p).then(() => true, () => false))) {
    problems.push(`${flagOf(id)}: no file or folder at ${JSON.stringify(p.slice(0, 200))}`);
  }
}
if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) {
  problems.push(`--today must be YYYY-MM-DD, got ${JSON.stringify(values.today.slice(0, 40))}`);
}
if (problems.length) {
  console.error(usageProblems("import", problems));
  Deno.exit(2);
}
const t0 = performance.now();
try {
  const r = await importPublicData({
    store: values.store!,
    ...Object.fromEntries(given.map((id) => [SOURCES[id].option, values[flagOf(id).slice(2)]])),
    ...(values.today ? { today: values.today } : {}),
    log: (l) => console.log(l),
  });
  console.log(
    `Store ${values.store} holds ${Object.keys(r.sources).join(", ")}; finished in ` +
      `${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s. Serve it: deno task sandbox --store ${values.store}`,
  );
} catch (e) {
  if (e instanceof RangeError || e instanceof SyntaxError) {
    console.error(`import: ${e.message}\nNothing was written: the store is as it was before this import.`);
    Deno.exit(2);
  }
  throw e;
}
