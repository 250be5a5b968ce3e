/**
 * Sandbox handlers: biology and targets (spec 4.8), all flagged envelopes. An unresolvable input
 * answers 500 `unresolved_entity` naming it (PITFALLS 28); a resolved input with nothing to show
 * answers 200 with an empty list.
 *
 * - `biology.associations`: the entity is resolved as a target first, then as a disease; rows with
 *   `score >= minScore`, by score (desc) then the other side's id, capped at `limit`.
 * - `biology.drugToTargets`: the drug (generic, brand, salt or code name, or id) resolves to its
 *   parent molecule; targets are aggregated over the parent and its salt/related forms (one row
 *   per target, by symbol); `related_forms` lists the forms other than the parent.
 * - `biology.prioritizeTargets`: `efo_id` (exact CURIE; no `PREFIX:` or unknown → 500) takes
 *   precedence over `disease` (name, synonym or CURIE). The top `topN` associations by score with
 *   `score >= minScore` are selected first; `sortBy` then re-orders only that set (ties by score,
 *   then target id). `approved_drugs` counts approved molecules acting on the target;
 *   `trials_in_disease` counts the disease's trials testing a molecule (or salt form) acting on it;
 *   `novelty_score` is the target's novelty. `total_targets` is the number returned.
 * - `biology.targetLandscape`, `biology.targetToDrugs`: see `_biology_drugs.ts`.
 *
 * @module
 */
import { flaggedBody, type HandlerContext, type HandlerTable, unresolved } from "../handler.ts";
import { all, marks } from "./_sql.ts";
import type { SqlRow } from "./_registries_util.ts";
import {
  diseaseById,
  type DiseaseRef,
  resolveDisease,
  resolveDrug,
  resolveTarget,
} from "./_biology_resolve.ts";
import { targetLandscape, targetToDrugs } from "./_biology_drugs.ts";

/** GET /api/v1/tools/biology/associations. */
export function associations(ctx: HandlerContext): Record<string, unknown> {
  const v = String(ctx.params.entity ?? "");
  const minScore = Number(ctx.params.minScore ?? 0.1);
  const limit = Number(ctx.params.limit ?? 50);
  const select = `SELECT a.target_id, t.symbol AS target_symbol, a.disease_id, d.name AS disease_name,
    a.score, a.evidence_count FROM associations a
    JOIN targets t ON t.id = a.target_id JOIN diseases d ON d.id = a.disease_id`;
  const t = resolveTarget(ctx.db, v);
  let entity: { id: string; name: string; type: "target" | "disease" };
  let rows;
  if (t !== undefined) {
    entity = { id: t.target_id, name: t.symbol, type: "target" };
    rows = all<SqlRow>(
      ctx.db,
      `${select} WHERE a.target_id = ? AND a.score >= ? ORDER BY a.score DESC, a.disease_id LIMIT ?`,
      [
        t.target_id,
        minScore,
        limit,
      ],
    );
  } else {
    const d = resolveDisease(ctx.db, v);
    if (d === undefined) throw unresolved("entity", v);
    entity = { id: d.id, name: d.name, type: "disease" };
    rows = all<SqlRow>(
      ctx.db,
      `${select} WHERE a.disease_id = ? AND a.score >= ? ORDER BY a.score DESC, a.target_id LIMIT ?`,
      [
        d.id,
        minScore,
        limit,
      ],
    );
  }
  const out = rows.map((r) => ({ ...r, score: Number(r.score), evidence_count: Number(r.evidence_count) }));
  return flaggedBody({ entity, associations: out }, { returned: out.length, minScore, limit });
}

/** GET /api/v1/tools/biology/drug-to-targets. */
export function drugToTargets(ctx: HandlerContext): Record<string, unknown> {
  const v = String(ctx.params.drug ?? "");
  const drug = resolveDrug(ctx.db, v);
  if (drug === undefined) throw unresolved("drug", v);
  const forms = all<{ chembl_id: string; name: string }>(
    ctx.db,
    "SELECT chembl_id, generic_name AS name FROM molecules WHERE parent_chembl_id = ? ORDER BY chembl_id",
    [drug.chembl_id],
  );
  const ids = [drug.chembl_id, ...forms.map((f) => f.chembl_id)];
  const targets = all<Record<string, string>>(
    ctx.db,
    `SELECT t.id AS target_id, t.symbol, t.name, MIN(mt.action_type) AS action_type,
       MIN(mt.mechanism_of_action) AS mechanism_of_action
     FROM molecule_targets mt JOIN targets t ON t.id = mt.target_id
     WHERE mt.chembl_id IN (${marks(ids.length)}) GROUP BY t.id ORDER BY t.symbol`,
    ids,
  );
  return flaggedBody({
    drug: {
      chembl_id: drug.chembl_id,
      name: drug.name,
      mechanism_of_action: drug.mechanism_of_action,
      input: v,
    },
    targets: targets.map((t) => ({ ...t })),
    related_forms: forms.map((f) => ({ ...f })),
  }, { returned: targets.length });
}

