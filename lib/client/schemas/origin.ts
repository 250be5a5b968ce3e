/**
 * Where each response field comes from — the one marking the sandbox profiles, the client's
 * tolerance, the contract check and the docs read.
 *
 * - **spec-named**: the spec gives the field's name. Required, typed and validated strictly.
 * - **sandbox-chosen**: the spec says "not shown" and the sandbox picked a name and shape. Marked with
 *   {@link chosen}: optional, never a reason to reject a response. The real service may not send it, or
 *   may spell it differently (`startDate` for `start_date`).
 *
 * The walkers below read the catalogue's zod response schemas (zod 4 definitions) and a parsed body:
 * {@link stripChosen} (the sandbox's `spec-minimal` profile), {@link respellChosen} (its `variant`
 * profile), {@link acceptSpellings} (the client reads an alternative spelling of a declared field as
 * the declared one) and {@link auditFields} (which declared fields a body carries; the contract check
 * and the `field-absent` warning).
 *
 * @module
 */
import type { z } from "zod";

/** Where a response field's name comes from. */
export type FieldOrigin = "spec" | "sandbox";

/**
 * Mark a response field the spec does not name: optional, and dropped by the `spec-minimal` profile.
 *
 * @param schema The field's schema as the sandbox serves it.
 * @returns The same schema, optional, marked sandbox-chosen.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import { chosen, originOf } from "./origin.ts";
 * const Row = z.looseObject({ id: z.string(), sponsors: chosen(z.array(z.string())) });
 * assert.equal(originOf(Row.shape.sponsors), "sandbox");
 * assert.equal(originOf(Row.shape.id), "spec");
 * assert.ok(Row.safeParse({ id: "x" }).success);
 * ```
 */
export function chosen<T extends z.ZodType>(schema: T): z.ZodOptional<T> {
  return schema.optional().meta({ origin: "sandbox" });
}

// deno-lint-ignore no-explicit-any
type Any = any;
const WRAPPERS = new Set(["optional", "nullable", "default", "readonly", "catch", "prefault", "nonoptional"]);

/** The origin of a field schema (the marking may sit on any wrapper layer). */
export function originOf(schema: z.ZodType): FieldOrigin {
  let s: Any = schema;
  for (;;) {
    if (s.meta?.()?.origin === "sandbox") return "sandbox";
    const type = s._zod.def.type as string;
    if (WRAPPERS.has(type)) s = s._zod.def.innerType;
    else if (type === "pipe") s = s._zod.def.in;
    else return "spec";
  }
}

/**
 * Mark a sandbox-chosen field an analysis reads only to save requests (its absence changes no answer):
 * like {@link chosen}, but a service that never sends it gets no `field-absent` warning.
 *
 * @param schema The field's schema as the sandbox serves it.
 * @returns The same schema, optional, marked sandbox-chosen and a hint.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import { auditFields, hint, originOf } from "./origin.ts";
 * const Row = z.looseObject({ id: z.string(), chain: hint(z.array(z.string())) });
 * assert.equal(originOf(Row.shape.chain), "sandbox");
 * assert.deepEqual([...auditFields(z.array(Row), [{ id: "x" }]).hints], ["[].chain"]);
 * ```
 */
export function hint<T extends z.ZodType>(schema: T): z.ZodOptional<T> {
  return schema.optional().meta({ origin: "sandbox", hint: true });
}

const isHint = (schema: z.ZodType): boolean => {
  let s: Any = schema;
  for (;;) {
    if (s.meta?.()?.hint === true) return true;
    const type = s._zod.def.type as string;
    if (WRAPPERS.has(type)) s = s._zod.def.innerType;
    else if (type === "pipe") s = s._zod.def.in;
    else return false;
  }
};

