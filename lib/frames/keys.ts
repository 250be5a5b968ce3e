/**
 * Natural keys of frames: which columns identify a row, so two snapshots of the same frame can be
 * matched row by row (`diff` in lib/watch). One source: the resources' keys in `resources.ts`; every
 * analysis frame gets its key by one rule, never by a hand-written list per analysis:
 *
 * 1. a frame holding every column of a resource (an endpoint pull, catalyst events, ranked targets…)
 *    starts from that resource's key; otherwise from the identifier columns it holds (the one-column
 *    resource keys: `trial_id`, `approval_id`, `patent_id`, `target_id`, `efo_id`, `sponsor`, …);
 * 2. while that does not identify every row (of every frame given), the next dimension column is added:
 *    text and date columns first, then whole-number columns, in column order (`sponsor` → `sponsor, phase`;
 *    `year` for a frame of counts by year; nothing for a one-row summary);
 * 3. rows that stay identical in every key column are matched in order (an occurrence number).
 *
 * Volatile columns change with the clock, not with the data, and are never compared:
 * {@linkcode VOLATILE_COLUMNS}.
 *
 * @module
 */
import type pl from "nodejs-polars";
import { resolveResource, RESOURCES } from "./resources.ts";

/**
 * Columns that move with the clock or the fetch, not with the data; diffs never report them:
 * `days_to_event` and `years_to_horizon` (count down every day), `fetched_at`, `from_cache`,
 * `cache_age_ms` (provenance of the fetch).
 */
export const VOLATILE_COLUMNS: readonly string[] = [
  "days_to_event",
  "years_to_horizon",
  "fetched_at",
  "from_cache",
  "cache_age_ms",
];

const kindOf = (dtype: pl.DataType): "text" | "int" | "other" => {
  const s = String(dtype);
  if (/String|Utf8|Date\b|Date\)|Datetime|Categorical/.test(s) && !s.includes("List")) return "text";
  if (/Int(8|16|32|64)|UInt/.test(s) && !s.includes("List")) return "int";
  return "other";
};

/** One-column resource keys: the identifier columns. */
function identifiers(): Set<string> {
  return new Set(RESOURCES.map((r) => resolveResource(r).key).filter((k) => k.length === 1).map((k) => k[0]));
}

/**
 * The resource whose every column a frame holds (the widest such resource), if any.
 *
 * @param columns The frame's column names.
 * @returns The resource name (e.g. `catalystEvent` for a catalyst calendar's events), or undefined.
 */
export function matchResource(columns: readonly string[]): string | undefined {
  const have = new Set(columns);
  let best: { name: string; width: number } | undefined;
  for (const r of RESOURCES) {
    const cols = resolveResource(r).columns.map((c) => c.name);
    if (cols.every((c) => have.has(c)) && (!best || cols.length > best.width)) {
      best = { name: r, width: cols.length };
    }
  }
  return best?.name;
}

function unique(frames: readonly pl.DataFrame[], key: readonly string[]): boolean {
  return frames.every((df) => df.height <= 1 || (key.length > 0 && !df.select(...key).isDuplicated().any()));
}

/**
 * The natural key of one or more frames with the same columns (see the module doc for the rule).
 *
 * @param frames The frames (e.g. an older and a newer snapshot of one frame); the key identifies rows in each.
 * @returns `columns`: the key columns (empty: the frames have at most one row); `resource`: the resource
 *   the frame was recognised as, if any; `exact`: false when some rows share every key column (they are
 *   then matched in order).
 * @example Keys of a resource frame and of a derived count frame
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { frameKey, toFrame } from "./mod.ts";
 * assert.deepEqual(frameKey([toFrame("trial", [])]).columns, ["trial_id"]);
 * const byPhase = pl.DataFrame({ sponsor: ["A", "A", "B"], phase: ["1", "2", "1"], trials: [3, 1, 2] });
 * assert.deepEqual(frameKey([byPhase]).columns, ["sponsor", "phase"]);
 * ```
 */
export function frameKey(
  frames: readonly pl.DataFrame[],
): { columns: string[]; resource?: string; exact: boolean } {
  const first = frames[0];
  if (!first) return { columns: [], exact: true };
  const common = first.columns.filter((c) => frames.every((f) => f.columns.includes(c)));
  const kinds = new Map(common.map((c) => [c, kindOf(first.getColumn(c).dtype)]));
  const resource = matchResource(common);
  const ids = identifiers();
  const base = resource
    ? [...resolveResource(resource).key]
    : common.filter((c) => ids.has(c) && kinds.get(c) !== "other");
  const rest = [
    ...common.filter((c) => kinds.get(c) === "text"),
    ...common.filter((c) => kinds.get(c) === "int"),
  ].filter((c) => !base.includes(c) && !VOLATILE_COLUMNS.includes(c));
  const key = [...base];
  while (!unique(frames, key) && rest.length) key.push(rest.shift()!);
  return { columns: key, ...(resource ? { resource } : {}), exact: unique(frames, key) };
}
