/**
 * Disease autocomplete and disease landscape (spec 4.2).
 *
 * @module
 */
import { z } from "zod";
import { count, isoDate } from "./common.ts";
import { chosen } from "./origin.ts";
import type * as R from "./_rows.gen.ts";

/** Disease autocomplete row. */
export const DiseaseRow = z.looseObject({ name: z.string(), efo_id: z.string() });
/** Disease autocomplete row. */
export type DiseaseRow = R.DiseaseRow;

/** Disease autocomplete response: up to 10 rows; `meta.returned` is a count of rows, not a total. */
export const DiseaseAutocompleteResponse = z.looseObject({
  data: z.array(DiseaseRow),
  meta: z.looseObject({ query: z.string(), returned: count }),
});

/** Disease landscape report. */
export const DiseaseLandscape = z.looseObject({
  disease: z.string(),
  efo_id: chosen(z.string()),
  trials: z.looseObject({
    totalTrials: count,
    byPhase: z.record(z.string(), count),
    medianEnrollment: count.nullable(),
    activeSponsors: z.array(z.string()),
    recentStatusChanges: z.looseObject({ started: count, completed: count, terminated: count }),
  }),
  grants: z.looseObject({
    totalGrants: count,
    totalFundingUsd: z.number(),
    topInstitutions: z.array(z.string()),
  }),
  regulatory: z.looseObject({
    totalApprovals: count,
    orphanShare: z.number(),
    lastApprovalDate: isoDate.nullable(),
  }),
  medicare: z.looseObject({
    totalSpendingUsd: z.number(),
    topBrandDrugs: z.array(z.string()),
    brandedShare: z.number(),
  }),
  competitivenessIndex: count.min(0).max(100),
});
/** Disease landscape report. */
export type DiseaseLandscape = R.DiseaseLandscape;

/** Disease landscape response (implicit): `{data: DiseaseLandscape}`. */
export const DiseaseLandscapeResponse = z.looseObject({ data: DiseaseLandscape });
