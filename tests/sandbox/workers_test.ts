/**
 * The sandbox's read workers: the same answers as the single-threaded sandbox (bodies, errors, the
 * response profile), concurrent requests all served, a main-thread write seen by the workers (WAL),
 * and the store file removed on close.
 */
import assert from "node:assert/strict";
import { startSandbox } from "../../lib/sandbox/mod.ts";

const PATHS = [
  "/api/v1/clinical-trials?search=lung%20cancer&status=recruiting&limit=5",
  "/api/v1/clinical-trials?page=3&limit=7",
  "/api/v1/tools/clinical/search-composite?disease=breast%20cancer",
  "/api/v1/tools/regulatory/catalysts?sponsor=Pfizer&windowDays=3650",
  "/api/v1/tools/biology/associations?entity=Zzyzx-404",
  "/api/v1/patents/aggregate?group_by=year,cpc",
  "/api/v1/medicare-drugs?limit=3&sort=generic_name&order=asc",
  "/api/v1/tools/clinical/trial-details?nctId=NCT99999999",
];

Deno.test("read workers answer exactly like the single-threaded sandbox, in every profile", async () => {
  for (const profile of ["full", "spec-minimal"] as const) {
    await using pooled = await startSandbox({ quiet: true, workers: 2, profile });
    await using single = await startSandbox({ quiet: true, profile });
    assert.equal(pooled.workers, 2);
    for (const p of PATHS) {
      const [a, b] = await Promise.all(
        [pooled, single].map((s) => fetch(s.url + p, { headers: { "x-api-key": s.keys.pro } })),
      );
      assert.equal(a.status, b.status, p);
      assert.equal(await a.text(), await b.text(), `${profile} ${p}`);
    }
  }
});

Deno.test("read workers serve concurrent requests and see the main thread's writes", async () => {
  const sb = await startSandbox({ quiet: true, workers: 2 });
  const get = (p: string) =>
    fetch(sb.url + p, { headers: { "x-api-key": sb.keys.pro } }).then((r) => r.json());
  const bodies = await Promise.all(
    Array.from({ length: 32 }, (_, i) => get(`/api/v1/clinical-trials?page=${i + 1}&limit=5`)),
  );
  const ids = bodies.flatMap((b) => b.data.map((r: { trial_id: string }) => r.trial_id));
  assert.equal(new Set(ids).size, 160, "32 distinct pages");
  // The workers read the cached store file, read-only; a write (advance) first moves everyone to a private copy.
  await sb.advance(1);
  const id = (sb.store.db.prepare("SELECT trial_id FROM trials ORDER BY trial_id LIMIT 1").get() as {
    trial_id: string;
  })
    .trial_id;
  sb.store.db.prepare("UPDATE trials SET title = 'Retitled by a write' WHERE trial_id = ?").run(id);
  const d = await get(`/api/v1/tools/clinical/trial-details?nctId=${id}`);
  assert.equal(d.data.title, "Retitled by a write");
  const file = sb.store.db.prepare("PRAGMA database_list").all() as { file: string }[];
  const path = file[0].file;
  assert.ok(path && (await Deno.stat(path)).isFile);
  await sb.close();
  await assert.rejects(() => Deno.stat(path), Deno.errors.NotFound);
});

Deno.test("workers need a store the sandbox creates", async () => {
  await using base = await startSandbox({ quiet: true });
  await assert.rejects(() => startSandbox({ quiet: true, workers: 2, store: base.store }), RangeError);
});
