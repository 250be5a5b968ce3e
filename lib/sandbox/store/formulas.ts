/**
 * Deterministic formulas of the sandbox: the trial probability-of-success score (the "model applied
 * to design features" of `trial-pos`) and the disease landscape competitiveness index.
 *
 * trialPos: logistic model, `score = 100 / (1 + e^-z)` rounded to 2 decimals, where
 * `z = PHASE_LOGIT[phase] + AREA_LOGIT[area] + 0.35·randomized + 0.2·blinded (Double/Triple/Quadruple)
 *    + 0.3·biomarker + 0.25·industry lead + 0.5·prior approval of the lead drug
 *    + 0.15·log10(1 + enrollment) + 0.2·min(n_sites, 100)/100 + 0.1·(n_countries > 1)
 *    − 1.5·(status is TERMINATED/WITHDRAWN/SUSPENDED)`.
 *
 * competitivenessIndex: `round(100 · (0.35·sat(totalTrials, 150) + 0.25·sat(activeSponsors, 40)
 *    + 0.2·sat(approvedDrugs, 10) + 0.2·sat(activeTrials, 60)))`, with `sat(x, k) = 1 − e^(−x/k)`, clamped 0..100.
 *
 * @module
 */

/** Design features of a trial used by {@link trialPos}. */
export interface TrialPosFeatures {
  /** Stored phase value, e.g. `PHASE2`. */
  phase: string;
  /** Stored status value. */
  status: string;
  /** Therapeutic area of the lead condition. */
  therapeuticArea: string;
  /** Allocation, e.g. `Randomized`. */
  designAllocation: string | null;
  /** Masking, e.g. `Double`. */
  designMasking: string | null;
  /** Enrollment (null = unknown). */
  enrollment: number | null;
  /** Number of sites. */
  nSites: number;
  /** Number of countries. */
  nCountries: number;
  /** Biomarker-selected population. */
  hasBiomarker: boolean;
  /** Lead sponsor is industry. */
  leadIsIndustry: boolean;
  /** Lead drug already approved for some indication. */
  priorApproval: boolean;
}

/** Phase contribution to the logit. */
export const PHASE_LOGIT: Readonly<Record<string, number>> = {
  EARLY_PHASE1: -2.2,
  PHASE1: -1.6,
  "PHASE1/PHASE2": -1.2,
  PHASE2: -0.9,
  "PHASE2/PHASE3": -0.4,
  PHASE3: 0.3,
  PHASE4: 1.4,
  NA: -0.5,
};

/** Therapeutic-area contribution to the logit (missing areas: 0). */
export const AREA_LOGIT: Readonly<Record<string, number>> = {
  oncology: -0.45,
  neurology: -0.55,
  psychiatry: -0.35,
  cardiovascular: -0.1,
  metabolic: 0.25,
  infectious: 0.3,
  hematology: 0.2,
  ophthalmology: 0.15,
};

/**
 * Probability-of-success score of a trial, 0..100 with two decimals.
 *
 * @param f The trial's design features.
 * @returns The score.
 * @example
 * ```ts
 * const s = trialPos({ phase: "PHASE3", status: "RECRUITING", therapeuticArea: "metabolic",
 *   designAllocation: "Randomized", designMasking: "Double", enrollment: 800, nSites: 120, nCountries: 12,
 *   hasBiomarker: false, leadIsIndustry: true, priorApproval: true });
 * if (s <= 50 || s > 100) throw new Error("unexpected");
 * ```
 */
export function trialPos(f: TrialPosFeatures): number {
  let z = (PHASE_LOGIT[f.phase] ?? -0.5) + (AREA_LOGIT[f.therapeuticArea] ?? 0);
  if (f.designAllocation === "Randomized") z += 0.35;
  if (f.designMasking && /Double|Triple|Quadruple/.test(f.designMasking)) z += 0.2;
  if (f.hasBiomarker) z += 0.3;
  if (f.leadIsIndustry) z += 0.25;
  if (f.priorApproval) z += 0.5;
  z += 0.15 * Math.log10(1 + (f.enrollment ?? 0));
  z += 0.2 * Math.min(f.nSites, 100) / 100;
  if (f.nCountries > 1) z += 0.1;
  if (f.status === "TERMINATED" || f.status === "WITHDRAWN" || f.status === "SUSPENDED") z -= 1.5;
  return Math.round(10_000 / (1 + Math.exp(-z))) / 100;
}

/** Inputs of {@link competitivenessIndex}. */
export interface LandscapeStats {
  /** Trials linked to the disease. */
  totalTrials: number;
  /** Trials with an active status (RECRUITING, ACTIVE_NOT_RECRUITING, NOT_YET_RECRUITING, ENROLLING_BY_INVITATION). */
  activeTrials: number;
  /** Distinct sponsors of active trials. */
  activeSponsors: number;
  /** Distinct approved drugs for the disease. */
  approvedDrugs: number;
}

/**
 * Competitiveness index of a disease landscape, an integer 0..100 (higher = more crowded).
 *
 * @param s Landscape counts.
 * @returns The index.
 * @example
 * ```ts
 * if (competitivenessIndex({ totalTrials: 0, activeTrials: 0, activeSponsors: 0, approvedDrugs: 0 }) !== 0) {
 *   throw new Error("empty landscape should score 0");
 * }
 * ```
 */
export function competitivenessIndex(s: LandscapeStats): number {
  const sat = (x: number, k: number): number => 1 - Math.exp(-Math.max(0, x) / k);
  const v = 0.35 * sat(s.totalTrials, 150) + 0.25 * sat(s.activeSponsors, 40) +
    0.2 * sat(s.approvedDrugs, 10) +
    0.2 * sat(s.activeTrials, 60);
  return Math.max(0, Math.min(100, Math.round(100 * v)));
}
