/**
 * Analysis 2: catalyst calendar — patent and exclusivity expiries ahead and approvals behind, for
 * several sponsors / tickers / LEIs, merged into one de-duplicated timeline with counts by month,
 * quarter and type, and each entity's next expiries.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import {
  type AnalysisResult,
  analysisResult,
  type AnalysisWarning,
  toFrame,
  withKeys,
} from "../frames/mod.ts";
import { framed } from "./_measures.ts";
import { pullCatalysts } from "./_catalyst_pull.ts";
import { closestHint, resolveEntity } from "./_resolve_entity.ts";
import { checkParams } from "./params.ts";
import { drugComponents, namesProduct } from "../client/names.ts";
import { DRUG_NAMES_DEFINITION } from "./_loe_match.ts";

/** The widest catalyst window the service takes (days ahead and back). */
const MAX_WINDOW_DAYS = 3650;

/** An entity key as a reader names it: `sponsor:Pfizer` → Pfizer, `ticker:LLY` → ticker LLY. */
function who(entity: string): string {
  const m = /^([a-z]+):(.*)$/.exec(entity);
  if (!m) return entity;
  return m[1] === "sponsor" ? m[2] : `${m[1] === "lei" ? "LEI" : m[1]} ${m[2]}`;
}
import type { DataFrame } from "../frames/polars.ts";

/** Columns an event is identified by when merging entities (the service's own de-duplication key). */
export const EVENT_KEY: readonly string[] = ["drug_name", "type", "event_date"];

/** Output frames of the catalyst calendar. */
export interface CatalystCalendarFrames {
  /**
   * One row per event (drug+type+date), sorted by date: the catalyst columns (`approval_key` is the
   * internal key, not a public approval id) plus `entities` (list[str], which inputs it came from),
   * `when` (`past` | `upcoming`, from the sign of `days_to_event`), `month` (`YYYY-MM`), `quarter` (`YYYY-Qn`).
   */
  readonly events: DataFrame;
  /** `month, type, events`. */
  readonly byMonth: DataFrame;
  /** `quarter, type, events`. */
  readonly byQuarter: DataFrame;
  /** `type, past, upcoming, events`. */
  readonly byType: DataFrame;
  /**
   * Per input entity: `entity, kind, value, events`; `capped` (still capped after splitting),
   * `complete_days` (events are complete within ±this many days) and `capped_drugs` (the drugs whose
   * own calls stayed capped, complete only nearer today); `resolved` (true: events or expiries
   * ahead, or an exact organization-autocomplete match; false: none of them; null: cannot tell, e.g. a
   * ticker with nothing ahead), `resolved_name` (the matching organization), `status` (`events`,
   * `no-events` = resolved but nothing in the window, `unresolved`, `unknown`), `unresolved`
   * (= resolved is false), `next_patent_expiry`, `next_exclusivity_expiry`.
   */
  readonly entities: DataFrame;
}

/** Result of {@linkcode catalystCalendar}. */
export type CatalystCalendar = AnalysisResult<CatalystCalendarFrames>;

const ENTITY_SCHEMA = {
  entity: pl.Utf8,
  kind: pl.Utf8,
  value: pl.Utf8,
  events: pl.Int64,
  capped: pl.Bool,
  complete_days: pl.Int64,
  capped_drugs: pl.Utf8,
  resolved: pl.Bool,
  resolved_name: pl.Utf8,
  status: pl.Utf8,
  unresolved: pl.Bool,
  next_patent_expiry: pl.Utf8,
  next_exclusivity_expiry: pl.Utf8,
};

/** Per-entity summary rows as a typed frame (expiry strings `YYYY-MM-DD` become dates). */
export function entityFrame(rows: readonly Record<string, unknown>[]): DataFrame {
  return framed(rows, ENTITY_SCHEMA).withColumns(
    pl.col("next_patent_expiry").str.strptime(pl.Date, "%Y-%m-%d"),
    pl.col("next_exclusivity_expiry").str.strptime(pl.Date, "%Y-%m-%d"),
  );
}

