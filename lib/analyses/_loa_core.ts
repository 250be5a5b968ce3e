/**
 * Private: the rules of the likelihood-of-approval analysis, in plain functions over plain rows —
 * programmes from trial rows, each phase's outcome (advanced, failed, censored), phase-by-phase and
 * path-by-path counts, Wilson intervals, median years between phases. The words for each rule are in
 * {@link loaDefinitions}; docs/LIKELIHOOD_OF_APPROVAL.md says the same at length.
 *
 * @module
 */
import { normalisePhase } from "../client/params.ts";
import { ACTIVE_TRIAL_STATUSES } from "../client/schemas/vocab.ts";
import { baseName, namesProduct } from "../client/names.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Phase levels of a programme: 1, 2, 3 (trials) and 4 (approval). */
export type Level = 1 | 2 | 3 | 4;
/** Codes of the levels, as the frames carry them. */
export const LEVEL_CODE: Record<Level, string> = { 1: "phase1", 2: "phase2", 3: "phase3", 4: "approval" };

/** One trial of a programme, as the composite search gives it. */
export interface LoaTrial {
  readonly trial_id: string;
  readonly phase: string | null;
  readonly status: string;
  readonly start_date: string | null;
  readonly lead_sponsor?: string | null;
}

/** An approval of a drug, as the approvals search gives it. */
export interface LoaApproval {
  readonly approval_id: string;
  readonly approval_date: string | null;
  /** Resolved indication names on the record (may be empty: then matched by the drug alone). */
  readonly indications: readonly string[];
}

/** The levels a stored phase covers: a combined Phase 1/2 trial reaches both phases at its start. */
export function levelsOf(phase: string | null): Level[] {
  const p = phase === null ? undefined : normalisePhase(phase) ?? phase.toUpperCase();
  switch (p) {
    case "EARLY_PHASE1":
    case "PHASE1":
      return [1];
    case "PHASE1/PHASE2":
      return [1, 2];
    case "PHASE2":
      return [2];
    case "PHASE2/PHASE3":
      return [2, 3];
    case "PHASE3":
      return [3];
    default:
      return []; // Phase 4, not applicable, unknown: no development phase
  }
}

const RUNNING = new Set<string>(ACTIVE_TRIAL_STATUSES);
const STOPPED = new Set(["TERMINATED", "WITHDRAWN", "SUSPENDED"]);
const DAY = 86_400_000;
const yearsBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY / 365.25;

/** Academic or public sponsors by name: universities, hospitals, institutes, public agencies. */
const ACADEMIC =
  /universit|college|hospital|institut|school|academ|foundation|clinic|centre|center|council|ministry|national|nih\b|nci\b|health service|group\b|consortium|trust\b|fondazione|hôpital|hopital|charit|cooperative/i;

/** A sponsor's class from its name: `academic` (see {@link ACADEMIC}) or `industry`; null when unknown. */
export function sponsorClass(name: string | null | undefined): string | null {
  if (!name) return null;
  return ACADEMIC.test(name) ? "academic" : "industry";
}

/** Modality from the INN/USAN stem of the drug's name; null when the stem says nothing. */
export function modalityOf(drug: string): string | null {
  const n = baseName(drug).split(" ")[0];
  if (/mab$/.test(n)) return "antibody";
  if (/(cept|ase|kin|plermin|poetin|grastim|stim)$/.test(n)) return "protein";
  if (/(tide|relin|pressin)$/.test(n)) return "peptide";
  if (/(rsen|siran|mersen)$/.test(n)) return "oligonucleotide";
  if (/(cel|gene|vec)$/.test(n)) return "cell or gene therapy";
  if (
    /(tinib|ciclib|parib|rafenib|lisib|degib|stat|pril|sartan|olol|gliptin|gliflozin|azole|vir|mycin|cillin|oxacin|prazole|setron|tidine|dipine|pine|pam|lam|zepam|afil|triptan|semide|thiazide|dronate|lukast|profen|coxib|sone|olone|barb|caine|fibrate|glitazone|navir|buvir|previr|asvir|tegravir|citabine|rubicin|platin|taxel|toin|zolamide)$/
      .test(n)
  ) return "small molecule";
  return null;
}

