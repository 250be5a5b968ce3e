/**
 * Composite search (`trials.composite`, spec 4.1). Disease resolves to the disease and all its
 * subtypes (sandbox choice); drug to the parent molecule and its salt forms; target to every molecule
 * acting on it; sponsor to the ultimate parent's corporate family. Quirks: a single-entity query
 * whose value does not resolve → 500 naming the input (PITFALLS 8); an unresolved entity in a combined
 * query → 200 with totalCount 0 (9); sponsor-only → zeros (10); breakdown `{}` on the single
 * disease/drug/target fast paths (11); status is case-sensitive (4).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { normalisePhase } from "../../client/params.ts";
import { flaggedBody, type HandlerContext, offsetOf, unresolved } from "../handler.ts";
import {
  diseaseFamily,
  resolveDisease,
  resolveDrug,
  resolveSponsor,
  resolveTarget,
  targetDrugs,
} from "./_resolve.ts";
import { all, likeContains, marks, one, Where } from "./_sql.ts";
import { splitList, sponsorList } from "./_trials_registry.ts";

/** A composite/portfolio trial row. */
export interface CompositeRow {
  id: string;
  title: string;
  status: string;
  phase: string | null;
  startDate: string | null;
  sponsors: string[];
}

/** Composite rows of trial ids, in the given order, with their sponsor names (one query). */
export function compositeRows(db: DatabaseSync, ids: readonly string[]): CompositeRow[] {
  if (ids.length === 0) return [];
  const byId = new Map<string, CompositeRow>();
  for (
    const r of all<Omit<CompositeRow, "sponsors"> & { sponsors: string | null }>(
      db,
      `SELECT t.trial_id AS id, t.title, t.status, t.phase, t.start_date AS startDate,
         ${sponsorList("t.trial_id")} AS sponsors
       FROM trials t WHERE t.trial_id IN (${marks(ids.length)})`,
      ids,
    )
  ) byId.set(r.id, { ...r, sponsors: splitList(r.sponsors) });
  return ids.map((id) => byId.get(id)!);
}

/** Add the loose `phase` and case-sensitive `status` filters of composite and portfolio. */
export function phaseStatus(w: Where, params: Readonly<Record<string, unknown>>): void {
  if (typeof params.phase === "string") {
    const p = normalisePhase(params.phase);
    if (p !== undefined) w.add("t.phase = ?", p);
    else w.add("t.phase LIKE ? ESCAPE '\\'", likeContains(params.phase.trim()));
  }
  if (typeof params.status === "string") w.add("t.status = ?", params.status);
}

/** Add a membership filter over a trial link table with an `IN` list (an empty list matches nothing). */
export function linkedTo(w: Where, table: string, col: string, ids: readonly string[]): void {
  if (ids.length === 0) w.add("0");
  else {
    w.add(
      `t.trial_id IN (SELECT x.trial_id FROM ${table} x WHERE x.${col} IN (${marks(ids.length)}))`,
      ...ids,
    );
  }
}

/** A link filter: trials with a row in `table` whose `col` is one of `ids`. */
interface Link {
  readonly table: string;
  readonly col: string;
  readonly ids: readonly string[];
}

/**
 * Trials linked to every one of `links` (a disease and a sponsor, say), driven from the smallest link set
 * with the others probed per trial by its key: the first plan SQLite picks for two `IN` sets walks the
 * first set's trials (e.g. 22k lung-cancer conditions) and fetches each wide trial row before testing the
 * sponsor set (45 ms at `large`; driven from the 6k Pfizer-family links, 24 ms).
 */
function linkedToAll(db: DatabaseSync, w: Where, links: readonly Link[]): void {
  if (links.length <= 1 || links.some((l) => l.ids.length === 0)) {
    for (const l of links) linkedTo(w, l.table, l.col, l.ids);
    return;
  }
  const [first, ...rest] = links
    .map((l) => ({
      ...l,
      n: one<{ n: number }>(
        db,
        `SELECT count(*) AS n FROM ${l.table} WHERE ${l.col} IN (${marks(l.ids.length)})`,
        l.ids,
      )!.n,
    }))
    .sort((a, b) => a.n - b.n);
  const probes = rest.map((l, i) =>
    `EXISTS (SELECT 1 FROM ${l.table} y${i} WHERE y${i}.trial_id = x.trial_id AND y${i}.${l.col} IN (${
      marks(l.ids.length)
    }))`
  );
  w.add(
    `t.trial_id IN (SELECT x.trial_id FROM ${first.table} x WHERE x.${first.col} IN (${
      marks(first.ids.length)
    })
      AND ${probes.join(" AND ")})`,
    ...first.ids,
    ...rest.flatMap((l) => l.ids),
  );
}

type Audit = Record<string, unknown>[];

