/**
 * Private: the loss-of-exclusivity frames built from the per-drug rows — the cliff by quarter, exposure
 * and share per entity, generic exclusivities, and the drugs no Medicare row matched.
 *
 * @module
 */
import pl from "nodejs-polars";
import { framed } from "./_measures.ts";
import type { Assigned, MedicareLite } from "./_loe_match.ts";
import { dateOf, type GenericExclusivity } from "./_loe_horizon.ts";

/** The per-drug row fields these frames read. */
export interface DrugRow {
  readonly drug_name: string;
  readonly trade_names: string[];
  readonly entities: string[];
  readonly horizon_quarter: string;
  readonly horizon_days: number;
  readonly part_d_spending: number | null;
  readonly match_method: string;
  readonly taken_by: string[];
}

const YEARS = [1, 2, 3, 5] as const;
const L = pl.List(pl.Utf8);

/** The cliff: a drug of several entities is its own stack ("A + B"), so quarter totals are not doubled. */
export function cliffFrame(atRisk: readonly DrugRow[]): pl.DataFrame {
  const cliff = new Map<string, { quarter: string; entities: string; drugs: number; spending: number }>();
  for (const d of atRisk) {
    if (d.part_d_spending === null) continue;
    const who = d.entities.join(" + ");
    const k = `${d.horizon_quarter}\u0000${who}`;
    const c = cliff.get(k) ?? { quarter: d.horizon_quarter, entities: who, drugs: 0, spending: 0 };
    cliff.set(k, { ...c, drugs: c.drugs + 1, spending: c.spending + d.part_d_spending });
  }
  return framed(
    [...cliff.values()].sort((a, b) =>
      a.quarter.localeCompare(b.quarter) || a.entities.localeCompare(b.entities)
    ),
    { quarter: pl.Utf8, entities: pl.Utf8, drugs: pl.Int64, spending: pl.Float64 },
  );
}

/**
 * Exposure per entity within 1/2/3/5 years and the horizon, and its share of the Part D spending on
 * the entity's approved drugs (its listed drugs and its catalyst drugs, through the same assignment of
 * Medicare rows as the exposure). An unresolved entity's row is null; one without a drug list (a ticker,
 * an LEI, a sponsor the regulatory landscape lists no drugs for) has a null total and share, never 0.
 */
export function sponsorFrame<R extends MedicareLite & { total_spending: number }>(input: {
  rows: readonly DrugRow[];
  atRisk: readonly DrugRow[];
  owned: ReadonlyMap<string, readonly string[]>;
  assigned: ReadonlyMap<string, Assigned<R>>;
  unresolved: ReadonlySet<string>;
  horizonDays: number;
  inputs: readonly string[];
  /** The Part D data's spending year. */
  year: number;
}): pl.DataFrame {
  const { rows, atRisk, owned, assigned, unresolved, horizonDays, inputs, year } = input;
  const entities = [
    ...new Set([...inputs, ...rows.flatMap((d) => d.entities), ...owned.keys(), ...unresolved]),
  ].sort();
  const out = entities.map((entity) => {
    if (unresolved.has(entity)) return { entity };
    const mine = atRisk.filter((d) => d.entities.includes(entity));
    const within = (days: number) =>
      mine.filter((d) => d.horizon_days <= days).reduce((a, d) => a + (d.part_d_spending ?? 0), 0);
    const horizon = within(horizonDays);
    const keys = new Map<string, number>();
    const drugs = [
      ...(owned.get(entity) ?? []),
      ...rows.filter((d) => d.entities.includes(entity)).map((d) => d.drug_name),
    ];
    for (const r of drugs.flatMap((d) => assigned.get(d)?.rows ?? [])) {
      keys.set(r.key, Number(r.total_spending ?? 0));
    }
    const total = owned.has(entity) ? [...keys.values()].reduce((a, b) => a + b, 0) : null;
    return {
      entity,
      drugs: mine.length,
      matched: mine.filter((d) => d.part_d_spending !== null).length,
      ...Object.fromEntries(YEARS.map((y) => [`exposed_${y}y`, within(Math.round(y * 365.25))])),
      exposed_horizon: horizon,
      part_d_total: total,
      exposed_share_fraction: total ? horizon / total : null,
      spending_year: year,
    };
  });
  return framed(out, {
    entity: pl.Utf8,
    drugs: pl.Int64,
    matched: pl.Int64,
    ...Object.fromEntries(YEARS.map((y) => [`exposed_${y}y`, pl.Float64])),
    exposed_horizon: pl.Float64,
    part_d_total: pl.Float64,
    exposed_share_fraction: pl.Float64,
    spending_year: pl.Int64,
  });
}

/** Generic exclusivities held, soonest first. */
export function genericFrame(generic: readonly GenericExclusivity[], today: number): pl.DataFrame {
  return framed(
    generic.map((g) => ({
      drug_name: g.drug,
      trade_name: g.trade,
      holders: g.holders,
      code: g.code,
      description: g.description,
      expiry: dateOf(today + g.days),
    })).sort((a, b) => a.expiry.getTime() - b.expiry.getTime() || a.drug_name.localeCompare(b.drug_name)),
    {
      drug_name: pl.Utf8,
      trade_name: pl.Utf8,
      holders: L,
      code: pl.Utf8,
      description: pl.Utf8,
      expiry: pl.Date,
    },
  );
}

/** Drugs with no Medicare row of their own, and why. */
export function unmatchedFrame(rows: readonly DrugRow[]): pl.DataFrame {
  return framed(
    rows.filter((d) => d.match_method === "no match").map((d) => ({
      drug_name: d.drug_name,
      trade_names: d.trade_names,
      entities: d.entities,
      reason: d.taken_by.length
        ? `its brand's Medicare rows are counted under ${d.taken_by.join(", ")} (matched by name or ` +
          `molecule id first), so they are not counted twice`
        : "no Medicare row by generic name, salt/variant form, molecule id or brand name; Medicare " +
          "name matching is exact, so this is not evidence of no Part D spending",
    })),
    { drug_name: pl.Utf8, trade_names: L, entities: L, reason: pl.Utf8 },
  );
}
