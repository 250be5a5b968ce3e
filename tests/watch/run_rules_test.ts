/**
 * runWatch() rule by rule over the sandbox: a run fails when any item fails (and only that item), a failed
 * item counts no change, each snapshot keeps what produced it and its inputs, and a run waiting for the
 * store's lock says so through the run's log.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { loadSnapshot, lockStore, runWatch, StoreLockedError, type Watchlist } from "../../lib/watch/mod.ts";
import { clientFor, withSandbox } from "../client/_sandbox.ts";

Deno.test("one failing item fails the run, counts no change, and the others are saved with their inputs", async () => {
  const store = await Deno.makeTempDir();
  try {
    await withSandbox(async (sb) => {
      const list = {
        store: "watch",
        alerts: false,
        analyses: [
          { name: "cancer", endpoint: "trials.search", params: { search: "cancer" } },
          { name: "typo", endpoint: "trials.search", params: { status: "recruting" } },
        ],
      } as Watchlist;
      const out = await runWatch(list, { client: clientFor(sb), store, date: "2026-11-20" });
      assert.equal(out.failed, true);
      const typo = out.items.find((i) => i.name === "typo")!;
      const cancer = out.items.find((i) => i.name === "cancer")!;
      assert.ok(typo.error && !cancer.error);
      assert.equal(typo.size, 0);
      const saved = await loadSnapshot(store, "cancer", "2026-11-20");
      assert.equal(saved.manifest.analysis, "trials.search");
      assert.deepEqual(saved.manifest.inputs, { search: "cancer" });
      const ok = await runWatch({ ...list, analyses: [list.analyses[0]] }, {
        client: clientFor(sb),
        store,
        date: "2026-11-21",
      });
      assert.equal(ok.failed, false);
    });
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});

Deno.test("a run waiting for the store's lock says so through its log, then names the holder", async () => {
  const store = await Deno.makeTempDir();
  try {
    const release = await lockStore(store);
    const lines: string[] = [];
    const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k".repeat(32) });
    const list = {
      store: "watch",
      alerts: false,
      analyses: [{ name: "t", endpoint: "trials.search", params: {} }],
    };
    await assert.rejects(
      runWatch(list as Watchlist, {
        client,
        store,
        date: "2026-11-20",
        lock: { waitMs: 300 },
        log: (l) => lines.push(l),
      }),
      StoreLockedError,
    );
    await release();
    assert.match(lines.join("\n"), /^watch: waiting up to 0 s for the run holding /m);
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});
