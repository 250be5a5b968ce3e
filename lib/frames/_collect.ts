/**
 * Private: collect one column of row objects into the cheapest form to hand to nodejs-polars, whose
 * per-element JS → Rust conversion dominates ingest time:
 *
 * - numbers, dates and timestamps → a `Float64Array` (NaN = null; JSON has no NaN, so this is
 *   lossless), turned into Int64 / Date / Datetime by expressions after construction;
 * - strings and string lists with repeated values → dictionary codes (`Uint32Array`) plus the
 *   distinct values, joined back in Polars (a hash join, far cheaper than converting every value);
 * - anything else (mostly-unique strings, booleans, JSON) → a plain JS array.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { ColumnSpec } from "./_columns.ts";

const DAY_MS = 86_400_000;
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Code of a null in a dictionary-coded column (matches no dictionary entry). */
export const NULL_CODE = 0xffffffff;

/** Days since 1970-01-01 of a civil date, or NaN when the date does not exist. */
function civilDays(y: number, m: number, d: number): number {
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= MONTH_DAYS[m - 1])) return NaN;
  if (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return NaN;
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Epoch days of an `iso-date`/`yyyymmdd` value (string or Date), or NaN. */
function toDays(v: unknown, yyyymmdd: boolean): number {
  if (typeof v === "string") {
    if (yyyymmdd && v.length === 8) return civilDays(+v.slice(0, 4), +v.slice(4, 6), +v.slice(6, 8));
    if (v.length >= 10 && v[4] === "-") return civilDays(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10));
    return NaN;
  }
  return v instanceof Date ? Math.floor(v.getTime() / DAY_MS) : NaN;
}

/** Epoch ms of an `epoch-ms`/`iso-datetime` value, or NaN. */
function toMs(v: unknown): number {
  if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : NaN;
  if (typeof v === "string") return Date.parse(v);
  return v instanceof Date ? v.getTime() : NaN;
}

/** A collected column: typed numbers, dictionary codes, or plain values. */
export type Collected =
  | { readonly form: "f64"; readonly values: Float64Array }
  | { readonly form: "dict"; readonly codes: Uint32Array; readonly dict: unknown[] }
  | { readonly form: "plain"; readonly values: unknown[]; readonly allNull: boolean };

function numeric(c: ColumnSpec, rows: readonly Record<string, unknown>[]): Collected {
  const n = rows.length;
  const f = new Float64Array(n);
  const yyyymmdd = c.format === "yyyymmdd";
  const memo = new Map<string, number>(); // dates repeat: parse each distinct string once
  for (let i = 0; i < n; i++) {
    const v = c.get(rows[i]);
    if (c.kind === "date") {
      if (typeof v !== "string") f[i] = toDays(v, yyyymmdd);
      else {
        let d = memo.get(v);
        if (d === undefined) memo.set(v, d = toDays(v, yyyymmdd));
        f[i] = d;
      }
    } else if (c.kind === "datetime") f[i] = toMs(v);
    else f[i] = typeof v === "number" ? (c.kind === "int" ? Math.trunc(v) : v) : NaN;
  }
  return { form: "f64", values: f };
}

/** Strings and string lists: dictionary-coded when at most half the values are distinct. */
function textual(c: ColumnSpec, rows: readonly Record<string, unknown>[]): Collected {
  const n = rows.length;
  const list = c.kind === "list";
  const norm = (v: unknown): unknown =>
    v == null
      ? null
      : list
      ? (Array.isArray(v)
        ? (v.every((x) => typeof x === "string") ? v : v.map((x) => (x == null ? null : String(x))))
        : null)
      : typeof v === "string"
      ? v
      : c.kind === "json"
      ? JSON.stringify(v)
      : String(v);
  const codes = new Uint32Array(n);
  const index = new Map<string, number>();
  const dict: unknown[] = [];
  const values = new Array(n);
  let allNull = true;
  let coding = true; // given up once more than half the values are distinct
  for (let i = 0; i < n; i++) {
    const v = norm(c.get(rows[i]));
    values[i] = v;
    if (v === null) {
      codes[i] = NULL_CODE;
      continue;
    }
    allNull = false;
    if (!coding) continue;
    if (dict.length * 2 > n) {
      coding = false;
      index.clear();
      continue;
    }
    const key = list ? `${(v as unknown[]).length}\u0001${(v as unknown[]).join("\u0001")}` : v as string;
    let code = index.get(key);
    if (code === undefined) {
      code = dict.length;
      index.set(key, code);
      dict.push(v);
    }
    codes[i] = code;
  }
  return dict.length * 2 <= n && !allNull
    ? { form: "dict", codes, dict }
    : { form: "plain", values, allNull };
}

/** Collect one column in its cheapest transferable form. */
export function collect(c: ColumnSpec, rows: readonly Record<string, unknown>[]): Collected {
  if (c.kind === "int" || c.kind === "float" || c.kind === "date" || c.kind === "datetime") {
    return numeric(c, rows);
  }
  if (c.kind === "bool") {
    const values = rows.map((r) => {
      const v = c.get(r);
      return typeof v === "boolean" ? v : null;
    });
    return { form: "plain", values, allNull: values.every((v) => v === null) };
  }
  return textual(c, rows);
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
