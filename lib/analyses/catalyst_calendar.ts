/**
 * Analysis 2: catalyst calendar — patent and exclusivity expiries ahead and approvals behind, for
 * several sponsors / tickers / LEIs, merged into one de-duplicated timeline with counts by month,
 * quarter and type, and each entity's next expiries.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import { type AnalysisResult, analysisResult, type AnalysisWarning, toFrame } from "../frames/mod.ts";
import { framed } from "./_measures.ts";

/** Columns an event is identified by when merging entities (the service's own de-duplication key). */
export const EVENT_KEY: readonly string[] = ["drug_name", "type", "event_date"];

/** Output frames of the catalyst calendar. */
export interface CatalystCalendarFrames {
  /**
   * One row per event (drug+type+date), sorted by date: the catalyst columns (`approval_key` is the
   * internal key, not a public approval id) plus `entities` (list[str], which inputs it came from),
   * `when` (`past` | `upcoming`, from the sign of `days_to_event`), `month` (`YYYY-MM`), `quarter` (`YYYY-Qn`).
   */
  readonly events: pl.DataFrame;
  /** `month, type, events`. */
  readonly byMonth: pl.DataFrame;
  /** `quarter, type, events`. */
  readonly byQuarter: pl.DataFrame;
  /** `type, past, upcoming, events`. */
  readonly byType: pl.DataFrame;
  /**
   * Per input entity: `entity, kind, value, events, capped` (events == limit: more may exist),
   * `unresolved` (no events: the value may not resolve), `next_patent_expiry`, `next_exclusivity_expiry`.
   */
  readonly entities: pl.DataFrame;
}

/** Result of {@linkcode catalystCalendar}. */
export type CatalystCalendar = AnalysisResult<CatalystCalendarFrames>;

const ENTITY_SCHEMA = {
  entity: pl.Utf8,
  kind: pl.Utf8,
  value: pl.Utf8,
  events: pl.Int64,
  capped: pl.Bool,
  unresolved: pl.Bool,
  next_patent_expiry: pl.Utf8,
  next_exclusivity_expiry: pl.Utf8,
};

/** Per-entity summary rows as a typed frame (expiry strings `YYYY-MM-DD` become dates). */
export function entityFrame(rows: readonly Record<string, unknown>[]): pl.DataFrame {
  return framed(rows, ENTITY_SCHEMA).withColumns(
    pl.col("next_patent_expiry").str.strptime(pl.Date, "%Y-%m-%d"),
    pl.col("next_exclusivity_expiry").str.strptime(pl.Date, "%Y-%m-%d"),
  );
}

/**
 * Pure core: merge per-entity catalyst events into one calendar.
 *
 * @param events Catalyst frames (`toFrame("catalystEvent", rows)`) stacked, with an `entity` column.
 * @param entities Per-entity summary (see {@linkcode entityFrame}). @default {empty}
 * @returns The calendar frames.
 * @example The same event from two sponsors is kept once, with both entities
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { toFrame } from "../frames/mod.ts";
 * import { catalystCalendarFromFrames } from "./catalyst_calendar.ts";
 * const ev = {
 *   trade_name: "Xalkori", type: "patent_expiry", event_date: "2027-03-01", days_to_event: 400,
 *   drug_name: "crizotinib", patent_no: "US123", exclusivity_code: null, exclusivity_description: null,
 *   approval_id: "regulatory_approval/1", sponsors: [], sponsors_chain: [],
 * };
 * const events = toFrame("catalystEvent", [ev, ev]).withColumns(pl.Series("entity", ["sponsor:A", "ticker:B"]));
 * const cal = catalystCalendarFromFrames(events);
 * assert.equal(cal.events.height, 1);
 * assert.deepEqual(cal.events.getColumn("entities").toArray()[0], ["sponsor:A", "ticker:B"]);
 * assert.equal(cal.events.getColumn("quarter").get(0), "2027-Q1");
 * ```
 */
export function catalystCalendarFromFrames(
  events: pl.DataFrame,
  entities: pl.DataFrame = entityFrame([]),
): CatalystCalendarFrames {
  const key = [...EVENT_KEY];
  const others = events.columns.filter((c) => !key.includes(c) && c !== "entity");
  const merged = events.groupBy(key)
    .agg(...others.map((c) => pl.col(c).first()), pl.col("entity").unique().sort().alias("entities"))
    .select(...events.columns.filter((c) => c !== "entity"), "entities")
    .withColumns(
      pl.when(pl.col("days_to_event").lt(0)).then(pl.lit("past")).otherwise(pl.lit("upcoming")).alias("when"),
      pl.col("event_date").dt.strftime("%Y-%m").alias("month"),
      pl.format(
        "{}-Q{}",
        pl.col("event_date").dt.year(),
        pl.col("event_date").dt.month().add(2).div(3).floor().cast(pl.Int64),
      ).alias("quarter"),
    )
    .sort(["event_date", "type", "drug_name"]);
  const count = (by: string[]) =>
    merged.groupBy(by).agg(pl.len().cast(pl.Int64).alias("events")).sort(by) as pl.DataFrame;
  const byType = merged.groupBy("type").agg(
    pl.col("when").eq(pl.lit("past")).sum().cast(pl.Int64).alias("past"),
    pl.col("when").eq(pl.lit("upcoming")).sum().cast(pl.Int64).alias("upcoming"),
    pl.len().cast(pl.Int64).alias("events"),
  ).sort("type");
  return {
    events: merged,
    byMonth: count(["month", "type"]),
    byQuarter: count(["quarter", "type"]),
    byType,
    entities,
  };
}

