/**
 * Private: column schemas and vocab of the sponsor scan.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Schema } from "./_measures.ts";
import { ACTIVE_TRIAL_STATUSES } from "../client/schemas/vocab.ts";

/** Trial statuses that count as active. */
export const ACTIVE: string[] = [...ACTIVE_TRIAL_STATUSES];
/** Phases that count as late stage. */
export const LATE: string[] = ["PHASE2/PHASE3", "PHASE3", "PHASE4"];
/** Columns of the `sponsor` frame. */
export const SPONSOR: Schema = {
  input: pl.Utf8,
  id: pl.Utf8,
  name: pl.Utf8,
  lei: pl.Utf8,
  ror_id: pl.Utf8,
  hierarchy_level: pl.Utf8,
  resolved: pl.Bool,
};
/** Approval columns the scan keeps. */
export const APPROVAL: Schema = {
  approval_id: pl.Utf8,
  trade_name: pl.Utf8,
  source: pl.Utf8,
  approval_date: pl.Date,
  marketing_status: pl.Utf8,
  drugs: pl.List(pl.Utf8),
  indications: pl.List(pl.Utf8),
  regulatory_flags_is_orphan: pl.Bool,
};
/** Trial columns the scan reads. */
export const TRIAL: Schema = { phase: pl.Utf8, status: pl.Utf8, enrollment: pl.Int64 };
/** Catalyst columns the scan reads, and the event key (drug, type, date). */
export const EVENT: Schema = { drug_name: pl.Utf8, type: pl.Utf8, event_date: pl.Date, when: pl.Utf8 };
