/**
 * The parameter vocabulary of the endpoint catalogue.
 *
 * Each parameter is declared once, as data, with two views:
 * - `wire`: what the service accepts once the query string is coerced to `kind` (the sandbox answers
 *   400 naming the parameter when it fails; ranges and enums of the spec live here);
 * - `guard`: what the client accepts from a caller, stricter where the service is silently lenient
 *   (a PITFALLS.md guard) and normalising where a value has one right form. Defaults to `wire`.
 *
 * @module
 */
import { z } from "zod";
import { CURIE_RE } from "./schemas/common.ts";
import { meshUi } from "./names.ts";
import type { StandardSchemaV1 } from "./standard_schema.ts";

/** How a parameter travels and is coerced from a query string. */
export type ParamKind = "string" | "integer" | "number" | "boolean" | "truthy" | "date" | "csv";

/** Where a parameter goes. */
export type ParamIn = "query" | "path" | "body";

/** One documented parameter. */
export interface ParamDef<G extends StandardSchemaV1 = StandardSchemaV1> {
  /** Wire coercion: `truthy` is the server's string-to-boolean coercion where `"false"` is true. */
  readonly kind: ParamKind;
  /** Where the parameter goes. @default "query" */
  readonly in: ParamIn;
  /** Whether the spec marks it required. */
  readonly required: boolean;
  /** The service's own check after coercion. */
  readonly wire: StandardSchemaV1;
  /** The client's check and normalisation; its output is what is sent. */
  readonly guard: G;
  /** The documented server default (applied by the service, never sent by the client). */
  readonly default?: string | number | boolean;
  /** For `csv`: most items allowed. */
  readonly maxItems?: number;
  /** One-line description from the spec. */
  readonly doc: string;
  /** PITFALLS.md rows this parameter's guard handles. */
  readonly pitfalls?: readonly number[];
}

interface Opts {
  required?: boolean;
  default?: string | number | boolean;
  in?: ParamIn;
  pitfalls?: readonly number[];
  maxItems?: number;
}

function def<G extends z.ZodType>(
  kind: ParamKind,
  wire: z.ZodType,
  guard: G,
  doc: string,
  o: Opts = {},
): ParamDef<G> {
  return {
    kind,
    in: o.in ?? "query",
    required: o.required ?? false,
    wire,
    guard,
    doc,
    ...(o.default !== undefined ? { default: o.default } : {}),
    ...(o.maxItems !== undefined ? { maxItems: o.maxItems } : {}),
    ...(o.pitfalls ? { pitfalls: o.pitfalls } : {}),
  };
}

const nonEmpty = z.string().trim().min(1, "must not be empty");

/** A free-text or exact string parameter. */
export function str(doc: string, o?: Opts): ParamDef<z.ZodString> {
  return def("string", nonEmpty, nonEmpty, doc, o);
}

/** A string parameter with its own client guard (normalisation or stricter check). */
export function guarded<G extends z.ZodType>(
  doc: string,
  guard: G,
  o?: Opts & { wire?: z.ZodType },
): ParamDef<G> {
  return def("string", o?.wire ?? nonEmpty, guard, doc, o);
}

/** An integer parameter with an inclusive range. */
export function int(doc: string, min: number, max: number | undefined, o?: Opts): ParamDef<z.ZodNumber> {
  let s = z.number().int(`must be a whole number`).min(min, `must be >= ${min}`);
  if (max !== undefined) s = s.max(max, `must be <= ${max}`);
  return def("integer", s, s, doc, o);
}

/** A numeric parameter with optional inclusive bounds. */
export function num(doc: string, min?: number, max?: number, o?: Opts): ParamDef<z.ZodNumber> {
  let s = z.number();
  if (min !== undefined) s = s.min(min, `must be >= ${min}`);
  if (max !== undefined) s = s.max(max, `must be <= ${max}`);
  return def("number", s, s, doc, o);
}

