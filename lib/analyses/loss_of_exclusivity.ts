/**
 * Analysis 10: loss-of-exclusivity exposure — which drugs lose patent and exclusivity protection
 * when, and how much 2025 Medicare Part D spending rides on them, by drug, sponsor and quarter.
 *
 * Composed from the catalyst calendar (upcoming patent and exclusivity expiries, with its splitting of
 * capped calls) and the Medicare spending analysis (every Part D row), joined across salt and variant
 * forms (see `_loe_match.ts`); the join's coverage is data, never a silent drop.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import { type AnalysisResult, analysisResult, type AnalysisWarning, withKeys } from "../frames/mod.ts";
import { catalystCalendar, type CatalystCalendarParams } from "./catalyst_calendar.ts";
import { medicareSpending } from "./medicare_spending.ts";
import { framed } from "./_measures.ts";
import { medicareIndex, type MedicareLite } from "./_loe_match.ts";
import { badInput } from "../client/errors.ts";

/** Output frames of the loss-of-exclusivity analysis. */
export interface LossOfExclusivityFrames {
  /**
   * One row per drug with an upcoming expiry: `drug_name, trade_names, entities, next_expiry,
   * protection_horizon` (the last upcoming patent or exclusivity expiry: market exclusivity ends when
   * the last one lapses), `horizon_quarter, years_to_horizon, patents, exclusivities, spending_2025,
   * claims, beneficiaries, branded, match_method` (`exact_generic`, `salt_form`, `molecule_id`,
   * `brand_name`, `no match`), `medicare_keys`, `medicare_names`. Spending is null when nothing matched.
   */
  readonly drugs: pl.DataFrame;
  /** The cliff: `quarter, entities, drugs, spending` — spending whose protection horizon ends in the quarter. */
  readonly byQuarter: pl.DataFrame;
  /**
   * Per input entity: `entity, drugs, matched, exposed_1y, exposed_2y, exposed_3y, exposed_5y,
   * exposed_horizon, part_d_total, exposed_share_fraction` (exposed within the horizon ÷ the Part D
   * spending on all of the entity's approved drugs, when known).
   */
  readonly bySponsor: pl.DataFrame;
  /** Drugs with an upcoming expiry but no Medicare row: `drug_name, trade_names, entities, reason`. */
  readonly unmatched: pl.DataFrame;
}

/** Result of {@linkcode lossOfExclusivity}. */
export type LossOfExclusivity = AnalysisResult<LossOfExclusivityFrames>;

const EXPIRY = new Set(["patent_expiry", "exclusivity_expiry"]);
const YEARS = [1, 2, 3, 5] as const;

