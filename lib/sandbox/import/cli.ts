/**
 * `deno task import -- --store <file> [--orange-book <dir|zip>] [--part-d <csv>] [--ctgov <dir|zip|ndjson>]
 * [--today YYYY-MM-DD]`: build (or update) a sandbox store from public files you downloaded; then
 * `deno task sandbox --store <file>` serves it.
 *
 * @module
 */
import { parseFlags, usageProblems } from "../../cli/flags.ts";
import { importPublicData } from "./mod.ts";

const USAGE = `Usage: deno task import -- --store <file> [--orange-book <dir|zip>] [--part-d <csv>]
                          [--ctgov <dir|zip|ndjson>] [--today YYYY-MM-DD]
Builds or updates a store from public files (nothing is downloaded):
  --orange-book  FDA Orange Book data files (products.txt, patent.txt, exclusivity.txt), a folder or the zip
  --part-d       CMS Medicare Part D Spending by Drug, the CSV
  --ctgov        ClinicalTrials.gov API v2 studies: a folder or zip of study JSON files, or NDJSON
  --today        the data's reference day (catalyst windows count from it); default: today
Then: deno task sandbox --store <file>   (or RI_STORE=<file> for the demo, report, watch and MCP server)`;

const { help, values, problems } = parseFlags(Deno.args, {
  store: { type: "string" },
  "orange-book": { type: "string" },
  "part-d": { type: "string" },
  ctgov: { type: "string" },
  today: { type: "string" },
});
if (help) {
  console.log(USAGE);
  Deno.exit(0);
}
values.store ??= Deno.env.get("RI_STORE") || undefined;
if (!values.store) problems.push("--store <file> is required (the store to create or update; or RI_STORE)");
if (!values["orange-book"] && !values["part-d"] && !values.ctgov) {
  problems.push("give at least one source: --orange-book, --part-d or --ctgov");
}
for (const flag of ["orange-book", "part-d", "ctgov"] as const) {
  const p = values[flag];
  if (p !== undefined && !(await Deno.stat(p).then(() => true, () => false))) {
    problems.push(`--${flag}: no file or folder at ${JSON.stringify(p.slice(0, 200))}`);
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
    ...(values["orange-book"] ? { orangeBook: values["orange-book"] } : {}),
    ...(values["part-d"] ? { partD: values["part-d"] } : {}),
    ...(values.ctgov ? { ctgov: values.ctgov } : {}),
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
    console.error(`import: ${e.message}`);
    Deno.exit(2);
  }
  throw e;
}
