/**
 * Likelihood of approval on a store of public records (issue 35): registry (CT.gov fixtures), Orange Book
 * and Open Targets fixtures imported with `deno task import`'s code, served over HTTP; the same calls as
 * on the generated world build programmes from the registry records and approvals from the Orange Book
 * records the linking step gave indications.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { phaseTransitions } from "../../lib/analyses/phase_transitions.ts";
import { pipelineOutlook } from "../../lib/analyses/pipeline_outlook.ts";
import { startSandbox } from "../../lib/sandbox/server.ts";
import { dropStore, importedStore } from "../sandbox/_helpers.ts";

const OT = new URL("../fixtures/public/open_targets/25.03", import.meta.url).pathname;

Deno.test("likelihood of approval and the outlook run on imported registry and Orange Book records", async () => {
  const file = await importedStore({ openTargets: OT });
  try {
    await using sb = await startSandbox({ store: file, quiet: true });
    const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
    const r = await phaseTransitions(ri, {
      drugs: ["palbociclib", "letrozole", "apixaban", "valsartan"],
      diseases: ["breast carcinoma", "heart failure", "atrial fibrillation"],
      asOf: "2026-11-21",
      fromYear: 2000,
    });
    const by = (drug: string) => r.programmes.toRecords().find((p) => p.drug === drug)!;
    // Palbociclib: a Phase 1 terminated (2021) and a Phase 2/3 recruiting (2024), approved by FDA in 2015 —
    // trials after the approval in the disease are life-cycle work, not counted as development.
    assert.equal(by("palbociclib").outcome, "approved before its trials");
    assert.ok((by("palbociclib").approval_ids as unknown as string[]).length > 0);
    assert.equal(by("letrozole").outcome, "censored"); // its Phase 2/3 is still recruiting
    assert.equal(by("apixaban").outcome, "no phase"); // a Phase 4 trial only
    assert.equal(by("valsartan").outcome, "approved before its trials"); // the 2015 combination's record
    assert.equal(r.programmes.height, 4);

    const o = await pipelineOutlook(ri, {
      sponsors: ["Pfizer"],
      diseases: ["breast carcinoma"],
      asOf: "2026-11-21",
    });
    // Pfizer's recruiting Phase 2/3 of palbociclib and letrozole: letrozole's programme is pipeline;
    // palbociclib is already approved in the disease, so it is not.
    assert.deepEqual(o.programmes.getColumn("drug").toArray().map((d) => String(d).toLowerCase()), [
      "letrozole",
    ]);
    assert.equal(o.programmes.getColumn("current_phase").get(0), "phase3");
  } finally {
    await dropStore(file);
  }
});
