/**
 * The planted programmes (issue 35) as a sandbox option: `startSandbox({ programmes: true })` serves the
 * generated world plus the planted histories over HTTP; without the option the world is exactly as before
 * (the same trials, none of the planted drugs); the option refuses a store of its own.
 */
import assert from "node:assert/strict";
import { count, get, P, withSandbox } from "./_helpers.ts";
import {
  CENSORED_RECENT,
  CENSORED_RUNNING,
  LIFECYCLE_PER_DISEASE,
  MATURE_PER_DISEASE,
  PLANTED_AREAS,
} from "../../lib/sandbox/store/gen_programmes.ts";
import { startSandbox } from "../../lib/sandbox/server.ts";
import { createStore } from "../../lib/sandbox/store/generate.ts";

const PER_DISEASE = MATURE_PER_DISEASE + CENSORED_RUNNING + CENSORED_RECENT + LIFECYCLE_PER_DISEASE;
const DISEASES = PLANTED_AREAS.reduce((a, x) => a + x.diseases.length, 0);

Deno.test("programmes: true adds the planted histories; the default world is unchanged", async () => {
  let drug = "";
  let world = 0;
  await withSandbox(async (sb) => {
    world = count(sb, "SELECT count(*) AS n FROM trials WHERE trial_id < 'NCT9'");
    assert.equal(
      count(sb, "SELECT count(DISTINCT chembl_id) AS n FROM molecules WHERE chembl_id LIKE 'CHEMBL99%'"),
      PER_DISEASE * DISEASES,
    );
    drug = (sb.store.db.prepare("SELECT generic_name AS g FROM molecules WHERE chembl_id = 'CHEMBL9900001'")
      .get() as { g: string }).g;
    const r = await get(sb, P.composite, { drug, disease: "melanoma" });
    assert.equal(r.status, 200);
    assert.ok(r.body.data.totalCount >= 1);
  }, { programmes: true });
  await withSandbox(async (sb) => {
    // The default world (the generated trials and the attrition programmes) is the same with or without them.
    assert.ok(world >= 2000);
    assert.equal(count(sb, "SELECT count(*) AS n FROM trials"), world);
    const r = await get(sb, P.composite, { drug });
    assert.equal(r.status, 500, "the planted drug is unknown to the default world");
  });
  const own = createStore({ scale: "tiny" });
  try {
    await assert.rejects(
      () => startSandbox({ programmes: true, store: own, quiet: true }),
      /programmes: the planted programmes add to the generated world; leave store unset/,
    );
  } finally {
    own.close();
  }
});
