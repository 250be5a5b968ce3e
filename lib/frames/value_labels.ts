/**
 * What a stored code means, in one table beside the column semantics (`semantics.ts`): the report's HTML
 * tables, the workbook and the charts' legends show `exclusivity_expiry` as "Exclusivity expiry",
 * `ACTIVE_NOT_RECRUITING` as "Active, not recruiting", `PHASE2/PHASE3` as "Phase 2/3" and a boolean as
 * "Yes"/"No". CSV files keep the stored values.
 *
 * @example A value in an analyst's words
 * ```ts
 * import assert from "node:assert/strict";
 * import { displayValue } from "./value_labels.ts";
 * assert.equal(displayValue("type", "exclusivity_expiry"), "Exclusivity expiry");
 * assert.equal(displayValue("status", "ACTIVE_NOT_RECRUITING"), "Active, not recruiting");
 * assert.equal(displayValue("phase", "PHASE2/PHASE3"), "Phase 2/3");
 * assert.equal(displayValue("is_orphan", true), "Yes");
 * assert.equal(displayValue("entities", "sponsor:Pfizer"), "Pfizer");
 * assert.equal(displayValue("type", "conference-paper"), "Conference paper");
 * assert.equal(displayValue("trade_name", "DABRAFENIB MESYLATE"), "Dabrafenib Mesylate");
 * assert.equal(displayValue("sponsor", "MICRO LABS LTD"), "Micro Labs Ltd");
 * assert.equal(displayValue("holders", "sponsor:PFIZER INC"), "Pfizer Inc");
 * ```
 *
 * @module
 */
import type {
  CatalystType,
  DrugTier,
  HIERARCHY_LEVELS,
  TrialPhase,
  TrialStatus,
  WorkType,
} from "../client/schemas/vocab.ts";
import { displayText } from "./semantics.ts";

type HierarchyLevel = typeof HIERARCHY_LEVELS[number];

const TRIAL_STATUS: Readonly<Record<TrialStatus, string>> = {
  RECRUITING: "Recruiting",
  ACTIVE_NOT_RECRUITING: "Active, not recruiting",
  COMPLETED: "Completed",
  TERMINATED: "Terminated",
  WITHDRAWN: "Withdrawn",
  SUSPENDED: "Suspended",
  NOT_YET_RECRUITING: "Not yet recruiting",
  ENROLLING_BY_INVITATION: "Enrolling by invitation",
  UNKNOWN: "Unknown",
};

const TRIAL_PHASE: Readonly<Record<TrialPhase, string>> = {
  EARLY_PHASE1: "Early phase 1",
  PHASE1: "Phase 1",
  "PHASE1/PHASE2": "Phase 1/2",
  PHASE2: "Phase 2",
  "PHASE2/PHASE3": "Phase 2/3",
  PHASE3: "Phase 3",
  PHASE4: "Phase 4",
  NA: "Not applicable",
};

const CATALYST_TYPE: Readonly<Record<CatalystType, string>> = {
  approval: "Approval",
  patent_expiry: "Patent expiry",
  exclusivity_expiry: "Exclusivity expiry",
};

const DRUG_TIER: Readonly<Record<DrugTier, string>> = {
  biologics: "Biologics",
  small_molecules_modern: "Modern small molecules",
  commodities: "Commodities / generics",
};

const APPROVAL_SOURCE: Readonly<Record<string, string>> = {
  FDA_ORANGE: "FDA Orange Book",
  FDA_PURPLE: "FDA Purple Book",
  EMA: "EMA",
};

const MARKETING_STATUS: Readonly<Record<string, string>> = {
  Rx: "Prescription",
  OTC: "Over the counter",
  Disc: "Discontinued",
};

/** How a drug was matched to its Medicare Part D record (`lib/analyses/_loe_match.ts`). */
const MATCH_METHOD: Readonly<Record<string, string>> = {
  exact_generic: "Generic name",
  salt_form: "Salt form of the generic name",
  molecule_id: "Molecule id",
  brand_name: "Brand name",
  "no match": "No match",
};

const HIERARCHY_LEVEL: Readonly<Record<HierarchyLevel, string>> = {
  "GLOBAL PARENT": "Global parent",
  UNRESOLVED: "Unresolved mention",
};

const WHEN: Readonly<Record<string, string>> = { past: "Past", upcoming: "Upcoming" };

/** The likelihood-of-approval levels (`lib/analyses/_loa_core.ts` LEVEL_CODE). */
const LOA_LEVEL: Readonly<Record<string, string>> = {
  phase1: "Phase 1",
  phase2: "Phase 2",
  phase3: "Phase 3",
  approval: "Approval",
};

/** How programmes are grouped in the phase-transition benchmark (`LOA_DIMENSIONS`). */
const LOA_DIMENSION: Readonly<Record<string, string>> = {
  all: "All programmes",
  area: "Therapeutic area",
  sponsor_class: "Sponsor class",
  modality: "Modality",
  cohort: "Cohort by start year",
};

/** How a likelihood of approval is counted. */
const LOA_COUNTING: Readonly<Record<string, string>> = {
  "phase-by-phase": "Phase by phase",
  "path-by-path": "Path by path",
};

