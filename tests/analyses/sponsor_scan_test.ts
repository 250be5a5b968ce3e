import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { createClient } from "../../lib/client/mod.ts";
import type { OrganizationRow } from "../../lib/client/schemas/people.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import { pickOrganization, sponsorScan, sponsorScanFromFrames } from "../../lib/analyses/sponsor_scan.ts";

const org = (name: string, level: string, id = name): OrganizationRow => ({
  name,
  hierarchyLevel: level,
  trialCount: 1,
  approvalCount: 0,
  id: `organizations/${id}`,
  isEntity: level === "GLOBAL PARENT",
  rorId: null,
  lei: null,
});

Deno.test("pickOrganization() prefers an exact entity match, then the first entity", () => {
  const rows = [
    org("Acme Inc.", "GLOBAL PARENT", "a"),
    org("ACME", "UNRESOLVED", "m"),
    org("Acme", "GLOBAL PARENT"),
  ];
  assert.equal(pickOrganization(rows, "acme")?.id, "organizations/Acme");
  assert.equal(pickOrganization(rows, "Ac")?.id, "organizations/a");
  assert.equal(pickOrganization([org("ACME", "UNRESOLVED")], "acme")?.id, "organizations/ACME");
  assert.equal(pickOrganization([], "acme"), undefined);
});

Deno.test("sponsorScanFromFrames() gives typed empty frames and a zero summary for empty parts", () => {
  const none = pl.DataFrame([]);
  const scan = sponsorScanFromFrames({
    sponsor: none,
    trials: none,
    approvals: none,
    catalysts: none,
    patents: { byYear: none, topCpc: none },
  });
  for (const k of ["sponsor", "pipeline", "approvals", "catalysts", "patentsByYear", "topCpc"] as const) {
    assert.equal(scan[k].height, 0, k);
    assert.ok(scan[k].width > 0, k);
  }
  assert.deepEqual(scan.summary.toRecords(), [{
    trials: 0,
    active_trials: 0,
    late_stage_trials: 0,
    approvals: 0,
    orphan_approvals: 0,
    upcoming_catalysts: 0,
    next_catalyst_date: null,
    patents: 0,
  }]);
});

