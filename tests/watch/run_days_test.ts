/**
 * runWatch() on a second day, over the sandbox: the baseline of each item is today's own rows minus a
 * known number of them, so each item's change is known from the definition (rows added + removed +
 * changed). The run is `changed` when ANY item changed, its items come biggest change first, and each
 * log line says "1 change", "N changes" or "no change" since the day compared against. An item resumed
 * from a snapshot saved earlier that day keeps the warnings it was saved with.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { frameFromResult } from "../../lib/frames/mod.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { runWatch, snapshot, type Watchlist } from "../../lib/watch/mod.ts";

const DAY1 = "2026-11-20";
const DAY2 = "2026-11-21";
const PARAMS = { search: "cancer" };

Deno.test("a second day: changed when any item changed, biggest change first, '1 change' / 'N changes' / 'no change'", async () => {
  await using sb = await startSandbox({ seed: 42, scale: "tiny", quiet: true });
  const store = await Deno.makeTempDir();
  try {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const today = frameFromResult(await client.trials.search.all(PARAMS), "trials.search");
    assert.ok(today.height > 3, "the search finds enough trials to drop some");
    // Listed smallest change first, so an unsorted outcome keeps the wrong order.
    const dropped: Record<string, number> = { same: 0, one: 1, three: 3 };
    for (const [name, n] of Object.entries(dropped)) {
      await snapshot(store, name, { rows: today.slice(n, today.height - n) }, { date: DAY1 });
    }
    const list = {
      store: "watch",
      alerts: false,
      analyses: Object.keys(dropped).map((name) => ({ name, endpoint: "trials.search", params: PARAMS })),
    } as Watchlist;
    const lines: string[] = [];
    const out = await runWatch(list, { client, store, date: DAY2, log: (l) => lines.push(l) });

    assert.equal(out.failed, false);
    // Each item's size is the rows the baseline lacks: added today, counted once each.
    for (const item of out.items) {
      assert.equal(item.since, DAY1);
      assert.equal(item.size, dropped[item.name], `${item.name}: ${JSON.stringify(item.diff?.totals)}`);
      assert.equal(item.diff!.changed, dropped[item.name] > 0, item.name);
    }
    assert.equal(out.changed, true, "one unchanged item does not make the run unchanged");
    assert.deepEqual(out.items.map((i) => i.name), ["three", "one", "same"], "biggest change first");

    const line = (name: string) => lines.find((l) => l.startsWith(`${name}: `)) ?? "";
    assert.match(line("one"), new RegExp(`^one: 1 change since ${DAY1} \\(`));
    assert.match(line("three"), new RegExp(`^three: 3 changes since ${DAY1} \\(`));
    assert.match(line("same"), new RegExp(`^same: no change since ${DAY1} \\(`));

    // A run where nothing changed says so: `changed` is false.
    const calm = await runWatch({ ...list, analyses: [list.analyses[0]] }, {
      client,
      store,
      date: "2026-11-22",
    });
    assert.equal(calm.items[0].since, DAY2);
    assert.equal(calm.changed, false);
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});

Deno.test("a resumed item keeps the warnings it was saved with", async () => {
  // The spec-minimal service sends alerts without alert_id: the alerts item warns that it could not
  // tell which fired. Read back later that day, it must still say so.
  await using sb = await startSandbox({ seed: 42, scale: "tiny", quiet: true, profile: "spec-minimal" });
  const store = await Deno.makeTempDir();
  try {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const list = (status: string) =>
      ({
        store: "watch",
        alerts: true,
        analyses: [{ name: "typo", endpoint: "trials.search", params: { status } }],
      }) as Watchlist;
    const first = await runWatch(list("recruting"), { client, store, date: DAY1 });
    assert.ok(first.failed, "the misspelt status fails its item, the alerts are saved");
    const saved = first.items.find((i) => i.name === "alerts")!;
    assert.ok(saved.warnings.length > 0, "the alerts item warns on this profile");
    const lines: string[] = [];
    const again = await runWatch(list("RECRUITING"), {
      client,
      store,
      date: DAY1,
      log: (l) => lines.push(l),
    });
    assert.equal(again.failed, false);
    assert.match(lines.join("\n"), /^alerts: saved earlier today; /m);
    assert.deepEqual(again.items.find((i) => i.name === "alerts")!.warnings, saved.warnings);
  } finally {
    await Deno.remove(store, { recursive: true });
  }
});
