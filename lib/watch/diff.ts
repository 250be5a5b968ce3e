/**
 * Diffs of two snapshots, frame by frame, matching rows by each frame's declared key (lib/frames/keys.ts:
 * declared where the frame is defined, kept in the snapshot's manifest — never inferred from the rows).
 *
 * @module
 */
import pl from "nodejs-polars";
import { emptyFromSchema } from "../frames/to_frame.ts";
import { keyOf, volatileOf } from "../frames/keys.ts";
import { framesOf, type FrameSource } from "../frames/_frames_of.ts";
import { withDiffDisplay } from "./_display.ts";
import type { DataFrame } from "../frames/polars.ts";

/** The changes of one frame between two snapshots. */
export interface FrameDiff {
  /** The key columns rows were matched by. */
  readonly key: readonly string[];
  /** False when some rows shared every key column and were matched in order. */
  readonly exactKey: boolean;
  /** Rows of the newer frame whose key the older lacks (every column). */
  readonly added: DataFrame;
  /** Rows of the older frame whose key the newer lacks (every column). */
  readonly removed: DataFrame;
  /**
   * One row per changed key × column: the key columns, `column`, `before` and `after` (as text; lists
   * joined with `; `, dates as YYYY-MM-DD), `before_value`, `after_value` and `delta` (Float64, numeric
   * columns only, else null). Sorted by the size of the change (|delta|, then key).
   */
  readonly changed: DataFrame;
  /** Columns only the newer frame has. */
  readonly columnsAdded: readonly string[];
  /** Columns only the older frame has. */
  readonly columnsRemoved: readonly string[];
}

/** What {@linkcode diff} returns. */
export interface SnapshotDiff {
  /** Per frame present in either snapshot. */
  readonly frames: Readonly<Record<string, FrameDiff>>;
  /**
   * One row per frame, biggest change first: `frame, key, rows_before, rows_after, added, removed,
   * changed_rows, changed_cells, status` (`changed`, `unchanged`, `new frame`, `frame dropped`).
   */
  readonly summary: DataFrame;
  /** True when any frame has an added, removed or changed row (or appeared or disappeared). */
  readonly changed: boolean;
  /** The summary's counts over every frame; `rows` = added + removed + changed rows (the change's size). */
  readonly totals: {
    readonly added: number;
    readonly removed: number;
    readonly changedRows: number;
    readonly changedCells: number;
    readonly rows: number;
  };
}

const NULL = "\u2400";
const SEP = "\u001f";
const KEY = "__ri_key";
const NEW = "__ri_new";

const isList = (t: pl.DataType) => String(t).includes("List");
const isNumeric = (t: pl.DataType) => /Int|Float|Decimal/.test(String(t)) && !isList(t);

function asText(name: string, dtype: pl.DataType): pl.Expr {
  const c = pl.col(name);
  if (isList(dtype)) return c.cast(pl.List(pl.Utf8)).lst.join("; ");
  // Floats as text with 6 decimals at most (the exact values are in before_value / after_value).
  return /Float/.test(String(dtype)) ? c.round(6).cast(pl.Utf8) : c.cast(pl.Utf8);
}

/**
 * Null-safe "a differs from b": lists, and a column whose dtype changed between the snapshots (other
 * than one number type to another), compared as text.
 */
function differs(a: string, b: string, ta: pl.DataType, tb: pl.DataType): pl.Expr {
  const asTexts = isList(ta) || isList(tb) ||
    (String(ta) !== String(tb) && !(isNumeric(ta) && isNumeric(tb)));
  if (asTexts) return asText(a, ta).fillNull(NULL).neq(asText(b, tb).fillNull(NULL));
  const x = pl.col(a), y = pl.col(b);
  return x.neq(y).fillNull(x.isNull().neq(y.isNull()));
}

function withKey(df: DataFrame, key: readonly string[], exact: boolean): DataFrame {
  let out = df;
  const parts = key.map((k) => asText(k, df.getColumn(k).dtype).fillNull(NULL));
  if (!exact) {
    const occ = "__ri_occ";
    const run = key.length ? pl.col(occ).cumSum().over(key[0], ...key.slice(1)) : pl.col(occ).cumSum();
    out = out.withColumns(pl.lit(1).alias(occ)).withColumns(run.alias(occ));
    parts.push(pl.col(occ).cast(pl.Utf8));
  }
  return out.withColumns((parts.length ? pl.concatString(parts, SEP) : pl.lit("")).alias(KEY));
}

function changedSchema(df: DataFrame, key: readonly string[]): Record<string, pl.DataType> {
  return {
    ...Object.fromEntries(key.map((k) => [k, df.getColumn(k).dtype])),
    column: pl.Utf8,
    before: pl.Utf8,
    after: pl.Utf8,
    before_value: pl.Float64,
    after_value: pl.Float64,
    delta: pl.Float64,
  };
}

