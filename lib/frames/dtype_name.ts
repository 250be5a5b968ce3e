/**
 * Short Polars-style dtype names (`i64`, `str`, `list[str]`), shared by the notebook display, the column
 * semantics and the workbook export (re-exported from `lib/charts/display.ts`).
 *
 * @module
 */
const DTYPE_SHORT: Record<string, string> = {
  Int8: "i8",
  Int16: "i16",
  Int32: "i32",
  Int64: "i64",
  UInt8: "u8",
  UInt16: "u16",
  UInt32: "u32",
  UInt64: "u64",
  Float32: "f32",
  Float64: "f64",
  String: "str",
  Utf8: "str",
  Bool: "bool",
  Date: "date",
  Time: "time",
  Categorical: "cat",
  Null: "null",
  Object: "object",
};

/**
 * Short Polars-style name of a dtype (`i64`, `str`, `datetime[ms]`, `list[str]`).
 *
 * @param dtype A Polars DataType, or its `String()` form.
 * @returns The short name.
 * @example Short dtype names
 * ```ts
 * import pl from "nodejs-polars";
 * import { dtypeName } from "./dtype_name.ts";
 * import assert from "node:assert/strict";
 * assert.equal(dtypeName(pl.List(pl.Utf8)), "list[str]");
 * assert.equal(dtypeName(pl.Datetime("ms")), "datetime[ms]");
 * ```
 */
export function dtypeName(dtype: unknown): string {
  const s = String(dtype).replace(/^DataType\((.*)\)$/s, "$1");
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^List\((.*)\)$/s))) return `list[${dtypeName(m[1])}]`;
  if ((m = s.match(/^Datetime\((\w+),(.*)\)$/))) return `datetime[${m[1]}${m[2] ? `, ${m[2]}` : ""}]`;
  if (s.startsWith("Struct(")) return `struct[${(s.match(/Field\(/g) ?? []).length}]`;
  if ((m = s.match(/^(\w+)\((.*)\)$/))) return `${m[1].toLowerCase()}[${m[2]}]`;
  return DTYPE_SHORT[s] ?? s.toLowerCase();
}