function diseaseOf(ctx: HandlerContext): DiseaseRef {
  const efo = typeof ctx.params.efo_id === "string" ? ctx.params.efo_id.trim() : undefined;
  if (efo !== undefined) {
    const d = /^[A-Za-z][A-Za-z0-9]*:./.test(efo) ? diseaseById(ctx.db, efo) : undefined;
    if (d === undefined) throw unresolved("efo_id", efo);
    return d;
  }
  const name = String(ctx.params.disease ?? "");
  const d = resolveDisease(ctx.db, name);
  if (d === undefined) throw unresolved("disease", name);
  return d;
}

interface Prioritized {
  target_name: string;
  association_score: number;
  approved_drugs: number;
  trials_in_disease: number;
  novelty_score: number;
  target_id: string;
  symbol: string;
}

const BY: Readonly<Record<string, (r: Prioritized) => number>> = {
  score: (r) => r.association_score,
  novelty: (r) => r.novelty_score,
  trials: (r) => r.trials_in_disease,
  approved: (r) => r.approved_drugs,
};

/** GET /api/v1/tools/biology/prioritize-targets. */
export function prioritizeTargets(ctx: HandlerContext): Record<string, unknown> {
  const d = diseaseOf(ctx);
  const topN = Number(ctx.params.topN ?? 20);
  const minScore = Number(ctx.params.minScore ?? 0);
  const top = all<{ target_id: string; symbol: string; name: string; score: number; novelty: number }>(
    ctx.db,
    `SELECT t.id AS target_id, t.symbol, t.name, a.score, t.novelty FROM associations a
     JOIN targets t ON t.id = a.target_id WHERE a.disease_id = ? AND a.score >= ?
     ORDER BY a.score DESC, a.target_id LIMIT ?`,
    [d.id, minScore, topN],
  );
  const ids = top.map((x) => x.target_id);
  const approved = countBy(
    ctx,
    `SELECT mt.target_id AS k, COUNT(DISTINCT m.chembl_id) AS n FROM molecule_targets mt
     JOIN molecules m ON m.chembl_id = mt.chembl_id
     WHERE m.is_approved = 1 AND mt.target_id IN (${marks(ids.length)}) GROUP BY mt.target_id`,
    ids,
  );
  const trials = countBy(
    ctx,
    `SELECT mt.target_id AS k, COUNT(DISTINCT tc.trial_id) AS n FROM trial_conditions tc
     JOIN trial_interventions ti ON ti.trial_id = tc.trial_id
     JOIN molecules m ON m.chembl_id = ti.chembl_id
     JOIN molecule_targets mt ON mt.chembl_id = COALESCE(m.parent_chembl_id, m.chembl_id)
     WHERE tc.disease_id = ? GROUP BY mt.target_id`,
    [d.id],
  );
  const rows: Prioritized[] = top.map((x) => ({
    target_name: x.name,
    association_score: Number(x.score),
    approved_drugs: approved.get(x.target_id) ?? 0,
    trials_in_disease: trials.get(x.target_id) ?? 0,
    novelty_score: Number(x.novelty),
    target_id: x.target_id,
    symbol: x.symbol,
  }));
  const sortBy = String(ctx.params.sortBy ?? "score");
  const key = BY[sortBy] ?? BY.score;
  rows.sort((a, b) =>
    key(b) - key(a) || b.association_score - a.association_score || (a.target_id < b.target_id ? -1 : 1)
  );
  return flaggedBody(
    { disease: { efo_id: d.id, name: d.name }, targets: rows, total_targets: rows.length },
    { topN, minScore, sortBy },
  );
}

function countBy(ctx: HandlerContext, sql: string, params: string[]): Map<string, number> {
  return new Map(all<{ k: string; n: number }>(ctx.db, sql, params).map((r) => [r.k, Number(r.n)]));
}

/** Handlers of this domain, by endpoint name. */
export const handlers: HandlerTable = {
  "biology.associations": associations,
  "biology.drugToTargets": drugToTargets,
  "biology.prioritizeTargets": prioritizeTargets,
  "biology.targetLandscape": targetLandscape,
  "biology.targetToDrugs": targetToDrugs,
};
