/**
 * Analysis 8: a researcher's output: works per year, citations, work types and open-access share,
 * with the author identity (`meta.author`: key, name, ORCID) surfaced so users can check that the id
 * is the person they mean. Profile counters (works_count, h_index) can reflect a partial duplicate
 * profile, so every figure here is computed from the works actually listed.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { RowsResult } from "../client/result.ts";
import type { WorkRow } from "../client/schemas/_rows.gen.ts";
import { type AnalysisResult, analysisResult, frameFromResult, withKeys } from "../frames/mod.ts";
import { conform, dateBound, fillYears, framed, ratio, yearOf } from "./_measures.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";

/** The slice of the client this analysis calls. */
export interface ResearcherOutputClient {
  /** Researcher endpoints. */
  readonly researchers: {
    /** `GET /researchers/:authorId/works`. */
    readonly works: {
      /** Collect all pages. */
      all(params: Record<string, unknown>): Promise<RowsResult<WorkRow>>;
    };
  };
}

/** Options of {@link researcherOutput}. */
export interface ResearcherOutputOptions {
  /** Scholarly-index author id: `A<digits>`, `scholarly_A<digits>` or the URL form. */
  readonly authorId: string;
  /** First year (or `YYYY-MM-DD`) of the publication window. */
  readonly from?: number | string;
  /** Last year (or `YYYY-MM-DD`) of the publication window. */
  readonly to?: number | string;
}

/** The author a works listing belongs to (`meta.author`). */
export interface AuthorIdentity {
  /** Author id as the service keys it. */
  readonly author_key: string;
  /** Display name. */
  readonly name: string;
  /** ORCID, when known. */
  readonly orcid: string | null;
}

/** Output frames of the researcher output analysis. */
export type ResearcherOutputFrames = {
  /** The works (typed rows) plus `year` i64. */
  readonly works: DataFrame;
  /** `year` i64, `works` i64, `citations` i64, `open_access` i64, `open_access_fraction` f64; gaps filled. */
  readonly byYear: DataFrame;
  /** `type` str, `works` i64, `citations` i64, `share_fraction` f64, `open_access_fraction` f64. */
  readonly byType: DataFrame;
  /**
   * One row: `author_key`, `name`, `orcid`, `works` i64, `citations` i64, `mean_citations` f64,
   * `h_index` i64 (over the listed works), `open_access_fraction` f64, `first_year`, `last_year` i64.
   */
  readonly summary: DataFrame;
};

/** Result of {@link researcherOutput}. */
export type ResearcherOutput = AnalysisResult<ResearcherOutputFrames>;

const WORK = {
  work_id: pl.Utf8,
  title: pl.Utf8,
  doi: pl.Utf8,
  type: pl.Utf8,
  publication_date: pl.Date,
  venue: pl.Utf8,
  cited_by_count: pl.Int64,
  is_open_access: pl.Bool,
};

/** h-index of a list of citation counts. */
function hIndex(cites: number[]): number {
  const sorted = [...cites].sort((a, b) => b - a);
  let h = 0;
  while (h < sorted.length && sorted[h] >= h + 1) h++;
  return h;
}

/**
 * Pure core: per-year, per-type and summary frames from a works frame.
 *
 * @example Two works in one year
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { researcherOutputFromFrame } from "./researcher_output.ts";
 * const works = pl.DataFrame({
 *   work_id: ["W1", "W2"], type: ["article", "review"], cited_by_count: [3, 1], is_open_access: [true, false],
 *   publication_date: [new Date("2024-02-01"), new Date("2024-06-01")],
 * });
 * const out = researcherOutputFromFrame(works, { author_key: "A1", name: "Ada", orcid: null });
 * assert.deepEqual(out.byYear.toRecords(), [
 *   { year: 2024, works: 2, citations: 4, open_access: 1, open_access_fraction: 0.5 },
 * ]);
 * assert.equal(out.summary.getColumn("h_index").toArray()[0], 1);
 * ```
 *
 * @param works Works rows (`frameFromResult` of `researchers.works`).
 * @param author The author identity (`meta.author`), or null when unknown.
 * @param window Years to fill gaps over (`from`, `to`).
 * @returns The frames.
 */
