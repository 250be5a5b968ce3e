/**
 * Resources (lib/frames/resources.ts) against the endpoint catalogue, the one source of truth: every list
 * endpoint's rows resolve to a resource (the same columns whichever name is used), endpoints without rows
 * to none, every resource's key is among its columns, and an unknown name is refused naming the choices.
 */
import assert from "node:assert/strict";
import { ENDPOINTS } from "../../lib/client/endpoints/mod.ts";
import { frameSchema, resolveResource, resourceOf, RESOURCES } from "../../lib/frames/resources.ts";

const catalogue = ENDPOINTS as Record<string, { rows?: readonly string[]; rowGroups?: readonly string[] }>;
const withRows = Object.keys(catalogue).filter((n) =>
  catalogue[n].rows?.length || catalogue[n].rowGroups?.length
);
const without = Object.keys(catalogue).filter((n) => !withRows.includes(n));

Deno.test("every endpoint with rows resolves to one of the resources, the same columns by either name", () => {
  assert.ok(withRows.length > 15 && without.length > 0);
  for (const e of withRows) {
    const r = resourceOf(e);
    assert.ok(r && (RESOURCES as readonly string[]).includes(r), `${e} → ${r}`);
    assert.deepEqual(resolveResource(e), resolveResource(r), e);
    assert.equal(resolveResource(e), resolveResource(e), "resolved once");
  }
  assert.equal(resourceOf("trials.search"), "trial");
  assert.equal(resourceOf("regulatory.catalysts"), "catalystEvent");
  assert.equal(resourceOf("regulatory.landscape"), "landscapeDrug", "rows in row groups");
  assert.equal(resourceOf("biology.drugToTargets"), "drugTarget", "a resource defined by its endpoint");
});

Deno.test("an endpoint without rows, or an unknown name, is no resource, named with the choices", () => {
  for (const e of [...without, "nope", ""]) {
    assert.equal(resourceOf(e), undefined, e);
    assert.throws(
      () => resolveResource(e),
      (err: unknown) =>
        err instanceof TypeError &&
        err.message ===
          `Unknown resource or list endpoint '${e}'; use one of ${
            RESOURCES.join(", ")
          } or an endpoint name with rows`,
    );
  }
});

Deno.test("every resource has columns, its key among them; renames apply; frameSchema follows the columns", () => {
  for (const r of RESOURCES) {
    const { resource, columns, key } = resolveResource(r);
    assert.equal(resource, r);
    assert.ok(columns.length > 0 && key.length > 0, r);
    const names = columns.map((c) => c.name);
    for (const k of key) assert.ok(names.includes(k), `${r}: key ${k} in ${names.join(", ")}`);
    assert.deepEqual(Object.keys(frameSchema(r)), names);
    assert.deepEqual(Object.values(frameSchema(r)).map(String), columns.map((c) => String(c.dtype)));
  }
  const catalyst = resolveResource("catalystEvent").columns.map((c) => c.name);
  assert.ok(
    catalyst.includes("approval_key") && !catalyst.includes("approval_id"),
    "catalyst approval_id renamed",
  );
  assert.ok(resolveResource("approval").columns.some((c) => c.name === "approval_id"), "only there");
});
