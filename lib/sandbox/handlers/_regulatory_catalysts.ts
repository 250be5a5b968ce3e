/**
 * Catalyst timeline (`regulatory.catalysts`, spec 4.3): patent and exclusivity expiries from today
 * to today + windowDays, approvals from today − windowDays to today, for the approvals of an entity
 * (sponsor family, LEI family, ticker → SEC LEI → family), an indication (disease plus direct
 * subtypes) and/or drugs. Events are deduplicated by drug + type + date, sorted ascending by date and
 * capped at `limit`; `counts` splits the returned events by type. `approval_id` is the internal key
 * `regulatory_approval/<key>` (PITFALLS 17). An unresolvable value answers 200 with no events (16);
 * of several drugNames, those that resolve are used.
 *
 * @module
 */
import { splitCsv } from "../../client/params.ts";
import { flaggedBody, type HandlerContext } from "../handler.ts";
import { dayNumber, isoDay } from "../store/prng.ts";
import { linksOf, sponsorsOf } from "./_regulatory_approvals.ts";
import { approvalsByDrugNames } from "./_regulatory_drugs.ts";
import { diseaseFamily, orgFamily, resolveDisease, resolveSponsor } from "./_resolve.ts";
import { all, marks, one, Where } from "./_sql.ts";

interface RawEvent {
  key: string;
  trade_name: string;
  ingredient: string;
  type: "patent_expiry" | "exclusivity_expiry" | "approval";
  event_date: string;
  patent_no: string | null;
  exclusivity_code: string | null;
  exclusivity_description: string | null;
}

function entityFamily(ctx: HandlerContext): string[] | undefined | null {
  const { db, params } = ctx;
  if (typeof params.sponsor === "string") return resolveSponsor(db, params.sponsor)?.family;
  let lei: string | undefined;
  if (typeof params.ticker === "string") {
    lei = one<{ lei: string | null }>(db, "SELECT lei FROM sec_entities WHERE ticker = ?", [
      params.ticker.trim().toUpperCase(),
    ])?.lei ?? undefined;
    if (lei === undefined) return undefined;
  } else if (typeof params.lei === "string") lei = params.lei.toUpperCase();
  else return null; // no entity filter
  const org = one<{ id: string }>(
    db,
    "SELECT id FROM organizations WHERE lei = ? AND is_entity = 1 ORDER BY depth, id LIMIT 1",
    [lei],
  );
  return org ? orgFamily(db, org.id) : undefined;
}

function counts(events: readonly { type: string }[]): Record<string, number> {
  const c: Record<string, number> = { patent_expiry: 0, exclusivity_expiry: 0, approval: 0 };
  for (const e of events) c[e.type] = (c[e.type] ?? 0) + 1;
  return c;
}

/** The answer's window: approvals from today − windowDays, expiries to today + windowDays. */
function windowOf(today: string, windowDays: unknown): { from: string; to: string; today: string } {
  const t0 = dayNumber(today), days = Number(windowDays);
  return { from: isoDay(t0 - days), to: isoDay(t0 + days), today };
}

/** An unresolved entity's answer: no events, the same shape as any other answer. */
function emptyAnswer(today: string, windowDays: unknown): unknown {
  return flaggedBody({
    events: [],
    counts: counts([]),
    next_patent_expiry: null,
    next_exclusivity_expiry: null,
    window: windowOf(today, windowDays),
  });
}

