/**
 * Snapshot integrity rule by rule (lib/watch/_integrity.ts), on files in a temporary folder: the hash is the
 * file's SHA-256 as any tool computes it, a manifest is read strictly (every frame must be as the toolkit
 * writes it: a safe name, a provenance list, a text hash or none), and a file is checked against its hash
 * only when the manifest has one (manifests written before hashes still load).
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readManifest, sha256File, SnapshotIntegrityError, verifyFile } from "../../lib/watch/_integrity.ts";
import { inTemp } from "../_temp.ts";

const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

Deno.test("sha256File is the file's SHA-256 as lowercase hex, leading zero bytes kept", async () => {
  await inTemp(async (dir) => {
    // Enough files that some digests have bytes under 0x10 (written as two digits, "0" first).
    for (let i = 0; i < 40; i++) {
      const bytes = new TextEncoder().encode(`frame ${i}`);
      await Deno.writeFile(`${dir}/f`, bytes);
      assert.equal(await sha256File(`${dir}/f`), hashOf(bytes));
    }
  });
});

const frame = (over: Record<string, unknown> = {}) => ({
  name: "rows",
  rows: 1,
  columns: {},
  provenance: [],
  ...over,
});

async function readWith(dir: string, manifest: unknown): Promise<unknown> {
  await Deno.writeTextFile(`${dir}/manifest.json`, JSON.stringify(manifest));
  return await readManifest(`${dir}/manifest.json`);
}

Deno.test("readManifest gives back a manifest as the toolkit writes it, with or without hashes", async () => {
  await inTemp(async (dir) => {
    const m = { format: 1, name: "w", frames: [frame({ sha256: "ab" }), frame({ name: "events-2_b" })] };
    assert.deepEqual(await readWith(dir, m), m);
    assert.deepEqual(await readWith(dir, { frames: [] }), { frames: [] });
  });
});

Deno.test("readManifest refuses any frame not as written, naming the manifest, as a SnapshotIntegrityError", async () => {
  await inTemp(async (dir) => {
    const path = `${dir}/manifest.json`;
    const refused = (e: unknown) =>
      e instanceof SnapshotIntegrityError && e.name === "SnapshotIntegrityError" && e.path === path &&
      e.message.startsWith(
        `The snapshot manifest ${path} does not list its frames as the toolkit writes them (`,
      ) &&
      /\(\d+ bytes\); the snapshot of that day cannot be trusted/.test(e.message);
    const bad: unknown[] = [
      null, // JSON null
      {}, // no frames
      { frames: {} }, // not a list
      { frames: [null] },
      { frames: [frame({ name: 7 })] },
      { frames: [frame({ name: "" })] },
      { frames: [frame({ name: "_x" })] }, // must start with a letter or digit
      { frames: [frame({ name: "a/b" })] },
      { frames: [frame({ name: "a.b" })] }, // the pattern is anchored at both ends
      { frames: [frame({ name: "ok\nbad" })] },
      { frames: [frame({ provenance: undefined })] },
      { frames: [frame({ provenance: "x" })] },
      { frames: [frame({ sha256: 12 })] },
      { frames: [frame({ sha256: null })] },
      { frames: [frame(), frame({ name: "../up" })] }, // one bad frame of several
    ];
    for (const m of bad) await assert.rejects(readWith(dir, m), refused, JSON.stringify(m));
  });
});

Deno.test("readManifest: a manifest that is not JSON names its path and its size", async () => {
  await inTemp(async (dir) => {
    const path = `${dir}/manifest.json`;
    await Deno.writeTextFile(path, '{"frames": [');
    await assert.rejects(
      readManifest(path),
      (e: unknown) =>
        e instanceof SnapshotIntegrityError && e.path === path &&
        e.message.includes(`${path} is truncated or not valid JSON (12 bytes)`),
    );
  });
});

Deno.test("verifyFile passes a file matching its hash, skips a manifest without one, names file and day otherwise", async () => {
  await inTemp(async (dir) => {
    const path = `${dir}/rows.parquet`;
    const bytes = new TextEncoder().encode("PAR1 data");
    await Deno.writeFile(path, bytes);
    await verifyFile(path, hashOf(bytes), "2026-11-20");
    await verifyFile(path, undefined, "2026-11-20"); // written before hashes
    const wrong = hashOf(new TextEncoder().encode("other"));
    await assert.rejects(
      verifyFile(path, wrong, "2026-11-20"),
      (e: unknown) =>
        e instanceof SnapshotIntegrityError && e.name === "SnapshotIntegrityError" && e.path === path &&
        e.message.includes(`${path} of 2026-11-20 has changed since it was written`) &&
        e.message.includes(`SHA-256 ${hashOf(bytes).slice(0, 12)}…, manifest ${wrong.slice(0, 12)}…`),
    );
    await assert.rejects(verifyFile(path, "", "2026-11-20"), SnapshotIntegrityError); // an empty hash is no match
  });
});
