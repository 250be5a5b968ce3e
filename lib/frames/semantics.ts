/**
 * What a column means, in one table: `market_share` is a fraction (shown 8.1 %), `medicare_spending_usd`
 * dollars ($5,534,546,358), `total_claims` a count (1,234,567), `first_approval_year` a year (2019, no
 * separator), `composite` a score (0.734). The HTML report, the notebook display (`showFrame`), the
 * examples' printouts and the Excel export all format numbers from {@linkcode columnSemantic}, so a
 * column reads the same everywhere. Exact names first, then name patterns, then the dtype.
 *
 * @example Format by meaning
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatCell } from "./semantics.ts";
 * assert.equal(formatCell("market_share", 0.08058124174), "8.1%");
 * assert.equal(formatCell("medicare_spending_usd", 5534546358), "$5,534,546,358");
 * assert.equal(formatCell("cost_per_claim", 936.3108188), "$936.31");
 * assert.equal(formatCell("total_claims", 1234567), "1,234,567");
 * assert.equal(formatCell("first_approval_year", 2019), "2019");
 * assert.equal(formatCell("event_date", new Date("2026-03-01T00:00:00Z")), "2026-03-01");
 * ```
 *
 * @module
 */
import { dtypeName } from "./dtype_name.ts";
import type { DataFrame } from "./polars.ts";

/** Kinds of column meaning. */
export type SemanticKind = "fraction" | "usd" | "count" | "year" | "score" | "number" | "date" | "text";

/** What a column means and how its numbers are shown. */
export interface ColumnSemantic {
  /** The kind of value. */
  readonly kind: SemanticKind;
  /** Decimal places shown (fractions: of the percentage). */
  readonly digits: number;
}

const S = (kind: SemanticKind, digits = 0): ColumnSemantic => ({ kind, digits });
const FRACTION = S("fraction", 1);
const USD = S("usd");
const USD_CENTS = S("usd", 2);
const COUNT = S("count");
const YEAR = S("year");
const SCORE = S("score", 3);

/** Exact column names the analyses produce whose meaning the name patterns would miss or get wrong. */
export const COLUMN_SEMANTICS: Readonly<Record<string, ColumnSemantic>> = {
  market_share: FRACTION,
  jaccard: FRACTION,
  spending: USD,
  part_d_total: USD,
  branded_spending: USD,
  total_spending: USD,
  exposed_horizon: USD,
  association_score: SCORE,
  novelty_score: SCORE,
  composite: SCORE,
  tractability: SCORE,
  max_phase: S("number", 1),
  years_to_horizon: S("number", 1),
  year: YEAR,
  competitiveness_index: COUNT,
  h_index: COUNT,
  rank: COUNT,
  // Likelihood of approval and the pipeline outlook: rates and probabilities, durations, expected counts.
  rate: FRACTION,
  rate_low: FRACTION,
  rate_high: FRACTION,
  loa: FRACTION,
  loa_low: FRACTION,
  loa_high: FRACTION,
  p_approval: FRACTION,
  p_low: FRACTION,
  p_high: FRACTION,
  pos_score: FRACTION,
  median_years: S("number", 1),
  median_years_to_approval: S("number", 1),
  expected_approvals: S("number", 2),
  expected_low: S("number", 2),
  expected_high: S("number", 2),
  expected_approvals_pos: S("number", 2),
};

/** Name patterns, tried in order when no exact name matches. */
export const SEMANTIC_PATTERNS: readonly (readonly [RegExp, ColumnSemantic])[] = [
  [/(_fraction|_share|_rate|_pct)$/, FRACTION],
  [/^(cost_per_|price_)/, USD_CENTS],
  [/(_usd|_spending|^spending_\d{4}|^exposed_\d+y)$/, USD],
  [/(^|_)year$|_year_/, YEAR],
  [/_score$/, SCORE],
  [/(_date|_expiry|_horizon|^date|Date)$/, S("date")],
  [/^n_|_count$|^total_|s$/, COUNT],
];

