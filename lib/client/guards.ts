/**
 * Client-side validation, run before any request is sent: unknown parameter names (with a "did you
 * mean"), each parameter's catalogue `guard` (normalising CURIEs, statuses, phases, NCT ids, LEIs,
 * `Date`s, arrays…), required parameters, the endpoint's cross-parameter `checks`, parameters the
 * service rejects, and the endpoint's `fixed` parameters (always sent).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { prepare } from "./guards.ts";
 * import { ENDPOINTS } from "./endpoints/mod.ts";
 *
 * const p = prepare(ENDPOINTS["trials.search"], { disease_id: "efo_0000311", status: "recruiting" });
 * assert.ok(p.sent.disease_id === "EFO:0000311" && p.sent.status === "RECRUITING");
 * ```
 *
 * @module
 */
import type { Endpoint } from "./catalogue.ts";
import { ValidationError } from "./errors.ts";
import type { ParamDef } from "./params.ts";
import { asZod } from "./_zod.ts";

/** A validated, normalised request, ready for the wire. */
export interface Prepared {
  /** Path with path parameters filled in (URL-encoded). */
  readonly path: string;
  /** Query parameters as wire strings, in a stable order. */
  readonly query: readonly (readonly [string, string])[];
  /** JSON body (POST endpoints), else undefined. */
  readonly body?: Readonly<Record<string, unknown>>;
  /** Every parameter as sent, after normalisation (for provenance and checks). */
  readonly sent: Readonly<Record<string, unknown>>;
}

