/**
 * Analysis 7: Medicare Part D spending for an indication, a molecule or a drug name: spend by drug,
 * branded share, cost per claim and per beneficiary, for the spending year the rows carry (`year`, a
 * field the spec does not name; else 2025, the year the spec states) — an imported CMS file's latest
 * year, not a hard-coded one.
 *
 * Ratios are recomputed from the totals and are null (never NaN or Infinity) when a denominator is 0.
 * Medicare name search is an exact whole-term match: an empty result is not evidence that no drug is
 * reimbursed (PITFALLS 23), and the result says so.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { RowsResult, Warning } from "../client/result.ts";
import type { MedicareRow } from "../client/schemas/_rows.gen.ts";
import { CHEMBL_RE } from "../client/schemas/common.ts";
import { type AnalysisResult, analysisResult, frameFromResult, withKeys } from "../frames/mod.ts";
import { conform, ratio } from "./_measures.ts";
import { badInput } from "../client/errors.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";

/** The slice of the client this analysis calls. */
export interface MedicareSpendingClient {
  /** Medicare endpoints. */
  readonly medicare: {
    /** `GET /medicare-drugs`, every page. */
    readonly search: {
      /** Collect all pages. */
      all(params: Record<string, unknown>, options?: { maxRows?: number }): Promise<RowsResult<MedicareRow>>;
    };
  };
}

/** Options of {@link medicareSpending}; filters AND-combine. */
export interface MedicareSpendingOptions {
  /** Disease CURIE of an approved indication (`EFO:0000311`, `EFO_0000311`). */
  readonly efo_id?: string;
  /** Molecule: a `CHEMBL<n>` id (exact), or a generic name (exact, case-insensitive). */
  readonly molecule?: string;
  /** Complete generic or brand name (exact whole-term match; partial names match nothing). */
  readonly search?: string;
  /** Stop after this many rows (the result is then marked incomplete). */
  readonly maxRows?: number;
  /**
   * Every Medicare row, no filter (a few thousand rows on the real service; one pull of every page), for
   * joins such as `lossOfExclusivity`. Other filters still AND-combine.
   */
  readonly all?: boolean;
}

/** Output frames of the Medicare spending analysis. */
export type MedicareSpendingFrames = {
  /**
   * One row per Medicare drug, by spending: `key`, `generic_name`, `brand_names` list[str], `branded`
   * bool, `molecule_id`, `total_spending` f64, `total_claims` i64, `total_beneficiaries` i64,
   * `cost_per_claim` f64, `cost_per_beneficiary` f64, `spend_share_fraction` f64, `spending_year` i64
   * (the row's year; 2025, the spec's stated year, when the service sends none).
   */
  readonly drugs: DataFrame;
  /**
   * One row: `drugs` i64, `total_spending`, `branded_spending` f64, `branded_share_fraction` f64,
   * `total_claims` i64, `total_beneficiaries` i64, `cost_per_claim` f64, `cost_per_beneficiary` f64,
   * `rows_without_claims` i64, `rows_without_beneficiaries` i64. The costs are taken over the rows that
   * have claims (beneficiaries): {@link MEDICARE_DEFINITIONS}. Beneficiaries are summed over drugs, so a
   * patient on two drugs counts twice.
   */
  readonly summary: DataFrame;
};

/** The spending year the spec states ("Spending data is for 2025"); used when a row carries no `year`. */
export const SPEC_SPENDING_YEAR = 2025;

/**
 * The spending years of Medicare rows (a frame with `spending_year`), as an analyst reads them: "2023",
 * or "2023 and 2024" when rows of several years were summed (then `mixed`). No rows: the spec's year.
 */
export function spendingYears(df: DataFrame): { years: number[]; label: string; mixed: boolean } {
  const years = df.height && df.columns.includes("spending_year")
    ? [...new Set(df.getColumn("spending_year").toArray().filter((y) => y !== null).map(Number))].sort()
    : [];
  const list = years.length ? years : [SPEC_SPENDING_YEAR];
  const label = list.length === 1 ? String(list[0]) : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
  return { years: list, label, mixed: list.length > 1 };
}

/** What the summary's figures mean for spending of `year` (`result.definitions` of {@link medicareSpending}). */
export function medicareDefinitions(year: string | number = SPEC_SPENDING_YEAR): Record<string, string> {
  return {
    ...MEDICARE_DEFINITIONS,
    total_spending: MEDICARE_DEFINITIONS.total_spending.replace("{year}", `${year}`),
  };
}

