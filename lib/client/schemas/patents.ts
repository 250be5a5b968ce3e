/**
 * Patents search, full record, aggregate and YoY growth (spec 4.4).
 *
 * @module
 */
import { z } from "zod";
import { count, epochMs, flagged, yyyymmdd } from "./common.ts";
import { chosen } from "./origin.ts";
import type * as R from "./_rows.gen.ts";

/**
 * Patent search row. Dates are `YYYYMMDD` strings; `last_updated` is epoch ms. The spec names
 * patent_id and the four dates; title, country, legal_status, assignees and cpc_codes are the sandbox's.
 */
export const PatentRow = z.looseObject({
  patent_id: z.string(),
  title: chosen(z.string()),
  publication_date: yyyymmdd.nullable(),
  priority_date: yyyymmdd.nullable(),
  application_date: yyyymmdd.nullable(),
  last_updated: epochMs.nullable(),
  country: chosen(z.string()),
  legal_status: chosen(z.string().nullable()),
  assignees: chosen(z.array(z.string())),
  cpc_codes: chosen(z.array(z.string())),
});
/** Patent search row. */
export type PatentRow = R.PatentRow;

/** Patent search response (implicit): exact total in `meta.total` (requires `include_total=true`). */
export const PatentSearchResponse = z.looseObject({
  data: z.array(PatentRow),
  meta: z.looseObject({ total: count.nullable().optional(), page: chosen(count), limit: chosen(count) }),
});

/** Full patent record. `resolved_assignees` are probabilistic; the raw `assignees` are the source of truth. */
export const PatentRecord = PatentRow.extend({
  /** The raw assignees are the record's source of truth (spec part 2). */
  assignees: z.array(z.string()),
  abstract: z.string(),
  family_id: chosen(z.string()),
  kind: chosen(z.string()),
  inventors: z.array(z.string()),
  classifications: z.array(z.looseObject({ code: chosen(z.string()), description: chosen(z.string()) })),
  family_members: chosen(z.array(z.string())),
  citations: chosen(
    z.looseObject({ patent: chosen(z.array(z.string())), non_patent: chosen(z.array(z.string())) }),
  ),
  citation_counts: chosen(z.looseObject({ cited_by: chosen(count), cites: chosen(count) })),
  resolved_assignees: z.array(z.looseObject({
    mention_id: z.string(),
    direct_id: z.string().nullable(),
    ultimate_id: z.string().nullable(),
    organization_id: z.string(),
    name: chosen(z.string()),
  })),
});
/** Full patent record. */
export type PatentRecord = R.PatentRecord;

/** Full patent record response (implicit): `{data: PatentRecord}`. */
export const PatentRecordResponse = z.looseObject({ data: PatentRecord });

/** Aggregate bucket: one of `year` / `cpc` / `company`, plus a patent `count`. */
export const AggregateBucket = z.looseObject({
  year: count.optional(),
  cpc: z.string().optional(),
  company: z.string().optional(),
  count,
});
/** Aggregate bucket. */
export type AggregateBucket = R.AggregateBucket;

const ResolvedFilters = z.looseObject({
  company_id_resolved: z.string().nullable(),
  company_cluster_size: count,
});

/**
 * Aggregate response (flagged). Rows sit under `buckets` (or `data`; a client reads both);
 * `meta.total_buckets` is the number of buckets returned, not a patent count.
 */
export const AggregateResponse = z.looseObject({
  success: z.literal(true),
  buckets: z.array(AggregateBucket).optional(),
  data: z.array(AggregateBucket).optional(),
  meta: z.looseObject({
    total_buckets: count,
    filters: ResolvedFilters,
    group_by: chosen(z.array(z.string())),
    window: chosen(z.looseObject({ from: chosen(z.string().nullable()), to: chosen(z.string().nullable()) })),
  }),
});

/** YoY growth row; `percent` is a fraction of 1 (0.35 = +35%). */
export const YoyGrowthRow = z.looseObject({
  cpc_code: z.string().optional(),
  company_id: z.string().optional(),
  oldCount: count,
  newCount: count,
  change: count,
  percent: z.number().nullable(),
});
/** YoY growth row. */
export type YoyGrowthRow = R.YoyGrowthRow;

/** YoY growth response (flagged): rows in `data`. */
export const YoyGrowthResponse = flagged(z.array(YoyGrowthRow)).extend({
  meta: z.looseObject({
    filters: ResolvedFilters,
    dimension: chosen(z.string()),
    year_start: chosen(count),
    year_end: chosen(count),
    min_old_count: chosen(count),
  }),
});