/**
 * Column headers in an analyst's words, where the name read aloud would not do (`trial_count` → "Trials");
 * every other column gets its name in words ({@linkcode columnLabel}). CSV files keep the names.
 */
export const COLUMN_LABELS: Readonly<Record<string, string>> = {
  trial_count: "Trials",
  market_size_trials: "Trials in the condition",
  shared_by_two_or_more: "Shared by two or more",
  sponsor_a: "Sponsor A",
  sponsor_b: "Sponsor B",
  shared: "Shared trials",
  listed_sponsors: "Shared by (listed sponsors)",
  jaccard: "Jaccard overlap",
  startDate: "Start date",
  entity: "Sponsor",
  entities: "Sponsor",
  drug_name: "Drug",
  generic_name: "Drug",
  trade_names: "Trade names",
  protection_horizon: "Protected until",
  horizon_quarter: "Quarter protection ends",
  match_method: "Medicare match",
  matched: "Matched drugs",
  part_d_total: "Part D spend, all its drugs",
  part_d_spending: "Part D spend",
  spending_year: "Spending year",
  exposed_horizon: "Exposed within horizon",
  key: "Key",
  old_count: "Year before",
  new_count: "Latest year",
  black_box: "Black-box warnings",
  has_black_box: "Black-box warning",
  // Two counts of approved drugs side by side in ranked targets: each label says which it counts.
  approved_drugs: "Approved drugs (service count)",
  approved_count: "Approved drugs among its listed drugs",
  drug_count: "Drugs listed for the target",
  // A count and its share side by side (researcher output): each says which it is.
  open_access: "Open-access works",
  open_access_fraction: "Open-access share",
  composite: "Composite score",
  target_name: "Target",
  is_orphan: "Orphan",
  ror_id: "ROR ID",
  first_approval_year: "First approval",
  medicare_spending_usd: "Medicare Part D spend",
  brand_names: "Brand names",
  spend_share_fraction: "Share of spend",
  enrollment: "Enrolment",
  loa: "Likelihood of approval",
  loa_low: "LOA low",
  loa_high: "LOA high",
  p_approval: "Probability of approval",
  pos_score: "Trial-pos score",
  expected_approvals_pos: "Expected approvals (trial-pos)",
  pos_programmes: "Programmes with trial-pos",
};

const ACRONYMS = new Set(["id", "efo", "cpc", "lei", "ror", "us", "fda", "ema", "nct", "pi", "yoy", "loe"]);

/**
 * A column's header as an analyst reads it: {@linkcode COLUMN_LABELS}, else the name in words (`_usd`,
 * `_fraction` and a leading `n_` dropped, acronyms upper-case, `exposed_5y` → "Exposed within 5 y"),
 * with the unit of money: "Part D spend ($)". Percentages, counts and dates show their unit in the
 * cells (8.1 %, 1,234, 2026-03-01).
 *
 * @param column Column name.
 * @param dtype Short dtype, when known (see {@linkcode columnSemantic}).
 * @returns The header text.
 * @example Labels with units
 * ```ts
 * import assert from "node:assert/strict";
 * import { columnLabel } from "./semantics.ts";
 * assert.equal(columnLabel("trial_count"), "Trials");
 * assert.equal(columnLabel("market_share"), "Market share");
 * assert.equal(columnLabel("part_d_spending"), "Part D spend ($)");
 * assert.equal(columnLabel("spending_year"), "Spending year");
 * assert.equal(columnLabel("cost_per_claim"), "Cost per claim ($)");
 * assert.equal(columnLabel("efo_id"), "EFO ID");
 * ```
 */
export function columnLabel(column: string, dtype?: string): string {
  const money = columnSemantic(column, dtype).kind === "usd" ? " ($)" : "";
  const exact = COLUMN_LABELS[column];
  if (exact) return exact + money;
  const spend = /^spending_(\d{4})$/.exec(column);
  if (spend) return `Part D spend ${spend[1]}${money}`;
  const within = /^exposed_(\d+)y$/.exec(column);
  if (within) return `Exposed within ${within[1]} y${money}`;
  const words = column.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase().split("_").filter(Boolean)
    .filter((w, i, all) => !(w === "usd" || w === "fraction" || (w === "n" && i === 0 && all.length > 1)))
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1) + money;
}

