/**
 * A self-contained HTML report of analyses: inline SVG charts, tables with dtypes, warnings and the
 * provenance of every call, a banner when the data is the synthetic sandbox, and one PNG per chart.
 *
 * @example Render a report
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderReport } from "./mod.ts";
 * const html = renderReport({ title: "R", synthetic: false, source: "https://ri.example.com", generatedAt: new Date(), sections: [] });
 * assert.match(html, /^<!DOCTYPE html>/);
 * ```
 *
 * @module
 */
export * from "./deck.ts";
export * from "./ensure_writable.ts";
export * from "./exports.ts";
export * from "./html.ts";
export * from "./write.ts";
