/**
 * The Research Intelligence Data Service client. Methods are derived from the endpoint catalogue;
 * parameters are validated and normalised before anything is sent; list results carry the exact
 * total, provenance and warnings for the interface's silent traps.
 *
 * @example Against the local sandbox (any service URL and key work the same way)
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "@research-intel/toolkit/client";
 * import { startSandbox } from "@research-intel/toolkit/sandbox";
 *
 * await using sb = await startSandbox({ quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }); // default: RI_BASE_URL, RI_API_KEY
 * const page = await ri.trials.search({ search: "lung cancer", status: "recruiting" });
 * const all = await ri.trials.search.all({ search: "lung cancer", status: "recruiting" });
 * assert.equal(all.rows.length, page.total);
 * assert.equal(all.meta.appliedSort, "relevance");
 * const empty = await ri.medicare.search({ search: "atorva" }); // partial names match nothing
 * assert.equal(empty.meta.warnings[0].code, "not-evidence-of-absence");
 * ```
 *
 * @module
 */
export * from "./client.ts";
export {
  checkApiKey,
  isLoopback,
  type ReadConfigOptions,
  readServiceConfig,
  ServiceConfig,
  serviceConfigOrExit,
} from "./config.ts";
export * from "./errors.ts";
export * from "./result.ts";
export * from "./types.ts";
export { DEFAULT_RETRY, type RetryOptions } from "./retry.ts";
export type { AllOptions } from "./paginate.ts";
export type { RequestOptions } from "./request.ts";
export type { CacheOptions } from "./cache.ts";
export type {
  Check,
  Endpoint,
  Envelope,
  Guard,
  Pagination,
  ParamsOf,
  ReqKeys,
  ResponseOf,
  Simplify,
} from "./catalogue.ts";
export type { ParamDef, ParamIn, ParamKind } from "./params.ts";
export { ENDPOINTS } from "./endpoints/mod.ts";
export { endpointTable } from "./docs.ts";
export * from "./approvals.ts";
export * from "./contract.ts";
export { contractTable } from "./contract_table.ts";
export type { Tier } from "./schemas/vocab.ts";
export { TIERS } from "./schemas/vocab.ts";
export type * from "./schemas/_rows.gen.ts";
export type { Catalogue } from "./endpoints/_catalogue.gen.ts";
export type { Probe } from "./catalogue.ts";
export type * from "./standard_schema.ts";