/** Options of {@linkcode diffFrame}. */
export interface DiffFrameOptions {
  /** Key columns to match rows by. @default {the newer frame's declared key, else the older's} */
  readonly key?: readonly string[];
  /** The frame's name, for errors. @default {"rows"} */
  readonly name?: string;
}

/** True when no two rows share every key column (a frame of at most one row always is). */
function unique(df: DataFrame, key: readonly string[]): boolean {
  return df.height <= 1 || (key.length > 0 && !df.select(...key).isDuplicated().any());
}

/** The key to match by: given, else declared (newer's, else older's); a TypeError when there is none. */
function keyFor(older: DataFrame, newer: DataFrame, options: DiffFrameOptions): readonly string[] {
  const name = options.name ?? "rows";
  const key = options.key ?? keyOf(newer) ?? keyOf(older);
  if (key === undefined) {
    throw new TypeError(
      `Frame '${name}' has no declared key (columns: ${
        newer.columns.join(", ") || "none"
      }); keys are never ` +
        `guessed from the data: declare it with withKey(df, ["col", …]) ([] for a one-row frame) or pass ` +
        `diff(a, b, { keys: { ${name}: ["col", …] } })`,
    );
  }
  const missing = key.filter((c) => !older.columns.includes(c) || !newer.columns.includes(c));
  if (missing.length) {
    throw new TypeError(
      `Frame '${name}': key column(s) ${missing.join(", ")} are missing from one snapshot; ` +
        `pass the key both have with { keys: { ${name}: [...] } }`,
    );
  }
  return key;
}

/**
 * Diff of one frame: added and removed rows by key, and changed cells of the common, non-volatile columns.
 * Rows that share every key column are matched in order (`exactKey: false`).
 *
 * @param older The older frame.
 * @param newer The newer frame.
 * @param options The key (default: the frames' declared key) and the frame's name.
 * @returns The frame's changes.
 * @throws {TypeError} When neither frame has a declared key and none is given.
 * @example A status that changed and a trial that appeared
 * ```ts
 * import assert from "node:assert/strict";
 * import { toFrame } from "../frames/mod.ts";
 * import { diffFrame } from "./diff.ts";
 * const row = { trial_id: "NCT00000001", title: "T", status: "RECRUITING", phase: "PHASE2", start_date: null,
 *   enrollment: 10, completion_date: null, sponsors: [], conditions: [] };
 * const d = diffFrame(toFrame("trial", [row]), toFrame("trial", [{ ...row, status: "TERMINATED" },
 *   { ...row, trial_id: "NCT00000002" }]));
 * assert.equal(d.added.getColumn("trial_id").toArray()[0], "NCT00000002");
 * assert.deepEqual(d.changed.select("column", "before", "after").toRecords(),
 *   [{ column: "status", before: "RECRUITING", after: "TERMINATED" }]);
 * ```
 */
export function diffFrame(
  older: DataFrame,
  newer: DataFrame,
  options: DiffFrameOptions = {},
): FrameDiff {
  const key = keyFor(older, newer, options);
  const exact = unique(older, key) && unique(newer, key);
  const o = withKey(older, key, exact), n = withKey(newer, key, exact);
  const keyOnly = (df: DataFrame) => df.select(KEY);
  const added = n.join(keyOnly(o), { on: KEY, how: "anti" }).select(...newer.columns);
  const removed = o.join(keyOnly(n), { on: KEY, how: "anti" }).select(...older.columns);
  // Columns that move with the clock — shared by name or declared by the frame — are never compared.
  const clock = new Set([...volatileOf(older), ...volatileOf(newer)]);
  const compared = older.columns.filter((c) =>
    newer.columns.includes(c) && !key.includes(c) && !clock.has(c)
  );
  const renamed = n.select(KEY, ...compared.map((c) => pl.col(c).alias(`${c}${NEW}`)));
  const both = o.select(KEY, ...key, ...compared).join(renamed, { on: KEY, how: "inner" });
  const schema = changedSchema(older, key);
  // One pass computes every column's "differs" flag (null-safe; lists compared as text); only the rows
  // with a flag are then split per column.
  const flags = compared.map((c, i) =>
    differs(c, `${c}${NEW}`, older.getColumn(c).dtype, newer.getColumn(c).dtype).alias(`__ri_ne${i}`)
  );
  const hits = compared.length
    ? both.withColumns(...flags).filter(pl.anyHorizontal(compared.map((_, i) => pl.col(`__ri_ne${i}`))))
    : both.head(0);
  const pieces: DataFrame[] = [];
  compared.forEach((c, i) => {
    const hit = hits.filter(pl.col(`__ri_ne${i}`));
    if (!hit.height) return;
    const t = older.getColumn(c).dtype;
    const before = asText(c, t), after = asText(`${c}${NEW}`, newer.getColumn(c).dtype);
    const num = isNumeric(t) && isNumeric(newer.getColumn(c).dtype);
    const bv = num ? pl.col(c).cast(pl.Float64) : pl.lit(null).cast(pl.Float64);
    const av = num ? pl.col(`${c}${NEW}`).cast(pl.Float64) : pl.lit(null).cast(pl.Float64);
    pieces.push(hit.select(
      ...key,
      pl.lit(c).alias("column"),
      before.alias("before"),
      after.alias("after"),
      bv.alias("before_value"),
      av.alias("after_value"),
      av.sub(bv).alias("delta"),
    ));
  });
  const changed = pieces.length
    ? pl.concat(pieces).withColumns(pl.col("delta").abs().alias("__ri_abs"))
      .sort(["__ri_abs", ...key], [true, ...key.map(() => false)], true).drop("__ri_abs")
    : emptyFromSchema(schema);
  return {
    key,
    exactKey: exact,
    added,
    removed,
    changed,
    columnsAdded: newer.columns.filter((c) => !older.columns.includes(c)),
    columnsRemoved: older.columns.filter((c) => !newer.columns.includes(c)),
  };
}

