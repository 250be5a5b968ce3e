/**
 * The Research Intelligence Data Service client. Methods are derived from the endpoint catalogue;
 * parameters are validated and normalised before anything is sent; list results carry the exact
 * total, provenance and warnings for the interface's silent traps.
 *
 * @example
 * ```ts ignore
 * import { createClient } from "./mod.ts";
 *
 * const ri = createClient(); // RI_BASE_URL and RI_API_KEY from the environment
 * const page = await ri.trials.search({ search: "lung cancer", status: "recruiting" });
 * const all = await ri.trials.search.all({ search: "lung cancer" });
 * for await (const row of ri.medicare.search.iterate({ efo_id: "EFO_0000311" })) console.log(row.generic_name);
 * console.log(page.total, all.meta.complete, all.meta.warnings);
 * ```
 *
 * @module
 */
export * from "./client.ts";
export * from "./errors.ts";
export * from "./result.ts";
export * from "./types.ts";
export { DEFAULT_RETRY, type RetryOptions } from "./retry.ts";
export type { AllOptions } from "./paginate.ts";
export type { RequestOptions } from "./request.ts";
export type { CacheOptions } from "./cache.ts";
export type { ParamsOf, ResponseOf } from "./catalogue.ts";
export { ENDPOINTS } from "./endpoints/mod.ts";
export { endpointTable } from "./docs.ts";
export * from "./approvals.ts";
