/**
 * Clinical-trial endpoints (spec 4.1).
 *
 * @module
 */
import { z } from "zod";
import { endpoint } from "../catalogue.ts";
import {
  bool,
  csv,
  curieGuard,
  date,
  guarded,
  int,
  limit,
  normalisePhase,
  num,
  oneOf,
  order,
  page,
  patternGuard,
  required,
  str,
} from "../params.ts";
import { AUTHOR_ID_RE, NCT_RE } from "../schemas/common.ts";
import { PI_MATCH_TAGS, TRIAL_PHASES, TRIAL_STATUSES } from "../schemas/vocab.ts";
import * as S from "../schemas/trials.ts";

/** Registry phase guard: loose forms normalised to the stored value. */
const storedPhase = z.string().transform((v, ctx) => {
  const p = normalisePhase(v);
  if (p === undefined || !(TRIAL_PHASES as readonly string[]).includes(p)) {
    ctx.addIssue({
      code: "custom",
      message: `must be a phase such as ${TRIAL_PHASES.join(", ")} (or 'Phase 2', 'II')`,
    });
    return z.NEVER;
  }
  return p;
}) as unknown as z.ZodType<string, string>;

/** Uppercase status guard for the case-sensitive filters (PITFALLS 4). */
const upperStatus = oneOf(
  "exact uppercase stored status; mixed case silently returns no rows",
  TRIAL_STATUSES,
  {
    wireLenient: true,
    pitfalls: [4],
  },
);

const loosePhase = str("loose phase forms ('Phase 2', '2', 'II', 'Phase 2/3') normalised server-side");

const nct = patternGuard(
  NCT_RE,
  "must be a registry id NCT followed by 8 digits (EU trial numbers are not accepted)",
);

const registryParams = {
  search: str("full-text phrase match (English-analysed) over title/summary"),
  page,
  limit: limit(100, 20),
  status: oneOf("exact status, case-insensitive input", TRIAL_STATUSES, { caseSensitiveWire: false }),
  phase: guarded("exact normalized stored phase value", storedPhase),
  sponsor: str("exact match against resolved sponsor names"),
  condition: str("exact match against resolved condition names"),
  disease_id: guarded(
    "disease CURIE with uppercase prefix; a value without a colon is silently dropped",
    curieGuard,
    {
      pitfalls: [3],
    },
  ),
  enrollment_min: int("inclusive lower bound on enrollment", 0, undefined),
  enrollment_max: int("inclusive upper bound on enrollment", 0, undefined),
  start_date_after: date("start_date >= value"),
  completion_date_before: date("completion_date <= value"),
  sort: oneOf("updated (default), enrollment, relevance", ["updated", "enrollment", "relevance"] as const, {
    default: "updated",
    pitfalls: [2],
  }),
  order,
  sex: oneOf("eligible sex", ["ALL", "FEMALE", "MALE"] as const, { caseSensitiveWire: false }),
  min_age_years: num("participant minimum age in years", 0, 150),
  max_age_years: num("participant maximum age in years", 0, 150),
  healthy_volunteers: bool("accepts healthy volunteers"),
  design_allocation: str("pass-through, e.g. Randomized"),
  design_masking: str("pass-through, e.g. Double, Single"),
  design_primary_purpose: str("pass-through, e.g. Treatment"),
  sponsor_trial_count_max: int(
    "only trials with a sponsor whose total trial count is below this",
    1,
    undefined,
  ),
  pi_author_id: guarded(
    "PI author id: A#######, scholarly_A#######, or the full URL form; invalid → 400",
    patternGuard(AUTHOR_ID_RE, "must be A#######, scholarly_A####### or the author URL form", false),
    {
      wire: z.string().regex(AUTHOR_ID_RE, "must be A#######, scholarly_A####### or the URL form"),
      pitfalls: [6],
    },
  ),
  pi_match_tag: oneOf("verified, shortcut, llm; only meaningful with pi_author_id", PI_MATCH_TAGS, {
    pitfalls: [5],
  }),
};

const piCheck = {
  params: ["pi_match_tag", "pi_author_id"],
  ok: (p: Readonly<Record<string, unknown>>) => p.pi_match_tag === undefined || p.pi_author_id !== undefined,
  message: "pi_match_tag does not filter without pi_author_id; pass pi_author_id too, or drop pi_match_tag",
  pitfalls: [5],
} as const;

const enrollmentCheck = {
  params: ["enrollment_min", "enrollment_max"],
  ok: (p: Readonly<Record<string, unknown>>) =>
    p.enrollment_min === undefined || p.enrollment_max === undefined ||
    (p.enrollment_min as number) <= (p.enrollment_max as number),
  message: "enrollment_min is greater than enrollment_max, which matches nothing; swap them",
} as const;

/** What the registry and topic searches share besides their parameters. */
const registryShape = {
  method: "GET",
  section: "4.1",
  response: S.TrialSearchResponse,
  envelope: "implicit",
  tier: "any",
  rows: ["data"],
  total: "meta.totalItems",
  pagination: "page",
  checks: [piCheck, enrollmentCheck],
  errors: { 400: "invalid pi_author_id or malformed parameter" },
} as const;

