/**
 * Grants sample and registry search (spec 4.5), Medicare drugs (spec 4.6).
 *
 * @module
 */
import { z } from "zod";
import { anyIsoDate, count, implicitList, PageMeta } from "./common.ts";
import { chosen } from "./origin.ts";
import type * as R from "./_rows.gen.ts";

/** Grant row. */
export const GrantRow = z.looseObject({
  grant_id: z.string(),
  title: z.string(),
  source: z.string(),
  funding_amount: z.number().nullable(),
  start_date: anyIsoDate.nullable(),
  end_date: anyIsoDate.nullable(),
  /** The registry also carries organizations, partners, abstract and topics (spec part 2). */
  organizations: z.array(z.string()).optional(),
  partners: z.array(z.string()).optional(),
  abstract: z.string().nullable().optional(),
  topics: z.array(z.string()).optional(),
  /** ISO 4217 currency of `funding_amount` (the spec states none; USD, or EUR for CORDIS imported as published). */
  currency: chosen(z.string()),
});
/** Grant row. */
export type GrantRow = R.GrantRow;

/** Grant sample response: a fixed sample (3 NIH, 2 CORDIS). */
export const GrantSampleResponse = z.looseObject({ data: z.array(GrantRow) });

/** Grant search response: exact total in `meta.totalItems`; `meta.sort` echoes the applied ordering. */
export const GrantSearchResponse = implicitList(GrantRow, PageMeta.extend({ sort: z.string() }));

/**
 * Medicare Part D drug row. Averages are null when the denominator is 0. The spec states the spending is
 * for 2025 and names no year field; `year` (the spending year) is the sandbox's choice, so the
 * analyses read it when sent and take the spec's 2025 otherwise.
 */
export const MedicareRow = z.looseObject({
  _key: z.string(),
  generic_name: z.string(),
  brand_names: z.array(z.string()),
  total_spending: z.number(),
  total_claims: count,
  total_beneficiaries: count,
  avg_spending_per_claim: z.number().nullable(),
  avg_spending_per_beneficiary: z.number().nullable(),
  molecule: z.looseObject({ chembl_id: z.string(), name: chosen(z.string()) }).nullable(),
  approved_indications: z.array(z.looseObject({ efo_id: z.string(), name: chosen(z.string()) })),
  match_method: chosen(z.string()),
  year: chosen(z.number().int()),
});
/** Medicare Part D drug row. */
export type MedicareRow = R.MedicareRow;

/** Medicare search response (implicit). */
export const MedicareSearchResponse = implicitList(MedicareRow, PageMeta);