function empty(audit: Audit, extra: Record<string, unknown> = {}): unknown {
  return flaggedBody({ trials: [], totalCount: 0, breakdown: {}, audit_trail: audit, ...extra });
}

/** `GET /api/v1/tools/clinical/search-composite`. */
export function trialsComposite(ctx: HandlerContext): unknown {
  const { db, params } = ctx;
  const text = (k: string) => (typeof params[k] === "string" ? params[k] as string : undefined);
  const entities = (["disease", "drug", "target"] as const).filter((k) => text(k) !== undefined);
  const sponsor = text("sponsor");
  const fastPath = entities.length === 1 && sponsor === undefined;
  const audit: Audit = [];
  if (entities.length === 0) {
    audit.push({ step: "plan", note: "no disease, drug or target filter: nothing to search (0 counts)" });
    return empty(audit);
  }
  const w = new Where();
  const links: Link[] = [];
  let unresolvedInput: string | undefined;
  let mechanisms: Record<string, number> | undefined;
  for (const k of entities) {
    const v = text(k)!;
    if (k === "disease") {
      const d = resolveDisease(db, v);
      if (d) {
        const ids = diseaseFamily(db, d.id);
        audit.push({
          step: "resolve",
          parameter: k,
          input: v,
          via: d.via,
          resolved: d.id,
          name: d.name,
          ids,
        });
        links.push({ table: "trial_conditions", col: "disease_id", ids });
      } else unresolvedInput ??= k;
    } else if (k === "drug") {
      const d = resolveDrug(db, v);
      if (d) {
        audit.push({
          step: "resolve",
          parameter: k,
          input: v,
          resolved: d.parent,
          name: d.name,
          ids: d.forms,
        });
        links.push({ table: "trial_interventions", col: "chembl_id", ids: d.forms });
      } else unresolvedInput ??= k;
    } else {
      const t = resolveTarget(db, v);
      if (t) {
        const { forms, actions } = targetDrugs(db, t.id);
        mechanisms = {};
        for (const a of actions) mechanisms[a] = (mechanisms[a] ?? 0) + 1;
        audit.push({
          step: "resolve",
          parameter: k,
          input: v,
          resolved: t.id,
          symbol: t.symbol,
          drugs: forms.length,
        });
        links.push({ table: "trial_interventions", col: "chembl_id", ids: forms });
      } else unresolvedInput ??= k;
    }
    if (unresolvedInput === k) {
      if (fastPath) throw unresolved(k, v); // PITFALLS 8
      audit.push({ step: "resolve", parameter: k, input: v, resolved: null });
    }
  }
  if (sponsor !== undefined) {
    const s = resolveSponsor(db, sponsor);
    if (s) {
      audit.push({
        step: "resolve",
        parameter: "sponsor",
        input: sponsor,
        resolved: s.parentId,
        family: s.family.length,
      });
      links.push({ table: "trial_sponsors", col: "org_id", ids: s.family });
    } else {
      unresolvedInput ??= "sponsor";
      audit.push({ step: "resolve", parameter: "sponsor", input: sponsor, resolved: null });
    }
  }
  const extra = mechanisms ? { mechanisms } : {};
  if (unresolvedInput !== undefined) {
    audit.push({ step: "plan", note: "an entity did not resolve: totalCount 0" }); // PITFALLS 9
    return empty(audit, extra);
  }
  linkedToAll(db, w, links);
  phaseStatus(w, params);
  // One pass over the matching trials (rows are wide; count, breakdown and page come from it).
  const hits = all<{ trial_id: string; status: string; start_date: string | null }>(
    db,
    `SELECT t.trial_id, t.status, t.start_date FROM trials t ${w}`,
    w.args,
  );
  const total = hits.length;
  const breakdown: Record<string, number> = {};
  if (fastPath) audit.push({ step: "plan", note: `single ${entities[0]} fast path: no breakdown` }); // PITFALLS 11
  else {
    const byStatus = new Map<string, number>();
    for (const h of hits) byStatus.set(h.status, (byStatus.get(h.status) ?? 0) + 1);
    for (const [k, v] of [...byStatus].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
      breakdown[k] = v;
    }
  }
  const { limit, offset } = offsetOf(params);
  hits.sort((a, b) =>
    a.start_date === b.start_date
      ? (a.trial_id < b.trial_id ? -1 : 1)
      : a.start_date === null
      ? 1
      : b.start_date === null
      ? -1
      : (a.start_date < b.start_date ? 1 : -1)
  );
  const ids = hits.slice(offset, offset + limit).map((h) => h.trial_id);
  audit.push({ step: "search", totalCount: total, page: params.page, limit });
  return flaggedBody({
    trials: compositeRows(db, ids),
    totalCount: total,
    breakdown,
    audit_trail: audit,
    ...extra,
  });
}
