/**
 * Analysis 10: loss-of-exclusivity exposure — which drugs lose their last patent and exclusivity
 * protection when, and how much Medicare Part D spending rides on them, by drug, sponsor and quarter. The
 * spending year is the data's (`spending_year`: an imported CMS file's latest year; the spec's 2025 when
 * the rows carry none), never assumed.
 *
 * A drug's protection horizon is its true last expiry: the catalysts are asked as far as they reach
 * (3,650 days, capped calls split by the catalyst calendar), and the approval records' own patent and
 * exclusivity dates show what lies past that (`_loe_horizon.ts`). A drug protected past the horizon is
 * not exposure. Generic exclusivities (a company's 180-day or competitive-generic-therapy exclusivity
 * on another company's brand) are their own frame, never a sponsor's exposure. Drugs and each sponsor's
 * approved drugs (the share's denominator) are joined to Part D by one matcher (`_loe_match.ts`); the
 * join's coverage is data, never a silent drop.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import { type AnalysisResult, analysisResult, type AnalysisWarning, withKeys } from "../frames/mod.ts";
import { catalystCalendar, type CatalystCalendarParams } from "./catalyst_calendar.ts";
import { medicareSpending, mixedYears, SPEC_SPENDING_YEAR, spendingYears } from "./medicare_spending.ts";
import { framed } from "./_measures.ts";
import { assignRows, medicareIndex, type MedicareLite } from "./_loe_match.ts";
import { namesProduct } from "../client/names.ts";
import { dateOf, drugHorizons, REACH_DAYS, type RecordExpiry } from "./_loe_horizon.ts";
import { drugForms, recordExpiries, sponsorDrugs } from "./_loe_fetch.ts";
import { loeDefinitions, matchWarnings, reachWarnings, shareWarnings } from "./_loe_warnings.ts";
import { cliffFrame, genericFrame, sponsorFrame, unmatchedFrame } from "./_loe_tables.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Output frames of the loss-of-exclusivity analysis. */
export interface LossOfExclusivityFrames {
  /**
   * One row per drug losing protection within the horizon: `drug_name, trade_names, entities` (the
   * brand's owners among the inputs), `next_expiry, protection_horizon` (the true last patent or
   * exclusivity expiry), `horizon_basis` (`catalysts`, or `approval records` when they list a later
   * expiry), `horizon_quarter, years_to_horizon, patents, exclusivities, part_d_spending, spending_year
   * (the matched rows' year), claims,
   * beneficiaries, branded, match_method` (`exact_generic`, `salt_form`, `molecule_id`, `brand_name`,
   * `no match`), `medicare_keys`, `medicare_names`. Spending is null when nothing matched.
   */
  readonly drugs: DataFrame;
  /**
   * Drugs with an upcoming expiry whose protection runs past the horizon (not exposure): the columns
   * of `drugs` plus `protected_beyond` — the catalysts' reach (today + 3,650 days) when protection runs
   * past what they can show, else null.
   */
  readonly protected: DataFrame;
  /** The cliff: `quarter, entities, drugs, spending` — spending whose protection horizon ends in the quarter. */
  readonly byQuarter: DataFrame;
  /**
   * Per input entity: `entity, drugs, matched, exposed_1y, exposed_2y, exposed_3y, exposed_5y,
   * exposed_horizon, part_d_total, exposed_share_fraction, spending_year` (exposed within the horizon ÷
   * the Part D spending on all of the entity's approved drugs, matched the same way; the data's spending
   * year). All null for an entity that did not resolve (unknown, not 0); `part_d_total` and the share are
   * null for an entity with no approved-drug list (a ticker, an LEI, a sponsor the regulatory landscape
   * lists no drugs for), with a `share-unavailable` warning.
   */
  readonly bySponsor: DataFrame;
  /**
   * Generic exclusivities (180-day patent-challenge `PC`, competitive generic therapy `CGT`) the
   * entities hold on a brand: `drug_name, trade_name, holders, code, description, expiry`.
   * They delay generic competition for everyone else; they are never the holder's exposure.
   */
  readonly genericExclusivities: DataFrame;
  /** Drugs (at risk or protected) with no Medicare row of their own: `drug_name, trade_names, entities, reason`. */
  readonly unmatched: DataFrame;
}

