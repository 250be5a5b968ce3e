/**
 * Rows → typed Polars DataFrames through the fast column-wise path: rows are transposed into typed
 * column arrays (numbers and dates as `Float64Array`s, repeated strings and lists as dictionary codes,
 * see `_collect.ts`) and handed to `pl.DataFrame(columns, {schema})`; one `select` then casts the
 * numbers to Int64 / Date / Datetime and expands the codes, which avoids the rows + `pl.Date` bug of
 * nodejs-polars 0.25.2 (STACK §2). Empty input still gives every column with its dtype (the List dtype
 * workaround of STACK §2).
 *
 * @module
 */
import pl from "nodejs-polars";
import type { ColumnSpec } from "./_columns.ts";
import { buildFrame } from "./_collect.ts";
import { resolveResource, type ResourceName } from "./resources.ts";
import { withKey } from "./keys.ts";
import type { DataFrame, DataType } from "./polars.ts";

/**
 * A typed empty frame for column specs (works for List dtypes, unlike `pl.DataFrame([], {schema})`).
 *
 * @param columns Column specs.
 * @returns A frame of height 0 with every column and dtype.
 */
export function emptyFromColumns(columns: readonly ColumnSpec[]): DataFrame {
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
export function emptyFromSchema(schema: Readonly<Record<string, DataType>>): DataFrame {
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
): DataFrame {
  return rows.length === 0 ? emptyFromColumns(columns) : buildFrame(columns, rows);
}

/**
 * Turn rows of a resource (or of an endpoint's rows) into a typed DataFrame.
 *
 * Dtypes come from the zod row schema: strings → str, ints → i64, numbers → f64, booleans → bool,
 * `iso-date`/`yyyymmdd` strings → date, `epoch-ms`/`iso-datetime` → datetime[ms], string arrays →
 * list[str], arrays of objects → list[str] columns of their key fields (`sponsors`, `sponsors_id`),
 * nested objects → flattened columns (`molecule_chembl_id`), records → JSON strings. Nulls are kept;
 * invalid dates become null; an empty `rows` gives an empty frame with every column typed. The frame
 * carries its resource's key (`keyOf`, lib/frames/keys.ts).
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
): DataFrame {
  const { columns, key } = resolveResource(resource);
  return withKey(framesFromColumns(columns, rows as Record<string, unknown>[]), key);
}

/**
 * A typed empty frame of a resource or an endpoint's rows.
 *
 * @param resource A resource or endpoint name.
 * @returns A frame of height 0 with the resource's columns and dtypes.
 */
export function emptyFrame(resource: ResourceName | string): DataFrame {
  const { columns, key } = resolveResource(resource);
  return withKey(emptyFromColumns(columns), key);
}