/** A boolean parameter (`true`/`false` on the wire). */
export function bool(doc: string, o?: Opts): ParamDef<z.ZodBoolean> {
  return def("boolean", z.boolean(), z.boolean(), doc, o);
}

/** An enumerated parameter; the client accepts any case and sends the canonical form. */
export function oneOf<const T extends readonly [string, ...string[]]>(
  doc: string,
  values: T,
  o?: Opts & { caseSensitiveWire?: boolean; wireLenient?: boolean },
): ParamDef<z.ZodType<T[number], string>> {
  const canon = new Map(values.map((v) => [v.toLowerCase(), v]));
  const guard = z.string().trim().transform((v, ctx) => {
    const hit = canon.get(v.toLowerCase());
    if (hit === undefined) {
      ctx.addIssue({ code: "custom", message: `must be one of ${values.join(", ")}` });
      return z.NEVER;
    }
    return hit;
  }) as unknown as z.ZodType<T[number], string>;
  const wire = o?.wireLenient
    ? nonEmpty
    : o?.caseSensitiveWire === false
    ? z.string().refine((v) => canon.has(v.toLowerCase()), `must be one of ${values.join(", ")}`)
    : z.enum(values as unknown as [string, ...string[]]);
  return def("string", wire, guard, doc, o);
}

/** True when `s` is a real calendar date in `YYYY-MM-DD` form. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const wireDate = z.string().refine(isIsoDate, "must be a date in YYYY-MM-DD form");

/** A `YYYY-MM-DD` date parameter; the client also accepts a `Date` (sent as its UTC calendar day). */
export function date(doc: string, o?: Opts): ParamDef<z.ZodType<string, string | Date>> {
  const guard = z.union([z.date(), z.string()]).transform((v, ctx) => {
    const s = v instanceof Date ? v.toISOString().slice(0, 10) : v.trim();
    if (!isIsoDate(s)) {
      ctx.addIssue({ code: "custom", message: "must be a date in YYYY-MM-DD form (or a Date)" });
      return z.NEVER;
    }
    return s;
  }) as unknown as z.ZodType<string, string | Date>;
  return def("date", wireDate, guard, doc, { ...o, pitfalls: [31, ...(o?.pitfalls ?? [])] });
}

/** Split a comma-separated wire value into trimmed, non-empty items. */
export function splitCsv(v: string): string[] {
  return v.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
}

/** A comma-separated list; the client accepts an array or a comma-separated string. */
export function csv(
  doc: string,
  minItems: number,
  maxItems: number,
  o?: Opts,
): ParamDef<z.ZodType<string, string | readonly string[]>> {
  const count = (n: number) => n >= minItems && n <= maxItems;
  const msg = `must list ${minItems} to ${maxItems} comma-separated values`;
  const wire = z.string().refine((v) => count(splitCsv(v).length), msg);
  const guard = z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
    const raw = typeof v === "string" ? v.split(",") : v;
    const blank = raw.findIndex((s) => s.trim() === "");
    if (blank >= 0 && (typeof v !== "string" || raw.length > 1)) {
      // An empty name would be dropped silently: say where it is.
      ctx.addIssue({
        code: "custom",
        message: `item ${blank + 1} of ${raw.length} is empty; remove it or fill in the name`,
      });
    }
    const items = raw.map((s) => s.trim()).filter(Boolean);
    const bad = items.find((s) => s.includes(","));
    if (bad) ctx.addIssue({ code: "custom", message: `item ${JSON.stringify(bad)} contains a comma` });
    if (!count(items.length)) ctx.addIssue({ code: "custom", message: `${msg} (got ${items.length})` });
    return items.join(",");
  }) as unknown as z.ZodType<string, string | readonly string[]>;
  return def("csv", wire, guard, doc, { ...o, maxItems });
}

