/**
 * Rows → typed Polars DataFrames through the fast column-wise path: rows are transposed into typed
 * column arrays (Float64Array for null-free floats, epoch days/ms for dates) and handed to
 * `pl.DataFrame(columns, {schema})`; date columns are then cast from their Int64 physical form, which
 * avoids the rows + `pl.Date` bug of nodejs-polars 0.25.2 (STACK §2). Empty input still gives every
 * column with its dtype (the List dtype workaround of STACK §2).
 *
 * @module
 */
import pl from "nodejs-polars";
import type { ColumnSpec } from "./_columns.ts";
import { resolveResource, type ResourceName } from "./resources.ts";

const DAY_MS = 86_400_000;
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days since 1970-01-01 of a civil date, or null when the date does not exist. */
function civilDays(y: number, m: number, d: number): number | null {
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= MONTH_DAYS[m - 1])) return null;
  if (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return null;
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Epoch days of an `iso-date`/`yyyymmdd` value (string, Date or epoch ms), or null. */
function toDays(v: unknown, yyyymmdd: boolean): number | null {
  if (typeof v === "string") {
    if (yyyymmdd && v.length === 8) return civilDays(+v.slice(0, 4), +v.slice(4, 6), +v.slice(6, 8));
    if (v.length >= 10 && v[4] === "-") return civilDays(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10));
    return null;
  }
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : Math.floor(v.getTime() / DAY_MS);
  return null;
}

/** Epoch ms of an `epoch-ms`/`iso-datetime` value, or null. */
function toMs(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? Math.trunc(v) : null;
  if (typeof v === "string") {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  return null;
}

type Column = unknown[] | Float64Array;

/** Collect one column's values in their physical form. */
function collect(c: ColumnSpec, rows: readonly Record<string, unknown>[]): Column {
  const n = rows.length;
  if (c.kind === "float") {
    const f = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = c.get(rows[i]);
      if (typeof v !== "number") {
        return rows.map((r) => {
          const x = c.get(r);
          return typeof x === "number" ? x : null;
        });
      }
      f[i] = v;
    }
    return f;
  }
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const v = c.get(rows[i]);
    switch (c.kind) {
      case "str":
        out[i] = v == null ? null : typeof v === "string" ? v : String(v);
        break;
      case "int":
        out[i] = typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : null;
        break;
      case "bool":
        out[i] = typeof v === "boolean" ? v : null;
        break;
      case "date":
        out[i] = toDays(v, c.format === "yyyymmdd");
        break;
      case "datetime":
        out[i] = toMs(v);
        break;
      case "list":
        out[i] = Array.isArray(v) ? v.map((x) => (x == null ? null : String(x))) : null;
        break;
      default:
        out[i] = v == null ? null : JSON.stringify(v);
    }
  }
  return out;
}

/** Dtype a column is built with before the date casts. */
function physical(c: ColumnSpec): pl.DataType {
  return c.kind === "date" || c.kind === "datetime" ? pl.Int64 : c.dtype;
}

/**
 * A typed empty frame for column specs (works for List dtypes, unlike `pl.DataFrame([], {schema})`).
 *
 * @param columns Column specs.
 * @returns A frame of height 0 with every column and dtype.
 */
export function emptyFromColumns(columns: readonly ColumnSpec[]): pl.DataFrame {
  return emptyFromSchema(Object.fromEntries(columns.map((c) => [c.name, c.dtype])));
}

/**
 * A typed empty frame for any Polars schema (the STACK §2 List workaround: empty Series, then cast).
 *
 * @param schema Column name → dtype.
 * @returns A frame of height 0 with those columns and dtypes.
 * @example Empty frame with a list column
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { emptyFromSchema } from "./to_frame.ts";
 * const df = emptyFromSchema({ id: pl.Utf8, tags: pl.List(pl.Utf8) });
 * assert.equal(df.height, 0);
 * assert.deepEqual(df.columns, ["id", "tags"]);
 * ```
 */
export function emptyFromSchema(schema: Readonly<Record<string, pl.DataType>>): pl.DataFrame {
  const names = Object.keys(schema);
  if (!names.length) return pl.DataFrame([]);
  return pl.DataFrame(names.map((k) => pl.Series(k, [])))
    .select(...names.map((k) => pl.col(k).cast(schema[k])));
}

/**
 * Build a typed frame from rows and column specs (the fast path).
 *
 * @param columns Column specs (see {@linkcode resolveResource}).
 * @param rows Row objects as the service returns them.
 * @returns The frame, columns in spec order.
 */
export function framesFromColumns(
  columns: readonly ColumnSpec[],
  rows: readonly Record<string, unknown>[],
): pl.DataFrame {
  if (rows.length === 0) return emptyFromColumns(columns);
  const data: Record<string, Column> = {};
  const schema: Record<string, pl.DataType> = {};
  for (const c of columns) {
    const values = collect(c, rows);
    data[c.name] = values;
    // An all-null List column cannot be built (0.25.2); build it as str nulls and cast.
    schema[c.name] = c.kind === "list" && (values as unknown[]).every((v) => v === null)
      ? pl.Utf8
      : physical(c);
  }
  const df = pl.DataFrame(data, { schema });
  // Dates are built as Int64 days/ms; list columns holding only empty lists come out as list[null].
  const casts = columns.filter((c) => c.kind === "date" || c.kind === "datetime" || c.kind === "list")
    .map((c) => pl.col(c.name).cast(c.dtype));
  return casts.length ? df.withColumns(...casts) : df;
}

/**
 * Turn rows of a resource (or of an endpoint's rows) into a typed DataFrame.
 *
 * Dtypes come from the zod row schema: strings → str, ints → i64, numbers → f64, booleans → bool,
 * `iso-date`/`yyyymmdd` strings → date, `epoch-ms`/`iso-datetime` → datetime[ms], string arrays →
 * list[str], arrays of objects → list[str] columns of their key fields (`sponsors`, `sponsors_id`),
 * nested objects → flattened columns (`molecule_chembl_id`), records → JSON strings. Nulls are kept;
 * invalid dates become null; an empty `rows` gives an empty frame with every column typed.
 *
 * @param resource A resource name (`trial`, `catalystEvent`, …) or endpoint name (`trials.search`).
 * @param rows The rows (e.g. `result.rows`).
 * @returns A typed DataFrame.
 * @example Patent rows with YYYYMMDD dates and epoch-ms timestamps
 * ```ts
 * import assert from "node:assert/strict";
 * import { toFrame } from "./to_frame.ts";
 * const df = toFrame("patent", [{
 *   patent_id: "US1", title: "t", publication_date: "20240102", priority_date: null,
 *   application_date: "20230301", last_updated: 1700000000000, country: "US",
 *   legal_status: null, assignees: ["Acme"], cpc_codes: ["A61K"],
 * }]);
 * assert.equal(String(df.select("publication_date").toRecords()[0].publication_date), String(new Date("2024-01-02")));
 * assert.equal(df.getColumn("priority_date").toArray()[0], null);
 * assert.equal(toFrame("patents.search", []).width, df.width);
 * ```
 */
export function toFrame(
  resource: ResourceName | string,
  rows: readonly Record<string, unknown>[] | readonly object[],
): pl.DataFrame {
  return framesFromColumns(resolveResource(resource).columns, rows as Record<string, unknown>[]);
}

/**
 * A typed empty frame of a resource or an endpoint's rows.
 *
 * @param resource A resource or endpoint name.
 * @returns A frame of height 0 with the resource's columns and dtypes.
 */
export function emptyFrame(resource: ResourceName | string): pl.DataFrame {
  return emptyFromColumns(resolveResource(resource).columns);
}
