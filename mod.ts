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
 * This module re-exports the first six parts; each is also its own entry point:
 *
 * - `/client`: the typed service client (`createClient`), its errors, results and endpoint catalogue.
 * - `/frames`: rows to typed Polars DataFrames, provenance, keys, CSV/Parquet export.
 * - `/analyses`: the ten analyses (`portfolioOverlap`, `catalystCalendar`, …), each returning frames
 *   with the definitions of their derived columns.
 * - `/charts`: Observable Plot charts of each analysis, rendered headless to SVG/PNG or shown in notebooks.
 * - `/sandbox`: the embedded sandbox service over SQLite (`startSandbox`), synthetic or imported data.
 * - `/watch`: snapshots of watchlists, their diffs and change reports.
 * - `/mcp`: the analyses as tools for AI assistants (an MCP server over stdio or HTTP).
 *
 * @module
 */
export * from "./lib/client/mod.ts";
export * from "./lib/frames/mod.ts";
export * from "./lib/analyses/mod.ts";
export * from "./lib/charts/mod.ts";
export * from "./lib/sandbox/mod.ts";
export * from "./lib/watch/mod.ts";
