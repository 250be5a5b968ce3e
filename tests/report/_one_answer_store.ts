/**
 * Test helper: the one-answer store of issue 39 — every public sample of ../shared/public-samples (the real
 * ClinicalTrials.gov, ROR, GLEIF, SEC, ExPORTER and OpenAlex extracts) imported with the Orange Book edition
 * of real applicant-name shapes in tests/report/fixtures/orange_book_families (units named as a parent's, a
 * name beginning with another applicant's, Merck & Co beside MERCK KGAA), no Part D. Shared by the report's
 * and the MCP server's tests so both read the same store.
 *
 * @module
 */
import { importPublicData } from "../../lib/sandbox/import/mod.ts";

const root = new URL("../../", import.meta.url);
const SAMPLES = new URL("../shared/public-samples/", root).pathname;
const OB = new URL("fixtures/orange_book_families", import.meta.url).pathname;
const OPENALEX = new URL("../fixtures/public/openalex_subset.json", import.meta.url).pathname;

/** The store in a new temporary folder (ROR's JSON lines as its dump); the caller removes `dir`. */
export async function oneAnswerStore(): Promise<{ dir: string; store: string }> {
  const dir = await Deno.makeTempDir({ prefix: "ri-one-answer-" });
  const ror = `${dir}/v2.9-ror-data_schema_v2.json`;
  const lines = (await Deno.readTextFile(`${SAMPLES}ror_v2/ror-records_v2.9_all.jsonl`)).split("\n").filter(
    Boolean,
  );
  await Deno.writeTextFile(ror, `[${lines.join(",")}]`);
  const store = `${dir}/ri.db`;
  await importPublicData({
    store,
    orangeBook: OB,
    ctgov: `${SAMPLES}clinicaltrials_gov_v2`,
    ror,
    gleif: `${SAMPLES}gleif_api_v1`,
    secTickers: `${SAMPLES}sec_company_tickers/company_tickers.json`,
    nihExporter: `${SAMPLES}nih_reporter_exporter/RePORTER_PRJ_C_FY2022.first49rows.csv`,
    openalex: OPENALEX,
    today: "2026-11-21",
  });
  return { dir, store };
}
