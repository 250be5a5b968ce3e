/**
 * Natural keys: declared once per resource (every key column is one of its columns), derived for
 * analysis frames by one rule, and rows that share every key column still diff correctly.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { frameKey, resolveResource, RESOURCES, toFrame } from "../../lib/frames/mod.ts";
import { diff } from "../../lib/watch/mod.ts";

Deno.test("every resource declares a key made of its own columns", () => {
  for (const r of RESOURCES) {
    const { key, columns } = resolveResource(r);
    assert.ok(key.length > 0, r);
    for (const k of key) assert.ok(columns.some((c) => c.name === k), `${r}: key column ${k}`);
    assert.deepEqual(frameKey([toFrame(r, [])]).columns, [...key], r);
  }
});

Deno.test("frameKey() widens a derived frame's key until rows are unique, in both frames", () => {
  const schema = { year: pl.Int64, tier: pl.Utf8, drugs: pl.Int64 };
  const older = pl.DataFrame({ year: [2024, 2025], tier: ["A", "A"], drugs: [1, 2] }, { schema });
  const newer = pl.DataFrame({ year: [2024, 2024], tier: ["A", "B"], drugs: [1, 5] }, { schema });
  assert.deepEqual(frameKey([older, newer]).columns, ["tier", "year"]);
  assert.deepEqual(frameKey([pl.DataFrame({ total: [3] })]).columns, [], "a one-row summary needs no key");
});

Deno.test("diff() matches rows that share every key column in order, and skips volatile columns", () => {
  const a = pl.DataFrame({ drug: ["x", "x", "y"], n: [1, 1, 2], days_to_event: [10, 10, 20] });
  const b = pl.DataFrame({ drug: ["x", "y", "y"], n: [1, 2, 2], days_to_event: [3, 13, 13] });
  const d = diff({ t: a }, { t: b }).frames.t;
  assert.equal(d.exactKey, false);
  assert.deepEqual([d.added.height, d.removed.height, d.changed.height], [1, 1, 0]);
  assert.deepEqual(d.added.toRecords(), [{ drug: "y", n: 2, days_to_event: 13 }]);
});

Deno.test("diff() totals are the summary's counts over every frame", () => {
  const before = {
    a: pl.DataFrame({ id: ["1", "2", "3"], v: [1, 2, 3] }),
    b: pl.DataFrame({ id: ["x"], v: [9] }),
  };
  const after = {
    a: pl.DataFrame({ id: ["1", "2", "4"], v: [1, 5, 4] }),
    b: pl.DataFrame({ id: ["x", "y"], v: [8, 1] }),
  };
  const d = diff(before, after);
  const sum = (c: string) => (d.summary.getColumn(c).toArray() as number[]).reduce((n, x) => n + x, 0);
  assert.deepEqual(d.totals, {
    added: sum("added"),
    removed: sum("removed"),
    changedRows: sum("changed_rows"),
    changedCells: sum("changed_cells"),
    rows: sum("added") + sum("removed") + sum("changed_rows"),
  });
  assert.deepEqual([d.totals.added, d.totals.removed, d.totals.changedRows], [2, 1, 2]);
});
