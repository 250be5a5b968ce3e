/**
 * Every analysis on the sandbox's `variant` profile (sandbox-chosen keys re-spelled camelCase ↔
 * snake_case, every date whose form the spec leaves open sent as a date-time in another ISO-8601 form,
 * other error bodies): each gives what it gives on the full profile — the client reads the re-spelled
 * keys as the declared ones and each date as the calendar date written. Every endpoint on `variant` is
 * covered by tests/client/coverage_test.ts and tests/client/profiles_test.ts.
 */
import assert from "node:assert/strict";
import { frames, gaps, versusFull } from "./_runs.ts";

Deno.test("every analysis on the variant profile (re-spelled keys, date-time row dates) gives the full profile's frames", async (t) => {
  await versusFull(t, "variant", (name, f, v) => {
    if (v instanceof Error) throw new Error(`${name} failed on the variant profile: ${v.name}: ${v.message}`);
    assert.deepEqual([...gaps(v)].sort(), [...gaps(f)].sort(), `${name}: gaps differ from the full profile`);
    const want = new Map(frames(f));
    assert.deepEqual(frames(v).map(([frame]) => frame), [...want.keys()], `${name}: frames`);
    for (const [frame, df] of frames(v)) {
      const other = want.get(frame)!;
      assert.deepEqual(df.columns, other.columns, `${name}.${frame} columns`);
      assert.ok(df.frameEqual(other, true), `${name}.${frame} differs from the full profile`);
    }
    const absent = v.warnings.filter((w) => w.code === "field-absent");
    assert.deepEqual(absent, [], `${name}: ${absent[0]?.message}`);
  });
});
