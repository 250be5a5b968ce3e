/**
 * Snapshot integrity: every file's SHA-256 is in the manifest and checked on load; a flipped byte in a
 * Parquet file names the file and the day, a truncated manifest names its path, and a watch run whose
 * previous day is damaged fails that item instead of diffing against wrong data.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { loadSnapshot, runWatch, snapshot, SnapshotIntegrityError } from "../../lib/watch/mod.ts";
import { parseWatchlist } from "../../lib/watch/watchlist.ts";
import { clientFor, withSandbox } from "../client/_sandbox.ts";

const frame = () =>
  pl.DataFrame({
    id: Array.from({ length: 500 }, (_, i) => `T${i}`),
    n: Array.from({ length: 500 }, (_, i) => i),
  });

async function flipByte(path: string): Promise<void> {
  const bytes = await Deno.readFile(path);
  const at = Math.floor(bytes.length / 2);
  bytes[at] ^= 0x01;
  await Deno.writeFile(path, bytes);
}

Deno.test("a flipped bit in a snapshot's Parquet file fails the load naming the file and the day", async () => {
  const store = await Deno.makeTempDir();
  try {
    const { path, manifest } = await snapshot(store, "trials", { rows: frame() }, { date: "2026-11-20" });
    assert.match(manifest.frames[0].sha256 ?? "", /^[0-9a-f]{64}$/);
    assert.equal((await loadSnapshot(store, "trials")).frames.rows.height, 500);
    await flipByte(`${path}/rows.parquet`);
    await assert.rejects(
      loadSnapshot(store, "trials"),
      (e: unknown) =>
        e instanceof SnapshotIntegrityError && e.path === `${path}/rows.parquet` &&
        /rows\.parquet of 2026-11-20 has changed since it was written/.test(e.message),
    );
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});

Deno.test("a truncated or invalid manifest fails the load naming its path", async () => {
  const store = await Deno.makeTempDir();
  try {
    const { path } = await snapshot(store, "trials", { rows: frame() }, { date: "2026-11-20" });
    const file = `${path}/manifest.json`;
    const text = await Deno.readTextFile(file);
    await Deno.writeTextFile(file, text.slice(0, Math.floor(text.length / 2)));
    await assert.rejects(
      loadSnapshot(store, "trials"),
      (e: unknown) =>
        e instanceof SnapshotIntegrityError && e.path === file &&
        e.message.includes(`${file} is truncated or not valid JSON`),
    );
    await Deno.writeTextFile(file, JSON.stringify({ frames: [{ name: "../../etc/passwd" }] }));
    await assert.rejects(loadSnapshot(store, "trials"), /does not list its frames/);
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});

Deno.test("a watch run whose previous day is damaged fails that item, naming the file, and diffs nothing", async () => {
  const store = await Deno.makeTempDir();
  try {
    await withSandbox(async (sb) => {
      const client = clientFor(sb);
      const wl = parseWatchlist(
        JSON.stringify({
          analyses: [{ name: "t", endpoint: "trials.search", params: { search: "cancer" } }],
        }),
      );
      await runWatch(wl, { client, store, date: "2026-11-20" });
      await flipByte(`${store}/t/date=2026-11-20/rows.parquet`);
      const next = await runWatch(wl, { client, store, date: "2026-11-21" });
      assert.equal(next.failed, true);
      assert.match(next.items[0].error ?? "", /rows\.parquet of 2026-11-20 has changed since it was written/);
    });
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});
