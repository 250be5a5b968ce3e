/**
 * Private: collect one column of row objects into the cheapest form to hand to nodejs-polars, whose
 * per-element JS → Rust conversion dominates ingest time:
 *
 * - numbers, dates and timestamps → a `Float64Array` (NaN = null; JSON has no NaN, so this is
 *   lossless), turned into Int64 / Date / Datetime by expressions after construction;
 * - strings and string lists with repeated values → dictionary codes (`Uint32Array`, code 0 = null)
 *   plus the distinct values, expanded in Polars by a gather (no per-row conversion, no string
 *   building: lists are coded through a trie of their elements);
 * - anything else (mostly-distinct strings or lists, booleans) → a plain JS array.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { ColumnSpec } from "./_columns.ts";
import { calendarDate, instantMs } from "../client/schemas/dates.ts";

const DAY_MS = 86_400_000;
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/**
 * String columns give up dictionary coding once they have more than this many distinct values and
 * these are more than half of the rows seen so far: a plain string array is then about as cheap.
 */
const DICT_MAX_STRINGS = 2048;
/** Days since 1970-01-01 of a proleptic Gregorian civil date, or NaN when the date does not exist. */
function civilDays(y: number, m: number, d: number): number {
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= MONTH_DAYS[m - 1])) return NaN;
  if (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return NaN;
  // days_from_civil (H. Hinnant): plain arithmetic, no Date object, right for every year.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

/** The number written by the ASCII digits `s[from, to)`, or NaN if any is not a digit. */
function digits(s: string, from: number, to: number): number {
  let x = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return NaN;
    x = x * 10 + d;
  }
  return x;
}

/** Epoch days of an `iso-date`/`yyyymmdd` value (string or Date), or NaN. */
function toDays(v: unknown, yyyymmdd: boolean): number {
  if (typeof v === "string") {
    if (yyyymmdd && v.length === 8) return civilDays(digits(v, 0, 4), digits(v, 4, 6), digits(v, 6, 8));
    if (v.length === 10 && v.charCodeAt(4) === 45 && v.charCodeAt(7) === 45) {
      return civilDays(digits(v, 0, 4), digits(v, 5, 7), digits(v, 8, 10));
    }
    // Any other ISO-8601 form: its calendar date as written (lib/client/schemas/dates.ts); patent
    // dates (`yyyymmdd`, a form the spec fixes) as written in the first ten characters only.
    if (yyyymmdd) {
      return v.length > 10 && v.charCodeAt(4) === 45 && v.charCodeAt(7) === 45
        ? civilDays(digits(v, 0, 4), digits(v, 5, 7), digits(v, 8, 10))
        : NaN;
    }
    const d = calendarDate(v);
    return d === undefined ? NaN : civilDays(
      Number(d.slice(0, -6)),
      digits(d, d.length - 5, d.length - 3),
      digits(d, d.length - 2, d.length),
    );
  }
  return v instanceof Date ? Math.floor(v.getTime() / DAY_MS) : NaN;
}

/** Epoch ms of an `epoch-ms`/`iso-datetime` value, or NaN. */
function toMs(v: unknown): number {
  if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : NaN;
  if (typeof v === "string") return instantMs(v);
  return v instanceof Date ? v.getTime() : NaN;
}

/** A collected column: typed numbers, dictionary codes, plain values, or all null. */
export type Collected =
  | { readonly form: "f64"; readonly values: Float64Array }
  /** `dict[0]` is null; `codes[i]` indexes `dict`. */
  | { readonly form: "dict"; readonly codes: Uint32Array; readonly dict: unknown[] }
  | { readonly form: "plain"; readonly values: unknown[] }
  | { readonly form: "null" };

function numeric(c: ColumnSpec, rows: readonly Record<string, unknown>[]): Collected {
  const n = rows.length;
  const f = new Float64Array(n);
  const yyyymmdd = c.format === "yyyymmdd";
  if (c.kind === "date") {
    for (let i = 0; i < n; i++) f[i] = toDays(c.get(rows[i]), yyyymmdd);
  } else if (c.kind === "datetime") {
    for (let i = 0; i < n; i++) f[i] = toMs(c.get(rows[i]));
  } else {
    const int = c.kind === "int";
    for (let i = 0; i < n; i++) {
      const v = c.get(rows[i]);
      f[i] = typeof v === "number" ? (int ? Math.trunc(v) : v) : NaN;
    }
  }
  return { form: "f64", values: f };
}

/** A string cell as stored: strings as they are, JSON columns stringified, others via String(). */
function text(c: ColumnSpec, v: unknown): string | null {
  return v == null ? null : typeof v === "string" ? v : c.kind === "json" ? JSON.stringify(v) : String(v);
}

/** A list cell as stored: null unless an array; non-string elements via String(), null kept. */
function list(v: unknown): unknown[] | null {
  if (!Array.isArray(v)) return null;
  for (let j = 0; j < v.length; j++) {
    if (typeof v[j] !== "string") return v.map((x) => (x == null ? null : String(x)));
  }
  return v;
}

function plain(c: ColumnSpec, rows: readonly Record<string, unknown>[]): Collected {
  const values = c.kind === "list" ? rows.map((r) => list(c.get(r))) : rows.map((r) => text(c, c.get(r)));
  return values.some((v) => v !== null) ? { form: "plain", values } : { form: "null" };
}

