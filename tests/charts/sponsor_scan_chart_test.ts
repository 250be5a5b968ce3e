import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { sponsorScanChart, statusGroup } from "../../lib/charts/mod.ts";
import { assertRenders, count } from "./_assert_chart.ts";

const pipeline = pl.DataFrame({
  phase: ["PHASE3", "PHASE3", "PHASE3", "PHASE1/PHASE2", "NA"],
  status: ["RECRUITING", "ACTIVE_NOT_RECRUITING", "TERMINATED", "COMPLETED", "UNKNOWN"],
  trials: [3, 2, 1, 4, 1],
});
const summary = pl.DataFrame({
  trials: [11],
  active_trials: [5],
  late_stage_trials: [6],
  approvals: [2],
  orphan_approvals: [0],
  upcoming_catalysts: [1],
  next_catalyst_date: [new Date("2027-03-26")],
  patents: [40],
});

Deno.test("sponsorScanChart() stacks trials per phase by status group with totals and the scan's figures", () => {
  const svg = assertRenders(sponsorScanChart(pipeline, { summary, sponsor: "Acme" }), [
    "Sponsor pipeline: Acme",
    "11 trials (5 active, 6 phase 3+), 2 approvals",
    "(next 2027-03-26)",
    "patents",
    "Phase 3",
    "Phase 1/2",
    "Not applicable",
    "Active",
    "Stopped",
    ">6<",
  ]);
  assert.equal(count(svg, /<rect fill="#59a14f"/), 1, "recruiting + active form one segment");
});

Deno.test("statusGroup() groups stored trial statuses", () => {
  assert.equal(statusGroup("ENROLLING_BY_INVITATION"), "Active");
  assert.equal(statusGroup("WITHDRAWN"), "Stopped");
  assert.equal(statusGroup("weird"), "Unknown");
});

Deno.test("sponsorScanChart() has legend entries only for the status groups drawn", () => {
  const active = pl.DataFrame({ phase: ["PHASE2"], status: ["RECRUITING"], trials: [3] });
  const svg = sponsorScanChart(active).svg();
  assert.ok(svg.includes(">Active<"));
  for (const g of ["Completed", "Stopped", "Unknown"]) assert.ok(!svg.includes(`>${g}<`), `no ${g} swatch`);
});
