/**
 * Keys of frames: which columns identify a row, so two snapshots of the same frame can be matched row
 * by row (`diff` in lib/watch). A key is DECLARED with the frame where the frame is defined, never
 * inferred from the rows a day happens to hold (a month whose event type changes is then one row
 * removed and one added, not "one row changed type"):
 *
 * - a resource frame (`toFrame`, `frameFromResult`) carries its resource's key (`resources.ts`:
 *   `trial_id`, `approval_id`, catalyst `drug_name + type + event_date`, …);
 * - every analysis declares each frame's key — its dimension columns — with {@linkcode withKeys}
 *   (`byMonth`: `month, type`); a frame of one row declares the empty key `[]`;
 * - a snapshot keeps the keys in its manifest and {@linkcode keyOf} gives them back on load.
 *
 * Like provenance, a key lives beside the frame object (a WeakMap): a frame derived from it by a Polars
 * operation has none until declared again.
 *
 * Volatile columns change with the clock, not with the data, and are never compared: the ones every frame
 * shares by name ({@linkcode VOLATILE_COLUMNS}), and a frame's own, declared where the frame is built with
 * {@linkcode withVolatile} (or the third argument of {@linkcode withKeys}) — loss of exclusivity's
 * `horizon_days` and `protected_beyond` (today + the catalysts' reach) move with the reference day.
 *
 * @module
 */
import type { DataFrame } from "./polars.ts";

/**
 * Columns that move with the clock or the fetch, not with the data; diffs never report them:
 * `days_to_event`, `days_to_expiry` and `years_to_horizon` (count down every day), `fetched_at`,
 * `from_cache`, `cache_age_ms` (provenance of the fetch).
 */
export const VOLATILE_COLUMNS: readonly string[] = [
  "days_to_event",
  "days_to_expiry",
  "years_to_horizon",
  "fetched_at",
  "from_cache",
  "cache_age_ms",
];

const declared = new WeakMap<DataFrame, readonly string[]>();
const volatileDeclared = new WeakMap<DataFrame, readonly string[]>();

/**
 * Declare columns of a frame that move with the clock (the reference day), not with the data, so diffs
 * never report them; returns the same frame.
 *
 * @param df The frame.
 * @param columns Its clock-moving columns (beside {@linkcode VOLATILE_COLUMNS}, which need no declaring).
 * @returns `df` itself, for chaining.
 * @throws {TypeError} When a column is not a column of `df` (a bug in the declaration).
 * @example A date that is always today plus ten years
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { volatileOf, withVolatile } from "./keys.ts";
 * const df = withVolatile(pl.DataFrame({ drug: ["x"], protected_beyond: ["2036-11-18"] }), ["protected_beyond"]);
 * assert.deepEqual(volatileOf(df), ["protected_beyond"]);
 * ```
 */
export function withVolatile(df: DataFrame, columns: readonly string[]): DataFrame {
  const missing = columns.filter((c) => !df.columns.includes(c));
  if (missing.length) {
    throw new TypeError(
      `Volatile column(s) ${missing.join(", ")} are not columns of the frame (${
        df.columns.join(", ") || "none"
      })`,
    );
  }
  volatileDeclared.set(df, [...columns]);
  return df;
}

/**
 * The columns of a frame a diff leaves out: those of {@linkcode VOLATILE_COLUMNS} it has, and those
 * declared with {@linkcode withVolatile}.
 *
 * @param df The frame.
 * @returns Its volatile columns, in the frame's column order.
 */
export function volatileOf(df: DataFrame): readonly string[] {
  const own = volatileDeclared.get(df) ?? [];
  return df.columns.filter((c) => VOLATILE_COLUMNS.includes(c) || own.includes(c));
}

/**
 * Declare a frame's key (replacing any it had) and return the same frame.
 *
 * @param df The frame.
 * @param key Its key columns (its dimensions); `[]` for a frame of one row.
 * @returns `df` itself, for chaining.
 * @throws {TypeError} When a key column is not a column of `df` (a bug in the declaration).
 * @example A count by month and type
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { keyOf, withKey } from "./keys.ts";
 * const byMonth = withKey(pl.DataFrame({ month: ["2026-01"], type: ["patent_expiry"], events: [2] }), ["month", "type"]);
 * assert.deepEqual(keyOf(byMonth), ["month", "type"]);
 * assert.equal(keyOf(byMonth.head(1)), undefined, "a derived frame declares its own key");
 * ```
 */
export function withKey(df: DataFrame, key: readonly string[]): DataFrame {
  const missing = key.filter((c) => !df.columns.includes(c));
  if (missing.length) {
    throw new TypeError(
      `Key column(s) ${missing.join(", ")} are not columns of the frame (${
        df.columns.join(", ") || "none"
      }); ` +
        "declare the key from its own columns",
    );
  }
  declared.set(df, [...key]);
  return df;
}

/**
 * Declare the key of every frame of a set, where the set is defined (an analysis's frames). The keys
 * object must name every frame.
 *
 * @param frames Named frames.
 * @param keys Frame name → its key columns (`[]` for a one-row frame).
 * @param volatile Frame name → its columns that move with the reference day ({@linkcode withVolatile}).
 * @returns `frames` itself.
 */
export function withKeys<F extends { readonly [K in keyof F]: DataFrame }>(
  frames: F,
  keys: { readonly [K in keyof F]: readonly string[] },
  volatile: { readonly [K in keyof F]?: readonly string[] } = {},
): F {
  for (const name of Object.keys(keys) as (keyof F)[]) {
    try {
      withKey(frames[name], keys[name]);
      const clock = volatile[name];
      if (clock) withVolatile(frames[name], clock);
    } catch (e) {
      throw new TypeError(`Frame '${String(name)}': ${(e as Error).message}`);
    }
  }
  return frames;
}

/**
 * The declared key of a frame.
 *
 * @param df The frame.
 * @returns Its key columns, or undefined when none was declared.
 */
export function keyOf(df: DataFrame): readonly string[] | undefined {
  return declared.get(df);
}

/**
 * The declared key of a frame, or a TypeError naming the frame and how to declare one.
 *
 * @param df The frame.
 * @param name The frame's name (for the message).
 * @returns Its key columns.
 */
export function requireKey(df: DataFrame, name: string): readonly string[] {
  const key = declared.get(df);
  if (key) return key;
  throw new TypeError(
    `Frame '${name}' has no declared key (columns: ${df.columns.join(", ") || "none"}); keys are never ` +
      `guessed from the data: declare the columns that identify a row with withKey(df, ["col", …]) ` +
      `([] for a one-row frame)`,
  );
}
