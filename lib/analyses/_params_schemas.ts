/**
 * Private: the analyses' parameter schemas with their precise (inferred) types, for
 * {@linkcode ANALYSIS_PARAMS} (which the public API names by its explicit type) and the compile-time tie
 * to the parameter interfaces (`_params_tie.ts`).
 *
 * @module
 */
import { z } from "zod";

const names = (what: string): z.ZodArray<z.ZodString> => z.array(z.string().min(1)).describe(what);
const year = (what: string): z.ZodUnion<readonly [z.ZodNumber, z.ZodString]> =>
  z.union([z.number().int(), z.string()]).describe(`${what} (year, or YYYY-MM-DD)`);
const entities = {
  sponsors: names('Sponsor (company) names, one call each, e.g. ["Pfizer"]').optional(),
  tickers: names("SEC tickers, one call each").optional(),
  leis: names("20-character LEIs, one call each").optional(),
  indication: z.string().describe("Disease keyword applied to every call").optional(),
  drugNames: names("Drug names or ids applied to every call (max 100)").max(100).optional(),
};

/**
 * The catalyst service needs one entity or filter (HTTP 400 otherwise): asked for here, before any request,
 * in the parameters' names rather than the service's (`sponsor, indication, drugNames, lei, ticker`).
 */
const oneEntity = {
  check: (
    p: {
      sponsors?: unknown[];
      tickers?: unknown[];
      leis?: unknown[];
      indication?: string;
      drugNames?: unknown[];
    },
  ) =>
    Boolean(p.sponsors?.length || p.tickers?.length || p.leis?.length || p.indication || p.drugNames?.length),
  params: {
    path: ["sponsors"] as PropertyKey[],
    error: 'is required, or one of tickers, leis, indication, drugNames; e.g. "sponsors": ["Pfizer"]',
  },
};

/** Where programmes are looked for: diseases, or areas of diseases (likelihood of approval). */
const where = {
  diseases: names('Diseases (names or CURIEs), each its own group, e.g. ["melanoma"]').min(1).max(50)
    .optional(),
  areas: z.record(z.string().min(1), names("Diseases of the area").min(1).max(50)).describe(
    'Areas, each a list of diseases, e.g. {"oncology": ["melanoma", "glioblastoma"]}',
  ).optional(),
};
const oneWhere = {
  check: (p: { diseases?: unknown[]; areas?: Record<string, unknown> }) =>
    Boolean(p.diseases?.length || Object.keys(p.areas ?? {}).length),
  params: {
    path: ["diseases"] as PropertyKey[],
    error: 'is required, or areas; e.g. "diseases": ["melanoma"]',
  },
};
/** The judging rules of the likelihood of approval. */
const judging = {
  failAfterYears: z.number().min(1).max(15).describe(
    "Years at a phase with no later phase after which a programme has failed (default 5)",
  ).optional(),
  fromYear: z.number().int().min(1950).max(2100).describe("First start year counted (default: 25 years back)")
    .optional(),
  toYear: z.number().int().min(1950).max(2100).describe("Last start year counted (default: this year)")
    .optional(),
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD" }).describe(
    "The day judged from, YYYY-MM-DD (default today)",
  ).optional(),
};

