/**
 * The sponsor scan's rules at their edges: approvals newest first with undated ones last, every frame
 * keyed, the condition applied to the catalysts, the documented catalyst window — checked on built
 * frames or against the raw service.
 *
 * @module
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { patentTrends } from "../../lib/analyses/patent_trends.ts";
import { sponsorScan, sponsorScanFromFrames } from "../../lib/analyses/sponsor_scan.ts";
import { createClient, isBadInput } from "../../lib/client/mod.ts";
import { orgKey } from "../../lib/client/names.ts";
import { keyOf } from "../../lib/frames/mod.ts";
import { raw, withSandbox } from "../frames/_raw.ts";
import { hostile } from "../_hostile.ts";

const PATH = "/api/v1/tools/regulatory/catalysts";
const iso = (d: unknown) => (d as Date).toISOString().slice(0, 10);

Deno.test("sponsor scan: approvals newest first, undated last; every frame but the summary keyed by unique columns", () => {
  const approvals = pl.DataFrame({
    approval_id: ["a1", "a2", "a3", "a4"],
    approval_date: ["2020-01-01", null, "2022-01-01", "2021-06-30"],
  }).withColumns(pl.col("approval_date").str.strptime(pl.Date, "%Y-%m-%d"));
  const catalysts = pl.DataFrame({
    drug_name: ["x", "x"],
    type: ["patent_expiry", "exclusivity_expiry"],
    event_date: ["2027-01-01", "2027-01-01"],
    when: ["upcoming", "upcoming"],
  }).withColumns(pl.col("event_date").str.strptime(pl.Date, "%Y-%m-%d"));
  const none = pl.DataFrame([]);
  const scan = sponsorScanFromFrames({
    sponsor: pl.DataFrame({ input: ["Acme"], resolved: [false] }),
    trials: pl.DataFrame({ phase: ["PHASE3", "PHASE3"], status: ["RECRUITING", "COMPLETED"] }),
    approvals,
    catalysts,
    patents: { byYear: none, topCpc: none },
  });
  assert.deepEqual(scan.approvals.getColumn("approval_id").toArray(), ["a3", "a4", "a1", "a2"]);
  for (const name of ["sponsor", "pipeline", "approvals", "catalysts", "patentsByYear", "topCpc"] as const) {
    const key = keyOf(scan[name]) ?? [];
    assert.ok(key.length > 0 && key.every((c) => scan[name].columns.includes(c)), `${name}: ${key}`);
    assert.equal(scan[name].select(...key).unique().height, scan[name].height, `${name} rows are unique`);
  }
  // Two event types of one drug on one day are two catalysts.
  assert.equal(scan.catalysts.height, 2);
  assert.equal(scan.summary.getColumn("patents").get(0), 0, "no patent years: 0 patents");
});

Deno.test("sponsorScan(): the condition narrows the catalysts too; the window is 730 days unless given", async () => {
  await withSandbox(async (sb, ri) => {
    const lei = sb.store.db.prepare("SELECT lei FROM organizations WHERE id = 'organizations/pfizer'")
      .get() as {
        lei: string;
      };
    const cond = "non-small cell lung carcinoma";
    const ahead = async (q: Record<string, unknown>) =>
      ((await raw(sb, PATH, { lei: lei.lei, limit: 500, ...q })).data.events as {
        days_to_event: number;
        event_date: string;
      }[]).filter((e) => e.days_to_event >= 0).map((e) => e.event_date).sort();
    const narrowed = await ahead({ indication: cond, windowDays: 730 });
    assert.notDeepEqual(
      narrowed,
      await ahead({ windowDays: 730 }),
      "fixture: the condition changes the events",
    );
    const scan = await sponsorScan(ri, { sponsor: "Pfizer", condition: cond, from: 2024, to: 2025 });
    assert.deepEqual(scan.catalysts.getColumn("event_date").toArray().map(iso), narrowed);
    // Approval indications match the condition whatever its case.
    const ids = (s: typeof scan) => [...s.approvals.getColumn("approval_id").toArray()].sort();
    assert.ok(scan.approvals.height > 0, "fixture: approvals for the condition");
    const shouted = await sponsorScan(ri, {
      sponsor: "Pfizer",
      condition: cond.toUpperCase(),
      from: 2024,
      to: 2025,
    });
    assert.deepEqual(ids(shouted), ids(scan));
    // Every part's calls are in the provenance: resolution, trials, approvals, catalysts, patents.
    const endpoints = new Set(scan.provenance.map((p) => p.endpoint));
    for (const e of ["resolve.organizations", "trials.search", "regulatory.search", "regulatory.catalysts"]) {
      assert.ok(endpoints.has(e), `${e} in ${[...endpoints]}`);
    }
    assert.ok([...endpoints].some((e) => e.startsWith("patents.")), [...endpoints].join(", "));
    const calls = scan.provenance.filter((p) => p.endpoint === "regulatory.catalysts");
    assert.ok(calls.length > 0 && calls.every((p) => p.params.windowDays === 730), JSON.stringify(calls));
    assert.ok(
      calls.every((p) => p.params.lei === lei.lei && !("sponsor" in p.params)),
      "by the sponsor's LEI",
    );
    // Patent activity is patentTrends' for the organization id: its top CPC codes too.
    const trends = await patentTrends(ri, { company_id: "organizations/pfizer", from: 2024, to: 2025 });
    assert.ok(trends.topCpc.height > 0, "fixture: CPC codes");
    assert.deepEqual(scan.topCpc.toRecords(), trends.topCpc.toRecords());
  });
});

Deno.test("sponsorScan(): approvals without regulatory flags get is_orphan from the is_orphan filter, both values", async () => {
  await withSandbox(async (sb, ri) => {
    // Bayer has exactly one approval: one row is enough to derive the flag.
    for (const [sponsor, id] of [["Pfizer", "organizations/pfizer"], ["Bayer", "organizations/bayer"]]) {
      const scan = await sponsorScan(ri, { sponsor, from: 2024, to: 2025 });
      assert.equal(scan.sponsor.getColumn("id").get(0), id, "fixture: the sponsor resolves");
      // The sponsor's approvals are those of every organization of its name (spec-minimal: no family is
      // said, so the autocomplete rows whose name has the sponsor's orgKey, e.g. "Pfizer" and "PFIZER INC").
      const res = await raw(sb, "/api/v1/tools/resolution/autocomplete", { query: sponsor, limit: 50 });
      assert.equal(res.resolution, undefined, "fixture: spec-minimal");
      const units = (res.data as { id: string; name: string; approvalCount: number }[])
        .filter((u) => orgKey(u.name) === orgKey(sponsor) && u.approvalCount > 0).map((u) => u.id);
      assert.ok(units.includes(id), "fixture: the sponsor is a unit of its family");
      const ids = new Set<string>(), want = new Set<string>();
      for (const unit of units) {
        const all = await raw(sb, "/api/v1/regulatory", { sponsor_id: unit, limit: 100 });
        assert.ok(
          all.data.length > 0 && !("regulatory_flags" in all.data[0]),
          "fixture: rows carry no flags",
        );
        for (const r of all.data as { approval_id: string }[]) ids.add(r.approval_id);
        const orphans = await raw(sb, "/api/v1/regulatory", {
          sponsor_id: unit,
          is_orphan: true,
          limit: 100,
        });
        for (const r of orphans.data as { approval_id: string }[]) want.add(r.approval_id);
      }
      const got = scan.approvals.select("approval_id", "is_orphan").toRecords();
      assert.equal(got.length, ids.size);
      for (const r of got) assert.equal(r.is_orphan, want.has(String(r.approval_id)), String(r.approval_id));
      assert.equal(scan.summary.getColumn("orphan_approvals").get(0), want.size);
      const derived = scan.warnings.find((w) => w.code === "derived");
      assert.match(
        String(derived?.message),
        /^Approvals carry no regulatory flags .*: is_orphan comes from the approvals search's is_orphan filter$/,
      );
      assert.ok(
        scan.provenance.some((p) => p.endpoint === "regulatory.search" && p.params.is_orphan === true),
        "the is_orphan call is in the provenance",
      );
      if (sponsor === "Pfizer") {
        assert.deepEqual(
          new Set(got.map((r) => r.is_orphan)),
          new Set([true, false]),
          "fixture: both values",
        );
        const years = scan.patentsByYear.getColumn("year").toArray();
        assert.deepEqual(years, [2024, 2025], "patent years from `from` to `to`");
      }
    }
  }, { profile: "spec-minimal" });
});

Deno.test("sponsorScan(): catalysts still capped make the scan incomplete, though every other part is complete", async () => {
  await withSandbox(async (sb) => {
    // A loopback proxy to the sandbox that fills every catalysts answer up to its limit: the calendar
    // stays capped however it is split.
    const proxy = hostile(async (req, url) => {
      const res = await fetch(new URL(url.pathname + url.search, sb.url), { headers: req.headers });
      if (url.pathname !== PATH || !res.ok) return new Response(res.body, res);
      const body = await res.json();
      const limit = Number(url.searchParams.get("limit") ?? 100);
      const pad = Array.from({ length: limit }, (_, i) => ({
        ...body.data.events[0] ?? {},
        trade_name: "Padding",
        type: "approval",
        event_date: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
        days_to_event: -1000 - i,
        drug_name: "padding",
        patent_no: null,
        exclusivity_code: null,
        exclusivity_description: null,
        approval_id: `regulatory_approval/pad${i}`,
        sponsors: [],
        sponsors_chain: [],
      }));
      body.data.events = [...pad, ...body.data.events].slice(0, limit);
      return Response.json(body);
    });
    try {
      const ri = createClient({ baseUrl: proxy.url, apiKey: sb.keys.pro, retry: 0 });
      const scan = await sponsorScan(ri, { sponsor: "Pfizer", from: 2024, to: 2025 });
      const parts = scan.provenance.filter((p) => p.endpoint !== "regulatory.catalysts");
      assert.ok(parts.every((p) => p.complete), "fixture: every other call is complete");
      assert.equal(scan.complete, false);
      assert.ok(scan.warnings.some((w) => w.code === "capped" && !w.source), JSON.stringify(scan.warnings));
    } finally {
      await proxy.close();
    }
  });
});

Deno.test("sponsorScan(): bad input names the parameter before any request; an unresolved sponsor gets the closest names", async () => {
  const svc = hostile(() => Response.json({ success: false, error: "no" }, { status: 500 }));
  try {
    const ri = createClient({ baseUrl: svc.url, apiKey: "test-key", retry: 0 });
    for (const bad of [{ sponsor: "" }, { sponsor: "Pfizer", windowDays: 0 }]) {
      const e = await sponsorScan(ri, bad).catch((e) => e);
      assert.ok(isBadInput(e), String(e));
      assert.match(String(e.message), bad.sponsor ? /windowDays/ : /sponsor/);
    }
    assert.equal(svc.seen.length, 0, "no request was made");
  } finally {
    await svc.close();
  }
  await withSandbox(async (_sb, ri) => {
    const scan = await sponsorScan(ri, { sponsor: "Pfzer", from: 2024, to: 2025 });
    assert.equal(scan.sponsor.getColumn("resolved").toArray()[0], false);
    assert.equal(
      scan.complete,
      true,
      "no part was cut: the empty approvals and patents are warned, not incomplete",
    );
    const w = scan.warnings.find((w) => w.code === "maybe-unresolved" && !w.source);
    assert.match(
      String(w?.message),
      /^Sponsor 'Pfzer' did not resolve to an organization; .*; closest: Pfizer\b/,
    );
  });
});
