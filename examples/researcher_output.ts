// deno run --allow-net=127.0.0.1 --allow-read --allow-ffi --allow-sys --allow-env=RI_BASE_URL,RI_API_KEY examples/researcher_output.ts [authorId]
//
// A researcher's output: works per year, citations, work types and open-access share, with the
// author's name and ORCID printed first so you can check the id is the person you mean.
// Uses the embedded sandbox unless RI_BASE_URL and RI_API_KEY are set (then add that host to
// --allow-net and pass an author id).
import { createClient, readServiceConfig } from "@research-intel/toolkit/client";
import { startSandbox } from "@research-intel/toolkit/sandbox";
import { researcherOutput } from "@research-intel/toolkit/analyses";
import { printInputs, printTable } from "@research-intel/toolkit/frames";

// The one configuration reader: swapped or malformed RI_BASE_URL/RI_API_KEY fail naming them, never echoing them.
const real = readServiceConfig();
await using sb = real ? undefined : await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys.free }) : createClient();

const authorId = Deno.args[0] ??
  (sb?.store.db.prepare(
    "SELECT author_id FROM work_authors GROUP BY author_id ORDER BY COUNT(*) DESC, author_id LIMIT 1",
  ).get() as { author_id: string } | undefined)?.author_id;
if (!authorId) throw new Error("Pass an author id, e.g. A1234567");

const source = sb ? "embedded sandbox, synthetic" : real!.origin;
printInputs("Researcher output", { authorId }, source);
const out = await researcherOutput(ri, { authorId });
const who = out.author;
console.log(
  `Author: ${who?.name ?? "unknown"} (${who?.author_key ?? authorId}), ORCID ${who?.orcid ?? "none"}`,
);
for (const w of out.warnings) console.log(`⚠ ${w.message}`);
printTable(out.summary, { title: "Summary" });
printTable(out.byYear, { title: "Works and citations by year", rows: 30 });
printTable(out.byType, { title: "Works by type" });