/** Optional inputs of {@linkcode lossOfExclusivityFromFrames}. */
export interface LossOfExclusivityOptions {
  /** Horizon in years (expiries beyond it are not in the events). @default {5} */
  readonly horizonYears?: number;
  /** Molecule ids of each drug's forms: `drug_name, chembl_id` (from drug-to-targets). */
  readonly forms?: pl.DataFrame;
  /** Part D spending on each entity's approved drugs: `entity, part_d_total`. */
  readonly entityTotals?: pl.DataFrame;
}

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x) => x !== null && x !== "").map(String) : v ? [String(v)] : [];
const quarterOf = (d: Date) => `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;

/**
 * Pure core: join upcoming expiries with Medicare rows.
 *
 * @param events The catalyst calendar's `events` frame (past events are ignored).
 * @param medicare The Medicare spending analysis's `drugs` frame (every Part D row to match against).
 * @param options Horizon, drug forms and entity totals.
 * @returns The four frames.
 * @example A salt-form Medicare row matches its parent drug
 * ```ts
 * import assert from "node:assert/strict";
 * import pl from "nodejs-polars";
 * import { lossOfExclusivityFromFrames } from "./loss_of_exclusivity.ts";
 * const events = pl.DataFrame({
 *   drug_name: ["osimertinib"], trade_name: ["Tagrisso"], type: ["patent_expiry"],
 *   event_date: [new Date("2028-02-01")], days_to_event: [400], patent_no: ["US1"],
 *   exclusivity_code: [null], entities: [["sponsor:AstraZeneca"]],
 * });
 * const medicare = pl.DataFrame({
 *   key: ["m1"], generic_name: ["Osimertinib Mesylate"], brand_names: [["Tagrisso"]], branded: [true],
 *   molecule_id: ["CHEMBL1"], total_spending: [1e8], total_claims: [1000], total_beneficiaries: [100],
 * });
 * const out = lossOfExclusivityFromFrames(events, medicare);
 * assert.equal(out.drugs.getColumn("match_method").get(0), "salt_form");
 * assert.equal(out.bySponsor.getColumn("exposed_2y").get(0), 1e8);
 * ```
 */
export function lossOfExclusivityFromFrames(
  events: pl.DataFrame,
  medicare: pl.DataFrame,
  options: LossOfExclusivityOptions = {},
): LossOfExclusivityFrames {
  const horizonDays = Math.round((options.horizonYears ?? 5) * 365.25);
  const med = medicare.toRecords() as unknown as (MedicareLite & {
    branded: boolean;
    total_spending: number;
    total_claims: number;
    total_beneficiaries: number;
  })[];
  const index = medicareIndex(med);
  const forms = new Map<string, string[]>();
  for (const r of options.forms?.toRecords() ?? []) {
    forms.set(String(r.drug_name), [...(forms.get(String(r.drug_name)) ?? []), String(r.chembl_id)]);
  }
  // One row per drug: its upcoming expiries within the horizon.
  const byDrug = new Map<string, Record<string, unknown>[]>();
  for (const e of events.toRecords()) {
    const days = Number(e.days_to_event);
    if (!EXPIRY.has(String(e.type)) || !(days >= 0) || days > horizonDays) continue;
    const k = String(e.drug_name);
    byDrug.set(k, [...(byDrug.get(k) ?? []), e]);
  }
  const drugs = [...byDrug.entries()].map(([drug, evs]) => {
    const dates = evs.map((e) => ({ d: e.event_date as Date, days: Number(e.days_to_event) }))
      .sort((a, b) => a.days - b.days);
    const last = dates[dates.length - 1];
    const trade = [...new Set(evs.flatMap((e) => list(e.trade_name).flatMap((t) => t.split(" | "))))].sort();
    const m = index.match(drug, trade, forms.get(drug) ?? []);
    const sum = (k: "total_spending" | "total_claims" | "total_beneficiaries") =>
      m.rows.length ? m.rows.reduce((a, r) => a + Number(r[k] ?? 0), 0) : null;
    return {
      drug_name: drug,
      trade_names: trade,
      entities: [...new Set(evs.flatMap((e) => list(e.entities)))].sort(),
      next_expiry: dates[0].d,
      protection_horizon: last.d,
      horizon_quarter: quarterOf(last.d),
      years_to_horizon: Math.round((last.days / 365.25) * 100) / 100,
      horizon_days: last.days,
      patents: [...new Set(evs.flatMap((e) => list(e.patent_no).flatMap((t) => t.split(" | "))))].sort(),
      exclusivities: [...new Set(evs.flatMap((e) => list(e.exclusivity_code).flatMap((t) => t.split(" | "))))]
        .sort(),
      spending_2025: sum("total_spending"),
      claims: sum("total_claims"),
      beneficiaries: sum("total_beneficiaries"),
      branded: m.rows.length ? m.rows.some((r) => r.branded) : null,
      match_method: m.method,
      medicare_keys: m.rows.map((r) => r.key),
      medicare_names: [...new Set(m.rows.map((r) => r.generic_name))],
    };
  }).sort((a, b) =>
    (b.spending_2025 ?? -1) - (a.spending_2025 ?? -1) || a.drug_name.localeCompare(b.drug_name)
  );
  const L = pl.List(pl.Utf8);
  const drugsFrame = framed(drugs, {
    drug_name: pl.Utf8,
    trade_names: L,
    entities: L,
    next_expiry: pl.Date,
    protection_horizon: pl.Date,
    horizon_quarter: pl.Utf8,
    years_to_horizon: pl.Float64,
    patents: L,
    exclusivities: L,
    spending_2025: pl.Float64,
    claims: pl.Int64,
    beneficiaries: pl.Int64,
    branded: pl.Bool,
    match_method: pl.Utf8,
    medicare_keys: L,
    medicare_names: L,
  });
  // The cliff: a drug of several entities is its own stack ("A + B"), so quarter totals are not doubled.
  const cliff = new Map<string, { quarter: string; entities: string; drugs: number; spending: number }>();
  for (const d of drugs) {
    if (d.spending_2025 === null) continue;
    const who = d.entities.join(" + ");
    const k = `${d.horizon_quarter}\u0000${who}`;
    const c = cliff.get(k) ?? { quarter: d.horizon_quarter, entities: who, drugs: 0, spending: 0 };
    cliff.set(k, { ...c, drugs: c.drugs + 1, spending: c.spending + d.spending_2025 });
  }
  const byQuarter = framed(
    [...cliff.values()].sort((a, b) =>
      a.quarter.localeCompare(b.quarter) || a.entities.localeCompare(b.entities)
    ),
    { quarter: pl.Utf8, entities: pl.Utf8, drugs: pl.Int64, spending: pl.Float64 },
  );
  const totals = new Map(
    (options.entityTotals?.toRecords() ?? []).map((r) => [String(r.entity), r.part_d_total as number | null]),
  );
  const entities = [...new Set([...drugs.flatMap((d) => d.entities), ...totals.keys()])].sort();
  const bySponsor = framed(
    entities.map((entity) => {
      const mine = drugs.filter((d) => d.entities.includes(entity));
      const within = (days: number) =>
        mine.filter((d) => d.horizon_days <= days).reduce((a, d) => a + (d.spending_2025 ?? 0), 0);
      const horizon = within(horizonDays);
      const total = totals.get(entity) ?? null;
      return {
        entity,
        drugs: mine.length,
        matched: mine.filter((d) => d.spending_2025 !== null).length,
        ...Object.fromEntries(YEARS.map((y) => [`exposed_${y}y`, within(Math.round(y * 365.25))])),
        exposed_horizon: horizon,
        part_d_total: total,
        exposed_share_fraction: total ? horizon / total : null,
      };
    }),
    {
      entity: pl.Utf8,
      drugs: pl.Int64,
      matched: pl.Int64,
      ...Object.fromEntries(YEARS.map((y) => [`exposed_${y}y`, pl.Float64])),
      exposed_horizon: pl.Float64,
      part_d_total: pl.Float64,
      exposed_share_fraction: pl.Float64,
    },
  );
  const unmatched = framed(
    drugs.filter((d) => d.match_method === "no match").map((d) => ({
      drug_name: d.drug_name,
      trade_names: d.trade_names,
      entities: d.entities,
      reason: "no Medicare row by generic name, salt/variant form, molecule id or brand name; " +
        "Medicare name matching is exact, so this is not evidence of no Part D spending",
    })),
    { drug_name: pl.Utf8, trade_names: L, entities: L, reason: pl.Utf8 },
  );
  return withKeys({ drugs: drugsFrame, byQuarter, bySponsor, unmatched }, {
    drugs: ["drug_name"],
    byQuarter: ["quarter", "entities"],
    bySponsor: ["entity"],
    unmatched: ["drug_name"],
  });
}

/** Parameters of {@linkcode lossOfExclusivity}: the catalyst calendar's entities, plus a horizon. */
export interface LossOfExclusivityParams
  extends Pick<CatalystCalendarParams, "sponsors" | "tickers" | "leis" | "indication" | "drugNames"> {
  /** Years ahead (1–10; catalysts reach at most 3,650 days). @default {5} */
  readonly horizonYears?: number;
  /** Catalyst events per call (capped calls are split by the catalyst calendar). @default {500} */
  readonly limit?: number;
}

/**
 * Loss-of-exclusivity exposure fetched with the client: the catalyst calendar over the horizon, every
 * Medicare Part D row (the Medicare spending analysis with `all`), drug-to-targets forms for drugs no
 * name matches, and each sponsor's regulatory landscape for its total Part D spending.
 *
 * @param client A client from `createClient`.
 * @param params Sponsors, tickers, LEIs, indication or drug names, and `horizonYears`.
 * @returns `drugs`, `byQuarter`, `bySponsor`, `unmatched`, with the match rate among the warnings.
 * @example Exposure of two sandbox sponsors over five years
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { lossOfExclusivity } from "./loss_of_exclusivity.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const loe = await lossOfExclusivity(ri, { sponsors: ["Pfizer", "Novartis"], horizonYears: 5 });
 * assert.ok(loe.drugs.height > 0);
 * ```
 */