Deno.test("sponsorScan() matches the sandbox store and raw HTTP answers", async (t) => {
  await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
  const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
  const db = sb.store.db;
  const raw = async (path: string) =>
    (await fetch(`${sb.url}${path}`, { headers: { "x-api-key": sb.keys.pro } })).json();
  const scan = await sponsorScan(ri, { sponsor: "pfizer", from: 2020, to: 2025 });
  const pf = db.prepare("SELECT id, name, lei, ror_id FROM organizations WHERE id = 'organizations/pfizer'")
    .get() as { id: string; name: string; lei: string; ror_id: string };

  await t.step("the sponsor is resolved once to its exact entity", () => {
    assert.deepEqual(scan.sponsor.select("id", "name", "lei", "ror_id").toRecords(), [{ ...pf }]);
    assert.equal(scan.provenance.filter((p) => p.endpoint === "resolve.organizations").length, 1);
    assert.equal(scan.complete, true);
  });

  // The sponsor question reaches the family: every organization of its head's closure (at most 6 hops).
  const family = `SELECT descendant_id FROM org_closure WHERE hops <= 6 AND ancestor_id =
    (SELECT ultimate_parent_id FROM organizations WHERE id = 'organizations/pfizer')`;
  await t.step("the pipeline equals the family's trials by phase and status in SQL", () => {
    const truth = db.prepare(
      `SELECT t.phase, t.status, COUNT(*) AS trials, SUM(t.enrollment) AS enrollment FROM trials t
       WHERE t.trial_id IN (SELECT trial_id FROM trial_sponsors WHERE org_id IN (${family}))
       GROUP BY t.phase, t.status ORDER BY t.phase, t.status`,
    ).all() as Record<string, unknown>[];
    assert.ok(
      (db.prepare(`SELECT count(*) AS n FROM (${family})`).get() as { n: number }).n > 1,
      "a family of several units",
    );
    assert.deepEqual(scan.pipeline.toRecords(), truth.map((r) => ({ ...r })));
  });

  await t.step("approvals are the ones linked to the family's organization ids", () => {
    const truth = db.prepare(
      `SELECT DISTINCT a.approval_id FROM approvals a JOIN approval_sponsors s ON s.approval_key = a.key
       WHERE s.org_id IN (${family}) ORDER BY a.approval_id`,
    ).all() as { approval_id: string }[];
    assert.deepEqual(
      [...scan.approvals.getColumn("approval_id").toArray()].sort(),
      truth.map((r) => r.approval_id),
    );
    assert.equal(scan.summary.getColumn("approvals").toArray()[0], truth.length);
  });

  await t.step("upcoming catalysts are the raw catalyst events ahead, by LEI", async () => {
    const body = await raw(`/api/v1/tools/regulatory/catalysts?lei=${pf.lei}&windowDays=730&limit=500`);
    const ahead = (body.data.events as { days_to_event: number; event_date: string }[])
      .filter((e) => e.days_to_event >= 0).map((e) => e.event_date).sort();
    const got = (scan.catalysts.getColumn("event_date").toArray() as unknown as Date[]).map((d) =>
      d.toISOString().slice(0, 10)
    );
    assert.deepEqual(got, ahead);
    const next = scan.summary.getColumn("next_catalyst_date").toArray()[0] as unknown as Date | null;
    assert.equal(next?.toISOString().slice(0, 10) ?? null, ahead[0] ?? null);
  });

  await t.step("patent activity equals the raw per-company aggregate", async () => {
    const body = await raw(
      `/api/v1/patents/aggregate?group_by=year&company_id=${pf.id}&publication_date_from=2020-01-01&publication_date_to=2025-12-31`,
    );
    const truth = new Map((body.buckets as { year: number; count: number }[]).map((b) => [b.year, b.count]));
    assert.deepEqual(scan.patentsByYear.getColumn("year").toArray(), [2020, 2021, 2022, 2023, 2024, 2025]);
    assert.deepEqual(
      scan.patentsByYear.getColumn("patents").toArray(),
      [2020, 2021, 2022, 2023, 2024, 2025].map((y) => truth.get(y) ?? 0),
    );
    assert.equal(
      scan.summary.getColumn("patents").toArray()[0],
      [...truth.values()].reduce((a, b) => a + b, 0),
    );
  });

  await t.step("a condition narrows trials and approvals to that condition", async () => {
    const cond = "non-small cell lung carcinoma";
    const narrowed = await sponsorScan(ri, { sponsor: "Pfizer", condition: cond, from: 2024, to: 2025 });
    const n = db.prepare(
      `SELECT COUNT(DISTINCT s.trial_id) AS n FROM trial_sponsors s JOIN trial_conditions c ON c.trial_id = s.trial_id
       WHERE s.org_id IN (${family}) AND c.condition_name = ?`,
    ).get(cond) as { n: number };
    assert.equal(narrowed.summary.getColumn("trials").toArray()[0], n.n);
    for (const ind of narrowed.approvals.getColumn("indications").toArray() as unknown as string[][]) {
      assert.ok(ind.includes(cond));
    }
  });

  await t.step("a Free key gives the other parts and says why patents are missing", async () => {
    const free = createClient({ baseUrl: sb.url, apiKey: sb.keys.free });
    const s = await sponsorScan(free, { sponsor: "Pfizer" });
    assert.ok(Number(s.summary.getColumn("trials").toArray()[0]) > 0);
    assert.equal(s.patentsByYear.height, 0);
    assert.ok(s.warnings.some((w) => w.code === "patents-unavailable"));
  });

  await t.step("an unresolved sponsor is reported, with empty typed parts", async () => {
    const s = await sponsorScan(ri, { sponsor: "Zzyzx Nonexistent Pharma" });
    assert.equal(s.sponsor.getColumn("resolved").toArray()[0], false);
    assert.equal(s.approvals.height, 0);
    assert.equal(s.summary.getColumn("trials").toArray()[0], 0);
    assert.ok(s.warnings.some((w) => w.code === "maybe-unresolved" && w.message.includes("Zzyzx")));
  });
});
