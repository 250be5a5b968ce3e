/**
 * Private: the named frames of a thing holding frames — an analysis result (its frame fields), a loaded
 * snapshot (its `frames`), a plain frame (named `rows`) or a record of frames. One reader for the watch
 * (snapshots, diffs) and the MCP server (a session's tables).
 *
 * @module
 */
import type { DataFrame } from "./polars.ts";

/** Something holding frames: an analysis result, a loaded snapshot, a frame or a record of frames. */
export type FrameSource =
  | DataFrame
  | { readonly frames: Readonly<Record<string, DataFrame>> }
  | object;

/** True for a nodejs-polars DataFrame (duck-typed: the class is not exported as a value in every build). */
export function isFrame(v: unknown): v is DataFrame {
  return typeof v === "object" && v !== null && typeof (v as DataFrame).height === "number" &&
    typeof (v as DataFrame).writeParquet === "function" && Array.isArray((v as DataFrame).columns);
}

/** Name a plain frame gets in a snapshot. */
export const PLAIN_FRAME = "rows";

/**
 * The named frames of a source.
 *
 * @param source Analysis result, snapshot, frame or record of frames.
 * @returns Frame name → frame (in the source's order).
 */
export function framesOf(source: FrameSource): Record<string, DataFrame> {
  if (isFrame(source)) return { [PLAIN_FRAME]: source };
  const inner = (source as { frames?: unknown }).frames;
  const obj = inner && typeof inner === "object" && !isFrame(inner)
    ? inner as Record<string, unknown>
    : source;
  const out: Record<string, DataFrame> = {};
  for (const [k, v] of Object.entries(obj)) if (isFrame(v)) out[k] = v;
  return out;
}