export async function lossOfExclusivity(
  client: Client,
  params: LossOfExclusivityParams,
): Promise<LossOfExclusivity> {
  const horizonYears = params.horizonYears ?? 5;
  if (!(horizonYears > 0 && horizonYears <= 10)) {
    throw badInput(
      new RangeError(
        `horizonYears must be between 0 and 10 (catalysts reach 3,650 days), got ${horizonYears}`,
      ),
    );
  }
  const { horizonYears: _, limit = 500, ...entities } = params;
  const windowDays = Math.min(3650, Math.round(horizonYears * 365.25));
  const [calendar, medicare] = await Promise.all([
    catalystCalendar(client, { ...entities, windowDays, limit }),
    medicareSpending(client, { all: true }),
  ]);
  const first = lossOfExclusivityFromFrames(calendar.events, medicare.drugs, { horizonYears });
  const warnings: AnalysisWarning[] = [];
  // Forms (molecule ids) only for the drugs no name matched.
  const todo = first.unmatched.getColumn("drug_name").toArray() as string[];
  const formRows: { drug_name: string; chembl_id: string }[] = [];
  let idsSent = 0;
  const formCalls = await Promise.all(todo.map(async (drug) => {
    try {
      const r = await client.biology.drugToTargets({ drug });
      const d =
        (r.body as { data?: { drug?: { chembl_id?: string }; related_forms?: { chembl_id?: string }[] } })
          .data;
      const ids = [d?.drug?.chembl_id, ...(d?.related_forms ?? []).map((f) => f.chembl_id)].filter(
        (x): x is string => !!x,
      );
      if (ids.length) idsSent++;
      for (const id of new Set(ids)) formRows.push({ drug_name: drug, chembl_id: id });
      return r.meta;
    } catch {
      return undefined; // an unresolvable drug has no forms to try
    }
  }));
  if (todo.length && idsSent === 0) {
    warnings.push({
      code: "forms-unavailable",
      message:
        `Molecule-id matching found no ids for ${todo.length} unmatched drugs (drug-to-targets sent no ` +
        `drug or related_forms ids, fields the spec does not name); those drugs were matched by name only`,
    });
  }
  const totals = await entityTotals(client, params, medicare.drugs);
  const frames = lossOfExclusivityFromFrames(calendar.events, medicare.drugs, {
    horizonYears,
    forms: framed(formRows, { drug_name: pl.Utf8, chembl_id: pl.Utf8 }),
    entityTotals: totals.frame,
  });
  const n = frames.drugs.height;
  const matched = n - frames.unmatched.height;
  if (n) {
    warnings.push({
      code: "match-rate",
      message:
        `${matched} of ${n} drugs with an expiry in ${horizonYears} years matched Medicare Part D rows ` +
        `(${
          Math.round((matched / n) * 100)
        }%); see the unmatched frame: no match is not evidence of no spending`,
    });
  }
  warnings.push(...totals.warnings);
  return analysisResult(
    frames,
    [
      ...calendar.provenance,
      ...medicare.provenance,
      ...formCalls.filter((m) => m !== undefined),
      ...totals.provenance,
    ],
    [...calendar.warnings.filter((w) => !w.source), ...warnings],
    calendar.complete && medicare.complete,
    {
      protection_horizon: "the last upcoming patent or exclusivity expiry of the drug within the horizon",
      spending_2025: "2025 Medicare Part D spending of the matched rows, summed over forms",
      exposed_share_fraction: "spending with a horizon within the horizon ÷ Part D spending on all the " +
        "entity's approved drugs (its regulatory landscape, matched the same way)",
    },
  );
}