/** Show a value in a message: JSON, shortened. */
export function show(v: unknown): string {
  let s: string;
  try {
    s = v instanceof Date
      ? `Date(${Number.isNaN(v.getTime()) ? "invalid" : v.toISOString()})`
      : JSON.stringify(v);
  } catch {
    s = String(v);
  }
  s ??= String(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** Longest name a user gives (a sponsor, a disease, a watched item's name). */
export const MAX_NAME = 200;
/** Longest path a user gives (an output folder, a store). */
export const MAX_PATH = 1024;
/** Longest value of one request parameter (free text included). */
export const MAX_PARAM = 1000;

// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/**
 * What is wrong with a text the user gave — a control character (a NUL above all: it ends a C string, so a
 * file name or a query would be cut there) or more than `max` characters — or `undefined`. The one rule
 * for every name, path and parameter (the client's parameters, the report's flags, the watchlist, the
 * sandbox's validation); the message never quotes the text: quote {@link prefixOf} it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { prefixOf, textProblem } from "./guards.ts";
 * assert.equal(textProblem("Pfizer", 200), undefined);
 * assert.equal(textProblem("a\u0000b", 200), "contains the control character U+0000 at 2");
 * assert.equal(textProblem("x".repeat(300), 200), "is 300 characters long (at most 200)");
 * assert.equal(prefixOf("x".repeat(300)), `"${"x".repeat(24)}"… (300 characters)`);
 * ```
 */
export function textProblem(text: string, max: number): string | undefined {
  const at = text.search(CONTROL);
  if (at >= 0) {
    return `contains the control character U+${
      text.charCodeAt(at).toString(16).toUpperCase().padStart(4, "0")
    } at ${at + 1}`;
  }
  if (text.length > max) return `is ${text.length} characters long (at most ${max})`;
  return undefined;
}

/** A short quotable prefix of `text` (JSON-quoted, control characters escaped). */
export function prefixOf(text: string, n = 24): string {
  return text.length > n
    ? `${JSON.stringify(text.slice(0, n))}… (${text.length} characters)`
    : JSON.stringify(text);
}

/** Edit distance (Levenshtein) between two strings. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]++;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

/** The closest known name to `name` (case and `_`/`-` insensitive, then edit distance), if close enough. */
export function didYouMean(name: string, known: readonly string[]): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[_-]/g, "");
  const exact = known.find((k) => norm(k) === norm(name));
  if (exact) return exact;
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(norm(name), norm(k));
    if (d < bestD) [best, bestD] = [k, d];
  }
  return bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function wire(v: unknown): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return Array.isArray(v) ? v.join(",") : String(v);
}

/**
 * Validate and normalise `params` for `ep`. Throws {@link ValidationError} naming the parameter, the
 * value, the rule and the fix; never touches the network.
 */
export function prepare(ep: Endpoint, params: unknown): Prepared {
  const ctx = { endpoint: ep.name, method: ep.method, path: ep.path };
  const fail = (parameter: string, value: unknown, message: string): never => {
    throw new ValidationError(message, { ...ctx, parameter, value });
  };
  if (params !== undefined && (params === null || typeof params !== "object" || Array.isArray(params))) {
    fail(
      "params",
      params,
      `Parameters of ${ep.name} must be an object of named parameters, got ${show(params)}`,
    );
  }
  const given = (params ?? {}) as Record<string, unknown>;
  const known = Object.keys(ep.params);
  const sent: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    const def = (ep.params as Record<string, ParamDef>)[name];
    if (def === undefined) {
      if (ep.rejects?.includes(name)) {
        fail(
          name,
          value,
          `Parameter '${name}' is not accepted by ${ep.name} (the service answers 400); remove it`,
        );
      }
      if (ep.fixed && name in ep.fixed) {
        fail(
          name,
          value,
          `Parameter '${name}' of ${ep.name} is always sent as ${ep.fixed[name]} by the client; remove it`,
        );
      }
      const hint = didYouMean(name, known);
      fail(
        name,
        value,
        `Unknown parameter '${name}' for ${ep.name} (the service would silently ignore it); ` +
          (hint ? `did you mean '${hint}'?` : `known parameters: ${known.join(", ") || "none"}`),
      );
    }
    if (value === null) fail(name, value, `Parameter '${name}' of ${ep.name} is null; omit it instead`);
    for (const text of typeof value === "string" ? [value] : Array.isArray(value) ? value : []) {
      const problem = typeof text === "string" ? textProblem(text, MAX_PARAM) : undefined;
      if (problem) {
        fail(
          name,
          prefixOf(text),
          `Parameter '${name}' = ${prefixOf(text)} of ${ep.name} ${problem}; shorten or fix it`,
        );
      }
    }
    const r = asZod(def.guard).safeParse(value);
    if (!r.success) {
      const rule = r.error.issues.map((i) => i.message).join("; ");
      fail(
        name,
        value,
        `Parameter '${name}' = ${show(value)} of ${ep.name} is invalid: ${rule} (${def.doc})`,
      );
    }
    sent[name] = r.data;
  }
  for (const [name, def] of Object.entries(ep.params as Record<string, ParamDef>)) {
    if (def.required && sent[name] === undefined) {
      fail(name, undefined, `Parameter '${name}' of ${ep.name} is required: ${def.doc}`);
    }
  }
  for (const check of ep.checks ?? []) {
    if (!check.ok(sent)) {
      const vals = check.params.filter((p) => sent[p] !== undefined).map((p) => `${p}=${show(sent[p])}`);
      fail(
        check.params.join(","),
        Object.fromEntries(check.params.map((p) => [p, sent[p]])),
        `Invalid combination for ${ep.name}${vals.length ? ` (${vals.join(", ")})` : ""}: ${check.message}`,
      );
    }
  }
  Object.assign(sent, ep.fixed ?? {});
  let path = ep.path;
  const query: [string, string][] = [];
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(sent)) {
    const def = (ep.params as Record<string, ParamDef>)[name];
    const where = def?.in ?? "query";
    if (where === "path") path = path.replace(`:${name}`, encodeURIComponent(wire(value)));
    else if (where === "body") body[name] = value;
    else query.push([name, wire(value)]);
  }
  return { path, query, sent, ...(ep.method === "POST" ? { body } : {}) };
}
