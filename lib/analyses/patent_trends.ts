/**
 * Analysis 5: patent trends: counts by year, top CPC codes, a company comparison and YoY growth.
 *
 * Every count is a number of patents taken from aggregate buckets; the aggregate's
 * `meta.total_buckets` is a number of buckets and is never used as a patent total (PITFALLS 20).
 * Growth is kept as a fraction of 1 in `growth_fraction` (0.35 = +35%; PITFALLS 22).
 *
 * @module
 */
import pl from "nodejs-polars";
import type { RowsResult, Warning } from "../client/result.ts";
import { type AnalysisResult, analysisResult, frameFromResult, withKey, withKeys } from "../frames/mod.ts";
import type { AggregateBucket, YoyGrowthRow } from "../client/schemas/_rows.gen.ts";
import { conform, dateBound, fillYears, framed, statusOf, withGrowth, yearOf } from "./_measures.ts";
import {
  closestHint,
  closestNames,
  organizationLookup,
  type OrganizationsClient,
} from "./_resolve_entity.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";

/** The slice of the client this analysis calls. */
export interface PatentTrendsClient {
  /** Patent endpoints. */
  readonly patents: {
    /** `GET /patents/aggregate`. */
    aggregate(params: Record<string, unknown>): Promise<RowsResult<AggregateBucket>>;
    /** `GET /patents/yoy-growth`. */
    yoyGrowth(params: Record<string, unknown>): Promise<RowsResult<YoyGrowthRow>>;
    /** `GET /patents` (its exact total), for `companyView: "own"`. */
    search?(params: Record<string, unknown>): Promise<RowsResult<unknown>>;
  };
  /** Organization autocomplete, when the client has it: closest names for an unresolved company. */
  readonly resolve?: OrganizationsClient["resolve"];
}

/** Options of {@link patentTrends}. */
export interface PatentTrendsOptions {
  /** Company filter: raw assignee string, `organizations/<key>`, `ror:<id>`, `lei:<id>` or a bare ROR/LEI. */
  readonly company_id?: string;
  /** Company name, resolved by the service (used only when `company_id` is absent). */
  readonly company_name?: string;
  /** CPC code or prefix, e.g. `A61K`. */
  readonly cpc_code?: string;
  /** First year (or `YYYY-MM-DD`). @default the service's window (two years before the current one) */
  readonly from?: number | string;
  /** Last year (or `YYYY-MM-DD`); also the `newCount` year of the growth frame. @default the current year */
  readonly to?: number | string;
  /** Companies to compare year by year (ids as for `company_id`, or names). */
  readonly compare?: readonly string[];
  /** How many CPC codes to keep. @default 10 */
  readonly topN?: number;
  /**
   * Whose patents a company's counts by year (and the compared companies') are: `family` — its corporate
   * family, the aggregate's cluster (subsidiaries filing under their own names included); `own` — the
   * organization's own filings (an assignee resolved to it or naming it), from the patent search's exact
   * totals, one call per year. Top CPC codes and growth are the family's either way (the service offers
   * them only for the cluster). @default "family"
   */
  readonly companyView?: "family" | "own";
  /** Growth frame dimension. @default "cpc" */
  readonly growthBy?: "cpc" | "company";
  /** Groups with fewer patents than this in the start year are hidden from growth. @default 50 (the service's) */
  readonly minOldCount?: number;
}

/** Input frames of {@link patentTrendsFromFrames} (aggregate buckets and growth rows, as fetched). */
export interface PatentTrendInputs {
  /** Buckets `{year, count}`. */
  readonly years: DataFrame;
  /** Buckets `{cpc, count}`. */
  readonly cpc: DataFrame;
  /** Growth rows `{cpc_code | company_id, oldCount, newCount, change, percent}`. */
  readonly growth: DataFrame;
  /** Per-company year buckets `{company, year, count}` (company = the label asked for). */
  readonly companies: DataFrame;
}

