/**
 * Clinical-trial rows and responses (spec 4.1).
 *
 * @module
 */
import { z } from "zod";
import { anyIsoDate, count, flagged, implicitList, isoDateTime, PageMeta, SponsorRef } from "./common.ts";
import { chosen, hint } from "./origin.ts";
import type * as R from "./_rows.gen.ts";

/** Trial row of the registry and topic searches. `sponsors`/`conditions` are sandbox-documented extras. */
export const TrialRow = z.looseObject({
  trial_id: z.string(),
  title: z.string(),
  status: z.string(),
  phase: z.string().nullable(),
  start_date: anyIsoDate.nullable(),
  enrollment: count.nullable(),
  completion_date: chosen(anyIsoDate.nullable()),
  sponsors: chosen(z.array(z.string())),
  conditions: chosen(z.array(z.string())),
});
/** Trial row of the registry and topic searches. */
export type TrialRow = R.TrialRow;

/** Registry / topic search response: `data` rows, exact total in `meta.totalItems`. */
export const TrialSearchResponse = implicitList(
  TrialRow,
  PageMeta.extend({ sort: chosen(z.string()) }),
);

/** Trial row of composite search and portfolio comparison (camelCase `startDate`). */
export const CompositeTrialRow = z.looseObject({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  phase: z.string().nullable(),
  startDate: anyIsoDate.nullable(),
  sponsors: chosen(z.array(z.string())),
});
/** Trial row of composite search and portfolio comparison. */
export type CompositeTrialRow = R.CompositeTrialRow;

/**
 * Shared-trial row of a portfolio comparison: a composite row plus `sponsors_chain`, the names of its
 * sponsors' whole corporate hierarchy (as the spec's approval records carry it; not spec-named on trials).
 * The portfolio analysis counts the pairs from it in fewer requests; without it, the answer is the same.
 */
export const PortfolioTrialRow = CompositeTrialRow.extend({ sponsors_chain: hint(z.array(z.string())) });
/** Shared-trial row of a portfolio comparison. */
export type PortfolioTrialRow = R.PortfolioTrialRow;

const AuditTrail = z.array(z.record(z.string(), z.unknown()));

/** Composite search response (flagged): rows in `data.trials`, exact total `data.totalCount`. */
export const CompositeResponse = flagged(z.looseObject({
  trials: z.array(CompositeTrialRow),
  totalCount: count,
  breakdown: z.record(z.string(), count),
  audit_trail: AuditTrail,
  mechanisms: z.record(z.string(), count).optional(),
}));

/** Per-sponsor summary of a portfolio comparison (the spec names the list, not its fields). */
export const PortfolioSponsorRow = z.looseObject({
  sponsor: chosen(z.string()),
  resolved_name: chosen(z.string().nullable()),
  trial_count: chosen(count),
  by_phase: chosen(z.record(z.string(), count)),
  by_status: chosen(z.record(z.string(), count)),
});
/** Per-sponsor summary of a portfolio comparison. */
export type PortfolioSponsorRow = R.PortfolioSponsorRow;

/** Portfolio comparison response (flagged): shared trials in `data.trials`, total `data.intersection_count`. */
export const PortfolioResponse = flagged(z.looseObject({
  comparison: z.array(PortfolioSponsorRow),
  trials: z.array(PortfolioTrialRow),
  intersection_count: count,
  market_size_trials: count,
  audit_trail: AuditTrail,
  condition: chosen(z.looseObject({ efo_id: chosen(z.string()), name: chosen(z.string()) }).nullable()),
}));

/**
 * Trial details (flagged): flattened conditions/interventions (first 5, comma-joined), summary ~800
 * chars. The spec names sponsors, conditions, interventions and summary; the rest is the sandbox's.
 */
export const TrialDetailsResponse = flagged(z.looseObject({
  nct_id: chosen(z.string()),
  title: chosen(z.string()),
  status: chosen(z.string()),
  phase: chosen(z.string().nullable()),
  sponsors: z.array(SponsorRef.extend({ role: chosen(z.string()) })),
  conditions: z.string(),
  interventions: z.string(),
  summary: z.string(),
  start_date: chosen(anyIsoDate.nullable()),
  completion_date: chosen(anyIsoDate.nullable()),
  enrollment: chosen(count.nullable()),
}));

/** Trial probability-of-success (flagged): `pos_score` is a percentage 0-100 with two decimals. */
export const TrialPosResponse = flagged(z.looseObject({
  trial_id: chosen(z.string()),
  pos_score: z.number().min(0).max(100),
  status: z.string(),
  phase: z.string().nullable(),
  last_updated: isoDateTime.nullable(),
}));