/** Result of {@linkcode lossOfExclusivity}. */
export type LossOfExclusivity = AnalysisResult<LossOfExclusivityFrames>;

/** Optional inputs of {@linkcode lossOfExclusivityFromFrames}. */
export interface LossOfExclusivityOptions {
  /** Horizon in years. @default {5} */
  readonly horizonYears?: number;
  /** Molecule ids of each drug's forms: `drug_name, chembl_id` (from drug-to-targets). */
  readonly forms?: DataFrame;
  /** Each entity's approved drugs (the share's denominator): `entity, drug_name`. */
  readonly entityDrugs?: DataFrame;
  /** Approval-record expiries (`trade_name, drug_names, code, expiry_date`); they reach past the catalysts. */
  readonly recordExpiries?: readonly RecordExpiry[];
  /** Entities that did not resolve: their row is null. */
  readonly unresolved?: readonly string[];
  /** Every input entity, so each has a row even with no drugs. */
  readonly entities?: readonly string[];
}

const quarterOf = (d: Date) => `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
const L = pl.List(pl.Utf8);
const DRUG_SCHEMA = {
  drug_name: pl.Utf8,
  trade_names: L,
  entities: L,
  next_expiry: pl.Date,
  protection_horizon: pl.Date,
  horizon_basis: pl.Utf8,
  horizon_quarter: pl.Utf8,
  years_to_horizon: pl.Float64,
  patents: L,
  exclusivities: L,
  part_d_spending: pl.Float64,
  spending_year: pl.Int64,
  claims: pl.Int64,
  beneficiaries: pl.Int64,
  branded: pl.Bool,
  match_method: pl.Utf8,
  medicare_keys: L,
  medicare_names: L,
};

type Med = MedicareLite & {
  branded: boolean;
  total_spending: number;
  total_claims: number;
  total_beneficiaries: number;
  spending_year: number | null;
};

/**
 * Pure core: each drug's protection horizon joined with Medicare rows.
 *
 * @param events The catalyst calendar's `events` frame (past events are ignored).
 * @param medicare The Medicare spending analysis's `drugs` frame (every Part D row to match against).
 * @param options Horizon, drug forms, each entity's drugs, approval-record expiries, unresolved entities.
 * @returns The frames.
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
  events: DataFrame,
  medicare: DataFrame,
  options: LossOfExclusivityOptions = {},
): LossOfExclusivityFrames {
  const horizonDays = Math.round((options.horizonYears ?? 5) * 365.25);
  const index = medicareIndex(medicare.toRecords() as unknown as Med[]);
  const year = spendingYears(medicare);
  const forms = new Map<string, string[]>();
  for (const r of options.forms?.toRecords() ?? []) {
    forms.set(String(r.drug_name), [...(forms.get(String(r.drug_name)) ?? []), String(r.chembl_id)]);
  }
  // A record's drug name names the catalyst drug when the drug holds it (a combination's records list
  // each of its molecules): the shared rule for drugs.
  const h = drugHorizons(events.toRecords(), options.recordExpiries ?? [], namesProduct);
  const today = h.today ?? 0;
  // Every drug — the catalysts' and each entity's approved drugs — is matched once, in the documented order.
  const owned = new Map<string, string[]>(); // entity → its drugs (denominator)
  for (const r of options.entityDrugs?.toRecords() ?? []) {
    owned.set(String(r.entity), [...(owned.get(String(r.entity)) ?? []), String(r.drug_name)]);
  }
  const trades = new Map(h.drugs.map((d) => [d.drug, d.trades]));
  const names = [...new Set([...h.drugs.map((d) => d.drug), ...[...owned.values()].flat()])];
  const assigned = assignRows(
    index,
    names.map((drug) => ({ drug, tradeNames: trades.get(drug) ?? [], forms: forms.get(drug) ?? [] })),
  );
  const rows = h.drugs.map((d) => {
    const m = assigned.get(d.drug)!;
    const sum = (k: "total_spending" | "total_claims" | "total_beneficiaries") =>
      m.rows.length ? m.rows.reduce((a, r) => a + Number(r[k] ?? 0), 0) : null;
    const end = dateOf(today + d.endDays);
    return {
      drug_name: d.drug,
      trade_names: d.trades,
      entities: d.entities,
      next_expiry: dateOf(today + d.nextDays),
      protection_horizon: end,
      horizon_basis: d.basis,
      horizon_quarter: quarterOf(end),
      years_to_horizon: Math.round((d.endDays / 365.25) * 100) / 100,
      horizon_days: d.endDays,
      protected_beyond: d.endDays > REACH_DAYS ? dateOf(today + REACH_DAYS) : null,
      patents: d.patents,
      exclusivities: d.exclusivities,
      part_d_spending: sum("total_spending"),
      spending_year: m.rows.length
        ? Math.max(...m.rows.map((r) => Number(r.spending_year ?? SPEC_SPENDING_YEAR)))
        : null,
      claims: sum("total_claims"),
      beneficiaries: sum("total_beneficiaries"),
      branded: m.rows.length ? m.rows.some((r) => r.branded) : null,
      match_method: m.method,
      taken_by: m.takenBy,
      medicare_keys: m.rows.map((r) => r.key),
      medicare_names: [...new Set(m.rows.map((r) => r.generic_name))],
    };
  }).sort((a, b) =>
    (b.part_d_spending ?? -1) - (a.part_d_spending ?? -1) || a.drug_name.localeCompare(b.drug_name)
  );
  const atRisk = rows.filter((d) => d.horizon_days <= horizonDays);
  const unresolved = new Set(options.unresolved ?? []);
  return withKeys({
    drugs: framed(atRisk, DRUG_SCHEMA),
    protected: framed(rows.filter((d) => d.horizon_days > horizonDays), {
      ...DRUG_SCHEMA,
      protected_beyond: pl.Date,
    }),
    byQuarter: cliffFrame(atRisk),
    bySponsor: sponsorFrame({
      rows,
      atRisk,
      owned,
      assigned,
      unresolved,
      horizonDays,
      inputs: options.entities ?? [],
      year: Math.max(...year.years),
    }),
    genericExclusivities: genericFrame(h.generic, today),
    unmatched: unmatchedFrame(rows),
  }, {
    drugs: ["drug_name"],
    protected: ["drug_name"],
    byQuarter: ["quarter", "entities"],
    bySponsor: ["entity"],
    genericExclusivities: ["drug_name", "trade_name", "code", "expiry"],
    unmatched: ["drug_name"],
  }, {
    // Counted from the reference day (years to the horizon; the catalysts' reach, today + 3,650 days): they
    // move every day, never a change of the data.
    drugs: ["years_to_horizon"],
    protected: ["years_to_horizon", "protected_beyond"],
  });
}

/**
 * A catalyst-calendar warning as loss of exclusivity gives it: the calendar was asked as far as the
 * catalysts reach, so "widen windowDays" (a parameter this analysis does not take) would change nothing;
 * an entity without events has no expiry within that reach, and a longer horizon would not find one.
 */
function horizonAdvice(w: AnalysisWarning): AnalysisWarning {
  if (w.code !== "no-events-in-window") return w;
  return {
    ...w,
    message: w.message.replace(/ within .*$/, "") +
      ` within the catalysts' reach (${REACH_DAYS.toLocaleString("en-US")} days): no protection of its ` +
      `drugs ends in that time, and no horizon (horizonYears) reaches further`,
  };
}

