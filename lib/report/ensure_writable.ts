/**
 * Checking an output folder before any work is done, so a run does not fail with a raw `NotCapable` after
 * every analysis has run.
 *
 * @module
 */

/** The output folder cannot be written: not allowed by `--allow-write`, or refused by the file system. */
export class NotWritableError extends Error {
  /** The folder that was checked. */
  readonly dir: string;

  /**
   * @param dir The folder.
   * @param message What is wrong and how to fix it.
   * @param options The underlying error, if any.
   */
  constructor(dir: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "NotWritableError";
    this.dir = dir;
  }
}

/** Options for {@linkcode ensureWritable}. */
export interface EnsureWritableOptions {
  /** What chose the folder, named in the error (e.g. `"RI_OUT_DIR"`, `"--out"`). @default {"the output folder"} */
  source?: string;
}

/**
 * Makes sure `dir` can be written: the process holds write permission for it (else the error names the
 * `--allow-write=<dir>` flag to add), and the folder can be created and a file written in it (a probe file,
 * removed again). Creates the folder when missing.
 *
 * @param dir The output folder.
 * @param options What chose the folder, for the message.
 * @returns Resolves when `dir` is writable.
 * @throws {NotWritableError} When it is not, saying which flag or variable to change.
 * @example A temporary folder is writable (with --allow-write)
 * ```ts
 * import assert from "node:assert/strict";
 * import { ensureWritable } from "./ensure_writable.ts";
 * const dir = await Deno.makeTempDir();
 * await ensureWritable(`${dir}/out`, { source: "RI_OUT_DIR" });
 * assert.ok((await Deno.stat(`${dir}/out`)).isDirectory);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function ensureWritable(dir: string, options: EnsureWritableOptions = {}): Promise<void> {
  const source = options.source ?? "the output folder";
  const { state } = await Deno.permissions.query({ name: "write", path: dir });
  if (state !== "granted") {
    throw new NotWritableError(
      dir,
      `Output folder '${dir}' (${source}) is not writable under this run's permissions: ` +
        `add --allow-write=${dir} to the deno command, or choose a folder it already allows`,
    );
  }
  const probe = `${dir}/.ri-write-probe-${crypto.randomUUID()}`;
  try {
    await Deno.mkdir(dir, { recursive: true });
    await Deno.writeTextFile(probe, "");
    await Deno.remove(probe);
  } catch (error) {
    throw new NotWritableError(
      dir,
      `Output folder '${dir}' (${source}) cannot be written (${(error as Error).name}): ` +
        "check that it is a folder you own, or choose another",
      { cause: error },
    );
  }
}