/** Zod schema of each analysis's parameters, by the analysis's function name (the precise types; private). */
export const SCHEMAS = {
  portfolioOverlap: z.object({
    sponsors: names(
      "1-100 distinct sponsor names (2+ for pairs; beyond 10, each sponsor's trials are intersected locally)",
    ).min(1).max(100),
    condition: z.string().min(1).describe('Condition keyword, e.g. "lung cancer"'),
    phase: z.string().describe('Phase filter, e.g. "Phase 2"').optional(),
    status: z.string().describe("Status filter, e.g. RECRUITING").optional(),
  }),
  catalystCalendar: z.object({
    ...entities,
    windowDays: z.number().int().min(1).max(3650).describe(
      "Days ahead for expiries and back for approvals (default 365)",
    )
      .optional(),
    limit: z.number().int().min(1).max(500).describe("Events per call (default 500)").optional(),
  }).refine(oneEntity.check, oneEntity.params),
  targetPrioritization: z.object({
    disease: z.string().min(1).describe("Disease name").optional(),
    efo_id: z.string().min(1).describe("Disease CURIE, e.g. EFO:0000311 (takes precedence)").optional(),
    topN: z.number().int().min(1).max(200).describe("Targets to rank (default 20)").optional(),
    minScore: z.number().min(0).max(1).describe("Minimum association score (default 0)").optional(),
    weights: z.object({
      association: z.number().min(0).optional(),
      evidence: z.number().min(0).optional(),
      novelty: z.number().min(0).optional(),
      tractability: z.number().min(0).optional(),
    }).describe("Composite weights (default 0.4/0.2/0.2/0.2)").optional(),
    whiteSpaceMinScore: z.number().min(0).max(1).describe(
      "Association score from which a target with no approved drug is white space (default 0.5)",
    )
      .optional(),
    unavailable: z.array(z.enum(["evidence", "tractability"])).describe("Terms to weight 0").optional(),
  }),
  regulatoryLandscape: z.object({
    sponsor: z.string().min(1).describe("Sponsor name (its corporate family)").optional(),
    indication: z.string().min(1).describe("Indication keyword").optional(),
    region: z.enum(["US", "EU"]).describe("Approvals of one region: US (FDA) or EU (EMA); default both")
      .optional(),
    minYear: z.number().int().describe("Only approvals from this year").optional(),
  }),
  patentTrends: z.object({
    company_id: z.string().min(1).describe("Assignee: raw string, organizations/<key>, ror:<id> or lei:<id>")
      .optional(),
    company_name: z.string().min(1).describe("Company name (when no company_id)").optional(),
    cpc_code: z.string().min(1).describe("CPC code or prefix, e.g. A61K").optional(),
    from: year("First year").optional(),
    to: year("Last year").optional(),
    compare: names("Companies to compare year by year").optional(),
    topN: z.number().int().min(1).max(100).describe("CPC codes to keep (default 10)").optional(),
    growthBy: z.enum(["cpc", "company"]).describe("Growth dimension (default cpc)").optional(),
    companyView: z.enum(["family", "own"]).describe(
      "Whose patents by year: the corporate family (the aggregate's cluster, default) or the organization's own",
    ).optional(),
    minOldCount: z.number().int().min(0).describe(
      "Hide growth groups smaller than this in the start year (default 50)",
    )
      .optional(),
  }),
  diseaseComparison: z.object({
    diseases: names("Disease names or CURIEs (EFO:0000311)").min(1),
  }),
  medicareSpending: z.object({
    efo_id: z.string().min(1).describe("Disease CURIE of an approved indication").optional(),
    molecule: z.string().min(1).describe("CHEMBL<n> id or exact generic name").optional(),
    search: z.string().min(1).describe("Complete generic or brand name (exact)").optional(),
    maxRows: z.number().int().min(1).describe("Stop after this many rows").optional(),
    all: z.boolean().describe("Every Medicare row, no filter").optional(),
  }),
  researcherOutput: z.object({
    authorId: z.string().min(1).describe("Author id: A<digits>, scholarly_A<digits> or its URL"),
    from: year("First year").optional(),
    to: year("Last year").optional(),
  }),
  sponsorScan: z.object({
    sponsor: z.string().min(1).describe("Sponsor or organization name"),
    condition: z.string().min(1).describe("Exact condition name").optional(),
    windowDays: z.number().int().min(1).max(3650).describe("Days ahead for catalysts (default 730)")
      .optional(),
    from: z.number().int().describe("First patent year").optional(),
    to: z.number().int().describe("Last patent year").optional(),
  }),
  lossOfExclusivity: z.object({
    ...entities,
    horizonYears: z.number().gt(0).max(10).describe("Years ahead, 1-10 (default 5)").optional(),
    limit: z.number().int().min(1).max(500).describe("Catalyst events per call (default 500)").optional(),
  }).refine(oneEntity.check, oneEntity.params),
  phaseTransitions: z.object({
    drugs: names(
      "Drugs by generic name (approvals are searched by ingredient), 1-500; each drug in each disease is a programme",
    ).min(1)
      .max(500),
    ...where,
    ...judging,
    cohortYears: z.number().int().min(1).max(20).describe("Years per start-year cohort (default 5)")
      .optional(),
  }).refine(oneWhere.check, oneWhere.params),
  pipelineOutlook: z.object({
    sponsors: names("Sponsor names, 1-10").min(1).max(10),
    ...where,
    benchmark: z.enum(["published", "computed"]).describe(
      "Benchmark of the probabilities: published (BIO/Informa/QLS 2011-2020 rates by area, the default) or " +
        "computed (benchmarkDrugs' programmes, used only when adequate)",
    ).optional(),
    benchmarkDrugs: names(
      "Drugs whose programmes make the computed benchmark (benchmark 'computed'; 1-500, not chosen by outcome)",
    ).min(1).max(500).optional(),
    maxDetails: z.number().int().min(1).max(2000).describe("Most trial-details calls (default 200)")
      .optional(),
    withPos: z.boolean().describe("Ask the trial-pos score when the tier allows (default true)").optional(),
    ...judging,
  }).refine(oneWhere.check, oneWhere.params).refine(
    (p) => p.benchmark !== "computed" || Boolean(p.benchmarkDrugs?.length),
    {
      path: ["benchmarkDrugs"],
      error: 'is required with benchmark "computed": the drugs whose programmes make the rates, e.g. ' +
        '"benchmarkDrugs": ["osimertinib", "pembrolizumab"]',
    },
  ),
} as const;
