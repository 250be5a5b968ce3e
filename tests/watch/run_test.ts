/**
 * runWatch() on a day that partly failed: the items saved earlier that day are read back (not fetched
 * or written again) and only the others run, so fixing a failing item and running again completes the
 * day without --overwrite; an item's own bad input is told apart from a failure.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { listSnapshots, loadSnapshot, runWatch, type Watchlist } from "../../lib/watch/mod.ts";

Deno.test("runWatch() resumes a partly failed day: saved items read back, the fixed item runs", async () => {
  await using sb = await startSandbox({ seed: 42, scale: "tiny", quiet: true });
  const store = await Deno.makeTempDir();
  try {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const item = (params: Record<string, unknown>) => ({
      name: "recruiting",
      endpoint: "trials.search",
      params,
    });
    const list = (second: Record<string, unknown>) =>
      ({
        store: "watch",
        analyses: [
          { name: "cancer", endpoint: "trials.search", params: { search: "cancer" } },
          item(second),
        ],
      }) as Watchlist;
    const day = sb.store.today;
    const failed = await runWatch(list({ status: "recruting" }), { client, store, date: day });
    assert.ok(failed.failed && failed.badInput, "the misspelt status is the item's own bad input");
    assert.match(failed.items.find((i) => i.name === "recruiting")!.error!, /^Parameter 'status'/);
    const first = await loadSnapshot(store, "cancer", day);

    const lines: string[] = [];
    const resumed = await runWatch(list({ status: "RECRUITING" }), {
      client,
      store,
      date: day,
      log: (l) => lines.push(l),
    });
    assert.equal(resumed.failed, false);
    assert.deepEqual(await listSnapshots(store, "recruiting"), [day]);
    assert.match(lines.join("\n"), /^cancer: saved earlier today; baseline saved/m);
    const again = await loadSnapshot(store, "cancer", day);
    assert.equal(again.manifest.createdAt, first.manifest.createdAt, "the saved item was not written again");
    const cancer = resumed.items.find((i) => i.name === "cancer")!;
    assert.ok(cancer.provenance.length > 0 && cancer.provenance[0].fetchedAt instanceof Date);

    // Every item saved that day: refused without overwrite, naming the option.
    await assert.rejects(
      () => runWatch(list({ status: "RECRUITING" }), { client, store, date: day }),
      /already exists.*overwrite: true/,
    );
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});
