/**
 * Snapshots: every frame of an analysis result (or a plain endpoint pull) saved as Parquet with its
 * provenance, laid out as plain partitioned Parquet that Polars, DuckDB or Spark can scan directly:
 *
 * ```text
 * <store>/<name>/date=YYYY-MM-DD/<frame>.parquet
 * <store>/<name>/date=YYYY-MM-DD/manifest.json   frames, row counts, columns, keys, SHA-256, provenance, toolkit version, inputs
 * ```
 *
 * Each file's SHA-256 is in the manifest (written after the files) and checked on load, so a damaged file
 * fails naming the file and the day instead of giving a silently wrong diff (lib/watch/_integrity.ts).
 *
 * A snapshot is written into a temporary folder beside it (`.tmp-…`, a name scanners skip) and renamed
 * into place, so a crash mid-write leaves the earlier snapshots readable and no half-written day visible;
 * the next snapshot of that name clears what the crash left (once it is ten minutes old).
 *
 * @module
 */
import pl from "nodejs-polars";
import denoJson from "../../deno.json" with { type: "json" };
import { keyOf, VOLATILE_COLUMNS, volatileOf, withKey, withVolatile } from "../frames/keys.ts";
import { type Provenance, provenanceOf, withProvenance } from "../frames/provenance.ts";
import { framesOf, type FrameSource } from "../frames/_frames_of.ts";
import type { Manifest, ManifestFrame } from "./manifest.ts";
import { badInput } from "../client/errors.ts";
import { readManifest, sha256File, verifyFile } from "./_integrity.ts";
import type { DataFrame } from "../frames/polars.ts";

export type { Manifest, ManifestFrame } from "./manifest.ts";
export { SnapshotIntegrityError } from "./_integrity.ts";

/** Options of {@linkcode snapshot}. */
export interface SnapshotOptions {
  /** Day of the snapshot (`YYYY-MM-DD` or a Date, taken in UTC). @default {today (UTC)} */
  readonly date?: string | Date;
  /** Replace an existing snapshot of that day. @default {false} */
  readonly overwrite?: boolean;
  /** What produced it, e.g. `portfolioOverlap` (kept in the manifest). */
  readonly analysis?: string;
  /** The inputs it was run with (kept in the manifest; never put an API key here). */
  readonly inputs?: unknown;
}

