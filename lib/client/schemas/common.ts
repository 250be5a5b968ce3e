/**
 * Primitive value schemas and response envelopes shared by every resource schema.
 *
 * Date-like strings carry a `format` in their zod metadata (`iso-date`, `yyyymmdd`, `epoch-ms`,
 * `iso-datetime`) so lib/frames can turn them into Polars dates without a second list of date columns;
 * those whose form the spec leaves open also carry `anyIsoForm` (read by `dates.ts`, re-written into
 * other ISO forms by the sandbox's `variant` profile).
 *
 * @module
 */
import { z } from "zod";
import { chosen } from "./origin.ts";
import { calendarDate, instantMs } from "./dates.ts";
import type * as R from "./_rows.gen.ts";

/** `YYYY-MM-DD` calendar date string, for the few response fields whose format the spec fixes (`lastApprovalDate`). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ format: "iso-date" });
/**
 * A response date whose format the spec does not fix (every row date but the patents'): any ISO-8601
 * date or date-time form is accepted and read as its calendar date as written, `YYYY-MM-DD`
 * (`2023-05-08T23:30:00-05:00` is 2023-05-08; see `dates.ts`). The one place that reads such dates.
 */
export const anyIsoDate = z.string().transform((s, ctx) => {
  const d = calendarDate(s);
  if (d === undefined) {
    ctx.issues.push({ code: "custom", input: s, message: "Expected an ISO-8601 date or date-time" });
    return z.NEVER;
  }
  return d;
}).meta({ format: "iso-date", anyIsoForm: true });
/** Patent `YYYYMMDD` date string (spec part 2). */
export const yyyymmdd = z.string().regex(/^\d{8}$/).meta({ format: "yyyymmdd" });
/** Epoch-millisecond timestamp (patent `last_updated`). */
export const epochMs = z.number().meta({ format: "epoch-ms" });
/**
 * An instant (ISO-8601 date-time in any form; no offset written: UTC), read as the canonical
 * `YYYY-MM-DDTHH:mm:ss.sssZ` (see `dates.ts`).
 */
export const isoDateTime = z.string().transform((s, ctx) => {
  const ms = instantMs(s);
  if (Number.isNaN(ms)) {
    ctx.issues.push({ code: "custom", input: s, message: "Expected an ISO-8601 date-time" });
    return z.NEVER;
  }
  return new Date(ms).toISOString();
}).meta({ format: "iso-datetime", anyIsoForm: true });
/** An integer count. */
export const count = z.number().int();

/** Matches a disease CURIE with an uppercase prefix, e.g. `EFO:0000311`, `MONDO:0005148`. */
export const CURIE_RE: RegExp = /^[A-Z][A-Za-z0-9]*:[A-Za-z0-9_.-]+$/;
/** Registry trial id: `NCT` + 8 digits. */
export const NCT_RE: RegExp = /^NCT\d{8}$/;
/** Legal Entity Identifier: 20 alphanumerics. */
export const LEI_RE: RegExp = /^[A-Za-z0-9]{20}$/;
/** Organization id form `organizations/<key>`. */
export const ORG_ID_RE: RegExp = /^organizations\/[A-Za-z0-9_-]+$/;
/** Molecule-database id form `CHEMBL<n>`. */
export const CHEMBL_RE: RegExp = /^CHEMBL\d+$/;
/** Scholarly-index author id: `A#######`, `scholarly_A#######`, or the full URL form. */
export const AUTHOR_ID_RE: RegExp = /^(?:scholarly_)?A\d{4,12}$|^https?:\/\/[^\s/]+\/A\d{4,12}$/;

/**
 * A sponsor reference carried on approvals, catalyst events and trial details. The spec names the
 * objects ("direct sponsor objects", "sponsors_chain with canonical LEI/ROR ids") but not their keys.
 */
export const SponsorRef = z.looseObject({
  id: chosen(z.string()),
  name: chosen(z.string()),
  lei: chosen(z.string().nullable()),
  ror: chosen(z.string().nullable()),
});

/** Standard `meta` of the page+limit list endpoints (`meta.totalItems` is the exact total). */
export const PageMeta = z.looseObject({
  totalItems: count,
  page: chosen(count),
  limit: chosen(count),
});

/** Implicit list envelope: `{data: rows, meta}` with no success flag. */
export function implicitList<R extends z.ZodType, M extends z.ZodObject>(
  row: R,
  meta: M,
): z.ZodObject<{ data: z.ZodArray<R>; meta: M }, z.core.$loose> {
  return z.looseObject({ data: z.array(row), meta });
}

/** Flagged envelope: `{success: true, data, meta?}`. */
export function flagged<D extends z.ZodType>(
  data: D,
): z.ZodObject<
  { success: z.ZodLiteral<true>; data: D; meta: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>> },
  z.core.$loose
> {
  return z.looseObject({
    success: z.literal(true),
    data,
    meta: z.record(z.string(), z.unknown()).optional(),
  });
}

/**
 * Error body the sandbox returns (the spec does not show one; see README). Every field is the sandbox's
 * choice, so none is required: a service sending `{error: {code, message}}` without `status` still has its
 * code (`quota_exhausted`, `unresolved_entity`) and parameter read.
 */
export const ErrorBody = z.looseObject({
  error: z.looseObject({
    status: count.optional(),
    code: z.string().optional(),
    message: z.string().optional(),
    parameter: z.string().optional(),
    value: z.unknown().optional(),
    input: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
  }),
});
/** Error body type. */
export type ErrorBody = R.ErrorBody;
