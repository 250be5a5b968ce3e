/**
 * Private: how trials move in time (`advance.ts`). Open trials follow their life cycle — a
 * NOT_YET_RECRUITING trial whose start date arrives starts recruiting (a few are withdrawn), a trial
 * whose completion date arrives completes (some terminate), and at small daily hazards recruiting
 * trials close recruitment, suspend or terminate early, suspended ones resume or terminate,
 * recruiting ones revise their enrollment, and trials within 180 days of their end may postpone it —
 * and new trials are registered (a Poisson count at the store's own registration rate, each modelled
 * on an existing trial: same disease, drugs, sponsors and text, a new NCT id above every other one,
 * starting soon). A changed trial gets `last_status_change`,
 * `updated_at` (never moved back) and its `pos_score` (the status is a feature) recomputed;
 * `trial_filter`, `trials_fts` and the organizations' `trial_count` follow. A trial moves at most one
 * step per advance.
 *
 * @module
 */
import { trialPos } from "./formulas.ts";
import { dayNumber, isoDay, isoTimestamp } from "./prng.ts";
import { type AdvanceCtx, marks, poisson, row, rows, run, within } from "./_advance_util.ts";

/** A field change as the record lists it (the API's field names on /api/v1/clinical-trials rows). */
export interface AdvanceTrialChange {
  /** The trial's NCT id. */
  nct_id: string;
  /** The field as the clinical-trials rows name it. */
  field: string;
  /** The value before the advance. */
  before: unknown;
  /** The value after the advance. */
  after: unknown;
}

interface TrialRow {
  rid: number;
  trial_id: string;
  status: string;
  phase: string;
  start_date: string | null;
  completion_date: string | null;
  enrollment: number | null;
  therapeutic_area: string;
  design_allocation: string | null;
  design_masking: string | null;
  n_sites: number;
  n_countries: number;
  has_biomarker: number;
  lead_is_industry: number;
  prior_approval: number;
}

/** Years over which the generator spreads trial starts: the registration rate is trials / this. */
const REGISTRY_YEARS = 24;
const OPEN = [
  "NOT_YET_RECRUITING",
  "RECRUITING",
  "ENROLLING_BY_INVITATION",
  "ACTIVE_NOT_RECRUITING",
  "SUSPENDED",
];
/** Served fields the evolution may change, in the record's order. */
const FIELDS = ["status", "start_date", "completion_date", "enrollment"] as const;

const posOf = (t: TrialRow): number =>
  trialPos({
    phase: t.phase,
    status: t.status,
    therapeuticArea: t.therapeutic_area,
    designAllocation: t.design_allocation,
    designMasking: t.design_masking,
    enrollment: t.enrollment,
    nSites: t.n_sites,
    nCountries: t.n_countries,
    hasBiomarker: t.has_biomarker === 1,
    leadIsIndustry: t.lead_is_industry === 1,
    priorApproval: t.prior_approval === 1,
  });

/** The next state of an open trial, or undefined when nothing happens (draws from `ctx.rng`). */
function evolve(ctx: AdvanceCtx, t: TrialRow): { next: TrialRow; day: number } | undefined {
  const { rng, days, from, to } = ctx;
  const start = t.start_date === null ? null : dayNumber(t.start_date);
  const end = t.completion_date === null ? null : dayNumber(t.completion_date);
  const some = (): number => from + rng.int(1, days);
  const at = (d: number): number => Math.min(to, Math.max(from + 1, d));
  const r = rng.next();
  const next = { ...t };
  let day: number;
  if (t.status === "NOT_YET_RECRUITING") {
    if (start !== null && start <= to) {
      day = at(start);
      next.status = r < 0.96 ? "RECRUITING" : "WITHDRAWN";
    } else if (r < within(0.0004, days)) (day = some(), next.status = "WITHDRAWN");
    else return undefined;
    if (next.status === "WITHDRAWN") next.enrollment = 0;
  } else if (t.status !== "SUSPENDED" && end !== null && end <= to) {
    day = at(end);
    next.status = r < 0.85 ? "COMPLETED" : r < 0.95 ? "TERMINATED" : "UNKNOWN";
  } else if (t.status === "SUSPENDED") {
    if (r < within(0.004, days)) (day = some(), next.status = "RECRUITING");
    else if (r < within(0.006, days)) (day = some(), next.status = "TERMINATED");
    else return undefined;
  } else if (r < within(0.00025, days)) (day = some(), next.status = "TERMINATED");
  else if (t.status === "RECRUITING" && r < within(0.0004, days)) (day = some(), next.status = "SUSPENDED");
  else if (t.status === "RECRUITING" && r < within(0.0019, days)) {
    (day = some(), next.status = "ACTIVE_NOT_RECRUITING");
  } else if (t.status === "RECRUITING" && t.enrollment !== null && r < within(0.0029, days)) {
    day = some();
    next.enrollment = Math.max(1, Math.round(t.enrollment * (0.7 + rng.next() * 0.6)));
    if (next.enrollment === t.enrollment) next.enrollment++;
  } else if (end !== null && end - to <= 180 && rng.next() < within(0.002, days)) {
    // Close to its end, a trial may push its completion date back (slow accrual, longer follow-up).
    (day = some(), next.completion_date = isoDay(end + rng.int(60, 365)));
  } else return undefined;
  if (next.status === "TERMINATED" && end !== null && end > day) next.completion_date = isoDay(day);
  return { next, day };
}