/** Internal prefixes of entity values (`sponsor:Pfizer`, `ticker:LLY`), kept in stored values and CSVs. */
const ENTITY_PREFIX = /^(sponsor|ticker|lei|indication|disease|drug):(?=\S)/;

/**
 * A text value as shown to a reader: without the internal prefix an entity carries in stored values
 * (`sponsor:Bristol-Myers Squibb` → `Bristol-Myers Squibb`).
 *
 * @param value A stored text value.
 * @returns The text to show.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { displayText } from "./semantics.ts";
 * assert.equal(displayText("sponsor:Bristol-Myers Squibb"), "Bristol-Myers Squibb");
 * assert.equal(displayText("NCT01234567"), "NCT01234567");
 * ```
 */
export function displayText(value: string): string {
  return value.replace(ENTITY_PREFIX, "");
}

/**
 * The meaning of a column: its exact name in {@linkcode COLUMN_SEMANTICS}, else the first matching
 * {@linkcode SEMANTIC_PATTERNS} entry, else what the dtype says (integers count, floats are numbers,
 * dates are dates, anything else text).
 *
 * @param column Column name.
 * @param dtype Short dtype (`i64`, `f64`, `date`, `str`…) when known.
 * @returns The column's meaning.
 * @example A share is a fraction; an unknown float a number
 * ```ts
 * import assert from "node:assert/strict";
 * import { columnSemantic } from "./semantics.ts";
 * assert.equal(columnSemantic("orphan_share_fraction").kind, "fraction");
 * assert.equal(columnSemantic("whatever", "f64").kind, "number");
 * assert.equal(columnSemantic("title", "str").kind, "text");
 * ```
 */
export function columnSemantic(column: string, dtype?: string): ColumnSemantic {
  // Booleans, strings and structs are text whatever their name; numbers, dates and all-null columns go by name.
  if (dtype !== undefined && !/^(i|u|f)\d+$|^date|^null$/.test(dtype)) return S("text");
  const exact = COLUMN_SEMANTICS[column];
  if (exact) return exact;
  for (const [re, s] of SEMANTIC_PATTERNS) if (re.test(column)) return s;
  if (dtype?.startsWith("f")) return S("number", 2);
  if (dtype !== undefined && /^(i|u)\d+$/.test(dtype)) return COUNT;
  // A date the name says nothing of is a date; a date-time stays text, so its cells keep the time of day.
  if (dtype === "date") return S("date");
  return S("text");
}

/**
 * The meaning of every column of a frame, from its name and dtype (a list column: its elements' dtype),
 * in column order. The one place a frame's dtypes become {@linkcode columnSemantic} inputs.
 *
 * @param df The frame.
 * @returns One meaning per column.
 * @example A list of floats keeps its decimals; a string column is text
 * ```ts
 * import assert from "node:assert/strict";
 * import pl from "nodejs-polars";
 * import { frameSemantics } from "./semantics.ts";
 * const df = pl.DataFrame({ name: ["a"], w: [[0.25, 0.75]] });
 * assert.deepEqual(frameSemantics(df).map((s) => s.kind), ["text", "number"]);
 * ```
 */
export function frameSemantics(df: DataFrame): ColumnSemantic[] {
  return df.columns.map((c, i) => columnSemantic(c, dtypeName(df.dtypes[i]).replace(/^list\[(.*)\]$/, "$1")));
}

const numberFormats = new Map<number, Intl.NumberFormat>();
const fmt = (digits: number, min = digits): Intl.NumberFormat => {
  const key = digits * 10 + min;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { minimumFractionDigits: min, maximumFractionDigits: digits });
    numberFormats.set(key, f);
  }
  return f;
};

