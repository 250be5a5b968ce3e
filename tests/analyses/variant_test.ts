/**
 * Every analysis on the sandbox's `variant` profile (sandbox-chosen keys re-spelled camelCase ↔
 * snake_case, other error bodies): nothing is opaque. Each analysis either gives what it gives on the
 * full profile (the client reads the re-spelled keys as the declared ones), or fails with a typed error
 * that names the field. Every endpoint on `variant` is covered by tests/client/coverage_test.ts.
 */
import assert from "node:assert/strict";
import { RiError, SchemaMismatchError } from "../../lib/client/mod.ts";
import { frames, gaps, versusFull } from "./_runs.ts";

Deno.test("every analysis on the variant profile gives the full profile's frames or a typed error naming the field", async (t) => {
  await versusFull(t, "variant", (name, f, v) => {
    if (v instanceof Error) {
      assert.ok(v instanceof RiError, `${name}: untyped failure ${v.name}: ${v.message}`);
      const field = v instanceof SchemaMismatchError ? v.field : undefined;
      assert.ok(field !== undefined && v.message.includes(field), `${name}: ${v.message} names no field`);
      return;
    }
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
