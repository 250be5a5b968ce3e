/**
 * Typed Polars DataFrames from the service's rows, with provenance.
 *
 * - {@linkcode toFrame}`(resource | endpoint, rows)`: the fast column-wise path, dtypes from the zod row
 *   schemas (dates parsed, nulls kept, list columns, empty-but-typed frames).
 * - {@linkcode frameFromResult}`(result)`: the same for a client `RowsResult`, with
 *   {@linkcode provenanceOf} telling where the frame came from; {@linkcode provenanceFrame} shows it as a table.
 * - {@linkcode explodeLinks}`(df, "sponsors")`: link tables from list columns.
 * - {@linkcode frameSchema}, {@linkcode emptyFrame}, {@linkcode emptyFromSchema}: schemas and typed empties.
 * - {@linkcode withKey}, {@linkcode withKeys}, {@linkcode keyOf}: a frame's declared key (resource frames
 *   carry their resource's), {@linkcode VOLATILE_COLUMNS}.
 * - {@linkcode analysisResult}: frames + provenance + warnings, as analyses return them.
 * - {@linkcode writeCsv}, {@linkcode toCsvString}, {@linkcode writeParquet}: export.
 * - {@linkcode columnSemantic}, {@linkcode formatCell}: numbers formatted by what a column means.
 * - {@linkcode printTable}, {@linkcode formatTable}: aligned text tables of chosen columns, formatted so.
 *
 * @example Rows to a typed frame and a link table
 * ```ts
 * import assert from "node:assert/strict";
 * import { explodeLinks, toFrame } from "@research-intel/toolkit/frames";
 * const approvals = toFrame("approval", [{
 *   approval_id: "FDA_ORANGE:021234",
 *   trade_name: "Examplix",
 *   approval_date: "2024-03-01",
 *   sponsors: [{ id: "organizations/pfizer", name: "Pfizer" }, { id: "organizations/bms", name: "BMS" }],
 * }]);
 * assert.equal(String(approvals.getColumn("approval_date").dtype), "DataType(Date)"); // a date, not text
 * const links = explodeLinks(approvals, "sponsors"); // one row per approval × sponsor
 * assert.deepEqual(links.getColumn("sponsors").toArray(), ["Pfizer", "BMS"]);
 * ```
 *
 * @module
 */
export * from "./resources.ts";
export * from "./keys.ts";
export * from "./to_frame.ts";
export * from "./provenance.ts";
export * from "./links.ts";
export * from "./io.ts";
export * from "./semantics.ts";
export * from "./print_table.ts";
export type { DataFrame, DataType } from "./polars.ts";
