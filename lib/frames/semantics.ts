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
import type pl from "nodejs-polars";
import { dtypeName } from "./dtype_name.ts";

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
  if (dtype !== undefined && !/^(i|u|f)\d+$|^date|^null$/.test(dtype)) {
    return dtype.startsWith("date") ? S("date") : S("text");
  }
  const exact = COLUMN_SEMANTICS[column];
  if (exact) return exact;
  for (const [re, s] of SEMANTIC_PATTERNS) if (re.test(column)) return s;
  if (dtype?.startsWith("f")) return S("number", 2);
  if (dtype !== undefined && /^(i|u)\d+$/.test(dtype)) return COUNT;
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
export function frameSemantics(df: pl.DataFrame): ColumnSemantic[] {
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
