/**
 * Paging in O(page): the total is counted once and the ordered id list built once per distinct query,
 * and both are dropped when the store changes. Pages must equal independent SQL, before and after a write.
 */
import assert from "node:assert/strict";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { openStore } from "../../lib/sandbox/store/_open.ts";

Deno.test("registry pages equal independent SQL, and a store write is seen by the next page", async () => {
  const store = await openStore(42, "tiny");
  await using sb = await startSandbox({ store, quiet: true });
  const get = async (q: string) =>
    (await fetch(`${sb.url}/api/v1/clinical-trials?${q}`, { headers: { "x-api-key": sb.keys.pro } })).json();
  const truth = () =>
    (store.db.prepare(
      "SELECT trial_id FROM trials WHERE status = 'RECRUITING' AND updated_at IS NOT NULL " +
        "ORDER BY updated_at DESC, trial_id",
    ).all() as { trial_id: string }[]).map((r) => r.trial_id);
  const pull = async () => {
    const ids: string[] = [];
    let total = 0;
    for (let page = 1;; page++) {
      const b = await get(`status=recruiting&limit=7&page=${page}`);
      total = b.meta.totalItems;
      ids.push(...b.data.map((r: { trial_id: string }) => r.trial_id));
      if (b.data.length === 0 || ids.length >= total) break;
    }
    return { ids, total };
  };
  const before = await pull();
  assert.deepEqual(before.ids, truth());
  assert.equal(before.total, truth().length);
  assert.ok(before.total > 14, "several pages");
  // A write: one recruiting trial completes. The cached total and list must not survive it.
  store.db.prepare("UPDATE trials SET status = 'COMPLETED' WHERE trial_id = ?").run(before.ids[3]);
  const after = await pull();
  assert.equal(after.total, before.total - 1);
  assert.deepEqual(after.ids, truth());
  const page2 = await get("status=recruiting&limit=7&page=2");
  assert.deepEqual(page2.data.map((r: { trial_id: string }) => r.trial_id), truth().slice(7, 14));
  store.close();
});
