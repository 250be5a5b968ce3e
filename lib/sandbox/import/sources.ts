/**
 * The public sources an import reads: one entry per source, the one place that names it. The import
 * function (`importPublicData`), the CLI's flags and usage, the sandbox's `x-data-missing` advice and the
 * docs' source list are all derived from this table; a new source is one importer module, one entry here
 * and one in `RUNNERS` (runners.ts). This module imports no importer, so the sandbox server can read it
 * without loading them.
 *
 * Each importer streams the files as published (read by header, never by position), writes the store's
 * own tables (or its import-only staging tables, which the linking step reads) and returns the rows it
 * wrote and the edition the data states (a release, a year, a latest update — never the file's date).
 *
 * @module
 */

/** One public source. */
export interface SourceSpec {
  /** The publisher's name of the data set. */
  readonly name: string;
  /** The option of `importPublicData` (camelCase); the CLI flag is its kebab-case form. */
  readonly option: string;
  /** The name readers see beside the edition ("FDA Orange Book 2026-10"). */
  readonly short: string;
  /** What to give: the file, folder or zip as published. */
  readonly accepts: string;
  /** Where to download it. */
  readonly download: string;
  /** What it fills (endpoints and analyses). */
  readonly fills: string;
}

/** The sources, by id, in the order an import runs them. */
export const SOURCES = {
  orange_book: {
    name: "FDA Orange Book (Approved Drug Products with Therapeutic Equivalence Evaluations)",
    short: "FDA Orange Book",
    option: "orangeBook",
    accepts: "the data files products.txt, patent.txt, exclusivity.txt: a folder or FDA's zip",
    download: "https://www.fda.gov/drugs/drug-approvals-and-databases/orange-book-data-files",
    fills: "approvals search, catalysts, loss of exclusivity, sponsors by applicant name",
  },
  part_d: {
    name: "CMS Medicare Part D Spending by Drug",
    short: "CMS Medicare Part D",
    option: "partD",
    accepts: "the CSV",
    download:
      "https://data.cms.gov/summary-statistics-on-use-and-payments/medicare-medicaid-spending-by-drug",
    fills: "Medicare drugs, loss-of-exclusivity exposure",
  },
  ctgov: {
    name: "ClinicalTrials.gov (API v2 study records)",
    short: "ClinicalTrials.gov",
    option: "ctgov",
    accepts: "API v2 study JSON: a folder or zip of study files, NDJSON, or an API page",
    download: "https://clinicaltrials.gov/data-api/api (or the bulk zip of all studies)",
    fills: "trial registry, composite search, portfolio comparison, sponsors, conditions as diseases",
  },
  nih_exporter: {
    name: "NIH RePORTER ExPORTER (project and abstract files)",
    short: "NIH RePORTER",
    option: "nihExporter",
    accepts:
      "RePORTER_PRJ_C_FY<year>.csv (and RePORTER_PRJ_ABS_C_FY<year>.csv for abstracts): a CSV, its zip, or a folder",
    download: "https://reporter.nih.gov/exporter (Projects and Project Abstracts, CSV)",
    fills: "grant search and sample (NIH, USD), grant organizations and topics",
  },
  cordis: {
    name: "CORDIS EU research projects (Horizon 2020, Horizon Europe)",
    short: "CORDIS",
    option: "cordis",
    accepts: "the projects CSV bundle (project.csv, organization.csv, topics.csv): a folder or the zip",
    download:
      "https://data.europa.eu/data/datasets/cordis-eu-research-projects-under-horizon-europe-2021-2027 (and …-horizon-2020-2014-2020)",
    fills: "grant search and sample (CORDIS, EUR), coordinators and partners, call topics",
  },
  openalex: {
    name: "OpenAlex snapshot (authors, works, topics)",
    short: "OpenAlex",
    option: "openalex",
    accepts:
      "a snapshot folder (authors/, works/, topics/ with updated_date=…/part_*.gz or .jsonl) or a subset file (.json) naming it and the ids to keep",
    download:
      "s3://openalex (aws s3 sync --no-sign-request s3://openalex/data/works …); https://docs.openalex.org/download-all-data",
    fills: "researcher works, author ids and profile counters, topics (names for the trial topic search)",
  },
  open_targets: {
    name: "Open Targets Platform (release datasets)",
    short: "Open Targets",
    option: "openTargets",
    accepts:
      "a release folder: the dataset folders (drug_molecule, target, disease, association_overall_direct, drug_mechanism_of_action, drug_indication, known_drug, or their older names) with part-*.parquet or part-*.json files",
    download:
      "https://platform.opentargets.org/downloads (ftp.ebi.ac.uk/pub/databases/opentargets/platform/<release>/output/)",
    fills:
      "biology endpoints (targets, associations, drugs), molecules and their names, disease names, synonyms and MeSH links, landscape tiers, Medicare molecules and indications",
  },
  patentsview: {
    name: "PatentsView granted patents (bulk download tables)",
    short: "PatentsView",
    option: "patentsview",
    accepts:
      "the tab-separated tables (g_patent, g_application, g_cpc_current, g_cpc_title, g_assignee_disambiguated, g_inventor_disambiguated, g_us_patent_citation; pre-grant pg_* tables where given; .tsv or .tsv.zip as published): a folder or a zip",
    download: "https://patentsview.org/download/data-download-tables",
    fills:
      "patent search, aggregates, year-over-year growth and full records; patent trends and the sponsor scan's patents (assignees as the organizations trials and approvals name)",
  },
  ror: {
    name: "ROR (Research Organization Registry) data dump",
    short: "ROR",
    option: "ror",
    accepts: "the dump's JSON (schema v2: …-ror-data.json or …_schema_v2.json) or ROR's zip",
    download: "https://zenodo.org/communities/ror-data (the latest …-ror-data.zip)",
    fills:
      "organization families (GLOBAL PARENT entities with rorId, parents and children), sponsors_chain, a parent's trials and approvals with its children's",
  },
  gleif: {
    name: "GLEIF LEI records and relationship records (golden copy)",
    short: "GLEIF",
    option: "gleif",
    accepts:
      "the golden copy CSV files (…-lei2-golden-copy.csv and …-rr-golden-copy.csv, plain or zipped, or a folder of them) or GLEIF API JSON pages",
    download: "https://www.gleif.org/en/lei-data/gleif-golden-copy/download-the-golden-copy",
    fills:
      "organization families (entities with lei, direct and ultimate parents), LEIs of SEC tickers, catalysts by lei and ticker",
  },
  sec_tickers: {
    name: "SEC company tickers",
    short: "SEC company tickers",
    option: "secTickers",
    accepts: "company_tickers.json",
    download: "https://www.sec.gov/files/company_tickers.json",
    fills: "lei-to-ticker, catalysts by ticker (LEIs joined through the GLEIF records by name)",
  },
} as const satisfies Record<string, SourceSpec>;

/** A source id. */
export type SourceId = keyof typeof SOURCES;

/** A source's option name in `importPublicData`. */
export type SourceOption = (typeof SOURCES)[SourceId]["option"];

/** The CLI flag of a source (`orangeBook` → `--orange-book`). */
export function flagOf(id: SourceId): string {
  return `--${SOURCES[id].option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The source ids, in import order. */
export const SOURCE_IDS: readonly SourceId[] = Object.keys(SOURCES) as SourceId[];