/** A snapshot read back by {@linkcode loadSnapshot}. */
export interface Snapshot {
  /** Snapshot name. */
  readonly name: string;
  /** Day, `YYYY-MM-DD`. */
  readonly date: string;
  /** Its folder. */
  readonly path: string;
  /** Its manifest. */
  readonly manifest: Manifest;
  /** Frame name → frame (with its provenance attached). */
  readonly frames: Readonly<Record<string, DataFrame>>;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const join = (...p: string[]) => p.join("/").replace(/\/+/g, "/");

function checkName(what: string, v: string): void {
  if (!NAME.test(v)) {
    throw badInput(
      new TypeError(
        `${what} '${v}' is not a safe folder/file name; use letters, digits, '_' and '-' (e.g. 'onc_weekly')`,
      ),
    );
  }
}

function dayOf(date: string | Date | undefined): string {
  if (date === undefined) return new Date().toISOString().slice(0, 10);
  if (date instanceof Date) {
    if (isNaN(date.getTime())) {
      throw badInput(new TypeError("Option 'date' is an invalid Date; pass YYYY-MM-DD or a valid Date"));
    }
    return date.toISOString().slice(0, 10);
  }
  // A day that exists: Date.parse alone takes '2026-02-30' as 2 March.
  const parsed = Date.parse(`${date}T00:00:00Z`);
  if (!DAY.test(date) || isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== date) {
    throw badInput(new TypeError(`Option 'date' is '${date}'; use YYYY-MM-DD, e.g. '2026-11-21'`));
  }
  return date;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

const provJson = (p: Provenance): Record<string, unknown> => ({
  ...p,
  fetchedAt: new Date(p.fetchedAt).toISOString(),
});

/**
 * Save every frame of `result` (an analysis result, a frame, or a record of frames) as a snapshot.
 *
 * @param store Root folder of the snapshots (created when missing).
 * @param name Snapshot name (a folder under `store`): letters, digits, `_`, `-`.
 * @param result The analysis result or frames.
 * @param options Day, overwrite, analysis name and inputs.
 * @returns The path and manifest written.
 * @throws {Error} When that day exists and `overwrite` is not set (naming the path and the option).
 * @example Snapshot a frame, then read it back
 * ```ts
 * import assert from "node:assert/strict";
 * import { toFrame } from "../frames/mod.ts";
 * import { loadSnapshot, snapshot } from "./snapshot.ts";
 * const store = await Deno.makeTempDir();
 * await snapshot(store, "approvals", toFrame("approval", []), { date: "2026-11-21" });
 * const s = await loadSnapshot(store, "approvals");
 * assert.equal(s.date, "2026-11-21");
 * assert.equal(s.frames.rows.height, 0);
 * await assert.rejects(() => snapshot(store, "approvals", toFrame("approval", []), { date: "2026-11-21" }), /overwrite: true/);
 * await Deno.remove(store, { recursive: true });
 * ```
 */
export async function snapshot(
  store: string,
  name: string,
  result: FrameSource,
  options: SnapshotOptions = {},
): Promise<{ path: string; manifest: Manifest }> {
  checkName("Snapshot name", name);
  const date = dayOf(options.date);
  const frames = framesOf(result);
  if (!Object.keys(frames).length) {
    throw badInput(
      new TypeError(
        `Nothing to snapshot for '${name}': pass an analysis result, a DataFrame or a record of them`,
      ),
    );
  }
  for (const f of Object.keys(frames)) checkName("Frame name", f);
  const dir = join(store, name);
  const final = join(dir, `date=${date}`);
  if (!options.overwrite && await exists(final)) {
    throw new Error(
      `A snapshot already exists at ${final}; pass { overwrite: true } (watch: --overwrite) to replace it`,
    );
  }
  await Deno.mkdir(dir, { recursive: true });
  await sweep(dir);
  const meta = result as { provenance?: readonly Provenance[]; warnings?: readonly Record<string, string>[] };
  const tmp = await Deno.makeTempDir({ dir, prefix: `.tmp-date=${date}-` });
  try {
    const listed: ManifestFrame[] = [];
    for (const [fname, df] of Object.entries(frames)) {
      df.writeParquet(join(tmp, `${fname}.parquet`));
      const sha256 = await sha256File(join(tmp, `${fname}.parquet`));
      const own = provenanceOf(df);
      listed.push({
        name: fname,
        rows: df.height,
        columns: Object.fromEntries(df.columns.map((c, i) => [c, String(df.dtypes[i])])),
        ...(keyOf(df) ? { key: [...keyOf(df)!] } : {}),
        ...(ownVolatile(df).length ? { volatile: ownVolatile(df) } : {}),
        sha256,
        provenance: (own.length ? own : meta.provenance ?? []).map(provJson),
      });
    }
    const manifest: Manifest = {
      format: 1,
      name,
      date,
      createdAt: new Date().toISOString(),
      toolkit: { name: denoJson.name, version: denoJson.version },
      ...(options.analysis ? { analysis: options.analysis } : {}),
      ...(options.inputs !== undefined ? { inputs: options.inputs } : {}),
      ...(typeof (result as { complete?: unknown }).complete === "boolean"
        ? { complete: (result as { complete: boolean }).complete }
        : {}),
      ...(Array.isArray(meta.warnings)
        ? { warnings: meta.warnings.map((w) => ({ code: w.code, message: w.message })) }
        : {}),
      frames: listed,
    };
    await Deno.writeTextFile(join(tmp, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
    let old: string | undefined;
    if (await exists(final)) {
      old = `${tmp}.old`;
      await Deno.rename(final, old);
    }
    await Deno.rename(tmp, final);
    if (old) await Deno.remove(old, { recursive: true });
    return { path: final, manifest };
  } catch (e) {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
    throw e;
  }
}

/** Age after which a temporary folder is taken as left by a writer that died (no writer takes this long). */
export const STALE_TMP_MS = 10 * 60 * 1000;

/**
 * Clear what a killed writer left beside the snapshots of `dir`, once it is {@link STALE_TMP_MS} old: a
 * `.tmp-date=…` folder is removed; a day swapped out for replacement (`….old`) whose new version never
 * arrived is put back, so the previous snapshot of that day is readable again.
 */
async function sweep(dir: string): Promise<void> {
  const now = Date.now();
  for await (const e of Deno.readDir(dir)) {
    const m = /^\.tmp-date=(\d{4}-\d{2}-\d{2})-/.exec(e.name);
    if (!e.isDirectory || !m) continue;
    const path = join(dir, e.name);
    const mtime = (await Deno.stat(path).catch(() => undefined))?.mtime?.getTime();
    if (mtime === undefined || now - mtime < STALE_TMP_MS) continue;
    const day = join(dir, `date=${m[1]}`);
    if (e.name.endsWith(".old") && !(await exists(day))) await Deno.rename(path, day).catch(() => {});
    else await Deno.remove(path, { recursive: true }).catch(() => {});
  }
}

/**
 * The days that have a complete snapshot (a `manifest.json`), oldest first.
 *
 * @param store Root folder of the snapshots.
 * @param name Snapshot name.
 * @returns Days as `YYYY-MM-DD` (empty when there is none).
 */
export async function listSnapshots(store: string, name: string): Promise<string[]> {
  checkName("Snapshot name", name);
  const days: string[] = [];
  try {
    for await (const e of Deno.readDir(join(store, name))) {
      const m = /^date=(\d{4}-\d{2}-\d{2})$/.exec(e.name);
      if (e.isDirectory && m && await exists(join(store, name, e.name, "manifest.json"))) days.push(m[1]);
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return days.sort();
}

/**
 * Read a snapshot back: its manifest and every frame (with its provenance attached).
 *
 * @param store Root folder of the snapshots.
 * @param name Snapshot name.
 * @param date Day to read. @default {the latest}
 * @returns The snapshot.
 * @throws {Error} When there is no such snapshot (naming the folder and the days that exist).
 * @throws {SnapshotIntegrityError} When its manifest is truncated or invalid (naming it) or a file's SHA-256
 * differs from the manifest's (naming the file and the day).
 */
export async function loadSnapshot(store: string, name: string, date?: string | Date): Promise<Snapshot> {
  const days = await listSnapshots(store, name);
  const day = date === undefined ? days.at(-1) : dayOf(date);
  if (day === undefined || !days.includes(day)) {
    throw new Error(
      `No snapshot '${name}'${day ? ` for ${day}` : ""} in ${join(store, name)}; ` +
        (days.length ? `days available: ${days.join(", ")}` : "run snapshot() or the watch command first"),
    );
  }
  const path = join(store, name, `date=${day}`);
  const manifest = await readManifest(join(path, "manifest.json"));
  const frames: Record<string, DataFrame> = {};
  for (const f of manifest.frames) {
    await verifyFile(join(path, `${f.name}.parquet`), f.sha256, day);
    const df = pl.readParquet(join(path, `${f.name}.parquet`));
    if (f.key) withKey(df, f.key); // the key it was declared with
    if (f.volatile) withVolatile(df, f.volatile.filter((c) => df.columns.includes(c)));
    frames[f.name] = withProvenance(
      df,
      f.provenance.map((p) => ({ ...p, fetchedAt: new Date(String(p.fetchedAt)) }) as unknown as Provenance),
    );
  }
  return { name, date: day, path, manifest, frames };
}

/** A frame's declared clock-moving columns beyond the shared {@linkcode VOLATILE_COLUMNS}. */
function ownVolatile(df: DataFrame): string[] {
  return volatileOf(df).filter((c) => !VOLATILE_COLUMNS.includes(c));
}
