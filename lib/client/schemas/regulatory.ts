/**
 * Approvals search, regulatory landscape and catalysts (spec 4.3).
 *
 * @module
 */
import { z } from "zod";
import { anyIsoDate, count, flagged, implicitList, PageMeta, SponsorRef } from "./common.ts";
import { chosen } from "./origin.ts";
import type * as R from "./_rows.gen.ts";
import type { Brand } from "../standard_schema.ts";

/** A string schema whose output is branded `B` (zod's `.brand()` adds nothing at run time). */
const branded = <B extends string>(s: z.ZodString): z.ZodType<string & Brand<B>, string> =>
  s as unknown as z.ZodType<string & Brand<B>, string>;

/** Public approval id `SOURCE:number` (e.g. `FDA_ORANGE:021234`). Branded: see {@link CatalystApprovalKey}. */
export const ApprovalId: z.ZodType<string & Brand<"ApprovalId">, string> = branded(
  z.string().regex(/^(FDA_ORANGE|FDA_PURPLE|EMA):\S+$/),
);
/** Public approval id, passed verbatim to the approvals record/label/history tools. */
export type ApprovalId = R.ApprovalId;

/** Internal catalyst key `regulatory_approval/<key>`; never accepted where an {@link ApprovalId} is expected. */
export const CatalystApprovalKey: z.ZodType<string & Brand<"CatalystApprovalKey">, string> = branded(
  z.string().regex(/^regulatory_approval\/\S+$/),
);
/** Internal catalyst approval key. */
export type CatalystApprovalKey = R.CatalystApprovalKey;

/** Approval record row. */
export const ApprovalRow = z.looseObject({
  approval_id: ApprovalId,
  trade_name: z.string(),
  applicant_raw: z.string(),
  source: z.string(),
  approval_date: anyIsoDate.nullable(),
  marketing_status: z.string(),
  sponsors: z.array(SponsorRef),
  sponsors_chain: z.array(SponsorRef),
  drugs: z.array(z.looseObject({ chembl_id: z.string(), name: chosen(z.string()) })),
  indications: z.array(z.string()),
  regulatory_flags: chosen(z.looseObject({
    is_orphan: chosen(z.boolean()),
    has_black_box: chosen(z.boolean()),
    breakthrough: chosen(z.boolean()),
    priority_review: chosen(z.boolean()),
    accelerated: chosen(z.boolean()),
  })),
  patents: z.array(z.looseObject({ patent_no: chosen(z.string()), expiry_date: chosen(anyIsoDate) })),
  exclusivities: chosen(z.array(z.looseObject({
    code: chosen(z.string()),
    description: chosen(z.string()),
    expiry_date: chosen(anyIsoDate),
  }))),
});
/** Approval record row. */
export type ApprovalRow = R.ApprovalRow;

/** Approvals search response (implicit). */
export const ApprovalSearchResponse = implicitList(ApprovalRow, PageMeta);

/** Regulatory landscape drug row. */
export const LandscapeDrugRow = z.looseObject({
  generic_name: z.string(),
  tier: z.string(),
  total_approvals: count,
  first_approval_year: count.nullable(),
  has_black_box: z.boolean(),
  sponsors: chosen(z.array(z.string())),
  chembl_id: chosen(z.string()),
});
/** Regulatory landscape drug row. */
export type LandscapeDrugRow = R.LandscapeDrugRow;

/** Regulatory landscape (flagged): rows in three tier lists; exact total in `data.counts.total_unique_drugs`. */
export const RegulatoryLandscapeResponse = flagged(z.looseObject({
  biologics: z.array(LandscapeDrugRow),
  small_molecules_modern: z.array(LandscapeDrugRow),
  commodities: z.array(LandscapeDrugRow),
  counts: z.looseObject({
    biologics: chosen(count),
    small_molecules_modern: chosen(count),
    commodities: chosen(count),
    total_unique_drugs: count,
  }),
  audit_trail: z.array(z.record(z.string(), z.unknown())),
}));

/** Catalyst event. `approval_id` is the internal key, not the public id. */
export const CatalystEvent = z.looseObject({
  trade_name: z.string().nullable(),
  type: z.string(),
  event_date: anyIsoDate,
  days_to_event: count,
  drug_name: z.string(),
  patent_no: z.string().nullable(),
  exclusivity_code: z.string().nullable(),
  exclusivity_description: z.string().nullable(),
  approval_id: CatalystApprovalKey,
  sponsors: z.array(SponsorRef),
  sponsors_chain: z.array(SponsorRef),
});
/** Catalyst event. */
export type CatalystEvent = R.CatalystEvent;

/** Catalysts response (flagged): events capped at `limit`; `counts` splits the returned events by type. */
export const CatalystsResponse = flagged(z.looseObject({
  events: z.array(CatalystEvent),
  counts: z.record(z.string(), count),
  next_patent_expiry: anyIsoDate.nullable(),
  next_exclusivity_expiry: anyIsoDate.nullable(),
  window: chosen(
    z.looseObject({ from: chosen(anyIsoDate), to: chosen(anyIsoDate), today: chosen(anyIsoDate) }),
  ),
}));
