/**
 * Every analysis on the sandbox's spec-minimal profile (only the fields the spec names) against the
 * same analysis on the full profile: nothing fails, and every frame that goes empty or column that goes
 * all-null there is named by a warning (the missing field, or what was derived instead).
 */
import assert from "node:assert/strict";
import type pl from "nodejs-polars";
import * as A from "../../lib/analyses/mod.ts";
import { createClient } from "../../lib/client/mod.ts";
import { type Profile, startSandbox } from "../../lib/sandbox/mod.ts";
import { openStore } from "../../lib/sandbox/store/_open.ts";
import { gaps, type Result, versusFull } from "./_runs.ts";

Deno.test("every analysis runs on the spec-minimal profile and names every gap the full profile does not have", async (t) => {
  await versusFull(t, "spec-minimal", (name, f, m) => {
    if (m instanceof Error) throw m;
    const newGaps = [...gaps(m)].filter((g) => !gaps(f).has(g));
    const said = m.warnings.filter((w) => ["field-absent", "term-unavailable", "derived"].includes(w.code))
      .map((w) => w.message).join("\n");
    // A warning names the column or frame as stored (`chembl_id`) or in words ("ChEMBL id", "by sponsor").
    const words = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
    const names = (name: string) => said.includes(name) || said.toLowerCase().includes(words(name));
    for (const g of newGaps) {
      const column = g.split(".").at(-1)!;
      assert.ok(
        said.length > 0 && (names(column) || names(g.split(".")[0])),
        `${name}: ${g} is empty/null on spec-minimal without a warning naming it.\nWarnings:\n${said}`,
      );
    }
  });
});

Deno.test("derived figures equal the full profile's: sponsor scan orphans", async () => {
  const store = await openStore(42, "tiny");
  const scan = async (profile: Profile) => {
    await using sb = await startSandbox({ quiet: true, store, profile });
    return await A.sponsorScan(createClient({ baseUrl: sb.url, apiKey: sb.keys.pos }), {
      sponsor: "Biogen",
    });
  };
  const [full, minimal] = [await scan("full"), await scan("spec-minimal")];
  const orphans = (
    r: Result,
  ) => ((r as unknown as { approvals: pl.DataFrame }).approvals.getColumn("is_orphan").toArray());
  assert.deepEqual(orphans(minimal as unknown as Result), orphans(full as unknown as Result));
  assert.ok(orphans(full as unknown as Result).some((x) => x === true), "fixture has an orphan approval");
  store.close();
});
