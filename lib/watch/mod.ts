/**
 * Watchlists: "what changed since last time?" for any analysis.
 *
 * - {@linkcode snapshot}`(store, name, result)`: every frame of an analysis result (or a plain endpoint
 *   pull) as Parquet with its provenance, laid out `<store>/<name>/date=YYYY-MM-DD/<frame>.parquet` plus a
 *   `manifest.json` — plain partitioned Parquet that Polars, DuckDB or Spark scan directly. Written
 *   atomically; never overwrites a day unless asked. {@linkcode listSnapshots}, {@linkcode loadSnapshot}.
 * - {@linkcode diff}`(older, newer)`: per frame, rows added, removed and changed (key × column, before →
 *   after), matched by each frame's declared key (lib/frames/keys.ts), plus a summary frame.
 * - The watch command (`deno task watch -- watchlist.json`) runs a watchlist ({@linkcode parseWatchlist},
 *   {@linkcode runWatch}) and writes a change report ({@linkcode writeChangeReport}: HTML and Markdown).
 *
 * @example Snapshot, change, diff
 * ```ts
 * import assert from "node:assert/strict";
 * import pl from "nodejs-polars";
 * import { withKey } from "@research-intel/toolkit/frames";
 * import { diff, loadSnapshot, snapshot } from "@research-intel/toolkit/watch";
 * const store = await Deno.makeTempDir();
 * const v1 = withKey(pl.DataFrame({ sponsor: ["A", "B"], trials: [3, 5] }), ["sponsor"]);
 * await snapshot(store, "demo", { bySponsor: v1 }, { date: "2026-11-21" });
 * const v2 = withKey(pl.DataFrame({ sponsor: ["A", "C"], trials: [4, 1] }), ["sponsor"]);
 * const d = diff(await loadSnapshot(store, "demo"), { bySponsor: v2 });
 * const f = d.frames.bySponsor;
 * assert.deepEqual([f.added.height, f.removed.height, f.changed.getColumn("delta").toArray()[0]], [1, 1, 1]);
 * await Deno.remove(store, { recursive: true });
 * ```
 *
 * @module
 */
export * from "./snapshot.ts";
export * from "./diff.ts";
export * from "./watchlist.ts";
export * from "./run.ts";
export * from "./lock.ts";
export * from "./change_report.ts";
export type { FrameSource } from "../frames/_frames_of.ts";
export type { DataFrame } from "../frames/polars.ts";
export type { StandardSchemaV1 } from "../client/standard_schema.ts";
export type { Report, ReportChart, ReportSection, ReportTable } from "../report/html.ts";