/** Move every open trial along its life cycle; returns the served-field changes. */
export function evolveTrials(ctx: AdvanceCtx): AdvanceTrialChange[] {
  const { db, rng } = ctx;
  const open = rows<TrialRow>(
    db,
    `SELECT rid, trial_id, status, phase, start_date, completion_date, enrollment, therapeutic_area,
       design_allocation, design_masking, n_sites, n_countries, has_biomarker, lead_is_industry, prior_approval
     FROM trials WHERE status IN (${marks(OPEN.length)}) ORDER BY rid`,
    OPEN,
  );
  const changes: AdvanceTrialChange[] = [];
  for (const t of open) {
    const moved = evolve(ctx, t);
    if (!moved) continue;
    const { next, day } = moved;
    const statusMoved = next.status !== t.status;
    run(
      db,
      `UPDATE trials SET status = ?, completion_date = ?, enrollment = ?, pos_score = ?,
         updated_at = max(coalesce(updated_at, ''), ?),
         last_status_change = CASE WHEN ? THEN ? ELSE last_status_change END WHERE rid = ?`,
      [
        next.status,
        next.completion_date,
        next.enrollment,
        posOf(next),
        isoTimestamp(day, rng.next()),
        statusMoved ? 1 : 0,
        isoDay(day),
        t.rid,
      ],
    );
    run(
      db,
      `UPDATE trial_filter SET status = ?, completion_date = ?, enrollment = ?
       WHERE status = ? AND phase = ? AND rid = ?`,
      [next.status, next.completion_date, next.enrollment, t.status, t.phase, t.rid],
    );
    for (const f of FIELDS) {
      if (next[f] !== t[f]) changes.push({ nct_id: t.trial_id, field: f, before: t[f], after: next[f] });
    }
  }
  return changes;
}

/** Register new trials modelled on existing ones; returns their NCT ids in order. */
export function registerTrials(ctx: AdvanceCtx): string[] {
  const { db, rng, days, from, to } = ctx;
  const { n, top } = row<{ n: number; top: number }>(
    db,
    "SELECT count(*) AS n, max(rid) AS top FROM trials",
  )!;
  const count = poisson(rng, (n / (REGISTRY_YEARS * 365)) * days);
  const added: string[] = [];
  let nct = Number(row<{ id: string }>(db, "SELECT max(trial_id) AS id FROM trials")!.id.slice(3));
  let rid = top;
  for (let k = 0; k < count; k++) {
    const template = row<TrialRow & { title: string; summary: string; completion_date: string | null }>(
      db,
      "SELECT * FROM trials WHERE rid = ?",
      [rng.int(1, top)],
    );
    if (!template) continue;
    nct += rng.int(1, 40);
    rid++;
    const id = `NCT${String(nct).padStart(8, "0")}`;
    const registered = from + rng.int(1, days);
    const start = registered + rng.int(-20, 240);
    const tStart = template.start_date === null ? null : dayNumber(template.start_date);
    const tEnd = template.completion_date === null ? null : dayNumber(template.completion_date);
    const length = tStart !== null && tEnd !== null && tEnd > tStart ? tEnd - tStart : rng.int(365, 1500);
    const t: TrialRow = {
      ...template,
      rid,
      trial_id: id,
      status: start <= to ? "RECRUITING" : "NOT_YET_RECRUITING",
      start_date: isoDay(start),
      completion_date: isoDay(start + length),
    };
    run(
      db,
      `INSERT INTO trials SELECT ?, ?, title, summary, ?, phase, ?, ?, ?, enrollment, ?, sex, min_age_years,
         max_age_years, healthy_volunteers, design_allocation, design_masking, design_primary_purpose,
         therapeutic_area, n_sites, n_countries, has_biomarker, lead_is_industry, prior_approval, ?
       FROM trials WHERE rid = ?`,
      [
        rid,
        id,
        t.status,
        t.start_date,
        t.completion_date,
        isoDay(Math.min(start, to) > registered ? Math.min(start, to) : registered),
        isoTimestamp(registered, rng.next()),
        posOf(t),
        template.rid,
      ],
    );
    run(db, "INSERT INTO trials_fts (rowid, title, summary) VALUES (?, ?, ?)", [
      rid,
      template.title,
      template.summary,
    ]);
    run(
      db,
      `INSERT INTO trial_filter SELECT status, phase, rid, trial_id, enrollment, start_date, completion_date, sex,
         min_age_years, max_age_years, healthy_volunteers, design_allocation, design_masking, design_primary_purpose
       FROM trials WHERE rid = ?`,
      [rid],
    );
    for (
      const [table, cols] of [
        ["trial_sponsors", "org_id, sponsor_name, raw_name, role"],
        ["trial_conditions", "position, disease_id, condition_name"],
        ["trial_interventions", "position, chembl_id, name, intervention_type"],
        ["trial_topics", "topic_id, score"],
      ]
    ) {
      run(db, `INSERT INTO ${table} SELECT ?, ${cols} FROM ${table} WHERE trial_id = ?`, [
        id,
        template.trial_id,
      ]);
    }
    run(
      db,
      "UPDATE organizations SET trial_count = trial_count + 1 WHERE id IN (SELECT org_id FROM trial_sponsors WHERE trial_id = ?)",
      [id],
    );
    added.push(id);
  }
  return added;
}