/** The schema under optional/nullable/default/pipe wrappers. */
function core(schema: Any): Any {
  let s = schema;
  for (;;) {
    const type = s._zod.def.type as string;
    if (WRAPPERS.has(type)) s = s._zod.def.innerType;
    else if (type === "pipe") s = s._zod.def.in;
    else return s;
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Visitors of {@link mapObjects}: `pre` before the children are visited, `post` after. */
export interface Visit {
  readonly pre?: (shape: Record<string, Any>, obj: Record<string, unknown>, path: string) => void;
  readonly post?: (shape: Record<string, Any>, obj: Record<string, unknown>, path: string) => void;
}

/**
 * Walk `value` along `schema`, visiting every object the schema declares. With `copy`, the visitors
 * see (and the result is) a copy; without it they see and may change `value` itself (a freshly
 * parsed body the caller owns), which costs no allocation on the client's hot path.
 */
export function mapObjects(schema: Any, value: unknown, visit: Visit, path: string, copy: boolean): unknown {
  const s = core(schema);
  const type = s._zod.def.type as string;
  if (type === "object" && isPlain(value)) {
    const shape = s._zod.def.shape as Record<string, Any>;
    const obj = copy ? { ...value } : value;
    visit.pre?.(shape, obj, path);
    for (const key of Object.keys(shape)) {
      if (key in obj) obj[key] = mapObjects(shape[key], obj[key], visit, path ? `${path}.${key}` : key, copy);
    }
    visit.post?.(shape, obj, path);
    return obj;
  }
  if (type === "array" && Array.isArray(value)) {
    const out = copy ? new Array(value.length) : value;
    for (let i = 0; i < value.length; i++) {
      out[i] = mapObjects(s._zod.def.element, value[i], visit, `${path}[]`, copy);
    }
    return out;
  }
  if (type === "record" && isPlain(value)) {
    const out = copy ? { ...value } : value;
    for (const k of Object.keys(out)) {
      out[k] = mapObjects(s._zod.def.valueType, out[k], visit, `${path}.*`, copy);
    }
    return out;
  }
  return value;
}

/** `totalUniqueDrugs` for `total_unique_drugs` (a leading `_` is kept). */
export function camelCase(key: string): string {
  return key.replace(/(?<=[A-Za-z0-9])_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `hierarchy_level` for `hierarchyLevel`. */
export function snakeCase(key: string): string {
  return key.replace(/(?<=[a-z0-9])([A-Z])/g, (_, c: string) => `_${c.toLowerCase()}`);
}

/** The other obvious spellings of a field name (camelCase ↔ snake_case). */
export function spellings(key: string): string[] {
  return [...new Set([camelCase(key), snakeCase(key)])].filter((k) => k !== key);
}

/**
 * Drop every sandbox-chosen field from a body (the sandbox's `spec-minimal` profile).
 *
 * @param schema The endpoint's response schema.
 * @param body A body the schema describes.
 * @returns A copy with only the spec-named fields (and keys the schema does not declare).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import { chosen, stripChosen } from "./origin.ts";
 * const S = z.looseObject({ data: z.array(z.looseObject({ id: z.string(), extra: chosen(z.number()) })) });
 * assert.deepEqual(stripChosen(S, { data: [{ id: "a", extra: 1 }] }), { data: [{ id: "a" }] });
 * ```
 */
export function stripChosen(schema: z.ZodType, body: unknown): unknown {
  return mapObjects(
    schema,
    body,
    {
      post(shape, obj) {
        for (const key of Object.keys(shape)) if (originOf(shape[key]) === "sandbox") delete obj[key];
      },
    },
    "",
    true,
  );
}

/**
 * Re-spell every sandbox-chosen field (snake_case ↔ camelCase; the sandbox's `variant` profile).
 *
 * @param schema The endpoint's response schema.
 * @param body A body the schema describes.
 * @returns A copy whose sandbox-chosen keys are spelled the other way.
 */
export function respellChosen(schema: z.ZodType, body: unknown): unknown {
  return mapObjects(
    schema,
    body,
    {
      post(shape, obj) {
        for (const key of Object.keys(shape)) {
          const alt = spellings(key)[0];
          if (alt === undefined || !(key in obj) || originOf(shape[key]) !== "sandbox") continue;
          obj[alt] = obj[key];
          delete obj[key];
        }
      },
    },
    "",
    true,
  );
}

/**
 * Read an alternative spelling of a declared field as the declared one (`startDate` → `start_date`
 * where the schema declares `start_date` and the body lacks it). The client applies this before it
 * validates, so a service that spells a field the other obvious way still works.
 *
 * @param schema The endpoint's response schema.
 * @param body The parsed body (changed in place: pass a body you own).
 * @returns The body, with declared spellings.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import { acceptSpellings } from "./origin.ts";
 * const S = z.looseObject({ start_date: z.string() });
 * assert.deepEqual(acceptSpellings(S, { startDate: "2024-01-02" }), { start_date: "2024-01-02" });
 * ```
 */
export function acceptSpellings(schema: z.ZodType, body: unknown): unknown {
  return mapObjects(
    schema,
    body,
    {
      pre(shape, obj) {
        for (const key of Object.keys(shape)) {
          if (key in obj) continue;
          const alt = spellings(key).find((k) => k in obj && !(k in shape));
          if (alt === undefined) continue;
          obj[key] = obj[alt];
          delete obj[alt];
        }
      },
    },
    "",
    false,
  );
}

/** Which declared fields a body carries, by origin (paths like `data[].sponsors`). */
export interface FieldAudit {
  /** Spec-named fields present (in at least one instance). */
  readonly specPresent: Set<string>;
  /** Spec-named fields absent wherever their parent object appeared. */
  readonly specMissing: Set<string>;
  /** Sandbox-chosen fields present. */
  readonly chosenPresent: Set<string>;
  /** Sandbox-chosen fields absent wherever their parent object appeared. */
  readonly chosenMissing: Set<string>;
  /** Keys no schema declares (the real service's extras). */
  readonly unknown: Set<string>;
  /** Sandbox-chosen fields marked {@link hint} (their absence is no `field-absent` warning). */
  readonly hints: Set<string>;
}

/** An empty audit, to merge several into. */
export function emptyAudit(): FieldAudit {
  return {
    specPresent: new Set(),
    specMissing: new Set(),
    chosenPresent: new Set(),
    chosenMissing: new Set(),
    unknown: new Set(),
    hints: new Set(),
  };
}

/**
 * Audit which declared fields `body` carries. A field counts as present when any instance has it
 * (an array of rows) and as missing only when no instance has it; `into` merges several bodies.
 *
 * @param schema The endpoint's response schema.
 * @param body The parsed body.
 * @param into An audit to add to.
 * @returns The audit.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import { auditFields, chosen } from "./origin.ts";
 * const S = z.looseObject({ data: z.array(z.looseObject({ id: z.string(), extra: chosen(z.number()) })) });
 * const a = auditFields(S, { data: [{ id: "a", other: true }] });
 * assert.deepEqual([...a.chosenMissing], ["data[].extra"]);
 * assert.deepEqual([...a.unknown], ["data[].other"]);
 * ```
 */
export function auditFields(schema: z.ZodType, body: unknown, into: FieldAudit = emptyAudit()): FieldAudit {
  mapObjects(
    schema,
    body,
    {
      pre(shape, obj, path) {
        const at = (k: string) => (path ? `${path}.${k}` : k);
        for (const key of Object.keys(shape)) {
          const p = at(key);
          const sandbox = originOf(shape[key]) === "sandbox";
          const [present, missing] = sandbox
            ? [into.chosenPresent, into.chosenMissing]
            : [into.specPresent, into.specMissing];
          if (key in obj && obj[key] !== undefined) {
            present.add(p);
            missing.delete(p);
          } else if (!present.has(p)) missing.add(p);
          if (sandbox && isHint(shape[key])) into.hints.add(p);
        }
        for (const key of Object.keys(obj)) if (!(key in shape)) into.unknown.add(at(key));
      },
    },
    "",
    false,
  );
  return into;
}

/** A declared field: its path, its origin, and whether a body may leave it out. */
export interface DeclaredField {
  /** Path like `data[].sponsors`. */
  readonly path: string;
  /** Where its name comes from. */
  readonly origin: FieldOrigin;
  /** True when the schema accepts a body without it (every sandbox-chosen field, some spec-named ones). */
  readonly optional: boolean;
}

/** Every declared field path of a schema with its origin (the docs table and the contract check). */
export function declaredFields(schema: z.ZodType): DeclaredField[] {
  const out: DeclaredField[] = [];
  const walk = (s: Any, path: string, seen: Set<Any>): void => {
    const c = core(s);
    if (seen.has(c)) return;
    const type = c._zod.def.type as string;
    if (type === "object") {
      const shape = c._zod.def.shape as Record<string, Any>;
      for (const [k, v] of Object.entries(shape)) {
        const p = path ? `${path}.${k}` : k;
        out.push({ path: p, origin: originOf(v), optional: v.safeParse(undefined).success });
        walk(v, p, new Set([...seen, c]));
      }
    } else if (type === "array") walk(c._zod.def.element, `${path}[]`, seen);
    else if (type === "record") walk(c._zod.def.valueType, `${path}.*`, seen);
  };
  walk(schema, "", new Set());
  return out;
}
