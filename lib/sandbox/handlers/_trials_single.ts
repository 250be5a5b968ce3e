/**
 * Single-trial tools (spec 4.1): `trials.details` (exact uppercase NCT id; conditions and
 * interventions comma-joined, first 5 each; summary cleaned and cut to 800 characters + "...") and
 * `trials.pos` (stored model score; 502 comes from the fault injector or a handler override).
 *
 * @module
 */
import { flaggedBody, type HandlerContext, notFound } from "../handler.ts";
import { all, one } from "./_sql.ts";
import { MESH_TERM_POSITION } from "../store/conditions.ts";

/** Longest summary returned before the `...` cut. */
export const SUMMARY_MAX = 800;

interface TrialRec {
  trial_id: string;
  title: string;
  status: string;
  phase: string;
  summary: string;
  start_date: string | null;
  completion_date: string | null;
  enrollment: number | null;
  updated_at: string | null;
  pos_score: number;
}

function trial(ctx: HandlerContext, id: string): TrialRec {
  const t = one<TrialRec>(ctx.db, "SELECT * FROM trials WHERE trial_id = ?", [id]);
  if (!t) throw notFound("trial", id);
  return t;
}

/** Clean whitespace and cut to {@link SUMMARY_MAX} characters plus `...` (at a word boundary). */
export function cleanSummary(text: string): string {
  const s = text.replace(/\s+/g, " ").trim();
  if (s.length <= SUMMARY_MAX) return s;
  const cut = s.slice(0, SUMMARY_MAX);
  const space = cut.lastIndexOf(" ");
  return (space > SUMMARY_MAX - 60 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "") + "...";
}

/** `GET /api/v1/tools/clinical/trial-details`. */
export function trialsDetails(ctx: HandlerContext): unknown {
  const id = String(ctx.params.nctId);
  const t = trial(ctx, id);
  const sponsors = all<{ id: string; name: string; lei: string | null; ror: string | null; role: string }>(
    ctx.db,
    `SELECT coalesce(e.id, o.id) AS id, coalesce(e.name, o.name) AS name, coalesce(e.lei, o.lei) AS lei,
       coalesce(e.ror_id, o.ror_id) AS ror, s.role
     FROM trial_sponsors s JOIN organizations o ON o.id = s.org_id
     LEFT JOIN organizations e ON e.id = o.resolved_to_id
     WHERE s.trial_id = ? ORDER BY s.role = 'lead' DESC, name`,
    [id],
  );
  const first5 = (sql: string) => all<{ name: string }>(ctx.db, sql, [id]).map((r) => r.name).join(", ");
  return flaggedBody({
    nct_id: t.trial_id,
    title: t.title,
    status: t.status,
    phase: t.phase,
    sponsors,
    conditions: first5(
      `SELECT condition_name AS name FROM trial_conditions WHERE trial_id = ? AND position < ${MESH_TERM_POSITION}
       ORDER BY position LIMIT 5`,
    ),
    interventions: first5(
      "SELECT name FROM trial_interventions WHERE trial_id = ? ORDER BY position LIMIT 5",
    ),
    summary: cleanSummary(t.summary),
    start_date: t.start_date,
    completion_date: t.completion_date,
    enrollment: t.enrollment,
  });
}

/** `GET /api/v1/tools/clinical/trial-pos`. */
export function trialsPos(ctx: HandlerContext): unknown {
  const t = trial(ctx, String(ctx.params.trialId));
  return flaggedBody({
    trial_id: t.trial_id,
    pos_score: Math.round(t.pos_score * 100) / 100,
    status: t.status,
    phase: t.phase,
    last_updated: t.updated_at,
  });
}