/** What the summary's figures mean; `{year}` is the data's spending year ({@link medicareDefinitions}). */
export const MEDICARE_DEFINITIONS: Readonly<Record<string, string>> = {
  total_spending: "{year} Medicare Part D spending summed over the matched rows (the year the rows carry; " +
    "2025, the year the spec states, when the service sends none)",
  cost_per_claim: "spending ÷ claims over the rows that report claims; rows with no (or suppressed) " +
    "claims are left out of both, and counted in rows_without_claims",
  cost_per_beneficiary: "spending ÷ beneficiaries over the rows that report beneficiaries; rows with no " +
    "(or suppressed) beneficiaries are left out of both, and counted in rows_without_beneficiaries. " +
    "Beneficiaries are summed over drugs, so a patient on two drugs counts twice",
  branded_share_fraction: "spending on rows with a brand name other than the generic name ÷ total spending",
};

/** Result of {@link medicareSpending}. */
export type MedicareSpending = AnalysisResult<MedicareSpendingFrames>;

/** Columns of Medicare rows the core reads (as `frameFromResult` gives them). */
const INPUT = {
  _key: pl.Utf8,
  generic_name: pl.Utf8,
  brand_names: pl.List(pl.Utf8),
  molecule_chembl_id: pl.Utf8,
  total_spending: pl.Float64,
  total_claims: pl.Int64,
  total_beneficiaries: pl.Int64,
  year: pl.Int64,
};

/**
 * Pure core: spend by drug and a one-row summary from Medicare drug rows.
 *
 * @example Cost per claim is null when there are no claims
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { medicareSpendingFromFrame } from "./medicare_spending.ts";
 * const rows = pl.DataFrame({
 *   _key: ["a", "b"], generic_name: ["Drug A", "Drug B"], brand_names: [["Brandix"], []],
 *   total_spending: [300, 100], total_claims: [3, 0], total_beneficiaries: [2, 0],
 * });
 * const { drugs, summary } = medicareSpendingFromFrame(rows);
 * assert.deepEqual(drugs.getColumn("cost_per_claim").toArray(), [100, null]);
 * assert.equal(summary.getColumn("branded_share_fraction").toArray()[0], 0.75);
 * ```
 *
 * @param rows Medicare drug rows (`frameFromResult` of `medicare.search`).
 * @returns The `drugs` and `summary` frames.
 */
export function medicareSpendingFromFrame(rows: DataFrame): MedicareSpendingFrames {
  const base = conform(rows, INPUT);
  const total = pl.col("total_spending").sum();
  const drugs = withBranded(base.select(
    pl.col("_key").alias("key"),
    "generic_name",
    pl.col("brand_names").fillNull(pl.lit([]).cast(pl.List(pl.Utf8))),
    pl.col("molecule_chembl_id").alias("molecule_id"),
    "total_spending",
    "total_claims",
    "total_beneficiaries",
    "year",
  )).withColumns(
    ratio(pl.col("total_spending"), pl.col("total_claims")).alias("cost_per_claim"),
    ratio(pl.col("total_spending"), pl.col("total_beneficiaries")).alias("cost_per_beneficiary"),
    ratio(pl.col("total_spending"), total).alias("spend_share_fraction"),
    pl.col("year").fillNull(SPEC_SPENDING_YEAR).cast(pl.Int64).alias("spending_year"),
  ).select(
    "key",
    "generic_name",
    "brand_names",
    "branded",
    "molecule_id",
    "total_spending",
    "total_claims",
    "total_beneficiaries",
    "cost_per_claim",
    "cost_per_beneficiary",
    "spend_share_fraction",
    "spending_year",
  ).sort(["total_spending", "key"], [true, false]);
  // A cost per claim (beneficiary) is spending over claims (beneficiaries) of the rows that have some:
  // a row with suppressed or zero counts keeps its spending out of the numerator too, and is counted.
  const has = (c: string) => pl.col(c).fillNull(0).gt(0);
  const summary = drugs.select(
    pl.len().cast(pl.Int64).alias("drugs"),
    pl.col("total_spending").sum().cast(pl.Float64),
    pl.col("total_spending").filter(pl.col("branded")).sum().cast(pl.Float64).alias("branded_spending"),
    pl.col("total_claims").sum().cast(pl.Int64),
    pl.col("total_beneficiaries").sum().cast(pl.Int64),
    pl.col("total_spending").filter(has("total_claims")).sum().cast(pl.Float64).alias("_claim_spend"),
    pl.col("total_spending").filter(has("total_beneficiaries")).sum().cast(pl.Float64).alias("_bene_spend"),
    has("total_claims").not().sum().cast(pl.Int64).alias("rows_without_claims"),
    has("total_beneficiaries").not().sum().cast(pl.Int64).alias("rows_without_beneficiaries"),
  ).withColumns(
    ratio(pl.col("branded_spending"), pl.col("total_spending")).alias("branded_share_fraction"),
    ratio(pl.col("_claim_spend"), pl.col("total_claims")).alias("cost_per_claim"),
    ratio(pl.col("_bene_spend"), pl.col("total_beneficiaries")).alias("cost_per_beneficiary"),
  ).select(
    "drugs",
    "total_spending",
    "branded_spending",
    "branded_share_fraction",
    "total_claims",
    "total_beneficiaries",
    "cost_per_claim",
    "cost_per_beneficiary",
    "rows_without_claims",
    "rows_without_beneficiaries",
  );
  return withKeys({ drugs, summary }, { drugs: ["key"], summary: [] /* one row */ });
}

