import assert from "node:assert/strict";
import { regulatoryLandscape } from "../../lib/analyses/regulatory_landscape.ts";
import { raw, withSandbox } from "../frames/_raw.ts";

type Drug = {
  generic_name: string;
  total_approvals: number;
  first_approval_year: number | null;
  sponsors?: string[];
};
const TIERS = ["biologics", "small_molecules_modern", "commodities"];

Deno.test("regulatoryLandscape() tallies tiers, years, sponsors and per-source totals like the raw service", async () => {
  await withSandbox(async (sb, ri) => {
    const r = await regulatoryLandscape(ri, { sponsor: "Novartis" });
    const land = (await raw(sb, "/api/v1/tools/regulatory/landscape", { sponsor: "Novartis" })).data;
    const wantTier = TIERS.filter((t) => land[t].length).map((t) => ({
      tier: t,
      drugs: land[t].length,
      approvals: (land[t] as Drug[]).reduce((a, d) => a + d.total_approvals, 0),
    }));
    assert.deepEqual(r.byTier.select("tier", "drugs", "approvals").toRecords(), wantTier);
    assert.equal(r.drugs.height, land.counts.total_unique_drugs);
    const years = new Map<string, number>();
    const sponsors = new Map<string, number>();
    for (const t of TIERS) {
      for (const d of land[t] as Drug[]) {
        if (d.first_approval_year !== null) {
          years.set(`${d.first_approval_year}|${t}`, (years.get(`${d.first_approval_year}|${t}`) ?? 0) + 1);
        }
        for (const s of d.sponsors ?? []) sponsors.set(`${s}|${t}`, (sponsors.get(`${s}|${t}`) ?? 0) + 1);
      }
    }
    assert.deepEqual(
      Object.fromEntries(r.byYear.toRecords().map((x) => [`${x.first_approval_year}|${x.tier}`, x.drugs])),
      Object.fromEntries(years),
    );
    assert.deepEqual(
      Object.fromEntries(r.bySponsor.toRecords().map((x) => [`${x.sponsor}|${x.tier}`, x.drugs])),
      Object.fromEntries(sponsors),
    );
    // The sponsor's approvals by source: those of every unit of its family the resolution names.
    const res = await raw(sb, "/api/v1/tools/resolution/autocomplete", { query: "Novartis", limit: 50 });
    const units = (res.resolution.families[0].units as { id: string; approvalCount: number }[])
      .filter((u) => u.approvalCount > 0).map((u) => u.id);
    for (const rec of r.bySource.toRecords()) {
      let n = 0;
      for (const unit of units) {
        n += (await raw(sb, "/api/v1/regulatory", { source: rec.source, sponsor_id: unit, limit: 1 })).meta
          .totalItems;
      }
      assert.equal(rec.approvals, n, String(rec.source));
    }
  });
});

Deno.test("regulatoryLandscape() for an unknown sponsor is empty but typed, and says so", async () => {
  await withSandbox(async (sb, ri) => {
    const r = await regulatoryLandscape(ri, {
      sponsor: "Zzz Nonexistent Holdings",
      region: "EU",
      minYear: 2015,
    });
    const land =
      (await raw(sb, "/api/v1/tools/regulatory/landscape", { sponsor: "Zzz Nonexistent Holdings" })).data;
    assert.equal(land.counts.total_unique_drugs, 0);
    assert.equal(r.drugs.height, 0);
    assert.equal(r.byTier.height, 0);
    assert.deepEqual(r.bySponsor.columns, ["sponsor", "tier", "drugs"]);
    assert.deepEqual(r.bySource.getColumn("source").toArray(), ["EMA"]);
    assert.ok(r.warnings.some((w) => w.code === "maybe-unresolved"));
    assert.ok(r.warnings.some((w) => w.code === "totals-unfiltered"));
  });
});
