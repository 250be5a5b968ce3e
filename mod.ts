/**
 * Research Intelligence toolkit: a typed client for the Research Intelligence Data Service, analyses
 * that return Polars DataFrames, Observable Plot charts for Deno notebooks, and an embedded sandbox
 * service with synthetic data.
 *
 * ```ts ignore
 * import { catalystCalendar, createClient, startSandbox } from "@research-intel/toolkit";
 *
 * const sandbox = await startSandbox({ seed: 42, scale: "tiny" }); // omit to use RI_BASE_URL / RI_API_KEY
 * const ri = createClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.pro });
 * const calendar = await catalystCalendar(ri, { sponsors: ["Pfizer", "Novartis"], windowDays: 730 });
 * await sandbox.close();
 * ```
 *
 * Subpath exports: `/client`, `/frames`, `/analyses`, `/charts`, `/sandbox`, `/watch`.
 *
 * @module
 */
export * from "./lib/client/mod.ts";
export * from "./lib/frames/mod.ts";
export * from "./lib/analyses/mod.ts";
export * from "./lib/charts/mod.ts";
export * from "./lib/sandbox/mod.ts";
export * from "./lib/watch/mod.ts";