/** Parameters of {@linkcode lossOfExclusivity}: the catalyst calendar's entities, plus a horizon. */
export interface LossOfExclusivityParams
  extends Pick<CatalystCalendarParams, "sponsors" | "tickers" | "leis" | "indication" | "drugNames"> {
  /** Years ahead (more than 0, at most 10; the catalysts reach 3,650 days). @default {5} */
  readonly horizonYears?: number;
  /** Catalyst events per call (capped calls are split by the catalyst calendar). @default {500} */
  readonly limit?: number;
}

/**
 * Loss-of-exclusivity exposure fetched with the client: the catalyst calendar over the catalysts' whole
 * reach, the approval records of the drugs' trade names (expiries past the reach), every Medicare Part
 * D row, drug-to-targets forms for drugs no name matches, and each sponsor's regulatory landscape.
 *
 * @param client A client from `createClient`.
 * @param params Sponsors, tickers, LEIs, indication or drug names, and `horizonYears`.
 * @returns The frames, with the match rate (on a shortfall) and what the service cannot show among the warnings.
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
  // The params schema bounds horizonYears to (0, 10] (lib/analyses/_params_schemas.ts): one check.
  checkParams("lossOfExclusivity", params);
  const horizonYears = params.horizonYears ?? 5;
  const { horizonYears: _, limit = 500, ...entities } = params;
  const [calendar, medicare, landscape] = await Promise.all([
    catalystCalendar(client, { ...entities, windowDays: REACH_DAYS, limit }),
    medicareSpending(client, { all: true }),
    sponsorDrugs(client, params.sponsors ?? []),
  ]);
  const events = calendar.events.toRecords();
  const warnings: AnalysisWarning[] = [];
  const unresolved = calendar.entities.filter(pl.col("status").eq(pl.lit("unresolved")))
    .getColumn("entity").toArray() as string[];
  // Approval records of the brands' trade names: their expiries reach past the catalysts.
  const trades = [...new Set(drugHorizons(events, [], () => false).drugs.flatMap((d) => d.trades))].sort();
  const records = await recordExpiries(client, trades);
  // Forms (molecule ids) for every drug no name matches, before any brand is tried: the documented order.
  const index = medicareIndex(medicare.drugs.toRecords() as unknown as MedicareLite[]);
  const catalystDrugs = [...new Set(events.map((e) => String(e.drug_name)))];
  const todo = [...new Set([...catalystDrugs, ...landscape.rows.map((r) => r.drug_name)])]
    .filter((d) => !["exact_generic", "salt_form"].includes(index.match(d, []).method)).sort();
  const forms = await drugForms(client, todo);
  if (todo.length && forms.withIds === 0) {
    warnings.push({
      code: "forms-unavailable",
      message:
        `Molecule-id matching found no ids for ${todo.length} drugs no name matched (the service's drug ` +
        `records carried no molecule ids for their forms); those drugs were matched by brand name only`,
    });
  }
  const frames = lossOfExclusivityFromFrames(calendar.events, medicare.drugs, {
    horizonYears,
    forms: framed(forms.rows, { drug_name: pl.Utf8, chembl_id: pl.Utf8 }),
    entityDrugs: framed(
      landscape.rows.filter((r) => landscape.listed.has(r.entity)),
      { entity: pl.Utf8, drug_name: pl.Utf8 },
    ),
    recordExpiries: records.rows,
    unresolved,
    entities: calendar.entities.getColumn("entity").toArray() as string[],
  });
  warnings.push(...reachWarnings(horizonYears, records, frames.protected));
  // A drug asked for by its trade name ("Eliquis") is known when an event carries that trade name.
  const seenNames = [...catalystDrugs, ...events.map((e) => String(e.trade_name ?? ""))];
  warnings.push(...matchWarnings(horizonYears, frames.drugs, params.drugNames ?? [], seenNames));
  warnings.push(...shareWarnings(params, landscape.listed, unresolved));
  const year = spendingYears(medicare.drugs);
  if (year.mixed) warnings.push(mixedYears(year.label));
  return analysisResult(
    frames,
    [...calendar.provenance, ...medicare.provenance, ...records.metas, ...forms.metas, ...landscape.metas],
    [...calendar.warnings.filter((w) => !w.source).map(horizonAdvice), ...warnings],
    calendar.complete && medicare.complete,
    loeDefinitions(year.label),
  );
}
