/**
 * Researcher works, organization resolution, LEI-to-ticker (spec 4.7) and alerts (spec 4.9).
 *
 * @module
 */
import { z } from "zod";
import { anyIsoDate, count, isoDateTime, PageMeta } from "./common.ts";
import { chosen } from "./origin.ts";
import type * as R from "./_rows.gen.ts";

/** Publication row. */
export const WorkRow = z.looseObject({
  work_id: z.string(),
  title: z.string(),
  doi: z.string().nullable(),
  type: z.string(),
  publication_date: anyIsoDate.nullable(),
  venue: z.string().nullable(),
  cited_by_count: count,
  is_open_access: z.boolean(),
});
/** Publication row. */
export type WorkRow = R.WorkRow;

/** Researcher works response: exact total `meta.totalItems`, `meta.author` identity, top-level `hasMore`. */
export const WorksResponse = z.looseObject({
  data: z.array(WorkRow),
  meta: PageMeta.extend({
    author: z.looseObject({
      author_key: z.string(),
      name: z.string(),
      orcid: z.string().nullable(),
      /** The profile's counters as the index states them ("researcher nodes carry …"; may be a partial profile). */
      works_count: chosen(count),
      cited_by_count: chosen(count),
      h_index: chosen(count),
    }),
    fetched_at: isoDateTime,
  }),
  hasMore: z.boolean(),
});

/**
 * Organization row of entity autocomplete. The sandbox adds how the row matched the query (`match`:
 * exact, prefix, word, contains, similar; `matchedName`), its corporate family (head, counts, units) and
 * its direct parent with the rule that found it.
 */
export const OrganizationRow = z.looseObject({
  name: z.string(),
  hierarchyLevel: z.string(),
  trialCount: count,
  approvalCount: count,
  id: z.string(),
  isEntity: z.boolean(),
  rorId: z.string().nullable(),
  lei: z.string().nullable(),
  match: chosen(z.string()),
  matchedName: chosen(z.string()),
  familyId: chosen(z.string()),
  familyName: chosen(z.string()),
  familyTrialCount: chosen(count),
  familyApprovalCount: chosen(count),
  familyUnits: chosen(count),
  parentId: chosen(z.string().nullable()),
  parentName: chosen(z.string().nullable()),
  parentRule: chosen(z.string().nullable()),
});

/** A unit of a family in the sandbox's organization `resolution`. */
const ResolutionUnit = z.looseObject({
  id: z.string(),
  name: z.string(),
  trialCount: count,
  approvalCount: count,
});

/**
 * The sandbox's `resolution` beside the autocomplete rows: what its sponsor filters do with the query
 * (resolved families, the candidates of an ambiguous name, or did-you-mean suggestions).
 */
export const OrganizationResolution = z.looseObject({
  status: z.enum(["resolved", "ambiguous", "unresolved"]),
  rule: z.string(),
  families: z.array(z.looseObject({
    id: z.string(),
    name: z.string(),
    trialCount: count,
    approvalCount: count,
    matched: z.array(z.string()),
    units: z.array(ResolutionUnit),
  })),
  suggestions: z.array(z.string()),
});
/** Organization resolution. */
export type OrganizationResolution = R.OrganizationResolution;
/** Organization row. */
export type OrganizationRow = R.OrganizationRow;

/** SEC entity row. */
export const SecEntityRow = z.looseObject({ ticker: z.string(), cik: z.string(), name: z.string() });
/** SEC entity row. */
export type SecEntityRow = R.SecEntityRow;

/** LEI-to-ticker data: the complete mapping, no pagination. */
export const LeiToTickerData = z.looseObject({
  lei: chosen(z.string()),
  name: z.string(),
  secEntities: z.array(SecEntityRow),
});

/** Alert as listed (metadata stripped). The spec shows no alert fields: all are the sandbox's. */
export const AlertRow = z.looseObject({
  alert_id: chosen(z.string()),
  name: chosen(z.string()),
  type: chosen(z.string()),
  query: chosen(z.record(z.string(), z.unknown())),
  frequency: chosen(z.string()),
  active: chosen(z.boolean()),
  created_at: chosen(isoDateTime),
  updated_at: chosen(isoDateTime),
});
/** Alert as listed. */
export type AlertRow = R.AlertRow;

/** Single alert: the full object. */
export const AlertRecord = AlertRow.extend({
  metadata: chosen(z.record(z.string(), z.unknown())),
  last_triggered_at: chosen(isoDateTime.nullable()),
  match_count: chosen(count),
});

/** Alerts list response (implicit, page+limit). */
export const AlertListResponse = z.looseObject({ data: z.array(AlertRow), meta: PageMeta });
/** Single alert response (implicit). */
export const AlertResponse = z.looseObject({ data: AlertRecord });