/**
 * Formats one value as its meaning says (nulls become `""`; lists are joined with `, `).
 *
 * @param semantic A {@linkcode ColumnSemantic}, or a column name to look it up by.
 * @param value The cell value.
 * @returns The text to show.
 * @example Fractions and scores
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatCell } from "./semantics.ts";
 * assert.equal(formatCell("branded_share_fraction", 0.9870070267), "98.7%");
 * assert.equal(formatCell("composite", 0.73449), "0.734");
 * assert.equal(formatCell("cost_per_claim", null), "");
 * ```
 */
export function formatCell(semantic: ColumnSemantic | string, value: unknown): string {
  const s = typeof semantic === "string" ? columnSemantic(semantic) : semantic;
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => formatCell(s, v)).join(", ");
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return "Invalid Date";
    const iso = value.toISOString();
    return s.kind === "date" || iso.endsWith("T00:00:00.000Z")
      ? iso.slice(0, 10)
      : iso.replace("T", " ").replace(/(\.000)?Z$/, "");
  }
  if (typeof value === "bigint") return formatCell(s, Number(value));
  if (typeof value !== "number") return typeof value === "object" ? JSON.stringify(value) : String(value);
  if (!Number.isFinite(value)) return String(value);
  switch (s.kind) {
    case "fraction":
      return `${fmt(s.digits, s.digits).format(value * 100)}%`;
    case "usd": {
      const digits = s.digits > 0 && Math.abs(value) < 100_000 ? s.digits : 0;
      return `${value < 0 ? "-" : ""}$${fmt(digits, digits).format(Math.abs(value))}`;
    }
    case "count":
      return fmt(Number.isInteger(value) ? 0 : 1, 0).format(value);
    case "year":
      return String(value);
    case "score":
      return fmt(s.digits, s.digits).format(value);
    case "number":
      return fmt(s.digits, 0).format(value);
    case "date":
    case "text":
      // No meaning known for a number here: as stored (not rounded to the kind's 0 digits).
      return Number.isInteger(value) ? String(value) : String(+value.toPrecision(10));
  }
}

/**
 * The Excel number format of a column's meaning (`0.0%`, `"$"#,##0`, `#,##0`, `yyyy-mm-dd`…); undefined
 * for text.
 *
 * @param semantic The column's meaning.
 * @returns An Excel number format code.
 * @example Excel formats
 * ```ts
 * import assert from "node:assert/strict";
 * import { columnSemantic, excelNumberFormat } from "./semantics.ts";
 * assert.equal(excelNumberFormat(columnSemantic("market_share")), "0.0%");
 * assert.equal(excelNumberFormat(columnSemantic("total_spending")), '"$"#,##0');
 * ```
 */
export function excelNumberFormat(semantic: ColumnSemantic): string | undefined {
  const decimals = (n: number) => (n > 0 ? `.${"0".repeat(n)}` : "");
  switch (semantic.kind) {
    case "fraction":
      return `0${decimals(semantic.digits)}%`;
    case "usd":
      return `"$"#,##0${decimals(semantic.digits)}`;
    case "count":
      return "#,##0";
    case "year":
      return "0";
    case "score":
    case "number":
      return `#,##0${decimals(semantic.digits)}`;
    case "date":
      return "yyyy-mm-dd";
    case "text":
      return undefined;
  }
}

/** True when the meaning is numeric (right-aligned in tables). */
export function isNumeric(semantic: ColumnSemantic): boolean {
  return !["date", "text"].includes(semantic.kind);
}

/**
 * A count with its noun, in a sentence: thousands separators and the right plural.
 *
 * @param n The count.
 * @param noun The singular noun.
 * @param nouns The plural, when it is not `noun + "s"`.
 * @returns E.g. `1 shared trial`, `3,028 trials`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { plural } from "./semantics.ts";
 * assert.equal(plural(1, "warning"), "1 warning");
 * assert.equal(plural(3028, "trial"), "3,028 trials");
 * assert.equal(plural(2, "white-space target"), "2 white-space targets");
 * assert.equal(plural(1, "analysis", "analyses"), "1 analysis");
 * ```
 */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : nouns}`;
}