/** A programme with its phases, outcome and groups. */
export interface Programme {
  drug: string;
  disease: string;
  area: string;
  sponsor_class: string | null;
  modality: string | null;
  cohort: number | null;
  first_start: string | null;
  phase1_start: string | null;
  phase2_start: string | null;
  phase3_start: string | null;
  approval_date: string | null;
  approval_ids: string[];
  approval_match: string | null;
  entry_phase: string | null;
  highest_phase: string | null;
  last_status: string | null;
  trials: number;
  /** Phases passed without a trial of their own (a programme reaching Phase 3 straight from Phase 1). */
  skipped: string[];
  outcome: "approved" | "failed" | "censored" | "outside window" | "approved before its trials" | "no phase";
  outcome_reason: string;
  /** Internals for counting. */
  entry: Level | null;
  highest: Level | null;
  approved: boolean;
  starts: Partial<Record<Level, string>>;
  combined12: boolean;
  decidedAt: Level | null;
  inWindow: boolean;
}

/** Rules of the judgement. */
export interface Rules {
  /** Years without a later phase after which a programme has failed. */
  readonly failAfterYears: number;
  /** The day judged from, `YYYY-MM-DD`. */
  readonly asOf: string;
  /** First and last start year of the programmes counted (the window). */
  readonly fromYear: number;
  readonly toYear: number;
  /** Years per start-year cohort. */
  readonly cohortYears: number;
}

/**
 * The day `years` calendar years after `day` (`YYYY-MM-DD`): the same month and day, 29 February becoming
 * 1 March in a year without it. `failAfterYears` counts this way: a programme whose last start at its
 * phase was 2021-11-21 has failed from 2026-11-21 on, not 1,826.25 days later.
 */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** The approval matchers, most specific first: the first that applies dates a programme's approval. */
export const MATCHER_PRECEDENCE = [
  "drug and indication",
  "drug in the disease's approved drugs",
  "drug only",
] as const;

