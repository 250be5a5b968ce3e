/**
 * The regulatory landscape's summaries at their edges, on built drug rows: a tier the service adds,
 * ties in the sponsor ranking, null first-approval years.
 *
 * @module
 */
import assert from "node:assert/strict";
import { regulatoryLandscapeFromFrames, TIER_ORDER } from "../../lib/analyses/regulatory_landscape.ts";
import { toFrame } from "../../lib/frames/mod.ts";

const drug = (generic_name: string, tier: string, year: number | null, sponsors: string[], n = 1) => ({
  generic_name,
  tier,
  total_approvals: n,
  first_approval_year: year,
  has_black_box: false,
  sponsors,
});

Deno.test("regulatory landscape: a tier the service adds comes after the known tiers, in every summary", () => {
  const out = regulatoryLandscapeFromFrames(toFrame("landscapeDrug", [
    drug("x1", "cell_therapies", 2020, ["Acme"]),
    drug("c1", "commodities", 2020, ["Acme"]),
    drug("b1", "biologics", 2020, ["Acme"]),
    drug("a1", "antibody_drug_conjugates", 2020, ["Acme"]),
    drug("s1", "small_molecules_modern", 2020, ["Acme"]),
  ]));
  const others = ["antibody_drug_conjugates", "cell_therapies"];
  assert.deepEqual(out.byTier.getColumn("tier").toArray(), [...TIER_ORDER, ...others]);
  assert.deepEqual(out.byYear.getColumn("tier").toArray(), [...TIER_ORDER, ...others]);
  // Equal counts: by sponsor, then tier in name order.
  assert.deepEqual(out.bySponsor.getColumn("tier").toArray(), [...TIER_ORDER, ...others].sort());
});
