/**
 * The Polars types the toolkit's public API uses, named so that your code can write them: they are
 * nodejs-polars's own (a toolkit `DataFrame` is your `pl.DataFrame` when you pin the same version).
 *
 * @module
 */
import type pl from "nodejs-polars";

/** A Polars DataFrame: nodejs-polars's `pl.DataFrame`, the type every analysis and frame function uses. */
export type DataFrame = pl.DataFrame;
/** A Polars column data type: nodejs-polars's `pl.DataType` (e.g. `pl.Utf8`, `pl.Date`). */
export type DataType = pl.DataType;