/** Each sponsor's Part D spending over all its approved drugs (its regulatory landscape, matched by name). */
async function entityTotals(client: Client, params: LossOfExclusivityParams, medicare: pl.DataFrame) {
  const index = medicareIndex(medicare.toRecords() as unknown as MedicareLite[]);
  const rows: { entity: string; part_d_total: number | null }[] = [];
  const provenance = [];
  const warnings: AnalysisWarning[] = [];
  for (const sponsor of params.sponsors ?? []) {
    const r = await client.regulatory.landscape({ sponsor });
    provenance.push(r.meta);
    const names = [...new Set((r.rows as { generic_name?: string }[]).map((d) => d.generic_name ?? ""))];
    const keys = new Map<string, number>();
    for (const name of names.filter(Boolean)) {
      for (const m of index.match(name, []).rows as unknown as { key: string; total_spending: number }[]) {
        keys.set(m.key, Number(m.total_spending ?? 0));
      }
    }
    rows.push({
      entity: `sponsor:${sponsor}`,
      part_d_total: names.length ? [...keys.values()].reduce((a, b) => a + b, 0) : null,
    });
  }
  const others = [
    ...(params.tickers ?? []).map((t) => `ticker:${t}`),
    ...(params.leis ?? []).map((l) => `lei:${l}`),
  ];
  if (others.length) {
    warnings.push({
      code: "share-unavailable",
      message: `${others.join(", ")}: the regulatory landscape takes sponsor names only, so their share of ` +
        `total Part D spending is null`,
    });
  }
  return { frame: framed(rows, { entity: pl.Utf8, part_d_total: pl.Float64 }), provenance, warnings };
}
