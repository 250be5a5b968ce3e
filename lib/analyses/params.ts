/**
 * The parameters of the analyses as zod schemas: what each analysis checks on entry
 * ({@linkcode checkParams}, before any request) and what the MCP server publishes as its tools' input
 * schemas. One definition: the descriptions are the ones an assistant reads, and the types are tied to
 * the analyses' parameter interfaces at compile time (a field added to one and not the other fails
 * `deno check`).
 *
 * @example A list given as one string is named, with the fix
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkParams } from "./params.ts";
 * assert.throws(
 *   () => checkParams("portfolioOverlap", { sponsors: "Pfizer", condition: "asthma" }),
 *   /portfolioOverlap: sponsors must be a list, got "Pfizer"; pass \["Pfizer"\]/,
 * );
 * ```
 *
 * @module
 */
import { badInput } from "../client/errors.ts";
import { SCHEMAS } from "./_params_schemas.ts";
import type { StandardSchemaV1 } from "../client/standard_schema.ts";

/** An analysis's function name. */
export type AnalysisName =
  | "portfolioOverlap"
  | "catalystCalendar"
  | "targetPrioritization"
  | "regulatoryLandscape"
  | "patentTrends"
  | "diseaseComparison"
  | "medicareSpending"
  | "researcherOutput"
  | "sponsorScan"
  | "lossOfExclusivity"
  | "phaseTransitions"
  | "pipelineOutlook";

/**
 * Schema of each analysis's parameters, by the analysis's function name (MCP tools' input schemas): zod
 * object schemas, named by the Standard Schema interface they implement.
 */
export const ANALYSIS_PARAMS: Readonly<Record<AnalysisName, StandardSchemaV1>> = SCHEMAS;

/** A type name with its article: `a string`, `an array`. */
const article = (t: string): string => `${/^[aeiou]/.test(t) ? "an" : "a"} ${t}`;

const shown = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
};

/**
 * Checks an analysis's parameters against its schema before any request: the first problem becomes a
 * `TypeError` (wrong type) or `RangeError` (out of range) marked as bad input, naming the analysis, the
 * parameter, the value (a short prefix) and the fix.
 *
 * @param analysis The analysis's function name.
 * @param params Its parameters, as the caller gave them.
 * @throws {TypeError | RangeError} When a parameter does not fit.
 */
export function checkParams(analysis: AnalysisName, params: unknown): void {
  const r = SCHEMAS[analysis].safeParse(params ?? {});
  if (r.success) return;
  const issue = r.error.issues[0];
  const field = issue.path.map(String).join(".") || "(parameters)";
  let value: unknown = params;
  for (const k of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[k];
  if (issue.code === "invalid_type" && issue.expected === "array" && value !== undefined) {
    throw badInput(
      new TypeError(`${analysis}: ${field} must be a list, got ${shown(value)}; pass [${shown(value)}]`),
    );
  }
  if (issue.code === "too_big" && Array.isArray(value)) {
    throw badInput(
      new RangeError(
        `${analysis}: ${field} lists ${value.length} items, at most ${issue.maximum} allowed; ` +
          `split the list into runs of ${issue.maximum} or fewer`,
      ),
    );
  }
  const range = issue.code === "too_big" || issue.code === "too_small";
  const said = issue.message.replace(/^Invalid input: /, "");
  const message = issue.code === "invalid_type"
    ? value === undefined
      ? `${analysis}: ${field} is required (${article(issue.expected)})`
      : `${analysis}: ${field} must be ${article(issue.expected)}, got ${shown(value)}`
    : `${analysis}: ${field} ${said[0].toLowerCase()}${said.slice(1)}` +
      (value === undefined ? "" : `, got ${shown(value)}`);
  throw badInput(range ? new RangeError(message) : new TypeError(message));
}
