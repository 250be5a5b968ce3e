/**
 * Where a report's data came from, in words for its header: what the data are, never a loopback address
 * and port ("embedded sandbox, synthetic data"; "imported public data: FDA Orange Book 2026-10, …"; the
 * service's host name).
 *
 * @module
 */

/** Where the data came from: the embedded sandbox (generated or imported data), or a service. */
export type DataOrigin =
  | { readonly kind: "synthetic" }
  | {
    readonly kind: "imported";
    /** The imported sources (the store's `meta.sources`): each public source's name and edition. */
    readonly sources: Readonly<
      Record<string, { readonly name: string; readonly short?: string; readonly edition: string }>
    >;
  }
  | { readonly kind: "service"; /** The service's base URL. */ readonly url: string };

/**
 * The data source as a reader reads it.
 *
 * @param origin The sandbox's data source, or the service's URL.
 * @returns One phrase for the report's header.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dataSourceText } from "./source.ts";
 * assert.equal(dataSourceText({ kind: "synthetic" }), "embedded sandbox, synthetic data");
 * assert.equal(
 *   dataSourceText({ kind: "imported", sources: { orange_book: { name: "FDA Orange Book", edition: "2026-10" } } }),
 *   "imported public data: FDA Orange Book 2026-10",
 * );
 * assert.equal(dataSourceText({ kind: "service", url: "https://ri.example.com/api" }), "ri.example.com");
 * ```
 */
export function dataSourceText(origin: DataOrigin): string {
  if (origin.kind === "synthetic") return "embedded sandbox, synthetic data";
  if (origin.kind === "imported") {
    const list = Object.values(origin.sources).map((s) => `${s.short ?? s.name} ${s.edition}`.trim());
    return `imported public data: ${list.join(", ") || "no source recorded"}`;
  }
  try {
    return new URL(origin.url).host;
  } catch {
    return "the service";
  }
}
