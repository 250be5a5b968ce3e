/**
 * Every catalogue endpoint called through the client against the sandbox over HTTP. The table is
 * typed `Record<EndpointName, …>` (the compiler refuses a missing endpoint) and is also checked
 * against `Object.keys(ENDPOINTS)` at run time.
 */
import assert from "node:assert/strict";
import { type EndpointName, ENDPOINTS } from "../../lib/client/mod.ts";
import { clientFor, fixtures, withSandbox } from "./_sandbox.ts";
import { CASES } from "./_cases.ts";
import { PROFILES } from "../../lib/sandbox/mod.ts";
import { declaredFields } from "../../lib/client/schemas/origin.ts";
import { asZod } from "../../lib/client/_zod.ts";

Deno.test("coverage table has exactly one case per catalogue endpoint", () => {
  assert.deepEqual(Object.keys(CASES).sort(), Object.keys(ENDPOINTS).sort());
});

for (const profile of PROFILES) {
  Deno.test(`every catalogue endpoint answers through the client with a schema-valid result (${profile} profile)`, async (t) => {
    await withSandbox(async (sb) => {
      const ri = clientFor(sb, { retry: 0 });
      const fx = fixtures(sb);
      for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
        await t.step(name, async () => {
          const r = await CASES[name](ri, fx);
          assert.equal(r.meta.endpoint, name);
          if ("rows" in r) assert.ok(Array.isArray(r.rows));
          else assert.ok(r.body !== undefined && r.body !== null);
          const absent = r.meta.warnings.filter((w) => w.code === "field-absent");
          if (profile === "spec-minimal") {
            // Every endpoint whose answer has sandbox-chosen fields says which ones did not come.
            const chosen = declaredFields(asZod(ENDPOINTS[name].response)).some((f) =>
              f.origin === "sandbox"
            );
            const sent = "rows" in r ? (r.rows as unknown[]).length > 0 : true;
            if (chosen && sent) assert.equal(absent.length, 1, `${name}: no field-absent warning`);
          } else {
            assert.deepEqual(absent, [], `${name} (${profile}): ${absent[0]?.message}`);
          }
        });
      }
    }, { profile });
  });
}

Deno.test("list endpoints return rows and, where documented, the exact total", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const r = await ri.trials.search({ search: "cancer", limit: 5 });
    assert.equal(r.rows.length, 5);
    assert.ok(r.total !== null && r.total > 5);
    assert.equal(r.meta.complete, false);
    assert.equal(r.meta.warnings[0].code, "one-page");
    const agg = await ri.patents.aggregate({ group_by: "year" });
    assert.equal(agg.total, null, "aggregate has no patent total (meta.total_buckets is a bucket count)");
    assert.ok(agg.rows.length > 0 && agg.rows.every((b) => typeof b.count === "number"));
  });
});