/** Output frames of the patent trends analysis. */
export type PatentTrendFrames = {
  /** `year` i64, `patents` i64, `change` i64, `growth_fraction` f64; gap years filled with 0. */
  readonly byYear: DataFrame;
  /** `rank` i64, `cpc` str, `patents` i64, by patents descending. */
  readonly topCpc: DataFrame;
  /** `key` str (CPC code or company id), `old_count`, `new_count`, `change` i64, `growth_fraction` f64. */
  readonly growth: DataFrame;
  /** `company` str, `year` i64, `patents` i64, `change` i64, `growth_fraction` f64. */
  readonly companies: DataFrame;
};

/** Result of {@link patentTrends}: the trend frames plus `unresolved` (`input`, `reason`). */
export type PatentTrends = AnalysisResult<PatentTrendFrames & { readonly unresolved: DataFrame }>;

const BUCKET = { company: pl.Utf8, year: pl.Int64, cpc: pl.Utf8, count: pl.Int64 };
const GROWTH = {
  cpc_code: pl.Utf8,
  company_id: pl.Utf8,
  oldCount: pl.Int64,
  newCount: pl.Int64,
  change: pl.Int64,
  percent: pl.Float64,
};

/**
 * Pure core: shape aggregate buckets and growth rows into the trend frames.
 *
 * @example Counts by year with a gap year filled
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { patentTrendsFromFrames } from "./patent_trends.ts";
 * const years = pl.DataFrame({ year: [2022, 2024], count: [10, 15] });
 * const none = pl.DataFrame({});
 * const t = patentTrendsFromFrames({ years, cpc: none, growth: none, companies: none });
 * assert.deepEqual(t.byYear.getColumn("patents").toArray(), [10, 0, 15]);
 * ```
 *
 * @param input Aggregate buckets and growth rows.
 * @param options `from`/`to` years to fill gaps over, `topN` CPC codes.
 * @returns The trend frames.
 */
export function patentTrendsFromFrames(
  input: PatentTrendInputs,
  options: { from?: number | null; to?: number | null; topN?: number } = {},
): PatentTrendFrames {
  const buckets = (df: DataFrame, keys: string[]) =>
    conform(df, BUCKET).select(...keys.map((k) => pl.col(k)), "count")
      .filter(keys.map((k) => pl.col(k).isNotNull()).reduce((a, b) => a.and(b)));
  const years = buckets(input.years, ["year"]).groupBy("year").agg(pl.col("count").sum().alias("patents"));
  const byYear = fillYears(years, options.from ?? null, options.to ?? null)
    .withColumns(...withGrowth("patents"));
  const topCpc = buckets(input.cpc, ["cpc"]).groupBy("cpc").agg(pl.col("count").sum().alias("patents"))
    .sort(["patents", "cpc"], [true, false]).head(options.topN ?? 10)
    .withRowIndex("rank", 1).select(pl.col("rank").cast(pl.Int64), "cpc", "patents");
  const growth = conform(input.growth, GROWTH).select(
    pl.col("cpc_code").fillNull(pl.col("company_id")).alias("key"),
    pl.col("oldCount").alias("old_count"),
    pl.col("newCount").alias("new_count"),
    pl.col("change"),
    pl.col("percent").alias("growth_fraction"),
  );
  const perCompany = buckets(input.companies, ["company", "year"]);
  const labels = [...new Set(perCompany.getColumn("company").toArray() as string[])];
  const seen = perCompany.getColumn("year").toArray() as number[];
  const lo = options.from ?? (seen.length ? Math.min(...seen) : null);
  const hi = options.to ?? (seen.length ? Math.max(...seen) : null);
  const companies = labels.length
    ? pl.concat(labels.map((c) =>
      fillYears(
        perCompany.filter(pl.col("company").eq(pl.lit(c))).select("year", pl.col("count").alias("patents")),
        lo,
        hi,
      ).select(pl.lit(c).alias("company"), "year", "patents").withColumns(...withGrowth("patents"))
    ))
    : framed([], { company: pl.Utf8, year: pl.Int64, patents: pl.Int64 }).withColumns(
      ...withGrowth("patents"),
    );
  return withKeys({ byYear, topCpc, growth, companies }, {
    byYear: ["year"],
    topCpc: ["cpc"],
    growth: ["key"],
    companies: ["company", "year"],
  });
}