export function researcherOutputFromFrame(
  works: DataFrame,
  author: AuthorIdentity | null,
  window: { from?: number | null; to?: number | null } = {},
): ResearcherOutputFrames {
  const typed = conform(works, WORK).withColumns(
    pl.col("publication_date").dt.year().cast(pl.Int64).alias("year"),
  );
  const oa = pl.col("is_open_access").cast(pl.Int64);
  const perYear = typed.filter(pl.col("year").isNotNull()).groupBy("year").agg(
    pl.len().cast(pl.Int64).alias("works"),
    pl.col("cited_by_count").sum().cast(pl.Int64).alias("citations"),
    oa.sum().cast(pl.Int64).alias("open_access"),
  );
  const byYear = fillYears(perYear, window.from ?? null, window.to ?? null).withColumns(
    ratio(pl.col("open_access"), pl.col("works")).alias("open_access_fraction"),
  )
    .select("year", "works", "citations", "open_access", "open_access_fraction");
  const byType = typed.groupBy("type").agg(
    pl.len().cast(pl.Int64).alias("works"),
    pl.col("cited_by_count").sum().cast(pl.Int64).alias("citations"),
    oa.sum().alias("_oa"),
  ).withColumns(
    ratio(pl.col("works"), pl.lit(typed.height)).alias("share_fraction"),
    ratio(pl.col("_oa"), pl.col("works")).alias("open_access_fraction"),
  ).drop("_oa").sort(["works", "type"], [true, false]);
  const cites = (typed.getColumn("cited_by_count").toArray() as (number | null)[]).map((c) => c ?? 0);
  const years = (typed.getColumn("year").toArray() as (number | null)[]).filter((y): y is number =>
    y !== null
  );
  const nOa = (typed.getColumn("is_open_access").toArray() as (boolean | null)[]).filter(Boolean).length;
  const total = cites.reduce((a, b) => a + b, 0);
  const summary = framed([{
    author_key: author?.author_key ?? null,
    name: author?.name ?? null,
    orcid: author?.orcid ?? null,
    works: typed.height,
    citations: total,
    mean_citations: typed.height ? total / typed.height : null,
    h_index: hIndex(cites),
    open_access_fraction: typed.height ? nOa / typed.height : null,
    first_year: years.length ? Math.min(...years) : null,
    last_year: years.length ? Math.max(...years) : null,
  }], {
    author_key: pl.Utf8,
    name: pl.Utf8,
    orcid: pl.Utf8,
    works: pl.Int64,
    citations: pl.Int64,
    mean_citations: pl.Float64,
    h_index: pl.Int64,
    open_access_fraction: pl.Float64,
    first_year: pl.Int64,
    last_year: pl.Int64,
  });
  return withKeys({ works: typed, byYear, byType, summary }, {
    works: ["work_id"],
    byYear: ["year"],
    byType: ["type"],
    summary: [], // one row
  });
}

/**
 * A researcher's output: every work in the window (all pages), summarised by
 * {@link researcherOutputFromFrame}, with the author identity in `summary` (`name`, `orcid`) and in
 * `author` so the id can be checked.
 *
 * @example Output of a sandbox researcher
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { researcherOutput } from "./researcher_output.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.free });
 * const id = (sb.store.db.prepare("SELECT author_id FROM work_authors LIMIT 1").get() as { author_id: string })
 *   .author_id;
 * const out = await researcherOutput(ri, { authorId: id });
 * assert.equal(out.author?.author_key, id);
 * assert.equal(out.summary.getColumn("works").toArray()[0], out.works.height);
 * ```
 *
 * @param client A client (`createClient`); any tier.
 * @param options The author id and an optional publication window.
 * @returns Frames, the author identity, provenance and warnings.
 */
export async function researcherOutput(
  client: ResearcherOutputClient,
  options: ResearcherOutputOptions,
): Promise<ResearcherOutput & { readonly author: AuthorIdentity | null }> {
  checkParams("researcherOutput", options);
  const result = await client.researchers.works.all({
    authorId: options.authorId,
    ...(options.from !== undefined ? { publication_date_from: dateBound(options.from, true) } : {}),
    ...(options.to !== undefined ? { publication_date_to: dateBound(options.to, false) } : {}),
    limit: 100,
  });
  const author = authorOf(result.body);
  const frames = researcherOutputFromFrame(frameFromResult(result), author, {
    from: yearOf(options.from),
    to: yearOf(options.to),
  });
  const warnings = author ? [] : [{
    code: "author-unknown",
    message: `The response for author '${options.authorId}' carried no meta.author; check that the ` +
      "author id is the person you mean",
  }];
  return Object.assign(analysisResult(frames, [result.meta], warnings), { author });
}

/** `meta.author` of a works response body, or null. */
function authorOf(body: unknown): AuthorIdentity | null {
  const a = (body as { meta?: { author?: Partial<AuthorIdentity> } } | null)?.meta?.author;
  if (!a || typeof a.author_key !== "string") return null;
  return { author_key: a.author_key, name: String(a.name ?? ""), orcid: a.orcid ?? null };
}