/** Add `branded`: any brand name that differs from the generic name (case-insensitive). */
function withBranded(df: DataFrame): DataFrame {
  const indexed = df.withRowIndex("_row");
  const flags = indexed.select("_row", "generic_name", "brand_names").explode("brand_names")
    .groupBy("_row").agg(
      pl.col("brand_names").str.toLowerCase().neq(pl.col("generic_name").str.toLowerCase())
        .fillNull(false).any().alias("branded"),
    );
  return indexed.join(flags, { on: "_row", how: "left" }).sort("_row").drop("_row")
    .withColumns(pl.col("branded").fillNull(false));
}

/** Query parameters of a molecule value: `molecule_id` for `CHEMBL<n>`, else `generic_name`. */
function moleculeParam(v: string): Record<string, string> {
  const s = v.trim();
  return CHEMBL_RE.test(s.toUpperCase()) ? { molecule_id: s.toUpperCase() } : { generic_name: s };
}

/** The "not evidence of absence" warning of an empty Medicare result (PITFALLS 23). */
export const NOT_EVIDENCE_OF_ABSENCE: Warning = {
  code: "not-evidence-of-absence",
  message:
    "No Medicare rows matched. Medicare search needs the complete generic or brand name (partial or misspelled names match nothing), so this is not evidence that no drug is reimbursed; check the spelling or search by efo_id or molecule",
  pitfall: 23,
};

/** Rows of several spending years were summed: the totals mix years. */
export function mixedYears(label: string): Warning {
  return {
    code: "mixed-spending-years",
    message: `The Medicare rows carry spending years ${label}: totals add spending of different years`,
  };
}

/**
 * Medicare Part D spending for an indication (`efo_id`), a molecule or a drug name: every matching
 * row is fetched (all pages), then summarised by {@link medicareSpendingFromFrame}.
 *
 * @example Spending for a drug in the sandbox; a misspelling is flagged, not reported as zero spend
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { medicareSpending } from "./medicare_spending.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.free });
 * const none = await medicareSpending(ri, { search: "zzznotadrug" });
 * assert.equal(none.drugs.height, 0);
 * assert.ok(none.warnings.some((w) => w.code === "not-evidence-of-absence"));
 * ```
 *
 * @param client A client (`createClient`); any tier.
 * @param options At least one of `efo_id`, `molecule`, `search`, or `all: true`.
 * @returns `drugs` and `summary` frames with provenance and warnings.
 * @throws {TypeError} When no filter is given.
 */
export async function medicareSpending(
  client: MedicareSpendingClient,
  options: MedicareSpendingOptions,
): Promise<MedicareSpending> {
  checkParams("medicareSpending", options);
  if (
    options.efo_id === undefined && options.molecule === undefined && options.search === undefined &&
    !options.all
  ) {
    throw badInput(
      new TypeError("Pass at least one of efo_id, molecule or search to medicareSpending (or all: true)"),
    );
  }
  const params = {
    ...(options.efo_id !== undefined ? { efo_id: options.efo_id } : {}),
    ...(options.molecule !== undefined ? moleculeParam(options.molecule) : {}),
    ...(options.search !== undefined ? { search: options.search } : {}),
    limit: 100,
  };
  const result = await client.medicare.search.all(
    params,
    options.maxRows !== undefined ? { maxRows: options.maxRows } : undefined,
  );
  const frames = medicareSpendingFromFrame(frameFromResult(result));
  const flagged = result.meta.warnings.some((w) => w.code === NOT_EVIDENCE_OF_ABSENCE.code);
  const year = spendingYears(frames.drugs);
  return analysisResult(
    frames,
    [result.meta],
    [
      ...(result.rows.length || flagged ? [] : [NOT_EVIDENCE_OF_ABSENCE]),
      ...(year.mixed ? [mixedYears(year.label)] : []),
    ],
    undefined,
    medicareDefinitions(year.label),
  );
}