/** Parameters of {@linkcode catalystCalendar}; at least one of sponsors, tickers, leis, indication, drugNames. */
export interface CatalystCalendarParams {
  /** Sponsor names, one call each. */
  readonly sponsors?: readonly string[];
  /** SEC tickers, one call each. */
  readonly tickers?: readonly string[];
  /** 20-character LEIs, one call each. */
  readonly leis?: readonly string[];
  /** Disease keyword, applied to every call. */
  readonly indication?: string;
  /** Drug names or ids, applied to every call (max 100). */
  readonly drugNames?: readonly string[];
  /** Days ahead for expiries and back for approvals. @default {365} */
  readonly windowDays?: number;
  /** Events per call (1–500); a call returning this many is capped. @default {500} */
  readonly limit?: number;
}

type EntityKind = "sponsor" | "ticker" | "lei";

interface CatalystBody {
  data: { next_patent_expiry: string | null; next_exclusivity_expiry: string | null };
}

/**
 * Catalyst calendar fetched with the client: one `regulatory.catalysts` call per sponsor, ticker and
 * LEI (the service fails with 500 on combinations), or one call for the indication/drug filters alone.
 *
 * @param client A client from `createClient`.
 * @param params Entities and filters.
 * @returns The calendar, with warnings for capped and unresolved entities.
 * @example Two sponsors over five years
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { catalystCalendar } from "./catalyst_calendar.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const cal = await catalystCalendar(ri, { sponsors: ["Pfizer", "Novartis"], windowDays: 1825 });
 * assert.equal(cal.entities.height, 2);
 * ```
 */
export async function catalystCalendar(
  client: Client,
  params: CatalystCalendarParams,
): Promise<CatalystCalendar> {
  const limit = params.limit ?? 500;
  const shared = {
    ...(params.indication ? { indication: params.indication } : {}),
    ...(params.drugNames?.length ? { drugNames: [...params.drugNames] } : {}),
    windowDays: params.windowDays ?? 365,
    limit,
  };
  const targets: { kind: EntityKind | "filter"; value: string }[] = [
    ...(params.sponsors ?? []).map((value) => ({ kind: "sponsor" as const, value })),
    ...(params.tickers ?? []).map((value) => ({ kind: "ticker" as const, value })),
    ...(params.leis ?? []).map((value) => ({ kind: "lei" as const, value })),
  ];
  if (!targets.length) {
    const label = [params.indication, params.drugNames?.join(",")].filter(Boolean).join(" ");
    targets.push({ kind: "filter", value: label });
  }
  const results = await Promise.all(
    targets.map((t) =>
      client.regulatory.catalysts(t.kind === "filter" ? shared : { ...shared, [t.kind]: t.value })
    ),
  );
  const labels = targets.map((t) => `${t.kind}:${t.value}`);
  const frames = results.map((r, i) =>
    toFrame("catalystEvent", r.rows as Record<string, unknown>[]).withColumns(
      pl.lit(labels[i]).alias("entity"),
    )
  );
  const events = frames.length > 1 ? pl.concat(frames, { how: "vertical" }) : frames[0];
  const entityRows = results.map((r, i) => {
    const data = (r.body as CatalystBody).data;
    return {
      entity: labels[i],
      kind: targets[i].kind,
      value: targets[i].value,
      events: r.rows.length,
      capped: r.rows.length >= limit,
      unresolved: r.rows.length === 0,
      next_patent_expiry: data.next_patent_expiry,
      next_exclusivity_expiry: data.next_exclusivity_expiry,
    };
  });
  // The client already flags capped and empty calls; add ours only where it did not.
  const has = (i: number, code: string) => results[i].meta.warnings.some((w) => w.code === code);
  const warnings: AnalysisWarning[] = entityRows.flatMap((e, i): AnalysisWarning[] =>
    e.capped && !has(i, "capped")
      ? [{
        code: "capped",
        message:
          `${e.entity}: ${e.events} events = limit; later events are missing (raise limit or narrow windowDays)`,
      }]
      : e.unresolved && !has(i, "maybe-unresolved")
      ? [{
        code: "maybe-unresolved",
        message: `${e.entity}: no events; the value may not resolve`,
        pitfall: 16,
      }]
      : []
  );
  const out = catalystCalendarFromFrames(events, entityFrame(entityRows));
  const complete = !entityRows.some((e) => e.capped);
  return analysisResult(out, results.map((r) => r.meta), warnings, complete);
}
