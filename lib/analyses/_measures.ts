/**
 * Private helpers shared by analyses 5–9: safe ratios, typed empty frames, year gap filling,
 * warning merging and small input normalisers.
 *
 * @module
 */
import pl from "nodejs-polars";
import { normaliseCurie } from "../client/params.ts";
import { emptyFromSchema } from "../frames/to_frame.ts";

/** A frame schema: column name → Polars dtype. */
export type Schema = Record<string, pl.DataType>;

/**
 * `num / den` as Float64, null when the denominator is 0 or null (never NaN or Infinity).
 */
export function ratio(num: pl.Expr, den: pl.Expr): pl.Expr {
  return pl.when(den.gt(0)).then(num.cast(pl.Float64).div(den.cast(pl.Float64)))
    .otherwise(pl.lit(null).cast(pl.Float64));
}

/** An empty frame with the given columns and dtypes (works for list columns too; STACK §2). */
export const emptyFrame: (schema: Schema) => pl.DataFrame = emptyFromSchema;

/** A frame from row objects with an explicit schema (columns built in JS; empty-safe). */
export function framed(rows: readonly Record<string, unknown>[], schema: Schema): pl.DataFrame {
  if (!rows.length) return emptyFrame(schema);
  const isList = (t: pl.DataType) => (t as unknown as { variant?: string }).variant === "List";
  const series = Object.entries(schema).map(([name, t]) => {
    const values = rows.map((r) => r[name] ?? null);
    return isList(t) ? pl.Series(name, values).cast(t) : pl.Series(name, values, t);
  });
  return pl.DataFrame(series);
}

/** Keep only the columns of `schema` (cast to its dtypes), adding null columns for missing ones. */
export function conform(df: pl.DataFrame, schema: Schema): pl.DataFrame {
  if (df.height === 0 && df.width === 0) return emptyFrame(schema);
  const have = new Set(df.columns);
  return df.select(
    ...Object.entries(schema).map(([n, t]) =>
      have.has(n) ? pl.col(n).cast(t) : pl.lit(null).cast(t).alias(n)
    ),
  );
}

/**
 * Fill missing years between `from` and `to` (inclusive; defaults: the data's first and last year)
 * with 0 in every other (count) column, keeping dtypes. `df` has an Int64 `year` column.
 */
export function fillYears(df: pl.DataFrame, from: number | null, to: number | null): pl.DataFrame {
  const years = df.getColumn("year").toArray().filter((y): y is number => y !== null);
  // Without years the data's range is empty (min +Infinity, max -Infinity): nothing to fill.
  const lo = from ?? Math.min(...years);
  const hi = to ?? Math.max(...years);
  if (!(hi >= lo)) return df;
  const all = pl.DataFrame({ year: Array.from({ length: hi - lo + 1 }, (_, i) => lo + i) }, {
    schema: { year: pl.Int64 },
  });
  // A row without a year matches no year of the left join: it drops out.
  return all.join(df, { on: "year", how: "left" })
    .withColumns(
      ...df.columns.filter((c) => c !== "year").map((c) => pl.col(c).fillNull(0).cast(df.getColumn(c).dtype)),
    )
    .sort("year");
}

/** Growth of `value` against the previous row (sorted by year): `change` and `growth_fraction`. */
export function withGrowth(value: string, over?: string): pl.Expr[] {
  const prev = over ? pl.col(value).shift(1).over(over) : pl.col(value).shift(1);
  return [
    pl.col(value).sub(prev).alias("change"),
    ratio(pl.col(value).sub(prev), prev).alias("growth_fraction"),
  ];
}

/** Year of a `YYYY`, `YYYY-MM-DD` string or a year number; null when absent. */
export function yearOf(v: string | number | undefined): number | null {
  if (v === undefined) return null;
  if (typeof v === "number") return v;
  const m = /^(\d{4})/.exec(v);
  if (!m) throw new RangeError(`Expected a year or a YYYY-MM-DD date, got '${v}'`);
  return Number(m[1]);
}

/** A window bound as `YYYY-MM-DD`: a year becomes 1 January (`start`) or 31 December (end). */
export function dateBound(v: string | number | undefined, start: boolean): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === "number" || /^\d{4}$/.test(v)) return `${v}-${start ? "01-01" : "12-31"}`;
  return v;
}

/** A disease CURIE when the value is one (`EFO:0000311`, `EFO_0000311`, `mondo:0005148`), else undefined. */
export function asCurie(v: string): string | undefined {
  return /^[A-Za-z][A-Za-z0-9]*[:_]\d+$/.test(v.trim()) ? normaliseCurie(v) : undefined;
}

/** HTTP status of a client error, when the error carries one. */
export function statusOf(e: unknown): number | undefined {
  const s = (e as { status?: unknown } | null)?.status;
  return typeof s === "number" ? s : undefined;
}
