/**
 * Export helpers: CSV (file or string) and Parquet. List columns are joined with `; ` for CSV, which
 * has no list type; Parquet keeps every dtype.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { DataFrame } from "./polars.ts";

/** Options of {@linkcode writeCsv} and {@linkcode toCsvString}. */
export interface CsvOptions {
  /** Field separator (passed as Polars' `separator`; `sep` would be silently ignored). @default {","} */
  separator?: string;
  /** Separator used to join list cells. @default {"; "} */
  listSeparator?: string;
}

/** Replace list columns by joined strings (CSV cannot hold lists). */
function flattenLists(df: DataFrame, sep: string): DataFrame {
  const lists = df.columns.filter((_, i) => String(df.dtypes[i]).includes("List"));
  if (!lists.length) return df;
  return df.withColumns(...lists.map((c) => pl.col(c).lst.join(sep).alias(c)));
}

/**
 * The frame as CSV text.
 *
 * @param df The frame.
 * @param options Separator options.
 * @returns CSV with a header row; dates as YYYY-MM-DD.
 * @example CSV text
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { toCsvString } from "./io.ts";
 * const df = pl.DataFrame({ a: [1], t: [["x", "y"]] });
 * assert.equal(toCsvString(df, { separator: "\t" }), "a\tt\n1.0\tx; y\n");
 * ```
 */
export function toCsvString(df: DataFrame, options: CsvOptions = {}): string {
  return flattenLists(df, options.listSeparator ?? "; ")
    .writeCSV({ separator: options.separator ?? "," }).toString();
}

/**
 * Write the frame to a CSV file (needs `--allow-write`).
 *
 * @param df The frame.
 * @param path Output path.
 * @param options Separator options.
 */
export function writeCsv(df: DataFrame, path: string, options: CsvOptions = {}): void {
  Deno.writeTextFileSync(path, toCsvString(df, options));
}

/**
 * Write the frame to a Parquet file, keeping every dtype (needs `--allow-write`).
 *
 * @param df The frame.
 * @param path Output path.
 */
export function writeParquet(df: DataFrame, path: string): void {
  df.writeParquet(path);
}