/** Build one programme from its trials and matched approvals (the words: {@link loaDefinitions}). */
export function buildProgramme(
  key: { drug: string; disease: string; area: string },
  trials: readonly LoaTrial[],
  matched: Matched,
  rules: Rules,
): Programme {
  // A trial reaches its phase on its start: one that starts after the day judged from has not (yet).
  const planned = trials.filter((t) => t.start_date && t.start_date > rules.asOf && levelsOf(t.phase).length);
  const started = trials.filter((t) => !(t.start_date && t.start_date > rules.asOf));
  const dev = started.filter((t) => levelsOf(t.phase).length);
  // The first trial: the earliest start among its started Phase 1-3 trials (Early Phase 1 is Phase 1).
  const dated = dev.filter((t) => t.start_date).sort((a, b) => (a.start_date! < b.start_date! ? -1 : 1));
  const first = dated[0]?.start_date ?? null;
  // The entry phase: the lowest phase of the trials that start on that first day (or of every trial when
  // none is dated). A later trial at a lower phase (a new formulation, population or life-cycle Phase 1)
  // does not move the entry back: phases below the entry are not counted.
  const entryFrom = first ? dev.filter((t) => t.start_date === first) : dev;
  const entryLevels = entryFrom.flatMap((t) => levelsOf(t.phase));
  const entry = (entryLevels.length ? Math.min(...entryLevels) : null) as Level | null;
  const starts: Partial<Record<Level, string>> = {};
  const atLevel = new Map<Level, LoaTrial[]>();
  let combined12 = false;
  for (const t of dev) {
    const lv = levelsOf(t.phase).filter((l) => entry !== null && l >= entry);
    if (lv.length === 2 && lv[0] === 1) combined12 = true;
    for (const l of lv) {
      atLevel.set(l, [...(atLevel.get(l) ?? []), t]);
      if (t.start_date && (!starts[l] || t.start_date < starts[l]!)) starts[l] = t.start_date;
    }
  }
  const levels = [...atLevel.keys()].sort();
  const highest = (levels.at(-1) ?? null) as Level | null;
  // Several matchers may apply: the most specific one dates the approval (MATCHER_PRECEDENCE), and
  // within it the earliest dated record. A landscape listing without any record of the drug is undated.
  const chosen = MATCHER_PRECEDENCE.find((m) => matched.records.some((a) => a.match === m)) ??
    (matched.landscape ? MATCHER_PRECEDENCE[1] : null);
  const approvals = matched.records.filter((a) => a.match === chosen);
  const approvalDate = approvals.map((a) => a.approval_date).filter((d): d is string => !!d).sort()[0] ??
    null;
  const approved = chosen !== null && entry !== null;
  const firstTrial = dated[0];
  const latest = [...trials].sort((a, b) => (a.start_date ?? "") < (b.start_date ?? "") ? 1 : -1)[0];
  const firstYear = first ? Number(first.slice(0, 4)) : null;
  const inWindow = firstYear !== null && firstYear >= rules.fromYear && firstYear <= rules.toYear;
  const skipped: string[] = [];
  if (entry !== null && highest !== null) {
    for (let l = entry + 1; l < (approved ? 4 : highest); l++) {
      if (!atLevel.has(l as Level)) skipped.push(LEVEL_CODE[l as Level]);
    }
  }
  let outcome: Programme["outcome"];
  let reason: string;
  let decidedAt: Level | null = null;
  if (entry === null || highest === null) {
    (outcome = "no phase"),
      (reason = planned.length ? `no Phase 1-3 trial started by ${rules.asOf}` : "no Phase 1-3 trial");
  } else if (!inWindow) {
    (outcome = "outside window"),
      (reason = firstYear === null
        ? "no start date"
        : `started ${firstYear}, outside ${rules.fromYear}-${rules.toYear}`);
  } else if (approved && approvalDate && first && approvalDate < first) {
    // Trials that start after the approval in the same disease are life-cycle work, not development.
    (outcome = "approved before its trials"),
      (reason = `approved ${approvalDate}, before its first trial ${first}`);
  } else if (approved) (outcome = "approved"), (reason = "approval record");
  else {
    const top = atLevel.get(highest)!;
    const lastStart = top.map((t) => t.start_date).filter((d): d is string => !!d).sort().at(-1);
    const next = planned.map((t) => t.start_date!).sort()[0];
    if (top.some((t) => RUNNING.has(t.status))) (outcome = "censored"), (reason = "still running");
    else if (next) (outcome = "censored"), (reason = `a trial is planned to start ${next}`);
    else if (top.every((t) => STOPPED.has(t.status))) {
      (outcome = "failed"), (reason = "stopped (terminated, withdrawn or suspended)"), (decidedAt = highest);
    } else if (!lastStart) (outcome = "censored"), (reason = "no start date at its last phase");
    else if (addYears(lastStart, rules.failAfterYears) <= rules.asOf) {
      (outcome = "failed"),
        (reason = `no later phase within ${rules.failAfterYears} years`),
        (decidedAt = highest);
    } else {(outcome = "censored"),
        (reason = `too recent: less than ${rules.failAfterYears} years at its last phase`);}
  }
  return {
    ...key,
    sponsor_class: sponsorClass(firstTrial?.lead_sponsor),
    modality: modalityOf(key.drug),
    cohort: firstYear === null ? null : firstYear -
      ((firstYear - rules.fromYear) % rules.cohortYears + rules.cohortYears) % rules.cohortYears,
    first_start: first,
    phase1_start: starts[1] ?? null,
    phase2_start: starts[2] ?? null,
    phase3_start: starts[3] ?? null,
    approval_date: approvalDate,
    approval_ids: approvals.map((a) => a.approval_id),
    approval_match: chosen,
    entry_phase: entry === null ? null : LEVEL_CODE[entry],
    highest_phase: approved ? "approval" : highest === null ? null : LEVEL_CODE[highest],
    last_status: latest?.status ?? null,
    trials: trials.length,
    skipped,
    outcome,
    outcome_reason: reason,
    entry,
    highest,
    approved,
    starts,
    combined12,
    decidedAt,
    inWindow: inWindow && outcome !== "approved before its trials",
  };
}

/** The 95 % Wilson score interval of `k` successes in `n` trials; nulls for n = 0. */
export function wilson(
  k: number,
  n: number,
  z = 1.959964,
): { rate: number | null; low: number | null; high: number | null } {
  if (n === 0) return { rate: null, low: null, high: null };
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  const r = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 1e6) / 1e6;
  return { rate: r(p), low: r(c - h), high: r(c + h) };
}

/** Median of numbers (null when none). */
export function median(xs: readonly number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  const v = s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  return Math.round(v * 100) / 100;
}

/** One transition's counts in a group (phase-by-phase). */
export interface TransitionCount {
  from: Level;
  entered: number;
  advanced: number;
  failed: number;
  censored: number;
  years: number[];
}

/**
 * Phase-by-phase counts of programmes (all in the window): a programme enters the transition from
 * phase k when its first phase is at most k and it reached k (or later, or approval); it advanced when
 * it reached a later phase or approval, failed when its failure was judged at k, censored otherwise.
 */
