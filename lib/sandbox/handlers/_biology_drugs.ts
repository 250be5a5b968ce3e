/**
 * Target landscape and target-to-drugs (spec 4.8).
 *
 * Sandbox choices:
 * - Drugs are the parent molecules with a stored mechanism on the target, ordered by max phase
 *   (desc), approval, then name. `safety_warnings` holds the boxed warning, when there is one.
 * - Landscape rows add `trial_count` (distinct trials of the molecule or its salt forms), `sponsors`
 *   (up to 5 lead sponsors of those trials by trial count, a mention counted under the entity it
 *   resolves to) and `indications` (disease names by
 *   phase). Landscape is not capped.
 * - target-to-drugs is capped at 50 drugs; `action` is an exact, case-sensitive match on the stored
 *   action type, so `inhibitor` or a typo answers 200 with no drugs (PITFALLS 26).
 *
 * @module
 */
import { flaggedBody, type HandlerContext, unresolved } from "../handler.ts";
import { all, Where } from "./_sql.ts";
import type { SqlRow } from "./_registries_util.ts";
import { resolveTarget, type TargetRef } from "./_biology_resolve.ts";

/** The fixed per-call cap of target-to-drugs. */
export const TARGET_TO_DRUGS_CAP = 50;

const FAMILY = "(SELECT chembl_id FROM molecules WHERE chembl_id = ? OR parent_chembl_id = ?)";

function target(ctx: HandlerContext): TargetRef {
  const v = String(ctx.params.target ?? "");
  const t = resolveTarget(ctx.db, v);
  if (t === undefined) throw unresolved("target", v);
  return t;
}

function drugsOf(ctx: HandlerContext, t: TargetRef, action?: string, cap?: number): SqlRow[] {
  const where = new Where().add("mt.target_id = ?", t.target_id);
  if (action !== undefined) where.add("mt.action_type = ?", action);
  return all<SqlRow>(
    ctx.db,
    `SELECT m.chembl_id, m.generic_name, mt.action_type, mt.mechanism_of_action, m.max_phase, m.is_approved,
       m.black_box_warning
     FROM molecule_targets mt JOIN molecules m ON m.chembl_id = mt.chembl_id ${String(where)}
     ORDER BY m.max_phase DESC, m.is_approved DESC, m.generic_name, m.chembl_id
     ${cap === undefined ? "" : "LIMIT ?"}`,
    cap === undefined ? where.args : [...where.args, cap],
  );
}

function baseRow(r: SqlRow): Record<string, unknown> {
  return {
    chembl_id: String(r.chembl_id),
    drug_name: String(r.generic_name),
    action_type: String(r.action_type),
    mechanism_of_action: String(r.mechanism_of_action),
    max_phase: Number(r.max_phase),
    is_approved: r.is_approved === 1,
    safety_warnings: r.black_box_warning ? [String(r.black_box_warning)] : [],
  };
}

function landscapeRow(ctx: HandlerContext, r: SqlRow): Record<string, unknown> {
  const id = String(r.chembl_id);
  const trials = all<{ n: number }>(
    ctx.db,
    `SELECT COUNT(DISTINCT trial_id) AS n FROM trial_interventions WHERE chembl_id IN ${FAMILY}`,
    [id, id],
  );
  const sponsors = all<{ sponsor: string }>(
    ctx.db,
    `SELECT COALESCE(r.name, o.name, ts.sponsor_name) AS sponsor, COUNT(DISTINCT ts.trial_id) AS n
     FROM trial_sponsors ts LEFT JOIN organizations o ON o.id = ts.org_id
     LEFT JOIN organizations r ON r.id = o.resolved_to_id
     WHERE ts.role = 'lead' AND ts.trial_id IN (SELECT trial_id FROM trial_interventions WHERE chembl_id IN ${FAMILY})
     GROUP BY sponsor ORDER BY n DESC, sponsor LIMIT 5`,
    [id, id],
  );
  const indications = all<{ name: string }>(
    ctx.db,
    `SELECT d.name FROM molecule_indications mi JOIN diseases d ON d.id = mi.disease_id
     WHERE mi.chembl_id = ? ORDER BY mi.max_phase DESC, d.name`,
    [id],
  );
  return {
    ...baseRow(r),
    trial_count: Number(trials[0]?.n ?? 0),
    sponsors: sponsors.map((s) => s.sponsor),
    indications: indications.map((d) => d.name),
  };
}

/** GET /api/v1/tools/biology/target-landscape. */
export function targetLandscape(ctx: HandlerContext): Record<string, unknown> {
  const t = target(ctx);
  const drugs = drugsOf(ctx, t).map((r) => landscapeRow(ctx, r));
  return flaggedBody({ target: t, drugs }, { returned: drugs.length });
}

/** GET /api/v1/tools/biology/target-to-drugs. */
export function targetToDrugs(ctx: HandlerContext): Record<string, unknown> {
  const t = target(ctx);
  const action = typeof ctx.params.action === "string" ? ctx.params.action : undefined;
  const drugs = drugsOf(ctx, t, action, TARGET_TO_DRUGS_CAP).map(baseRow);
  return flaggedBody({ target: t, drugs }, {
    returned: drugs.length,
    cap: TARGET_TO_DRUGS_CAP,
    action: action ?? null,
  });
}
