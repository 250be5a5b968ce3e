import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { watchChangesChart } from "../../lib/charts/mod.ts";
import { assertRenders, count, textsOf } from "./_assert_chart.ts";

const changes = pl.DataFrame({
  item: ["alerts", "trials", "approvals", "patents"],
  added: [0, 12, 0, 1500],
  removed: [0, 3, 0, 0],
  changed: [1, 30, 0, 220],
});

Deno.test("watchChangesChart() stacks added, removed and changed rows per item, biggest first, unchanged left out", () => {
  const svg = assertRenders(watchChangesChart(changes, { subtitle: "since 2026-11-21" }), [
    "Changes since the last snapshot",
    "since 2026-11-21",
    "Added",
    "Removed",
    "Changed",
    "1,720",
  ]);
  const texts = textsOf(svg);
  assert.ok(!texts.includes("approvals"), "an item without change is not drawn");
  const order = ["patents", "trials", "alerts"].map((i) => texts.indexOf(i));
  assert.ok(order.every((x, k) => x >= 0 && (k === 0 || x > order[k - 1])), `biggest first: ${order}`);
  assert.equal(count(svg, /<rect fill="#e15759"/), 1, "one removed segment (trials)");
});

Deno.test("watchChangesChart() draws no legend and says so when nothing changed; names a missing column", () => {
  const none = pl.DataFrame({ item: ["trials"], added: [0], removed: [0], changed: [0] });
  const svg = watchChangesChart(none).svg();
  assert.match(svg, /No watched item changed/);
  assert.ok(!svg.includes(">Added<"));
  assert.throws(
    () => watchChangesChart(pl.DataFrame({ item: ["x"], added: [1] })),
    /watchChangesChart.*removed/,
  );
});
