/**
 * The `manifest.json` written beside every snapshot's Parquet files: what the frames are, their row
 * counts, dtypes and keys, the provenance of the calls behind them, the toolkit version and the inputs.
 *
 * @module
 */

/** One frame in a manifest. */
export interface ManifestFrame {
  /** Frame name (the Parquet file is `<name>.parquet`). */
  readonly name: string;
  /** Row count. */
  readonly rows: number;
  /** Column → Polars dtype (as text). */
  readonly columns: Readonly<Record<string, string>>;
  /** The frame's declared key columns (see lib/frames/keys.ts), given back to it on load; absent when none was declared. */
  readonly key?: readonly string[];
  /**
   * The frame's own columns that move with the reference day (declared with `withVolatile`), given back
   * to it on load so diffs of loaded snapshots leave them out too; absent when none was declared.
   */
  readonly volatile?: readonly string[];
  /** SHA-256 of the Parquet file as written (hex; absent in manifests written before hashes). */
  readonly sha256?: string;
  /** Provenance of the calls behind the frame (`fetchedAt` as ISO text). */
  readonly provenance: readonly Record<string, unknown>[];
}

/** The `manifest.json` of a snapshot. */
export interface Manifest {
  /** Layout version. */
  readonly format: 1;
  /** Snapshot name. */
  readonly name: string;
  /** Day, `YYYY-MM-DD`. */
  readonly date: string;
  /** When it was written (ISO). */
  readonly createdAt: string;
  /** Toolkit that wrote it. */
  readonly toolkit: { readonly name: string; readonly version: string };
  /** What produced it. */
  readonly analysis?: string;
  /** Inputs it was run with. */
  readonly inputs?: unknown;
  /** Completeness of the analysis, when known. */
  readonly complete?: boolean;
  /** The analysis's warnings (message and code). */
  readonly warnings?: readonly { readonly code: string; readonly message: string }[];
  /** The frames. */
  readonly frames: readonly ManifestFrame[];
}
