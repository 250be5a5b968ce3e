/**
 * Test helper: run `body` with a fresh temporary folder, removed afterwards whatever happens.
 *
 * @module
 */

/** Calls `body` with a new temporary folder and removes the folder (and all in it) when `body` settles. */
export async function inTemp(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
