/**
 * Controlled vocabularies of the Research Intelligence Data Service (spec parts 3, 4).
 *
 * One place for every enumerated value the client validates against and the sandbox stores.
 *
 * @module
 */

/** The nine trial statuses, stored uppercase (spec part 3). */
export const TRIAL_STATUSES = [
  "RECRUITING",
  "ACTIVE_NOT_RECRUITING",
  "COMPLETED",
  "TERMINATED",
  "WITHDRAWN",
  "SUSPENDED",
  "NOT_YET_RECRUITING",
  "ENROLLING_BY_INVITATION",
  "UNKNOWN",
] as const;
/** A stored trial status. */
export type TrialStatus = typeof TRIAL_STATUSES[number];

/** Statuses of trials that are under way or about to start (landscapes, sponsor scans, charts). */
export const ACTIVE_TRIAL_STATUSES: readonly TrialStatus[] = [
  "RECRUITING",
  "ACTIVE_NOT_RECRUITING",
  "NOT_YET_RECRUITING",
  "ENROLLING_BY_INVITATION",
];

/** Normalized stored phase values of the trial registry (`phase` filter of registry and topic search). */
export const TRIAL_PHASES = [
  "EARLY_PHASE1",
  "PHASE1",
  "PHASE1/PHASE2",
  "PHASE2",
  "PHASE2/PHASE3",
  "PHASE3",
  "PHASE4",
  "NA",
] as const;
/** A stored trial phase. */
export type TrialPhase = typeof TRIAL_PHASES[number];

/** Approval sources (`source` filter of the approvals search). `EMA Union Register` is an alias of `EMA`. */
export const APPROVAL_SOURCES = ["FDA_ORANGE", "FDA_PURPLE", "EMA", "EMA Union Register"] as const;

/** Approval marketing status examples (exact-match filter). */
export const MARKETING_STATUSES = ["Rx", "OTC", "Disc"] as const;

/** Regulatory landscape tiers. */
export const DRUG_TIERS = ["biologics", "small_molecules_modern", "commodities"] as const;
/** A regulatory landscape tier. */
export type DrugTier = typeof DRUG_TIERS[number];

/** Catalyst event types. */
export const CATALYST_TYPES = ["patent_expiry", "exclusivity_expiry", "approval"] as const;
/** A catalyst event type. */
export type CatalystType = typeof CATALYST_TYPES[number];

/** Researcher work types (spec 4.7); case-insensitive on the wire. */
export const WORK_TYPES = [
  "article",
  "review",
  "preprint",
  "conference-paper",
  "book-chapter",
  "editorial",
  "letter",
  "others",
] as const;
/** A researcher work type. */
export type WorkType = typeof WORK_TYPES[number];

/** Stored drug action types (`action` of target-to-drugs is an exact match on these). */
export const ACTION_TYPES = [
  "INHIBITOR",
  "AGONIST",
  "ANTAGONIST",
  "ANTIBODY",
  "MODULATOR",
  "BLOCKER",
  "ACTIVATOR",
  "BINDING AGENT",
  "PARTIAL AGONIST",
  "DEGRADER",
] as const;
/** A stored drug action type. */
export type ActionType = typeof ACTION_TYPES[number];

/** PI match tags of the registry search (`pi_match_tag`). */
export const PI_MATCH_TAGS = ["verified", "shortcut", "llm"] as const;

/** Grant sources. */
export const GRANT_SOURCES = ["NIH", "CORDIS"] as const;

/** Medicare match methods. */
export const MEDICARE_MATCH_METHODS = ["exact_generic", "unmatched"] as const;

/** Organization hierarchy levels (entity autocomplete). */
export const HIERARCHY_LEVELS = ["GLOBAL PARENT", "UNRESOLVED"] as const;

/** Workspace tiers. `pos` is a Pro workspace whose tier includes the trial probability-of-success tool. */
export const TIERS = ["free", "pro", "pos"] as const;
/** A workspace tier. */
export type Tier = typeof TIERS[number];
