/**
 * Snapshots: every frame of an analysis round-trips through Parquet (lists, dates, provenance), a crash
 * in the middle of writing leaves the previous snapshot readable and no partial day, and an existing
 * day is never overwritten unless asked.
 */
import { inTemp } from "../_temp.ts";
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { catalystCalendar } from "../../lib/analyses/mod.ts";
import { toFrame } from "../../lib/frames/mod.ts";
import { listSnapshots, loadSnapshot, snapshot, STALE_TMP_MS } from "../../lib/watch/mod.ts";
import { clientFor, withSandbox } from "../client/_sandbox.ts";

const entries = async (dir: string) => (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();

Deno.test("snapshot() round-trips every frame of an analysis with list and date columns and provenance", async () => {
  await inTemp(async (store) => {
    await withSandbox(async (sb) => {
      const r = await catalystCalendar(clientFor(sb), { sponsors: ["Pfizer", "Novartis"], windowDays: 730 });
      const { path, manifest } = await snapshot(store, "cat", r, {
        date: "2026-11-21",
        inputs: { windowDays: 730 },
      });
      assert.equal(path, `${store}/cat/date=2026-11-21`);
      assert.deepEqual(
        await entries(path),
        [...Object.keys(loaded(r)).map((f) => `${f}.parquet`), "manifest.json"].sort(),
      );
      const s = await loadSnapshot(store, "cat");
      for (const [name, df] of Object.entries(loaded(r))) {
        assert.ok(s.frames[name].frameEqual(df, true), `frame ${name} round-trips`);
      }
      assert.ok(r.events.height > 0);
      assert.equal(String(s.frames.events.getColumn("event_date").dtype), String(pl.Date));
      assert.equal(
        String(s.frames.events.getColumn("sponsors").dtype),
        String(r.events.getColumn("sponsors").dtype),
      );
      assert.match(String(s.frames.events.getColumn("sponsors").dtype), /List/);
      assert.deepEqual(manifest.frames.find((f) => f.name === "events")?.key, [
        "drug_name",
        "type",
        "event_date",
      ]);
      assert.equal(manifest.frames.find((f) => f.name === "events")?.rows, r.events.height);
      assert.deepEqual(manifest.inputs, { windowDays: 730 });
      assert.match(manifest.toolkit.version, /^\d+\.\d+\.\d+/);
      const prov = JSON.stringify(JSON.parse(await Deno.readTextFile(`${path}/manifest.json`)));
      assert.ok(prov.includes("regulatory.catalysts"));
      assert.ok(
        !prov.includes(sb.keys.pos) && !prov.includes(sb.keys.pro),
        "the API key is never in a manifest",
      );
    });
  });
});

function loaded(r: object): Record<string, pl.DataFrame> {
  return Object.fromEntries(
    Object.entries(r).filter(([, v]) => typeof (v as pl.DataFrame)?.writeParquet === "function"),
  ) as Record<string, pl.DataFrame>;
}

const approvals = (n: number) =>
  toFrame(
    "approval",
    Array.from({ length: n }, (_, i) => ({
      approval_id: `FDA_ORANGE:${100000 + i}`,
      trade_name: `Drug ${i}`,
      applicant_raw: "Acme",
      source: "FDA_ORANGE",
      approval_date: "2024-01-02",
      marketing_status: "Rx",
      sponsors: [],
      drugs: [],
      indications: [],
      regulatory_flags: {},
      patents: [],
      exclusivities: [],
    })),
  );

Deno.test("snapshot() that fails after its first frame leaves the previous day readable and no partial day", async () => {
  await inTemp(async (store) => {
    await snapshot(store, "w", { approvals: approvals(2) }, { date: "2026-11-21" });
    const broken = {
      approvals: approvals(3),
      // A frame whose write fails, as a full disk would, after the first frame was written.
      later: Object.assign(pl.DataFrame({ a: [1] }), {
        writeParquet: () => {
          throw new Error("No space left on device");
        },
      }),
    };
    await assert.rejects(() => snapshot(store, "w", broken, { date: "2026-11-28" }), /No space left/);
    assert.deepEqual(await listSnapshots(store, "w"), ["2026-11-21"]);
    assert.deepEqual(
      await entries(`${store}/w`),
      ["date=2026-11-21"],
      "no partial day, no temporary folder left",
    );
    assert.equal((await loadSnapshot(store, "w")).frames.approvals.height, 2);
  });
});

Deno.test("snapshot() killed mid-write (process exit) leaves no visible partial day", async () => {
  await inTemp(async (store) => {
    await snapshot(store, "w", { approvals: approvals(2) }, { date: "2026-11-21" });
    const mod = new URL("../../lib/watch/mod.ts", import.meta.url).href;
    const code = `import pl from "nodejs-polars"; import { snapshot } from "${mod}";
    const dying = Object.assign(pl.DataFrame({ a: [1] }), { writeParquet: () => Deno.exit(9) });
    await snapshot(${
      JSON.stringify(store)
    }, "w", { first: pl.DataFrame({ a: [1, 2] }), dying }, { date: "2026-11-28" });`;
    const config = new URL("../../deno.json", import.meta.url).pathname;
    const out = await new Deno.Command(Deno.execPath(), { args: ["eval", "--config", config, code] })
      .output();
    assert.equal(out.code, 9, new TextDecoder().decode(out.stderr));
    assert.deepEqual(await listSnapshots(store, "w"), ["2026-11-21"]);
    assert.ok(!(await entries(`${store}/w`)).includes("date=2026-11-28"));
    assert.equal((await loadSnapshot(store, "w")).frames.approvals.height, 2);
    const left = (await entries(`${store}/w`)).filter((e) => e.startsWith(".tmp-"));
    assert.equal(left.length, 1, "the killed writer's temporary folder");
    await snapshot(store, "w", { approvals: approvals(4) }, { date: "2026-11-28" }); // the day can be written after
    assert.deepEqual(await listSnapshots(store, "w"), ["2026-11-21", "2026-11-28"]);
    assert.ok((await entries(`${store}/w`)).includes(left[0]), "a fresh temporary folder is not touched");
    // Once stale, the next snapshot clears it; a day swapped out for a replacement that never came is put back.
    const old = new Date(Date.now() - STALE_TMP_MS - 60_000);
    await Deno.utime(`${store}/w/${left[0]}`, old, old);
    await Deno.rename(`${store}/w/date=2026-11-21`, `${store}/w/.tmp-date=2026-11-21-x.old`);
    await Deno.utime(`${store}/w/.tmp-date=2026-11-21-x.old`, old, old);
    assert.deepEqual(await listSnapshots(store, "w"), ["2026-11-28"]);
    await snapshot(store, "w", { approvals: approvals(3) }, { date: "2026-11-29" });
    assert.deepEqual(await entries(`${store}/w`), ["date=2026-11-21", "date=2026-11-28", "date=2026-11-29"]);
    assert.equal((await loadSnapshot(store, "w", "2026-11-21")).frames.approvals.height, 2);
  });
});

Deno.test("snapshot() refuses an existing day unless overwrite is true, naming the path and the option", async () => {
  await inTemp(async (store) => {
    await snapshot(store, "w", approvals(1), { date: "2026-11-21" });
    await assert.rejects(
      () => snapshot(store, "w", approvals(5), { date: "2026-11-21" }),
      (e: Error) => e.message.includes(`${store}/w/date=2026-11-21`) && e.message.includes("overwrite: true"),
    );
    assert.equal((await loadSnapshot(store, "w", "2026-11-21")).frames.rows.height, 1);
    await snapshot(store, "w", approvals(5), { date: "2026-11-21", overwrite: true });
    assert.equal((await loadSnapshot(store, "w", "2026-11-21")).frames.rows.height, 5);
    assert.deepEqual(await entries(`${store}/w`), ["date=2026-11-21"]);
  });
});

Deno.test("snapshot() and loadSnapshot() reject unsafe names, bad days and missing snapshots clearly", async () => {
  await inTemp(async (store) => {
    await assert.rejects(
      () => snapshot(store, "../x", approvals(1)),
      /Snapshot name '\.\.\/x'.*letters, digits/,
    );
    await assert.rejects(
      () => snapshot(store, "w", approvals(1), { date: "21/11/2026" }),
      /'date' is '21\/11\/2026'; use YYYY-MM-DD/,
    );
    await assert.rejects(
      () => loadSnapshot(store, "w"),
      /No snapshot 'w'.*run snapshot\(\) or the watch command first/,
    );
    await snapshot(store, "w", approvals(1), { date: "2026-11-21" });
    await assert.rejects(() => loadSnapshot(store, "w", "2026-11-22"), /days available: 2026-11-21/);
  });
});
