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
