/**
 * Private: a snapshot's integrity. Each frame's Parquet file is hashed (SHA-256) after it is written and
 * the hash stored in the manifest, which is written last; loading reads the manifest strictly (a truncated
 * or invalid one names its path) and re-hashes every file before reading it (a flipped bit names the file
 * and the day), so a damaged snapshot fails instead of giving a silently wrong diff.
 *
 * @module
 */
import type { Manifest } from "./manifest.ts";

/** A snapshot whose manifest or files do not match what was written. */
export class SnapshotIntegrityError extends Error {
  /** The file at fault. */
  readonly path: string;
  /** Create the error. */
  constructor(message: string, path: string) {
    super(message);
    this.name = "SnapshotIntegrityError";
    this.path = path;
  }
}

/** SHA-256 of a file, as lowercase hex. */
export async function sha256File(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Read and check a manifest; a truncated or invalid one is a {@link SnapshotIntegrityError} naming it. */
export async function readManifest(path: string): Promise<Manifest> {
  const text = await Deno.readTextFile(path);
  const bad = (why: string) =>
    new SnapshotIntegrityError(
      `The snapshot manifest ${path} ${why} (${text.length} bytes); the snapshot of that day cannot be ` +
        `trusted: restore it from a backup or remove its folder and run again`,
      path,
    );
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    throw bad("is truncated or not valid JSON");
  }
  const frames = (m as { frames?: unknown })?.frames;
  const ok = Array.isArray(frames) &&
    frames.every((f) =>
      typeof f?.name === "string" && /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(f.name) &&
      Array.isArray(f.provenance) &&
      (f.sha256 === undefined || typeof f.sha256 === "string")
    );
  if (!ok) throw bad("does not list its frames as the toolkit writes them");
  return m as Manifest;
}

/** Check a frame file against the manifest's hash (manifests written before hashes have none). */
export async function verifyFile(path: string, expected: string | undefined, day: string): Promise<void> {
  if (expected === undefined) return;
  const actual = await sha256File(path);
  if (actual !== expected) {
    throw new SnapshotIntegrityError(
      `The snapshot file ${path} of ${day} has changed since it was written (SHA-256 ${
        actual.slice(0, 12)
      }…, ` +
        `manifest ${expected.slice(0, 12)}…): it is damaged; restore it from a backup or remove that day's ` +
        `folder and run again`,
      path,
    );
  }
}