export function transitionCounts(ps: readonly Programme[]): TransitionCount[] {
  const out: TransitionCount[] = ([1, 2, 3] as Level[]).map((from) => ({
    from,
    entered: 0,
    advanced: 0,
    failed: 0,
    censored: 0,
    years: [],
  }));
  for (const p of ps) {
    if (!p.inWindow || p.entry === null || p.highest === null) continue;
    const top = p.approved ? 4 : p.highest;
    for (const c of out) {
      if (p.entry > c.from || top < c.from) continue;
      c.entered++;
      if (top > c.from) {
        c.advanced++;
        const next = c.from === 3 ? p.approval_date : p.starts[(c.from + 1) as Level];
        const at = p.starts[c.from];
        // A duration needs both phases' own dates; a combined Phase 1/2 trial gives none for I → II.
        const own = c.from === 3 || !p.skipped.includes(LEVEL_CODE[(c.from + 1) as Level]);
        if (at && next && own && !(c.from === 1 && p.combined12)) c.years.push(yearsBetween(at, next));
      } else if (p.outcome === "failed") c.failed++;
      else c.censored++;
    }
  }
  return out;
}

/** Path-by-path counts from phase k: programmes that reached k, by final outcome. */
export function pathCounts(ps: readonly Programme[], from: Level): {
  judged: number;
  approved: number;
  censored: number;
  years: number[];
} {
  let judged = 0, approved = 0, censored = 0;
  const years: number[] = [];
  for (const p of ps) {
    if (!p.inWindow || p.entry === null || p.highest === null) continue;
    const top = p.approved ? 4 : p.highest;
    if (p.entry > from || top < from) continue;
    if (p.outcome === "censored") {
      censored++;
      continue;
    }
    judged++;
    if (p.approved) {
      approved++;
      const at = p.starts[from];
      if (at && p.approval_date) years.push(yearsBetween(at, p.approval_date));
    }
  }
  return { judged, approved, censored, years };
}

/** A programme's approvals as the matcher found them. */
export interface Matched {
  /** Approval records counted for the programme, each with how it matched. */
  readonly records: (LoaApproval & { match: string })[];
  /** The service's regulatory landscape of the disease (with its subtypes) lists the drug as approved. */
  readonly landscape: boolean;
}

/**
 * Assign a drug's approvals to its programmes (the documented matcher). A programme is approved when
 * (1) one of the drug's approval records names the programme's disease among its indications (the disease
 * as asked, or the name the service resolved it to; any case): `drug and indication`; or (2) the
 * regulatory landscape of the disease — which expands the disease to its subtypes — lists the drug as
 * approved: the drug's earliest dated record gives the date, `drug in the disease's approved drugs`; or
 * (3) a record lists no indications at all (Orange Book records without a linked indication): it counts
 * for each of the drug's programmes that reached Phase 3, `drug only`. Every matcher that applies is
 * returned; {@link buildProgramme} dates the approval by the first in {@link MATCHER_PRECEDENCE}.
 * Records whose drug names do not share the drug's base name (salt and ester words dropped) are dropped
 * before (by the fetch).
 */
export function assignApprovals(
  programmes: readonly {
    disease: string;
    names: readonly string[];
    reachedIII: boolean;
    landscape: boolean;
  }[],
  approvals: readonly LoaApproval[],
): Map<string, Matched> {
  const out = new Map<string, Matched>();
  const dated = approvals.filter((a) => a.approval_date).sort((a, b) =>
    a.approval_date! < b.approval_date! ? -1 : 1
  );
  for (const p of programmes) {
    const names = p.names.map((n) => n.trim().toLowerCase());
    const records: (LoaApproval & { match: string })[] = [];
    for (const a of approvals) {
      const ind = a.indications.map((i) => i.trim().toLowerCase());
      if (ind.length && names.some((n) => ind.includes(n))) {
        records.push({ ...a, match: "drug and indication" });
      } else if (!ind.length && p.reachedIII) records.push({ ...a, match: "drug only" });
    }
    if (p.landscape && dated.length) {
      records.push({ ...dated[0], match: "drug in the disease's approved drugs" });
    }
    out.set(p.disease, { records, landscape: p.landscape });
  }
  return out;
}

/** The drugs a disease's regulatory landscape lists, by disease (rows with `disease` and `drug`). */
export function landscapeDrugs(frame: DataFrame | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of frame?.toRecords() ?? []) {
    const d = String(r.disease);
    out.set(d, [...(out.get(d) ?? []), String(r.drug)]);
  }
  return out;
}

/**
 * Whether a disease's landscape lists a drug by the shared rule ({@linkcode namesProduct}): a product
 * holding every component of the drug's name, so a combination is not approved by one of its components.
 */
export function listsDrug(listed: Map<string, string[]>, disease: string, drug: string): boolean {
  return (listed.get(disease) ?? []).some((product) => namesProduct(drug, product));
}
