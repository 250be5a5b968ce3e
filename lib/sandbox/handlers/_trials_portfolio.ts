/**
 * Portfolio comparison (`trials.portfolio`, spec 4.1). The condition keyword resolves to a disease
 * (exact name, synonym or CURIE first, else the shortest disease name containing the keyword) and
 * covers its subtypes; an unresolvable keyword answers zeros, not an error (PITFALLS 12). Each
 * sponsor covers its corporate family. Shared trials (sandbox definition): trials in the condition
 * sponsored by at least two of the listed sponsors; with one listed sponsor, all its trials there.
 * `status` is case-sensitive (PITFALLS 4); `phase` takes loose forms. Each shared trial also carries
 * `sponsors_chain` (sandbox-chosen, as approval records carry it in the spec): the names of its sponsors'
 * whole corporate hierarchy, so a reader (and the portfolio analysis) can tell which listed sponsor a
 * subsidiary's trial counts for.
 *
 * @module
 */
import { splitCsv } from "../../client/params.ts";
import { flaggedBody, type HandlerContext, offsetOf } from "../handler.ts";
import { diseaseFamily, resolveDisease, resolveSponsor } from "./_resolve.ts";
import type { DatabaseSync } from "node:sqlite";
import { all, one, tally, Where } from "./_sql.ts";
import { sponsorsOf } from "./_regulatory_approvals.ts";
import { compositeRows, linkedTo, phaseStatus } from "./_trials_composite.ts";

interface Hit {
  trial_id: string;
  phase: string;
  status: string;
  start_date: string | null;
}

/** `GET /api/v1/tools/clinical/portfolio-comparison`. */
export function trialsPortfolio(ctx: HandlerContext): unknown {
  const { db, params } = ctx;
  const names = splitCsv(String(params.sponsors));
  const keyword = String(params.conditionKeyword);
  const audit: Record<string, unknown>[] = [];
  const disease = resolveDisease(db, keyword, true);
  audit.push({
    step: "resolve",
    parameter: "conditionKeyword",
    input: keyword,
    resolved: disease?.id ?? null,
  });
  const sponsors = names.map((name) => {
    const hit = resolveSponsor(db, name);
    audit.push({ step: "resolve", parameter: "sponsors", input: name, resolved: hit?.parentId ?? null });
    return { name, hit };
  });
  const zero = (resolved: string | null) => ({
    trial_count: 0,
    by_phase: {},
    by_status: {},
    resolved_name: resolved,
  });
  if (!disease) {
    audit.push({ step: "plan", note: "condition keyword did not resolve: zeros" }); // PITFALLS 12
    return flaggedBody({
      comparison: sponsors.map((s) => ({ sponsor: s.name, ...zero(s.hit?.name ?? null) })),
      trials: [],
      intersection_count: 0,
      market_size_trials: 0,
      audit_trail: audit,
    });
  }
  const base = new Where();
  linkedTo(base, "trial_conditions", "disease_id", diseaseFamily(db, disease.id));
  phaseStatus(base, params);
  const market = one<{ n: number }>(db, `SELECT count(*) AS n FROM trials t ${base}`, base.args)?.n ?? 0;
  const shared = new Map<string, { n: number; start: string | null }>();
  const comparison = sponsors.map(({ name, hit }) => {
    if (!hit) return { sponsor: name, ...zero(null) };
    const w = new Where();
    w.parts.push(...base.parts);
    w.args.push(...base.args);
    linkedTo(w, "trial_sponsors", "org_id", hit.family);
    const rows = all<Hit>(
      db,
      `SELECT t.trial_id, t.phase, t.status, t.start_date FROM trials t ${w}`,
      w.args,
    );
    for (const r of rows) {
      const s = shared.get(r.trial_id);
      shared.set(r.trial_id, { n: (s?.n ?? 0) + 1, start: r.start_date });
    }
    return {
      sponsor: name,
      resolved_name: hit.name,
      trial_count: rows.length,
      by_phase: tally(rows as unknown as Record<string, unknown>[], "phase"),
      by_status: tally(rows as unknown as Record<string, unknown>[], "status"),
    };
  });
  const need = names.length === 1 ? 1 : 2;
  const ids = [...shared.entries()].filter(([, v]) => v.n >= need)
    .sort(([a, x], [b, y]) => (y.start ?? "").localeCompare(x.start ?? "") || a.localeCompare(b))
    .map(([id]) => id);
  const { limit, offset } = offsetOf(params);
  audit.push({
    step: "intersect",
    rule: need === 1 ? "all trials of the sponsor" : "sponsored by >= 2 listed sponsors",
  });
  return flaggedBody({
    comparison,
    trials: withChains(db, compositeRows(db, ids.slice(offset, offset + limit))),
    intersection_count: ids.length,
    market_size_trials: market,
    condition: { efo_id: disease.id, name: disease.name },
    audit_trail: audit,
  });
}

/** Rows with `sponsors_chain`: the names of each trial's sponsor entities and all their parents, top first. */
function withChains<R extends { id: string; sponsors: string[] }>(db: DatabaseSync, rows: R[]) {
  const { chain } = sponsorsOf(db, rows.map((r) => r.id), { table: "trial_sponsors", key: "trial_id" });
  return rows.map((r) => ({ ...r, sponsors_chain: chain.get(r.id)?.map((o) => o.name) ?? r.sponsors }));
}