/** `company_id` for id-like values (organizations/, ror:, lei:, bare LEI/ROR), else `company_name`. */
export function companyParam(v: string): { company_id: string } | { company_name: string } {
  const s = v.trim();
  const idLike = /^(organizations\/|ror:|lei:)/i.test(s) || /^[A-Z0-9]{20}$/.test(s) ||
    /^0[a-z0-9]{8}$/.test(s);
  return idLike ? { company_id: s } : { company_name: s };
}

/**
 * Patent trends for a company and/or CPC area: counts by year, top CPC codes, YoY growth and a
 * year-by-year comparison of other companies. Calls run concurrently; a compared company the
 * service cannot resolve (HTTP 400) is reported in `unresolved` instead of failing the analysis.
 *
 * @example Trends for a CPC prefix in the sandbox
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { patentTrends } from "./patent_trends.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const t = await patentTrends(ri, { cpc_code: "A61K", from: 2020, to: 2025 });
 * assert.deepEqual(t.byYear.columns, ["year", "patents", "change", "growth_fraction"]);
 * assert.equal(t.byYear.height, 6);
 * ```
 *
 * @param client A client (`createClient`) with a Pro key.
 * @param options Company / CPC filters, window, companies to compare.
 * @returns Trend frames, unresolved comparisons, warnings and provenance.
 */