/** `GET /api/v1/tools/regulatory/catalysts`. */
export function regulatoryCatalysts(ctx: HandlerContext): unknown {
  const { db, params, today } = ctx;
  const w = new Where();
  const inList = (table: string, col: string, ids: readonly string[]) =>
    w.add(`a.key IN (SELECT approval_key FROM ${table} WHERE ${col} IN (${marks(ids.length)}))`, ...ids);
  const family = entityFamily(ctx);
  if (family === undefined) return emptyAnswer(today, params.windowDays);
  if (family !== null) inList("approval_sponsors", "org_id", family);
  if (typeof params.indication === "string") {
    const d = resolveDisease(db, params.indication, true);
    if (!d) return emptyAnswer(today, params.windowDays);
    inList("approval_indications", "disease_id", diseaseFamily(db, d.id, true));
  }
  if (typeof params.drugNames === "string") {
    const { keys } = approvalsByDrugNames(db, splitCsv(params.drugNames));
    if (keys.length === 0) return emptyAnswer(today, params.windowDays);
    w.add(`a.key IN (${marks(keys.length)})`, ...keys);
  }
  const t0 = dayNumber(today);
  const window = windowOf(today, params.windowDays);
  const ahead = window.to, behind = window.from;
  const sel = `SELECT a.key FROM approvals a ${w}`;
  const raw = all<RawEvent>(
    db,
    `WITH hits AS (${sel})
     SELECT a.key, a.trade_name, a.ingredient, 'patent_expiry' AS type, p.expiry_date AS event_date, p.patent_no,
       NULL AS exclusivity_code, NULL AS exclusivity_description
     FROM hits h JOIN approvals a ON a.key = h.key JOIN approval_patents p ON p.approval_key = a.key
     WHERE p.expiry_date BETWEEN ? AND ?
     UNION ALL
     SELECT a.key, a.trade_name, a.ingredient, 'exclusivity_expiry', e.expiry_date, NULL, e.code, e.description
     FROM hits h JOIN approvals a ON a.key = h.key JOIN approval_exclusivities e ON e.approval_key = a.key
     WHERE e.expiry_date BETWEEN ? AND ?
     UNION ALL
     SELECT a.key, a.trade_name, a.ingredient, 'approval', a.approval_date, NULL, NULL, NULL
     FROM hits h JOIN approvals a ON a.key = h.key WHERE a.approval_date BETWEEN ? AND ?
     ORDER BY 5, 4, 1`,
    [...w.args, today, ahead, today, ahead, behind, today],
  );
  const drugName = new Map<string, string>();
  const keysAll = [...new Set(raw.map((e) => e.key))];
  // A combination product linked to several molecules is named by all of them, as its label lists them.
  for (const [k, drugs] of linksOf(db, keysAll).drugs) {
    drugName.set(k, [...new Set(drugs.map((d) => d.parent).filter(Boolean))].sort().join("; "));
  }
  const seen = new Set<string>();
  const picked: (RawEvent & { drug_name: string })[] = [];
  for (const e of raw) {
    // The linked molecule's name; without one (an imported Orange Book product), the labelled ingredient.
    const drug = drugName.get(e.key) || e.ingredient.toLowerCase() || e.trade_name.toLowerCase();
    const id = `${drug}|${e.type}|${e.event_date}`;
    if (seen.has(id)) continue;
    seen.add(id);
    picked.push({ ...e, drug_name: drug });
    if (picked.length >= Number(params.limit)) break;
  }
  const { direct, chain } = sponsorsOf(db, [...new Set(picked.map((e) => e.key))]);
  const events = picked.map((e) => ({
    trade_name: e.trade_name,
    type: e.type,
    event_date: e.event_date,
    days_to_event: dayNumber(e.event_date) - t0,
    drug_name: e.drug_name,
    patent_no: e.patent_no,
    exclusivity_code: e.exclusivity_code,
    exclusivity_description: e.exclusivity_description,
    approval_id: `regulatory_approval/${e.key}`,
    sponsors: direct.get(e.key) ?? [],
    sponsors_chain: chain.get(e.key) ?? [],
  }));
  const next = (table: string) =>
    one<{ d: string | null }>(
      db,
      `SELECT min(x.expiry_date) AS d FROM ${table} x WHERE x.expiry_date >= ? AND x.approval_key IN (${sel})`,
      [today, ...w.args],
    )?.d ?? null;
  return flaggedBody({
    events,
    counts: counts(events),
    next_patent_expiry: next("approval_patents"),
    next_exclusivity_expiry: next("approval_exclusivities"),
    window,
  });
}