/** Options of {@linkcode diff}. */
export interface DiffOptions {
  /** Key columns per frame name, for frames that declare none (or to match by another key). */
  readonly keys?: Readonly<Record<string, readonly string[]>>;
}

/**
 * Diff two snapshots (or analysis results, or frames) frame by frame.
 *
 * Rows are matched by each frame's declared key (resource keys such as `trial_id`, `approval_id`,
 * `patent_id`, `target_id`, catalyst `drug_name + type + event_date`; an analysis's frames by the
 * dimension columns it declares, e.g. `month, type` — see lib/frames/keys.ts); the newer frame's key
 * wins when the two differ. Volatile columns — `days_to_event`, `days_to_expiry`, `years_to_horizon`, fetch
 * times, and the columns a frame declares with `withVolatile` (loss of exclusivity's `protected_beyond`) — are
 * not compared. A frame only one side has is reported whole as added or removed.
 *
 * @param older The earlier snapshot (`loadSnapshot(...)`), analysis result or frame.
 * @param newer The later one.
 * @param options Keys for frames that declare none.
 * @returns Per-frame changes and a summary frame, biggest change first; shows as tables in a notebook.
 * @throws {TypeError} When a frame has no declared key and `options.keys` gives none (naming the frame).
 * @example Two pulls of approvals
 * ```ts
 * import assert from "node:assert/strict";
 * import { toFrame } from "../frames/mod.ts";
 * import { diff } from "./diff.ts";
 * const a = toFrame("approval", []);
 * const d = diff({ approvals: a }, { approvals: a });
 * assert.equal(d.changed, false);
 * assert.equal(d.summary.getColumn("status").toArray()[0], "unchanged");
 * ```
 */
export function diff(older: FrameSource, newer: FrameSource, options: DiffOptions = {}): SnapshotDiff {
  const a = framesOf(older), b = framesOf(newer);
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const frames: Record<string, FrameDiff> = {};
  const rows: Record<string, unknown>[] = [];
  for (const name of names) {
    const key = options.keys?.[name] ?? (b[name] && keyOf(b[name])) ?? (a[name] && keyOf(a[name]));
    const o = a[name] ?? b[name].clear(), n = b[name] ?? a[name].clear();
    const d = diffFrame(o, n, { name, ...(key ? { key } : {}) });
    frames[name] = d;
    const changedRows = !d.changed.height ? 0 : d.key.length ? d.changed.select(...d.key).unique().height : 1;
    const status = !a[name]
      ? "new frame"
      : !b[name]
      ? "frame dropped"
      : d.added.height || d.removed.height || d.changed.height
      ? "changed"
      : "unchanged";
    rows.push({
      frame: name,
      key: d.key.join(", "),
      rows_before: a[name]?.height ?? 0,
      rows_after: b[name]?.height ?? 0,
      added: d.added.height,
      removed: d.removed.height,
      changed_rows: changedRows,
      changed_cells: d.changed.height,
      status,
    });
  }
  rows.sort((x, y) => size(y) - size(x));
  const summary = rows.length ? pl.DataFrame(rows, { schema: SUMMARY }) : emptyFromSchema(SUMMARY);
  const total = (c: string) => rows.reduce((n, r) => n + (r[c] as number), 0);
  const totals = {
    added: total("added"),
    removed: total("removed"),
    changedRows: total("changed_rows"),
    changedCells: total("changed_cells"),
    rows: rows.reduce((n, r) => n + size(r), 0),
  };
  return withDiffDisplay({ frames, summary, changed: rows.some((r) => r.status !== "unchanged"), totals });
}

const size = (r: Record<string, unknown>): number =>
  (r.added as number) + (r.removed as number) + (r.changed_rows as number);

const SUMMARY: Record<string, pl.DataType> = {
  frame: pl.Utf8,
  key: pl.Utf8,
  rows_before: pl.Int64,
  rows_after: pl.Int64,
  added: pl.Int64,
  removed: pl.Int64,
  changed_rows: pl.Int64,
  changed_cells: pl.Int64,
  status: pl.Utf8,
};