export async function patentTrends(
  client: PatentTrendsClient,
  options: PatentTrendsOptions = {},
): Promise<PatentTrends> {
  checkParams("patentTrends", options);
  const from = yearOf(options.from);
  const to = yearOf(options.to);
  const window = {
    ...(options.from !== undefined ? { publication_date_from: dateBound(options.from, true) } : {}),
    ...(options.to !== undefined ? { publication_date_to: dateBound(options.to, false) } : {}),
  };
  const scope = {
    ...(options.company_id !== undefined ? { company_id: options.company_id } : {}),
    ...(options.company_id === undefined && options.company_name !== undefined
      ? { company_name: options.company_name }
      : {}),
    ...(options.cpc_code !== undefined ? { cpc_code: options.cpc_code } : {}),
  };
  const topN = options.topN ?? 10;
  const own = (options.companyView ?? "family") === "own";
  if (own && !client.patents.search) {
    throw new TypeError('patentTrends: companyView "own" needs a client with patents.search (createClient)');
  }
  /**
   * Own patents by year of a company: the search's exact total per calendar year of the window (the
   * window's years from `from`/`to`, else those of the aggregate's default window, `familyYears`).
   */
  const ownByYear = async (company: Record<string, string>, familyYears: RowsResult<AggregateBucket>) => {
    const seen = familyYears.rows.map((r) => Number(r.year)).filter(Number.isFinite);
    const lo = from ?? (seen.length ? Math.min(...seen) : null),
      hi = to ?? (seen.length ? Math.max(...seen) : null);
    if (lo === null || hi === null) return { rows: [] as Record<string, unknown>[], calls: [] };
    const yearsAsked = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
    const calls = await Promise.all(yearsAsked.map((y) =>
      client.patents.search!({
        ...company,
        ...(scope.cpc_code ? { cpc_code: scope.cpc_code } : {}),
        publication_date_from: `${y}-01-01`,
        publication_date_to: `${y}-12-31`,
        limit: 1,
      })
    ));
    return { rows: yearsAsked.map((y, i) => ({ year: y, count: calls[i].total ?? 0 })), calls };
  };
  const [years, cpc, growth, ...compared] = await Promise.all([
    client.patents.aggregate({ ...scope, ...window, group_by: "year", limit: 500 }),
    client.patents.aggregate({ ...scope, ...window, group_by: "cpc", limit: topN }),
    client.patents.yoyGrowth({
      dimension: options.growthBy ?? "cpc",
      ...scope,
      ...(to !== null ? { year_start: to - 1, year_end: to } : {}),
      ...(options.minOldCount !== undefined ? { min_old_count: options.minOldCount } : {}),
    }),
    ...(options.compare ?? []).map((c) =>
      client.patents.aggregate({
        ...companyParam(c),
        ...(scope.cpc_code ? { cpc_code: scope.cpc_code } : {}),
        ...window,
        group_by: "year",
        limit: 500,
      }).then((r) => ({ input: c, result: r }), (e: unknown) => {
        if (statusOf(e) !== 400) throw e;
        return { input: c, error: e instanceof Error ? e.message : String(e) };
      })
    ),
  ]);
  const ok = compared.filter((c): c is { input: string; result: RowsResult<AggregateBucket> } =>
    "result" in c
  );
  const company: Record<string, string> | undefined = scope.company_id !== undefined
    ? { company_id: scope.company_id }
    : scope.company_name !== undefined
    ? { company_name: scope.company_name }
    : undefined;
  const ownYears = own && company ? await ownByYear(company, years) : undefined;
  const ownCompared = own
    ? await Promise.all(ok.map((c) => ownByYear(companyParam(c.input), c.result)))
    : undefined;
  const companyRows = ok.flatMap((c, i) =>
    ownCompared
      ? ownCompared[i].rows.map((r) => ({ company: c.input, year: r.year, count: r.count }))
      : c.result.rows.map((r) => ({ company: c.input, year: r.year, count: r.count }))
  );
  const frames = patentTrendsFromFrames({
    years: ownYears ? framed(ownYears.rows, BUCKET) : frameFromResult(years),
    cpc: frameFromResult(cpc),
    growth: frameFromResult(growth),
    companies: framed(companyRows, BUCKET),
  }, { from, to, topN });
  const failed = compared.filter((c): c is { input: string; error: string } => "error" in c);
  const calls = [
    years,
    cpc,
    growth,
    ...ok.map((c) => c.result),
    ...(ownYears?.calls ?? []),
    ...(ownCompared ?? []).flatMap((c) => c.calls),
  ];
  // The full client can suggest names; a patents-only client cannot.
  const lookup = client.resolve ? organizationLookup({ resolve: client.resolve }) : undefined;
  const warnings: Warning[] = await Promise.all(failed.map(async (f) => ({
    code: "unresolved-company",
    message: `Company '${f.input}' was not resolved by the service and is missing from the comparison` +
      (lookup ? closestHint(await closestNames(lookup, f.input)) : ""),
  })));
  const unresolved = withKey(
    framed(failed.map((f) => ({ input: f.input, reason: f.error })), { input: pl.Utf8, reason: pl.Utf8 }),
    ["input"],
  );
  // topCpc is a top-N list by design: its cap does not make the analysis incomplete.
  const complete = calls.every((r) => r === cpc || r.meta.complete);
  return analysisResult({ ...frames, unresolved }, calls.map((r) => r.meta), warnings, complete, {
    companyView: own
      ? "own: a company's patents by year (and each compared company's) are its own filings — a patent " +
        "with an assignee resolved to the organization or naming it, as the patent search filters it (no " +
        "corporate family: a subsidiary filing under its own name is not counted), from the search's exact " +
        "total per calendar year; top CPC codes and growth are still the corporate family's (the aggregate's " +
        "cluster, the only view the service offers for them)"
      : "family: a company's patents are its corporate family's — the aggregate's cluster (the organization, " +
        "the subsidiaries below it and the names resolved to them; company_cluster_size in the calls' " +
        'provenance), so a subsidiary filing under its own name counts for its parent; companyView "own" ' +
        "counts the organization's own filings instead",
  });
}
