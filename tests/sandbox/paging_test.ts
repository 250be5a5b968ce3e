/**
 * Paging in O(page): the total is counted once and the ordered id list built once per distinct query,
 * and both are dropped when the store changes. Pages must equal independent SQL, before and after a write.
 */
import assert from "node:assert/strict";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { openStore } from "../../lib/sandbox/store/_open.ts";
import { pageIds, REPEAT_LIST_MAX } from "../../lib/sandbox/handlers/_page_cache.ts";
import { DatabaseSync } from "node:sqlite";

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

Deno.test("a first page asked again is served from the query's ordered list: equal to independent SQL, and a write is seen", async () => {
  const store = await openStore(42, "tiny");
  await using sb = await startSandbox({ store, quiet: true });
  const page1 = async () => {
    const res = await fetch(`${sb.url}/api/v1/clinical-trials?search=cancer&status=recruiting&limit=5`, {
      headers: { "x-api-key": sb.keys.pro },
    });
    const b = await res.json();
    return { ids: b.data.map((r: { trial_id: string }) => r.trial_id) as string[], total: b.meta.totalItems };
  };
  // Relevance order (bm25, ties by trial id) and the filter, computed independently.
  const truth = () =>
    (store.db.prepare(
      `SELECT t.trial_id FROM trials_fts JOIN trials t ON t.rid = trials_fts.rowid
       WHERE trials_fts MATCH '"cancer"' AND t.status = 'RECRUITING' ORDER BY bm25(trials_fts), t.trial_id`,
    ).all() as { trial_id: string }[]).map((r) => r.trial_id);
  const first = await page1(), second = await page1(), third = await page1();
  for (const p of [first, second, third]) {
    assert.deepEqual(p.ids, truth().slice(0, 5));
    assert.equal(p.total, truth().length);
  }
  assert.ok(first.total > 5, "more than one page");
  // A write, kept consistent with the derived filter table as the store's own writers do.
  for (const table of ["trials", "trial_filter"]) {
    store.db.prepare(`UPDATE ${table} SET status = 'COMPLETED' WHERE trial_id = ?`).run(first.ids[0]);
  }
  const after = await page1();
  assert.equal(after.total, first.total - 1);
  assert.deepEqual(after.ids, truth().slice(0, 5));
  store.close();
});

Deno.test("an eager (relevance) query's pages equal independent SQL, below and above the list bound", () => {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE n (id INTEGER PRIMARY KEY, score REAL NOT NULL)");
  const ins = db.prepare("INSERT INTO n VALUES (?, ?)");
  db.exec("BEGIN");
  for (let i = 1; i <= REPEAT_LIST_MAX + 500; i++) ins.run(i, (i * 7919) % 1013); // many ties
  db.exec("COMMIT");
  for (const where of ["id % 3 = 0", "1 = 1"]) { // about a third of the bound; above the bound
    const sql = `SELECT id FROM n WHERE ${where} ORDER BY score, id`;
    const count = `SELECT count(*) AS n FROM n WHERE ${where}`;
    const truth = (db.prepare(sql).all() as { id: number }[]).map((r) => r.id);
    assert.equal(truth.length > REPEAT_LIST_MAX, where === "1 = 1");
    for (
      const [offset, limit] of [[0, 20], [0, 20], [20, 20], [REPEAT_LIST_MAX - 10, 100], [
        truth.length - 5,
        20,
      ]]
    ) {
      const p = pageIds(db, sql, count, [], offset, limit, true);
      assert.equal(p.total, truth.length, `${where}: total`);
      assert.deepEqual(p.ids, truth.slice(offset, offset + limit), `${where}: offset ${offset}`);
    }
  }
  db.close();
});
