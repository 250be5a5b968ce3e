/**
 * The watch's alerts item: fired alerts found by the diff are exactly those the sandbox's advance fired;
 * on a service without the sandbox-chosen alert fields (the spec names none) the item still runs and
 * says what it could not see, instead of asking alerts.get for the id "undefined".
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import { type Profile, startSandbox } from "../../lib/sandbox/mod.ts";
import { runWatch, type Watchlist } from "../../lib/watch/mod.ts";
import { changeReportMarkdown } from "../../lib/watch/change_report.ts";

const WATCHLIST = {
  store: "watch",
  analyses: [{ name: "trials", endpoint: "trials.search", params: { search: "cancer" } }],
  alerts: true,
} as Watchlist;

async function watchTwice(profile: Profile, days: number) {
  const sb = await startSandbox({ seed: 42, scale: "tiny", quiet: true, profile });
  const store = await Deno.makeTempDir();
  try {
    const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pos });
    const first = await runWatch(WATCHLIST, { client, store, date: sb.store.today });
    const record = await sb.advance(days);
    const second = await runWatch(WATCHLIST, { client, store, date: record.toDay });
    // Alerts live in a workspace: the key sees its own, the record lists every workspace's.
    const listed = profile === "full"
      ? (await client.alerts.list.all({})).rows.map((a) => String(a.alert_id))
      : [];
    return { first, second, record, visible: record.alerts.fired.filter((id) => listed.includes(id)) };
  } finally {
    await sb.close();
    await Deno.remove(store, { recursive: true });
  }
}

Deno.test("watch alerts: the alerts the diff shows as fired are the ones advance() fired", async () => {
  const { first, second, visible } = await watchTwice("full", 120);
  assert.equal(first.failed, false);
  assert.ok(visible.length > 0, "the advance fires some of the key's alerts at tiny scale in 120 days");
  const alerts = second.items.find((i) => i.name === "alerts")!;
  assert.equal(alerts.error, undefined);
  const changed = alerts.diff!.frames.alerts.changed.filter(pl.col("column").eq(pl.lit("match_count")));
  assert.deepEqual(
    [...new Set(changed.getColumn("alert_id").toArray().map(String))].sort(),
    [...visible].sort(),
  );
  // Every listed alert carries its alert_id here: no warning that some do not.
  assert.ok(
    !alerts.warnings.some((w) => /carry no alert_id/.test(w.message)),
    JSON.stringify(alerts.warnings),
  );
  // When each alert last fired is read from alerts.get as a time: a fired alert has a valid one.
  const fired = alerts.frames!.alerts.filter(pl.col("alert_id").cast(pl.Utf8).isIn(visible));
  assert.equal(fired.height, visible.length);
  for (const t of fired.getColumn("last_triggered_at").toArray() as unknown[]) {
    assert.ok(t instanceof Date && !Number.isNaN(t.getTime()), `last_triggered_at ${t}`);
  }
  // The report names each fired alert by its name and query, not by its id alone.
  const md = changeReportMarkdown(second, { source: "sandbox", synthetic: true });
  const rows = alerts.frames!.alerts.toRecords();
  for (const id of visible) {
    const a = rows.find((r) => String(r.alert_id) === id)!;
    assert.ok(md.includes(`“${a.name}”`), `alert ${id} named "${a.name}" in:\n${md}`);
  }
  assert.match(md, new RegExp(`${visible.length === 1 ? "1 alert" : `${visible.length} alerts`} fired: “`));
});

Deno.test("watch alerts on the spec-minimal profile: no alerts.get of 'undefined', a field-absent warning", async () => {
  const { first, second } = await watchTwice("spec-minimal", 30);
  for (const outcome of [first, second]) {
    const alerts = outcome.items.find((i) => i.name === "alerts")!;
    assert.equal(alerts.error, undefined, alerts.error);
    assert.ok(
      alerts.warnings.some((w) =>
        w.code === "field-absent" && /carry no alert_id/.test(w.message) &&
        // In the watchlist's words, not the client's method names.
        /"alerts": true/.test(w.message) && !/alerts\.get|last_triggered_at/.test(w.message)
      ),
      JSON.stringify(alerts.warnings),
    );
  }
});