/**
 * How one column of the events that share a drug + type + date is merged, deterministically: list
 * columns (sponsors) are unioned, sorted; text columns keep their value where the rows agree and list
 * the distinct values, sorted and joined by ` | `, where they do not (two patents of one drug expiring the
 * same day); other columns agree by construction (`days_to_event` follows from the date) and keep the
 * smallest value.
 */
function mergeColumn(c: string, dtype: pl.DataType): pl.Expr {
  const col = pl.col(c);
  if (dtype.variant === "List") return col.explode().dropNulls().unique().sort().implode().alias(c);
  if (dtype.variant === "String" || dtype.variant === "Utf8") {
    const joined = col.dropNulls().unique().sort().str.concat(" | ");
    return pl.when(col.count().gt(0)).then(joined).otherwise(pl.lit(null)).alias(c);
  }
  return col.min().alias(c);
}

/**
 * Pure core: merge per-entity catalyst events into one calendar. Events several entities report (the
 * same drug + type + date) are kept once: their `entities` listed, sponsor lists unioned, and text
 * fields kept where the rows agree, else listed as `a | b`.
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
  events: DataFrame,
  entities: DataFrame = entityFrame([]),
): CatalystCalendarFrames {
  const key = [...EVENT_KEY];
  const others = events.columns.filter((c) => !key.includes(c) && c !== "entity");
  const merged = events.groupBy(key)
    .agg(
      ...others.map((c) => mergeColumn(c, events.getColumn(c).dtype)),
      pl.col("entity").unique().sort().alias("entities"),
    )
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
    merged.groupBy(by).agg(pl.len().cast(pl.Int64).alias("events")).sort(by) as DataFrame;
  const byType = merged.groupBy("type").agg(
    pl.col("when").eq(pl.lit("past")).sum().cast(pl.Int64).alias("past"),
    pl.col("when").eq(pl.lit("upcoming")).sum().cast(pl.Int64).alias("upcoming"),
    pl.len().cast(pl.Int64).alias("events"),
  ).sort("type");
  return withKeys({
    events: merged,
    byMonth: count(["month", "type"]),
    byQuarter: count(["quarter", "type"]),
    byType,
    entities,
  }, {
    events: [...EVENT_KEY],
    byMonth: ["month", "type"],
    byQuarter: ["quarter", "type"],
    byType: ["type"],
    entities: ["entity"],
  }, {
    // Counts down every day from the data's reference day: never a change of the data.
    events: ["days_to_event"],
  });
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
  checkParams("catalystCalendar", params);
  const limit = params.limit ?? 500;
  const windowDays = params.windowDays ?? 365;
  const shared = {
    ...(params.indication ? { indication: params.indication } : {}),
    ...(params.drugNames?.length ? { drugNames: [...params.drugNames] } : {}),
    windowDays,
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
  const [pulls, resolutions] = await Promise.all([
    Promise.all(
      targets.map((t) =>
        pullCatalysts(client, t.kind === "filter" ? shared : { ...shared, [t.kind]: t.value })
      ),
    ),
    Promise.all(targets.map((t) => resolveEntity(client, t.kind, t.value))),
  ]);
  const labels = targets.map((t) => `${t.kind}:${t.value}`);
  // A combination asks for the products holding all of its components (DRUG_NAMES_DEFINITION): an event
  // of a product holding only some of them is not asked for, whatever the service matched.
  const combos = (params.drugNames ?? []).filter((n) => drugComponents(n).length > 1);
  const singles = (params.drugNames ?? []).length > combos.length;
  const asked = (row: Record<string, unknown>) =>
    !combos.length || singles || typeof row.drug_name !== "string" ||
    combos.some((n) => namesProduct(n, row.drug_name as string));
  const kept = pulls.map((r) => r.rows.filter((row) => asked(row as Record<string, unknown>)));
  const dropped = pulls.reduce((n, r, i) => n + r.rows.length - kept[i].length, 0);
  const frames = kept.map((rows, i) =>
    toFrame("catalystEvent", rows).withColumns(pl.lit(labels[i]).alias("entity"))
  );
  const events = frames.length > 1 ? pl.concat(frames, { how: "vertical" }) : frames[0];
  const entityRows = pulls.map((r, i) => {
    const data = (r.body as CatalystBody).data;
    const expiries = data.next_patent_expiry !== null || data.next_exclusivity_expiry !== null;
    const res = resolutions[i];
    // Events or expiries ahead prove the entity resolved; otherwise the resolution call decides.
    const resolved = kept[i].length > 0 || expiries ? true : res.resolved;
    return {
      entity: labels[i],
      kind: targets[i].kind,
      value: targets[i].value,
      events: kept[i].length,
      capped: r.capped,
      complete_days: r.capped ? r.completeDays : windowDays,
      capped_drugs: r.cappedDrugs.length ? r.cappedDrugs.join(", ") : null,
      resolved,
      resolved_name: res.name,
      status: kept[i].length > 0
        ? "events"
        : resolved === false
        ? "unresolved"
        : resolved
        ? "no-events"
        : "unknown",
      unresolved: resolved === false,
      next_patent_expiry: data.next_patent_expiry,
      next_exclusivity_expiry: data.next_exclusivity_expiry,
    };
  });
  const warnings: AnalysisWarning[] = entityRows.flatMap((e, i): AnalysisWarning[] => {
    const r = pulls[i];
    const out: AnalysisWarning[] = [];
    if (r.capped) {
      out.push({
        code: "capped",
        message:
          `${
            who(e.entity)
          }: still capped at ${limit} events after ${r.splits} split calls; complete within ` +
          `±${r.completeDays} days, not for ${r.cappedDrugs.slice(0, 5).join(", ")}`, // capped: some drug is
      });
    } else if (r.discovered) { // the first call was capped and split: complete within less than the window
      out.push({
        code: "capped-split",
        message:
          `${who(e.entity)}: the call was capped at ${limit} events and was split (${r.splits} calls): ` +
          `complete within ±${r.completeDays} days and for every drug seen; a drug with no event within ` +
          `±${r.completeDays} days could still be missing beyond that`,
      });
    }
    if (e.events === 0) {
      const res = resolutions[i];
      out.push(
        e.status === "unresolved"
          ? {
            code: "unresolved",
            message: `${who(e.entity)} did not resolve: no events, no expiries ahead and no exact match in ` +
              `organization autocomplete${closestHint(res.suggestions)}`,
            pitfall: 16,
          }
          : e.status === "no-events"
          ? {
            code: "no-events-in-window",
            message:
              `${who(e.entity)} resolved${
                res.name && res.name !== who(e.entity) ? ` (as ${res.name})` : ""
              } but has no approval, ` +
              `patent or exclusivity event within ${windowDays.toLocaleString("en-US")} days` +
              (windowDays < MAX_WINDOW_DAYS
                ? `; a wider window (windowDays up to ${MAX_WINDOW_DAYS}) may find some`
                : ""),
          }
          : {
            code: "maybe-unresolved",
            message: `${who(e.entity)}: no events and no expiries ahead; the value may not resolve ` +
              `(${res.note})`,
            pitfall: 16,
          },
      );
    }
    return out;
  });
  if (dropped) {
    warnings.push({
      code: "combination-partial-products",
      message: `${dropped} event${dropped === 1 ? "" : "s"} of products holding only some components of ` +
        `${combos.join(", ")} left out: a combination asks for the products holding all of them`,
    });
  }
  const out = catalystCalendarFromFrames(events, entityFrame(entityRows));
  const complete = !entityRows.some((e) => e.capped);
  // An entity with no events gets a verdict above; the client's generic "may not resolve" notice goes.
  const metas = pulls.flatMap((r, i) =>
    entityRows[i].events === 0
      ? r.metas.map((m) => ({ ...m, warnings: m.warnings.filter((w) => w.code !== "maybe-unresolved") }))
      : r.metas
  );
  return analysisResult(out, metas, warnings, complete, {
    drugNames: DRUG_NAMES_DEFINITION,
  });
}
