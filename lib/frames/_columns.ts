/**
 * Private: derive typed column specs from a zod row schema (the catalogue's schemas are the one list
 * of fields). Rules, applied per top-level field of the row object:
 *
 * - string → Utf8; int → Int64; number → Float64; boolean → Bool; enum/literal string → Utf8
 * - string with `.meta({format})`: `iso-date` / `yyyymmdd` → Date; `epoch-ms` / `iso-datetime` → Datetime("ms")
 * - array of strings → List(Utf8)
 * - array of objects → List(Utf8) columns: the `name` field (else the first required string field) as
 *   `<field>`, every other required string field as `<field>_<sub>` (sponsors → `sponsors`, `sponsors_id`);
 *   sandbox-chosen fields count as required here (they are optional only because the spec does not name them)
 * - nested object → flattened scalar columns `<field>_<sub>` (molecule.chembl_id → `molecule_chembl_id`)
 * - anything else (records, unknown, deeper nesting) → Utf8 holding JSON
 *
 * @module
 */
import pl from "nodejs-polars";
import type { z } from "zod";
import { originOf } from "../client/schemas/origin.ts";
import type { DataType } from "./polars.ts";

/** Physical kind of a column, which decides how values are collected and typed. */
export type ColumnKind = "str" | "int" | "float" | "bool" | "date" | "datetime" | "list" | "json";

/** Date formats the schemas declare in `.meta({format})`. */
export type DateFormat = "iso-date" | "yyyymmdd" | "epoch-ms" | "iso-datetime";

/** One output column: its name, kind, dtype and how to read its raw value from a row. */
export interface ColumnSpec {
  /** Output column name. */
  readonly name: string;
  /** Physical kind. */
  readonly kind: ColumnKind;
  /** Final Polars dtype. */
  readonly dtype: DataType;
  /** Where the value comes from, e.g. `molecule.chembl_id` or `sponsors[].id`. */
  readonly source: string;
  /** Date format of the source string/number, for date and datetime columns. */
  readonly format?: DateFormat;
  /** The list-of-objects field this column was derived from (for explodeLinks). */
  readonly linkOf?: string;
  /** Read the raw value (before conversion) from a row. */
  readonly get: (row: Record<string, unknown>) => unknown;
}

// deno-lint-ignore no-explicit-any
type Any = any;

interface Leaf {
  type: string;
  schema: Any;
  optional: boolean;
  nullable: boolean;
  format?: DateFormat;
}

/** Unwrap optional/nullable/default/readonly wrappers, collecting the date format metadata. */
function leaf(s: Any): Leaf {
  let t = s;
  let optional = false;
  let nullable = false;
  let format: DateFormat | undefined;
  for (;;) {
    const f = t.meta?.()?.format;
    if (f && !format) format = f;
    const type = t._zod.def.type as string;
    if (type === "optional" || type === "nullable" || type === "default" || type === "readonly") {
      if (type === "optional") optional = true;
      if (type === "nullable") nullable = true;
      t = t._zod.def.innerType;
    } else if (type === "pipe") t = t._zod.def.in;
    else return { type, schema: t, optional, nullable, format };
  }
}

const DTYPES: Record<ColumnKind, () => DataType> = {
  str: () => pl.Utf8,
  json: () => pl.Utf8,
  int: () => pl.Int64,
  float: () => pl.Float64,
  bool: () => pl.Bool,
  date: () => pl.Date,
  datetime: () => pl.Datetime("ms"),
  list: () => pl.List(pl.Utf8),
};

function scalarKind(l: Leaf): ColumnKind | undefined {
  if (l.format === "iso-date" || l.format === "yyyymmdd") return "date";
  if (l.format === "epoch-ms" || l.format === "iso-datetime") return "datetime";
  switch (l.type) {
    case "string":
    case "enum":
      return "str";
    case "literal":
      return typeof l.schema._zod.def.values?.[0] === "string" ? "str" : "json";
    case "number":
      return l.schema.isInt ? "int" : "float";
    case "boolean":
      return "bool";
    default:
      return undefined;
  }
}

function spec(
  name: string,
  kind: ColumnKind,
  source: string,
  get: ColumnSpec["get"],
  extra: Partial<ColumnSpec> = {},
): ColumnSpec {
  return { name, kind, dtype: DTYPES[kind](), source, get, ...extra };
}

function objectColumns(field: string, obj: Any): ColumnSpec[] {
  const out: ColumnSpec[] = [];
  for (const [sub, s] of Object.entries(obj._zod.def.shape as Record<string, Any>)) {
    const l = leaf(s);
    const kind = scalarKind(l) ?? "json";
    const get = (r: Record<string, unknown>) => (r[field] as Record<string, unknown> | null)?.[sub];
    out.push(spec(`${field}_${sub}`, kind, `${field}.${sub}`, get, l.format ? { format: l.format } : {}));
  }
  return out;
}

function linkColumns(field: string, obj: Any): ColumnSpec[] {
  const subs = Object.entries(obj._zod.def.shape as Record<string, Any>)
    .filter(([, s]) => {
      const l = leaf(s);
      const kind = scalarKind(l);
      // Required fields, and the sandbox-chosen ones (optional only because the spec does not name them).
      return (!l.optional || originOf(s) === "sandbox") && !l.nullable && (kind === "str" || kind === "date");
    })
    .map(([k]) => k);
  const label = subs.includes("name") ? "name" : subs[0];
  if (label === undefined) return [spec(field, "json", field, (r) => r[field])];
  const ordered = [label, ...subs.filter((s) => s !== label)];
  return ordered.map((sub) =>
    spec(
      sub === label ? field : `${field}_${sub}`,
      "list",
      `${field}[].${sub}`,
      (r) => (r[field] as Record<string, unknown>[] | null | undefined)?.map((o) => o?.[sub]),
      { linkOf: field },
    )
  );
}

/**
 * Column specs of a zod row object schema.
 *
 * @param schema A zod object schema (e.g. `TrialRow`).
 * @param renames Output names to use instead of the field names (e.g. `{approval_id: "approval_key"}`).
 * @returns One spec per output column, in field order.
 */
export function columnsFromSchema(
  schema: z.ZodType,
  renames: Readonly<Record<string, string>> = {},
): ColumnSpec[] {
  const root = leaf(schema);
  if (root.type !== "object") throw new TypeError(`Row schema must be a zod object, got ${root.type}`);
  const out: ColumnSpec[] = [];
  for (const [field, s] of Object.entries(root.schema._zod.def.shape as Record<string, Any>)) {
    const l = leaf(s);
    const name = renames[field] ?? field;
    const get = (r: Record<string, unknown>) => r[field];
    const kind = scalarKind(l);
    if (kind) {
      out.push(spec(name, kind, field, get, l.format ? { format: l.format } : {}));
    } else if (l.type === "array") {
      const el = leaf(l.schema._zod.def.element);
      const elKind = scalarKind(el);
      if (elKind === "str" || elKind === "date") out.push(spec(name, "list", field, get));
      else if (el.type === "object") out.push(...linkColumns(field, el.schema));
      else out.push(spec(name, "json", field, get));
    } else if (l.type === "object") {
      out.push(...objectColumns(field, l.schema));
    } else {
      out.push(spec(name, "json", field, get));
    }
  }
  return out;
}
