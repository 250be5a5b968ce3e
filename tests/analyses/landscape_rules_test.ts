/**
 * The regulatory landscape's summaries at their edges, on built drug rows: a tier the service adds,
 * ties in the sponsor ranking; and the per-source totals and keys against the raw service.
 *
 * @module
 */
import assert from "node:assert/strict";
import {
  regulatoryLandscape,
  regulatoryLandscapeFromFrames,
  TIER_ORDER,
} from "../../lib/analyses/regulatory_landscape.ts";
import { keyOf, toFrame } from "../../lib/frames/mod.ts";
import { raw, withSandbox } from "../frames/_raw.ts";

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

Deno.test("regulatoryLandscape(): US totals are Orange and Purple Book; a resolved sponsor is not warned; frames keyed", async () => {
  await withSandbox(async (sb, ri) => {
    const r = await regulatoryLandscape(ri, { sponsor: "Novartis", region: "US" });
    // The approvals of every unit of the family the resolution names.
    const res = await raw(sb, "/api/v1/tools/resolution/autocomplete", { query: "Novartis", limit: 50 });
    const units = (res.resolution.families[0].units as { id: string; approvalCount: number }[])
      .filter((u) => u.approvalCount > 0).map((u) => u.id);
    const want = [];
    for (const source of ["FDA_ORANGE", "FDA_PURPLE"]) {
      let n = 0;
      for (const unit of units) {
        n += (await raw(sb, "/api/v1/regulatory", { source, sponsor_id: unit, limit: 1 })).meta.totalItems;
      }
      want.push({ source, approvals: n });
    }
    assert.deepEqual(r.bySource.toRecords(), want);
    // Resolved, sponsors on the rows, no indication or minYear, totals read from one row on purpose: nothing to say.
    assert.deepEqual(r.warnings, []);
    const lost = await regulatoryLandscape(ri, { sponsor: "Zzz Nonexistent Holdings", region: "US" });
    assert.deepEqual(lost.warnings.map((w) => w.code), ["maybe-unresolved"]);
    assert.match(
      lost.warnings[0].message,
      /^Sponsor 'Zzz Nonexistent Holdings' did not resolve to an organization; approvals by source are unfiltered/,
    );
    for (const rec of lost.bySource.toRecords()) {
      const t = await raw(sb, "/api/v1/regulatory", { source: rec.source, limit: 1 });
      assert.equal(rec.approvals, t.meta.totalItems, `${rec.source}: unfiltered, as the warning says`);
    }
    for (const name of ["drugs", "byTier", "byYear", "bySponsor", "bySource"] as const) {
      const key = keyOf(r[name]) ?? [];
      assert.ok(key.length > 0 && key.every((c) => r[name].columns.includes(c)), `${name}: ${key}`);
      assert.ok(r[name].height > 0, `fixture: ${name} has rows`);
      assert.equal(r[name].select(...key).unique().height, r[name].height, `${name} rows are unique`);
    }
  });
});

Deno.test("regulatoryLandscape(): drug rows without sponsors (spec-minimal) are said to be, even a single row", async () => {
  await withSandbox(async (sb, ri) => {
    for (const sponsor of ["Novartis", "Bayer"]) {
      const land = (await raw(sb, "/api/v1/tools/regulatory/landscape", { sponsor })).data;
      const rows = [...land.biologics, ...land.small_molecules_modern, ...land.commodities];
      assert.ok(
        rows.length > 0 && !rows.some((d) => "sponsors" in d),
        `fixture: ${sponsor} rows lack sponsors`,
      );
      const r = await regulatoryLandscape(ri, { sponsor });
      assert.equal(r.drugs.height, rows.length);
      assert.equal(r.bySponsor.height, 0);
      const w = r.warnings.find((w) => w.code === "field-absent" && !w.source);
      assert.ok(w, `${sponsor}: ${JSON.stringify(r.warnings)}`);
      assert.match(
        w.message,
        /^The service's landscape rows name no sponsors, so the drugs by sponsor .*its drugs$/,
      );
    }
  }, { profile: "spec-minimal" });
});
