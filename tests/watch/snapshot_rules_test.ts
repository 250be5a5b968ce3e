/**
 * snapshot(), listSnapshots() and loadSnapshot() rule by rule, on hand-made frames in temporary folders:
 * which day a snapshot is filed under, what its manifest says (from the frames and the result given), which
 * folders count as a saved day, what a load gives back (key and provenance), and what the clean-up of a
 * killed writer removes, restores or leaves alone.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import denoJson from "../../deno.json" with { type: "json" };
import { keyOf, provenanceOf, withKey, withProvenance } from "../../lib/frames/mod.ts";
import { listSnapshots, loadSnapshot, snapshot, STALE_TMP_MS } from "../../lib/watch/mod.ts";
import type { Provenance } from "../../lib/client/result.ts";
import { inTemp } from "../_temp.ts";

const entries = async (dir: string) => (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();
const df = (n = 2) =>
  pl.DataFrame({ id: Array.from({ length: n }, (_, i) => `T${i}`), v: [...Array(n).keys()] });
const prov = (endpoint: string): Provenance => ({
  endpoint,
  method: "GET",
  path: "/api/v1/x",
  params: { q: "lung" },
  total: 2,
  rows: 2,
  pages: 1,
  fetchedAt: new Date("2026-11-20T08:00:00.000Z"),
  fromCache: false,
  cacheAgeMs: 0,
  complete: true,
  warnings: [],
});

Deno.test("snapshot files a Date under its UTC day, today by default; an impossible day or Date is refused", async () => {
  await inTemp(async (store) => {
    const at = await snapshot(store, "w", df(), { date: new Date("2026-11-20T23:30:00-05:00") });
    assert.equal(at.path, `${store}/w/date=2026-11-21`);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await snapshot(store, "w", df())).manifest.date, today);
    for (const bad of ["2026-02-30", "2026-13-01", "2026-1-01", "x2026-01-01", "2026-01-01x"]) {
      await assert.rejects(
        snapshot(store, "w", df(), { date: bad }),
        (e: Error) => e.message.includes(`Option 'date' is '${bad}'; use YYYY-MM-DD`),
        bad,
      );
    }
    await assert.rejects(snapshot(store, "w", df(), { date: new Date("nope") }), /'date' is an invalid Date/);
    await assert.rejects(loadSnapshot(store, "w", new Date(NaN)), /'date' is an invalid Date/);
    assert.equal((await loadSnapshot(store, "w", new Date("2026-11-21T12:00:00Z"))).date, "2026-11-21");
  });
});

Deno.test("the manifest lists each frame's rows, dtypes, key, provenance and the result's completeness and warnings", async () => {
  await inTemp(async (store) => {
    const keyed = withProvenance(withKey(df(3), ["id"]), prov("trials.search"));
    const plain = df(1);
    const result = {
      keyed,
      plain,
      provenance: [prov("patents.search")],
      complete: false,
      warnings: [{ code: "CAPPED", message: "capped at 10", source: "x" }],
      notAFrame: 7,
    };
    const dtypes = df().dtypes.map(String);
    const { manifest } = await snapshot(store, "w", result, {
      date: "2026-11-20",
      analysis: "sponsorScan",
      inputs: { sponsor: "Pfizer" },
    });
    assert.deepEqual(
      { ...manifest, createdAt: "" },
      {
        format: 1,
        name: "w",
        date: "2026-11-20",
        createdAt: "",
        toolkit: { name: denoJson.name, version: denoJson.version },
        analysis: "sponsorScan",
        inputs: { sponsor: "Pfizer" },
        complete: false,
        warnings: [{ code: "CAPPED", message: "capped at 10" }],
        frames: [
          {
            name: "keyed",
            rows: 3,
            columns: { id: dtypes[0], v: dtypes[1] },
            key: ["id"],
            sha256: manifest.frames[0].sha256,
            provenance: [{ ...prov("trials.search"), fetchedAt: "2026-11-20T08:00:00.000Z" }],
          },
          {
            name: "plain",
            rows: 1,
            columns: { id: dtypes[0], v: dtypes[1] },
            sha256: manifest.frames[1].sha256,
            // A frame without its own provenance takes the result's.
            provenance: [{ ...prov("patents.search"), fetchedAt: "2026-11-20T08:00:00.000Z" }],
          },
        ],
      },
    );
    assert.ok(Math.abs(Date.parse(manifest.createdAt) - Date.now()) < 60_000, manifest.createdAt);
    const onDisk = await Deno.readTextFile(`${store}/w/date=2026-11-20/manifest.json`);
    assert.deepEqual(JSON.parse(onDisk), manifest);
    assert.ok(onDisk.endsWith("}\n"), "a text file: ends with a newline");
    // A plain frame: no analysis, inputs, completeness or warnings are claimed.
    const bare = (await snapshot(store, "b", df(), { date: "2026-11-20" })).manifest;
    assert.deepEqual(Object.keys(bare), ["format", "name", "date", "createdAt", "toolkit", "frames"]);
    assert.deepEqual(bare.frames[0].provenance, []);
    assert.ok(!("key" in bare.frames[0]));
  });
});

Deno.test("loadSnapshot gives back each frame with its declared key and its provenance (fetchedAt a Date)", async () => {
  await inTemp(async (store) => {
    const keyed = withProvenance(withKey(df(3), ["id"]), prov("trials.search"));
    await snapshot(store, "w", { keyed, plain: df(1) }, { date: "2026-11-20" });
    await snapshot(store, "w", { keyed: df(5), plain: df(1) }, { date: "2026-11-22" });
    const s = await loadSnapshot(store, "w", "2026-11-20");
    assert.equal(s.frames.keyed.height, 3);
    assert.deepEqual(keyOf(s.frames.keyed), ["id"]);
    assert.equal(keyOf(s.frames.plain), undefined);
    assert.deepEqual(provenanceOf(s.frames.keyed), [prov("trials.search")]);
    assert.ok(provenanceOf(s.frames.keyed)[0].fetchedAt instanceof Date);
    const latest = await loadSnapshot(store, "w");
    assert.equal(latest.date, "2026-11-22");
    assert.equal(latest.frames.keyed.height, 5);
    assert.equal(latest.path, `${store}/w/date=2026-11-22`);
  });
});

Deno.test("listSnapshots counts only date=YYYY-MM-DD folders holding a manifest, oldest first", async () => {
  await inTemp(async (store) => {
    assert.deepEqual(await listSnapshots(store, "w"), [], "no folder yet");
    await assert.rejects(
      loadSnapshot(store, "w"),
      (e: Error) => e.message === `No snapshot 'w' in ${store}/w; run snapshot() or the watch command first`,
    );
    await snapshot(store, "w", df(), { date: "2026-11-22" });
    await snapshot(store, "w", df(), { date: "2026-01-05" });
    await Deno.mkdir(`${store}/w/date=2026-11-23`); // no manifest: a day never completed
    await Deno.writeTextFile(`${store}/w/date=2026-11-24`, "a file, not a folder");
    await Deno.mkdir(`${store}/w/date=2026-11-25-copy`);
    await Deno.writeTextFile(`${store}/w/date=2026-11-25-copy/manifest.json`, "{}");
    await Deno.mkdir(`${store}/w/xdate=2026-11-26`);
    await Deno.writeTextFile(`${store}/w/xdate=2026-11-26/manifest.json`, "{}");
    assert.deepEqual(await listSnapshots(store, "w"), ["2026-01-05", "2026-11-22"]);
    await assert.rejects(
      loadSnapshot(store, "w", "2026-11-23"),
      (e: Error) =>
        e.message === `No snapshot 'w' for 2026-11-23 in ${store}/w; days available: 2026-01-05, 2026-11-22`,
    );
    await assert.rejects(listSnapshots(store, "../w"), /Snapshot name '\.\.\/w'/);
    await Deno.writeTextFile(`${store}/f`, "not a folder");
    await assert.rejects(listSnapshots(store, "f"), Deno.errors.NotADirectory);
  });
});

Deno.test("snapshot refuses a result without frames and an unsafe frame name, before writing anything", async () => {
  await inTemp(async (store) => {
    await assert.rejects(
      snapshot(store, "w", { n: 1 }),
      /Nothing to snapshot for 'w': pass an analysis result/,
    );
    await assert.rejects(
      snapshot(store, "w", { "a.b": df() }),
      /Frame name 'a\.b' is not a safe folder\/file name/,
    );
    await assert.rejects(snapshot(store, "-w", df()), /Snapshot name '-w'/);
    assert.deepEqual(await entries(store), []);
  });
});

Deno.test("the clean-up of a killed writer: a stale temporary folder goes, a stale replaced day comes back unless a new one exists", async () => {
  await inTemp(async (store) => {
    await snapshot(store, "w", df(2), { date: "2026-11-20" });
    await snapshot(store, "w", df(3), { date: "2026-11-21" });
    assert.equal(STALE_TMP_MS, 10 * 60 * 1000, "ten minutes, as documented");
    const old = new Date(Date.now() - STALE_TMP_MS - 60_000);
    const recent = new Date(Date.now() - STALE_TMP_MS + 60_000);
    const w = `${store}/w`;
    // The 20th was swapped out for a replacement that never came: it comes back.
    await Deno.rename(`${w}/date=2026-11-20`, `${w}/.tmp-date=2026-11-20-a.old`);
    // A replaced 21st whose new version did arrive: the old copy goes.
    await Deno.mkdir(`${w}/.tmp-date=2026-11-21-b.old`);
    await Deno.mkdir(`${w}/.tmp-date=2026-11-22-c`); // stale temporary folder: goes
    await Deno.mkdir(`${w}/.tmp-date=2026-11-23-d`); // not yet stale: stays
    await Deno.writeTextFile(`${w}/.tmp-date=2026-11-24-e`, "a file: not a writer's folder"); // stays
    await Deno.mkdir(`${w}/.tmp-x`); // not a snapshot's temporary folder: stays
    for (const e of await entries(w)) if (e.startsWith(".tmp-")) await Deno.utime(`${w}/${e}`, old, old);
    await Deno.utime(`${w}/.tmp-date=2026-11-23-d`, recent, recent);
    await snapshot(store, "w", df(4), { date: "2026-11-29" });
    assert.deepEqual(await entries(w), [
      ".tmp-date=2026-11-23-d",
      ".tmp-date=2026-11-24-e",
      ".tmp-x",
      "date=2026-11-20",
      "date=2026-11-21",
      "date=2026-11-29",
    ]);
    assert.equal((await loadSnapshot(store, "w", "2026-11-20")).frames.rows.height, 2);
    assert.equal((await loadSnapshot(store, "w", "2026-11-21")).frames.rows.height, 3);
  });
});