/**
 * Normalise a disease CURIE: `EFO_0000311`, `efo:0000311`, `EFO-0000311` → `EFO:0000311`; a MeSH id as
 * MeSH issued it (`MESH:D000007938`, as ClinicalTrials.gov snapshots up to mid-2024 pad it → `MESH:D007938`).
 * Returns `undefined` when the value is not a CURIE in any accepted form.
 */
export function normaliseCurie(v: string): string | undefined {
  const m = /^([A-Za-z][A-Za-z0-9]*)[:_-]([A-Za-z0-9_.-]+)$/.exec(v.trim());
  if (!m) return undefined;
  const prefix = m[1].toUpperCase();
  const out = `${prefix}:${prefix === "MESH" ? meshUi(m[2]) : m[2]}`;
  return CURIE_RE.test(out) ? out : undefined;
}

/** A disease CURIE guard (PITFALLS 3, 18): normalised to `PREFIX:id`, non-CURIEs rejected. */
export const curieGuard: z.ZodType<string, string> = z.string().transform((v, ctx) => {
  const c = normaliseCurie(v);
  if (c === undefined) {
    ctx.addIssue({
      code: "custom",
      message:
        "must be a disease CURIE like EFO:0000311 or MONDO:0005148 (resolve names with diseases.autocomplete)",
    });
    return z.NEVER;
  }
  return c;
}) as unknown as z.ZodType<string, string>;

/** A guard that uppercases, trims and checks a pattern. */
export function patternGuard(re: RegExp, message: string, upper = true): z.ZodType<string, string> {
  return z.string().transform((v, ctx) => {
    const s = upper ? v.trim().toUpperCase() : v.trim();
    if (!re.test(s)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return s;
  }) as unknown as z.ZodType<string, string>;
}

const ROMAN: Record<string, string> = { i: "1", ii: "2", iii: "3", iv: "4" };

/**
 * Normalise a loose phase form to the stored value: `Phase 2`, `2`, `II`, `phase ii` → `PHASE2`;
 * `Phase 2/3` → `PHASE2/PHASE3`; `early phase 1` → `EARLY_PHASE1`; `N/A` → `NA`.
 * Returns `undefined` when the value is not a recognisable phase.
 */
export function normalisePhase(v: string): string | undefined {
  const s = v.trim().toLowerCase().replace(/[\s_]+/g, " ");
  if (s === "na" || s === "n/a" || s === "not applicable") return "NA";
  if (/^early ?phase ?(1|i)$/.test(s)) return "EARLY_PHASE1";
  const m = /^(?:phase ?)?(\d|i{1,3}|iv)(?: ?(?:\/|-|and) ?(?:phase ?)?(\d|i{1,3}|iv))?$/.exec(s);
  if (!m) return undefined;
  const a = ROMAN[m[1]] ?? m[1];
  const b = m[2] === undefined ? undefined : ROMAN[m[2]] ?? m[2];
  if (!/^[1-4]$/.test(a) || (b !== undefined && !/^[1-4]$/.test(b))) return undefined;
  return b === undefined ? `PHASE${a}` : `PHASE${a}/PHASE${b}`;
}

/** Mark a parameter required (keeps the literal so the client's parameter type makes it required). */
export function required<D extends ParamDef>(d: D): D & { readonly required: true } {
  return { ...d, required: true };
}

/** Page number (default 1, min 1). */
export const page: ParamDef<z.ZodNumber> = int("page number", 1, undefined, { default: 1 });

/** Page size with the endpoint's documented range and default (PITFALLS 30). */
export function limit(max: number, dflt: number, min = 1): ParamDef<z.ZodNumber> {
  return int(`page size / cap, ${min}-${max}`, min, max, { default: dflt, pitfalls: [30] });
}

/** Sort order (asc, desc; default desc). */
export const order: ParamDef<z.ZodType<"asc" | "desc", string>> = oneOf(
  "sort order",
  ["asc", "desc"] as const,
  {
    default: "desc",
  },
);