/** Strings and JSON: dictionary-coded while values repeat, else plain. */
function strings(c: ColumnSpec, rows: readonly Record<string, unknown>[]): Collected {
  const n = rows.length;
  const codes = new Uint32Array(n);
  const dict: unknown[] = [null];
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const v = c.get(rows[i]);
    if (v == null) continue;
    const s = typeof v === "string" ? v : text(c, v)!;
    let code = index.get(s);
    if (code === undefined) {
      if (dict.length > DICT_MAX_STRINGS && dict.length * 2 > i) return plain(c, rows);
      index.set(s, code = dict.length);
      dict.push(s);
    }
    codes[i] = code;
  }
  return dict.length === 1 ? { form: "null" } : { form: "dict", codes, dict };
}

/** Trie node of list coding: the code of the list ending here (-1: none yet) and its children. */
interface Node {
  code: number;
  next: Map<string | null, Node> | undefined;
}

/** String lists: dictionary-coded through a trie of their elements while lists repeat, else plain. */
function lists(c: ColumnSpec, rows: readonly Record<string, unknown>[]): Collected {
  const n = rows.length;
  const codes = new Uint32Array(n);
  const dict: unknown[] = [null];
  const root: Node = { code: -1, next: undefined };
  for (let i = 0; i < n; i++) {
    const v = c.get(rows[i]);
    if (!Array.isArray(v)) continue;
    let node = root;
    for (let j = 0; j < v.length; j++) {
      const x = v[j];
      const key = typeof x === "string" ? x : x == null ? null : String(x);
      let m = node.next;
      if (m === undefined) node.next = m = new Map();
      let child = m.get(key);
      if (child === undefined) m.set(key, child = { code: -1, next: undefined });
      node = child;
    }
    if (node.code < 0) {
      if (dict.length * 2 > n) return plain(c, rows);
      node.code = dict.length;
      dict.push(list(v));
    }
    codes[i] = node.code;
  }
  return dict.length === 1 ? { form: "null" } : { form: "dict", codes, dict };
}

/**
 * Collect one column in its cheapest transferable form.
 *
 * @param c The column.
 * @param rows The rows.
 * @param dictionary Whether strings and lists may be dictionary-coded (false: always plain; tests).
 * @returns The collected column.
 */
export function collect(
  c: ColumnSpec,
  rows: readonly Record<string, unknown>[],
  dictionary = true,
): Collected {
  switch (c.kind) {
    case "int":
    case "float":
    case "date":
    case "datetime":
      return numeric(c, rows);
    case "bool": {
      let any = false;
      const values = rows.map((r) => {
        const v = c.get(r);
        return typeof v === "boolean" ? (any = true, v) : null;
      });
      return any ? { form: "plain", values } : { form: "null" };
    }
    case "list":
      return dictionary ? lists(c, rows) : plain(c, rows);
    default:
      return dictionary ? strings(c, rows) : plain(c, rows);
  }
}

/** The expression turning a collected `f64` column into its final dtype. */
export function numericCast(c: ColumnSpec): pl.Expr {
  const x = pl.col(c.name).fillNan(null);
  switch (c.kind) {
    case "int":
      return x.cast(pl.Int64);
    case "date":
      return x.cast(pl.Int32).cast(pl.Date);
    case "datetime":
      return x.cast(pl.Int64).cast(pl.Datetime("ms"));
    default:
      return x;
  }
}

/**
 * The expression expanding a dictionary-coded column (UInt32 codes) into its values: a gather from
 * the dictionary. `pl.lit(series)` is a single list-valued literal in 0.25.2, hence the `explode()`;
 * a List(Utf8) dictionary without any string comes out List(Null), hence the final cast.
 */
export function dictExpand(c: ColumnSpec, dict: unknown[]): pl.Expr {
  const values = pl.lit(pl.Series(c.name, dict, c.dtype)).explode().gather(pl.col(c.name));
  return (c.kind === "list" ? values.cast(c.dtype) : values).alias(c.name);
}

/**
 * Build the typed frame of non-empty rows: collect every column, convert them in one
 * `pl.DataFrame(columns, {schema})`, then one `select` of the final expressions.
 *
 * @param columns Column specs.
 * @param rows At least one row.
 * @param options `dictionary: false` turns dictionary coding off (to test both forms give one frame).
 * @returns The frame, columns in spec order.
 */
export function buildFrame(
  columns: readonly ColumnSpec[],
  rows: readonly Record<string, unknown>[],
  options: { readonly dictionary?: boolean } = {},
): pl.DataFrame {
  const data: Record<string, unknown[] | Float64Array | Uint32Array> = {};
  const schema: Record<string, pl.DataType> = {};
  const finish: pl.Expr[] = [];
  for (const c of columns) {
    const col = collect(c, rows, options.dictionary ?? true);
    if (col.form === "f64") {
      data[c.name] = col.values;
      schema[c.name] = pl.Float64;
      finish.push(numericCast(c));
    } else if (col.form === "dict") {
      data[c.name] = col.codes;
      schema[c.name] = pl.UInt32;
      finish.push(dictExpand(c, col.dict));
    } else if (col.form === "plain") {
      data[c.name] = col.values;
      schema[c.name] = c.dtype;
      // A list column without any string comes out list[null].
      finish.push(c.kind === "list" ? pl.col(c.name).cast(c.dtype) : pl.col(c.name));
    } else {
      // All null: nothing to convert (an all-null List column cannot even be built in 0.25.2).
      finish.push(pl.lit(null).cast(c.dtype).alias(c.name));
    }
  }
  if (Object.keys(data).length) return pl.DataFrame(data, { schema }).select(...finish);
  // Every column all null: a placeholder column gives the literals their height.
  const height = pl.DataFrame({ __n: new Float64Array(rows.length) }, { schema: { __n: pl.Float64 } });
  return height.select(pl.col("__n"), ...finish).drop("__n");
}