/** Trial endpoints. */
export const trialEndpoints = {
  "trials.search": endpoint({
    ...registryShape,
    name: "trials.search",
    probe: { params: [{ limit: 10 }], offers: { nctId: ["data[].trial_id"] } },
    path: "/api/v1/clinical-trials",
    summary: "Registry search: phrase search plus AND-combined filters",
    params: registryParams,
  }),
  "trials.topics": endpoint({
    ...registryShape,
    name: "trials.topics",
    probe: { params: [{ topic: "{topic}", limit: 5 }] },
    path: "/api/v1/clinical-trials/topics",
    summary: "Topic search: exact topic-name phrase plus the registry filters",
    params: {
      topic: required(str("scholarly-index topic name, exact phrase match")),
      ...registryParams,
      sort: oneOf(
        "relevance (default), updated, enrollment",
        ["relevance", "updated", "enrollment"] as const,
        {
          default: "relevance",
        },
      ),
    },
  }),
  "trials.composite": endpoint({
    name: "trials.composite",
    probe: {
      params: [{ disease: "{disease}", limit: 5 }],
      offers: { nctId: ["data.trials[].id"], trialSponsor: ["data.trials[].sponsors[]"] },
    },
    method: "GET",
    path: "/api/v1/tools/clinical/search-composite",
    section: "4.1",
    summary: "Composite search by disease, drug, target and sponsor",
    params: {
      sponsor: str("resolved via autocomplete and corporate hierarchy"),
      disease: str("resolved to ontology ids (EFO, MONDO)"),
      drug: str("generic or brand name, resolved to molecule ids"),
      target: str("gene/protein name or symbol"),
      phase: loosePhase,
      status: upperStatus,
      limit: limit(100, 50),
      page,
    },
    response: S.CompositeResponse,
    envelope: "flagged",
    tier: "any",
    rows: ["data.trials"],
    total: "data.totalCount",
    pagination: "page",
    checks: [{
      params: ["sponsor"],
      ok: (p) =>
        p.sponsor === undefined || p.disease !== undefined || p.drug !== undefined || p.target !== undefined,
      message:
        "a sponsor-only composite search silently returns 0; add disease, drug or target, or use trials.search({sponsor}) or trials.portfolio",
      pitfalls: [10],
    }, {
      params: ["disease", "drug", "target", "sponsor"],
      ok: (p) => [p.disease, p.drug, p.target, p.sponsor].some((v) => v !== undefined),
      message: "pass at least one of disease, drug, target (optionally with sponsor, phase, status)",
    }],
    errors: { 500: "single-entity query whose value cannot be resolved (names the input)" },
    entity: ["disease", "drug", "target", "sponsor"],
  }),
  "trials.portfolio": endpoint({
    name: "trials.portfolio",
    // A sponsor of a trial in the condition first, so the shared trials (the rows) are not empty.
    probe: {
      params: [
        { sponsors: "{trialSponsor}", conditionKeyword: "{disease}", limit: 5 },
        { sponsors: "{sponsor}", conditionKeyword: "{disease}", limit: 5 },
      ],
    },
    method: "GET",
    path: "/api/v1/tools/clinical/portfolio-comparison",
    section: "4.1",
    summary: "Compare 1-10 sponsors' portfolios in a condition; shared trials paginated",
    params: {
      sponsors: required(csv("1 to 10 sponsor names, comma-separated", 1, 10, { pitfalls: [13] })),
      conditionKeyword: required(str("condition keyword; unresolvable → zeros, not an error")),
      status: upperStatus,
      phase: loosePhase,
      page,
      limit: limit(100, 50),
    },
    response: S.PortfolioResponse,
    envelope: "flagged",
    tier: "any",
    rows: ["data.trials"],
    total: "data.intersection_count",
    pagination: "page",
    errors: { 400: "sponsors missing or more than 10" },
  }),
  "trials.details": endpoint({
    name: "trials.details",
    probe: { params: [{ nctId: "{nctId}" }] },
    method: "GET",
    path: "/api/v1/tools/clinical/trial-details",
    section: "4.1",
    summary: "Single-trial details: resolved sponsors, flattened conditions/interventions, summary",
    params: { nctId: required(guarded("registry NCT id, exact uppercase form", nct, { pitfalls: [14] })) },
    response: S.TrialDetailsResponse,
    envelope: "flagged",
    tier: "any",
    pagination: "none",
    errors: { 404: "unknown trial id" },
  }),
  "trials.pos": endpoint({
    name: "trials.pos",
    probe: { params: [{ trialId: "{nctId}" }] },
    method: "GET",
    path: "/api/v1/tools/clinical/trial-pos",
    section: "4.1",
    summary: "Probability-of-success score (0-100) for one trial",
    params: { trialId: required(guarded("trial registry id", nct, { pitfalls: [14] })) },
    response: S.TrialPosResponse,
    envelope: "flagged",
    tier: "pos",
    quota: { pos: 500 },
    pagination: "none",
    errors: { 402: "tier lacks trial-pos", 404: "unknown trial id", 502: "inference service unavailable" },
  }),
};