/** Researcher work types (spec 4.7). */
const WORK_TYPE: Readonly<Record<WorkType, string>> = {
  article: "Article",
  review: "Review",
  preprint: "Preprint",
  "conference-paper": "Conference paper",
  "book-chapter": "Book chapter",
  editorial: "Editorial",
  letter: "Letter",
  others: "Other",
};

/** Words set in lower case inside a display name (`Water for Injection`), not kept as capitals like `NPH`. */
const LINKING_WORDS = new Set(["and", "or", "for", "in", "of", "with", "to", "the", "per"]);

/** Company-form words of names written in capitals (`PFIZER INC`, `MICRO LABS LTD`), in their usual case. */
const COMPANY_FORMS: Readonly<Record<string, string>> = {
  INC: "Inc",
  LTD: "Ltd",
  CO: "Co",
  CORP: "Corp",
  LLC: "LLC",
  PLC: "plc",
  GMBH: "GmbH",
};

/**
 * One display case for drug and product names, applied once before grouping: names written wholly in
 * capitals (`FINGOLIMOD HYDROCHLORIDE`, as approvals list them) or wholly in lower case (`lorlatinib`)
 * become Title Case like the brand-cased names beside them (`Fingolimod Hydrochloride`); mixed-case names
 * (`Tagrisso`, `ado-Trastuzumab`) are kept as written, and so are short all-capital tokens such as `HCL`
 * or `NPH` and words of a code with digits (`OR-101`); linking words after the first are lower case (`Water for Injection`).
 */
export function displayName(name: unknown): string {
  const s = String(name ?? "").trim().replace(/\s+/g, " ");
  const upper = !/[a-z]/.test(s), lower = !/[A-Z]/.test(s);
  if (!upper && !lower) return s;
  return s.replace(/[\p{L}]+/gu, (w, at: number) => {
    // A word inside a code with digits (`CD274`, `OR-101`, `AZD-9291`) is kept as written.
    const start = s.lastIndexOf(" ", at) + 1, end = s.indexOf(" ", at);
    if (/\d/.test(s.slice(start, end < 0 ? s.length : end))) return w;
    if (at > 0 && LINKING_WORDS.has(w.toLowerCase())) return w.toLowerCase();
    if (upper && COMPANY_FORMS[w]) return COMPANY_FORMS[w];
    if (upper && w.length <= 3 && s[at - 1] !== "-" && s[at + w.length] !== "-") return w;
    return w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  });
}

/**
 * Columns holding drug and product names (trade names, ingredients): shown in their usual case
 * ({@linkcode displayName}: `DABRAFENIB MESYLATE` → `Dabrafenib Mesylate`, as registries write capitals);
 * CSVs keep the stored value.
 */
export const NAME_COLUMNS: ReadonlySet<string> = new Set([
  "trade_name",
  "trade_names",
  "drug_name",
  "drug_names",
  "generic_name",
  "brand_name",
  "brand_names",
  "active_ingredient",
  "ingredient",
  "product_name",
  "medicare_names",
  // Organizations as registries write them (`PFIZER INC` in the Orange Book's applicant field).
  "sponsor",
  "sponsors",
  "applicant",
  "holder",
  "holders",
  "company",
]);

/**
 * Labels of stored values, by the column that holds them: one entry per vocabulary, shared by every
 * column name it appears under. A value not listed is shown as stored (without its entity prefix).
 */
export const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  status: TRIAL_STATUS,
  overall_status: TRIAL_STATUS,
  phase: TRIAL_PHASE,
  phases: TRIAL_PHASE,
  // "type" holds catalyst event types in the calendar and work types in researcher output (disjoint codes).
  type: { ...CATALYST_TYPE, ...WORK_TYPE },
  event_type: CATALYST_TYPE,
  work_type: WORK_TYPE,
  from_phase: LOA_LEVEL,
  to_phase: LOA_LEVEL,
  current_phase: LOA_LEVEL,
  entry_phase: LOA_LEVEL,
  highest_phase: LOA_LEVEL,
  dimension: LOA_DIMENSION,
  counting: LOA_COUNTING,
  tier: DRUG_TIER,
  source: APPROVAL_SOURCE,
  marketing_status: MARKETING_STATUS,
  match_method: MATCH_METHOD,
  when: WHEN,
  hierarchy_level: HIERARCHY_LEVEL,
  hierarchyLevel: HIERARCHY_LEVEL,
};

/**
 * A stored value as a reader sees it: its label from {@linkcode VALUE_LABELS} for its column, a boolean as
 * "Yes"/"No", a drug or product name ({@linkcode NAME_COLUMNS}) in its usual case, other text without its
 * internal entity prefix; numbers, dates and nulls unchanged.
 *
 * @param column The column the value is in.
 * @param value The stored value.
 * @returns The label, or the value itself when it is not text or a boolean.
 */
export function displayValue(column: string, value: unknown): unknown {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value !== "string") return value;
  if (NAME_COLUMNS.has(column)) return displayName(displayText(value));
  return VALUE_LABELS[column]?.[value] ?? displayText(value);
}

/**
 * The label of a value of one vocabulary, named by a column that holds it, for chart legends and axes:
 * `valueLabel("tier", "small_molecules_modern")` → "Modern small molecules"; an unlisted value as stored.
 *
 * @param column A column name of {@linkcode VALUE_LABELS}.
 * @param value The stored value.
 * @returns Its label.
 */
export function valueLabel(column: string, value: unknown): string {
  return String(displayValue(column, value ?? "unknown"));
}
