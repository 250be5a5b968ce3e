/**
 * Parameter validation derived from the catalogue: coerce each raw value by its `kind`, run the
 * `wire` schema, fill documented defaults, reject `rejects` parameters and broken `checks` that the
 * service answers with an error, and a control character (a NUL above all) in any value as malformed — it
 * is never cut at the NUL and matched on the rest. Unknown parameters are ignored, as the real service does.
 *
 * @module
 */
import type { Endpoint } from "../../client/catalogue.ts";
import type { ParamDef } from "../../client/params.ts";
import { asZod } from "../../client/_zod.ts";
import { SandboxError } from "../handler.ts";
import { invalidParameter } from "./_http.ts";
import { textProblem } from "../../client/guards.ts";

/** Validated parameters. */
export interface Validated {
  /** Coerced, validated values with defaults filled in. */
  readonly params: Record<string, unknown>;
  /** Names the caller sent. */
  readonly given: Set<string>;
}

/** Raw inputs of a request. */
export interface RawInputs {
  /** Query string. */
  readonly query: URLSearchParams;
  /** Path parameters, decoded. */
  readonly path: Readonly<Record<string, string>>;
  /** Parsed JSON body (POST), or undefined. */
  readonly body?: Readonly<Record<string, unknown>>;
}

const INT_RE = /^[+-]?\d+$/;
const NUM_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Coerce a raw string by kind; throws a 400 naming the parameter when it cannot. */
function coerceString(name: string, def: ParamDef, raw: string): unknown {
  switch (def.kind) {
    case "integer":
      if (!INT_RE.test(raw.trim())) throw invalidParameter(name, raw, "must be a whole number");
      return Number(raw.trim());
    case "number":
      if (!NUM_RE.test(raw.trim())) throw invalidParameter(name, raw, "must be a number");
      return Number(raw.trim());
    case "boolean": {
      const v = raw.trim().toLowerCase();
      if (v !== "true" && v !== "false") throw invalidParameter(name, raw, "must be true or false");
      return v === "true";
    }
    case "truthy":
      // The service's quirk (PITFALLS 7): any non-empty string is true, including "false".
      return raw.length > 0;
    default:
      return raw;
  }
}

/** A NUL or another control character is malformed in any parameter (a C string would end at a NUL). */
function checkControl(name: string, raw: unknown): void {
  const strings = typeof raw === "string"
    ? [raw]
    : Array.isArray(raw)
    ? raw.filter((v) => typeof v === "string")
    : [];
  for (const v of strings) {
    // The client's rule (lib/client/guards.ts), without its length bound: the service states none.
    const problem = textProblem(v, Infinity);
    if (problem) throw invalidParameter(name, v.slice(0, 40), `${problem}; remove it`);
  }
}

function coerce(name: string, def: ParamDef, raw: unknown): unknown {
  checkControl(name, raw);
  if (typeof raw === "string") return coerceString(name, def, raw);
  if (def.kind === "truthy") return Boolean(raw);
  if (def.kind === "csv" && Array.isArray(raw)) return raw.join(",");
  return raw;
}

function rawValue(name: string, def: ParamDef, inputs: RawInputs): unknown {
  if (def.in === "path") return inputs.path[name];
  if (def.in === "body") {
    const v = inputs.body?.[name];
    return v === null ? undefined : v;
  }
  return inputs.query.get(name) ?? undefined;
}

/**
 * Validate a request's parameters against an endpoint.
 *
 * @throws {SandboxError} 400 for an invalid, missing or rejected parameter; the check's status for a
 * broken cross-parameter check that the service enforces.
 */
export function validate(endpoint: Endpoint, inputs: RawInputs): Validated {
  const params: Record<string, unknown> = {};
  const given = new Set<string>();
  for (const name of endpoint.rejects ?? []) {
    if (inputs.query.has(name)) {
      throw new SandboxError(
        400,
        "rejected_parameter",
        `Parameter '${name}' is not accepted by ${endpoint.path}; remove it`,
        { parameter: name },
      );
    }
  }
  for (const [name, def] of Object.entries(endpoint.params)) {
    const raw = rawValue(name, def, inputs);
    if (raw === undefined) {
      if (def.required) {
        throw new SandboxError(400, "missing_parameter", `Missing required parameter '${name}'`, {
          parameter: name,
        });
      }
      if (def.default !== undefined) params[name] = def.default;
      continue;
    }
    given.add(name);
    const value = coerce(name, def, raw);
    const res = asZod(def.wire).safeParse(value);
    if (!res.success) {
      const rule = res.error.issues.map((i) => i.message).join("; ");
      throw invalidParameter(name, raw, rule);
    }
    params[name] = res.data;
  }
  for (const check of endpoint.checks ?? []) {
    if (check.server === undefined || check.ok(params)) continue;
    const status = check.server;
    throw new SandboxError(
      status,
      status === 500 ? "internal_error" : "invalid_combination",
      check.message.charAt(0).toUpperCase() + check.message.slice(1),
      { parameter: check.params.join(",") },
    );
  }
  return { params, given };
}
