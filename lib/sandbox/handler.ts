/**
 * The contract between the sandbox server (routing, auth, tiers, quotas, validation, faults) and
 * the per-domain handlers in `handlers/`. The server validates parameters with the catalogue's
 * `wire` schemas before a handler runs, so a handler sees typed values with documented defaults.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { Tier } from "../client/schemas/vocab.ts";

/** The tenant that made the request. */
export interface Tenant {
  /** Stable tenant id (never the key). */
  readonly id: string;
  /** Workspace tier. */
  readonly tier: Tier;
}

/** What a handler gets. */
export interface HandlerContext {
  /** The SQLite store. */
  readonly db: DatabaseSync;
  /** The reference "today" of the data (YYYY-MM-DD); catalyst windows and days_to_event use it. */
  readonly today: string;
  /** Wire parameters after coercion and validation, with documented defaults filled in. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Parameter names the caller actually sent (query, path or body). */
  readonly given: ReadonlySet<string>;
  /** Raw query string, for quirks that depend on the unvalidated value. */
  readonly query: URLSearchParams;
  /** The calling tenant. */
  readonly tenant: Tenant;
  /** Current time (injectable clock). */
  readonly now: () => Date;
}

/**
 * A handler returns the JSON body of a 200 answer, or throws {@link SandboxError}. An override (the
 * `handlers` option) may also return a `Response`, sent as it is: a test's chosen status, body and
 * headers, after the real routing, auth, tier, quota and parameter checks.
 */
export type Handler = (ctx: HandlerContext) => unknown;

/** An error answer: status plus a JSON error body naming the parameter or input. */
export class SandboxError extends Error {
  /** HTTP status. */
  readonly status: number;
  /** Machine-readable code, e.g. `invalid_parameter`, `unresolved_entity`, `not_found`. */
  readonly code: string;
  /** Offending parameter, when one is at fault. */
  readonly parameter?: string;
  /** The unresolvable input, for `unresolved_entity`. */
  readonly input?: string;

  /** Create an error answer. */
  constructor(
    status: number,
    code: string,
    message: string,
    extra: { parameter?: string; input?: string } = {},
  ) {
    super(message);
    this.name = "SandboxError";
    this.status = status;
    this.code = code;
    if (extra.parameter !== undefined) this.parameter = extra.parameter;
    if (extra.input !== undefined) this.input = extra.input;
  }
}

/** 500 for an entity the service cannot resolve, naming the input (spec 4.1, 4.8). */
export function unresolved(parameter: string, input: string): SandboxError {
  return new SandboxError(500, "unresolved_entity", `Could not resolve ${parameter} '${input}'`, {
    parameter,
    input,
  });
}

/** 404 for an unknown id. */
export function notFound(what: string, id: string): SandboxError {
  return new SandboxError(404, "not_found", `No ${what} with id '${id}'`, { input: id });
}

/** Offset of a page (pages are 1-based). */
export function offsetOf(
  params: Readonly<Record<string, unknown>>,
): { limit: number; offset: number; page: number } {
  const page = Number(params.page ?? 1);
  const limit = Number(params.limit ?? 20);
  return { page, limit, offset: (page - 1) * limit };
}

/** Implicit list body: `{data, meta: {totalItems, page, limit, ...extra}}`. */
export function listBody(
  rows: unknown[],
  totalItems: number,
  params: Readonly<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
): { data: unknown[]; meta: Record<string, unknown> } {
  const { page, limit } = offsetOf(params);
  return { data: rows, meta: { totalItems, page, limit, ...extra } };
}

/** Flagged body: `{success: true, data, meta?}`. */
export function flaggedBody(data: unknown, meta?: Record<string, unknown>): Record<string, unknown> {
  return meta === undefined ? { success: true, data } : { success: true, data, meta };
}

/** Handlers by catalogue endpoint name. */
export type HandlerTable = Readonly<Record<string, Handler>>;
