import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { catalystCalendar, catalystCalendarFromFrames } from "../../lib/analyses/catalyst_calendar.ts";
import { portfolioOverlap } from "../../lib/analyses/portfolio_overlap.ts";
import { diseaseComparison } from "../../lib/analyses/disease_comparison.ts";
import { lossOfExclusivity } from "../../lib/analyses/loss_of_exclusivity.ts";
import { toFrame } from "../../lib/frames/mod.ts";
import { isBadInput } from "../../lib/client/mod.ts";
import { cellDays, days, raw, withSandbox } from "../frames/_raw.ts";

const PATH = "/api/v1/tools/regulatory/catalysts";
type Ev = { drug_name: string; type: string; event_date: string; days_to_event: number };

Deno.test("catalystCalendar() merges per-sponsor events like the raw responses", async () => {
  await withSandbox(async (sb, ri) => {
    const sponsors = ["Pfizer", "Novartis", "Roche"];
    const cal = await catalystCalendar(ri, { sponsors, windowDays: 3650 });
    const truth = new Map<string, Set<string>>();
    // deno-lint-ignore no-explicit-any
    const bodies: any[] = [];
    for (const s of sponsors) {
      const b = await raw(sb, PATH, { sponsor: s, windowDays: 3650, limit: 500 });
      bodies.push(b);
      for (const e of b.data.events as Ev[]) {
        const k = `${e.drug_name}|${e.type}|${e.event_date}`;
        truth.set(k, (truth.get(k) ?? new Set()).add(`sponsor:${s}`));
      }
    }
    const recs = cal.events.toRecords();
    assert.equal(recs.length, truth.size);
    for (const r of recs) {
      const iso = new Date(r.event_date as unknown as Date).toISOString().slice(0, 10);
      const k = `${r.drug_name}|${r.type}|${iso}`;
      assert.deepEqual(r.entities, [...truth.get(k)!].sort(), k);
      assert.equal(r.when, (r.days_to_event as number) < 0 ? "past" : "upcoming");
    }
    const sorted = recs.map((r) => cellDays(r.event_date)!);
    assert.deepEqual(sorted, [...sorted].sort((a, b) => a - b));
    const byType = Object.fromEntries(cal.byType.toRecords().map((r) => [r.type, r.events]));
    const want: Record<string, number> = {};
    for (const k of truth.keys()) want[k.split("|")[1]] = (want[k.split("|")[1]] ?? 0) + 1;
    assert.deepEqual(byType, want);
    assert.equal(cal.byMonth.getColumn("events").sum(), truth.size);
    // Next expiries per entity come from each body.
    cal.entities.toRecords().forEach((e, i) => {
      const d = bodies[i].data;
      assert.equal(cellDays(e.next_patent_expiry), d.next_patent_expiry ? days(d.next_patent_expiry) : null);
      assert.equal(e.events, d.events.length);
      assert.equal(e.capped, false);
    });
    assert.ok(cal.events.columns.includes("approval_key") && !cal.events.columns.includes("approval_id"));
    assert.equal(cal.complete, true);
  });
});

Deno.test("catalystCalendar() tells an unresolved sponsor from a resolved one with no events in the window", async () => {
  await withSandbox(async (sb, ri) => {
    const cal = await catalystCalendar(ri, { sponsors: ["Zzz Nowhere Pharma", "Pfizer"], windowDays: 1 });
    const truth = await raw(sb, PATH, { sponsor: "Zzz Nowhere Pharma" });
    assert.equal(truth.data.events.length, 0);
    const pfizer = await raw(sb, PATH, { sponsor: "Pfizer", windowDays: 1 });
    assert.ok(cal.events.columns.includes("entities") && cal.events.columns.includes("quarter"));
    const [nowhere, pf] = cal.entities.toRecords();
    assert.equal(nowhere.status, "unresolved");
    assert.equal(nowhere.resolved, false);
    assert.equal(nowhere.unresolved, true);
    const w = cal.warnings.find((x) => x.code === "unresolved");
    assert.ok(w && w.message.includes("Zzz Nowhere Pharma"), JSON.stringify(cal.warnings));
    // Pfizer resolves (expiries ahead) but a 1-day window holds no events: not "unresolved".
    assert.equal(pfizer.data.events.length, 0);
    assert.ok(pfizer.data.next_patent_expiry !== null || pfizer.data.next_exclusivity_expiry !== null);
    assert.equal(pf.status, "no-events");
    assert.equal(pf.resolved, true);
    assert.ok(cal.warnings.some((x) => x.code === "no-events-in-window" && x.message.includes("Pfizer")));
    assert.ok(!cal.warnings.some((x) => x.code === "unresolved" && x.message.includes("Pfizer")));
  });
});

Deno.test("catalystCalendar() splits a capped call so upcoming events beyond the cut are not lost", async () => {
  await withSandbox(async (sb, ri) => {
    const key = (e: Ev) => `${e.drug_name}|${e.type}|${e.event_date}`;
    const all = (await raw(sb, PATH, { sponsor: "Pfizer", windowDays: 3650, limit: 500 })).data
      .events as Ev[];
    assert.ok(all.length < 500, "ground truth is not capped");
    const past = all.filter((e) => e.days_to_event < 0).length;
    const upcoming = all.filter((e) => e.days_to_event >= 0);
    assert.ok(past >= 3 && upcoming.length > 0, `fixture: ${past} past, ${upcoming.length} upcoming`);
    const limit = past;
    // The trap: one capped call returns only past events.
    const cut = (await raw(sb, PATH, { sponsor: "Pfizer", windowDays: 3650, limit })).data.events as Ev[];
    assert.equal(cut.length, limit);
    assert.ok(cut.every((e) => e.days_to_event < 0), "a capped call loses the future first");
    const cal = await catalystCalendar(ri, { sponsors: ["Pfizer"], windowDays: 3650, limit });
    const got = new Set(
      cal.events.toRecords().map((r) =>
        `${r.drug_name}|${r.type}|${new Date(r.event_date as unknown as Date).toISOString().slice(0, 10)}`
      ),
    );
    const e = cal.entities.toRecords()[0];
    const want = new Set(all.map(key));
    assert.ok([...got].every((k) => want.has(k)), "nothing invented");
    // Every drug whose own call was not capped has all its events; a capped drug those near today.
    const cappedDrugs = new Set(String(e.capped_drugs ?? "").split(", ").filter(Boolean));
    assert.equal(e.capped, cappedDrugs.size > 0);
    assert.equal(cal.complete, !e.capped);
    for (const x of all) {
      if (!cappedDrugs.has(x.drug_name) || Math.abs(x.days_to_event) <= Number(e.complete_days)) {
        assert.ok(got.has(key(x)), `missing ${key(x)}`);
      }
    }
    const up = upcoming.filter((x) => got.has(key(x))).length;
    assert.ok(
      up >= upcoming.length - 2,
      `recovered ${up} of ${upcoming.length} upcoming events (0 in the capped call)`,
    );
    if (e.capped) {
      assert.ok(cal.warnings.some((w) => w.code === "capped" && w.message.includes([...cappedDrugs][0])));
    }
    // The split calls' own "no events"/"capped" notices are settled, not passed on.
    assert.ok(!cal.warnings.some((w) => w.code === "maybe-unresolved"), JSON.stringify(cal.warnings));
    assert.ok(cal.provenance.length > 1, "the capped call was split");
  });
});

Deno.test("catalystCalendarFromFrames() merges the same event from two entities deterministically", () => {
  const ev = (trade: string, patent: string, sponsor: string) => ({
    trade_name: trade,
    type: "patent_expiry",
    event_date: "2027-03-01",
    days_to_event: 400,
    drug_name: "crizotinib",
    patent_no: patent,
    exclusivity_code: null,
    exclusivity_description: null,
    approval_id: "regulatory_approval/1",
    sponsors: [{ id: `organizations/${sponsor}`, name: sponsor }],
    sponsors_chain: [],
  });
  const rows = [ev("Xalkori", "US2", "B"), ev("Xalkori", "US1", "A")];
  const frame = (rs: typeof rows, ents: string[]) =>
    toFrame("catalystEvent", rs).withColumns(pl.Series("entity", ents));
  const one = catalystCalendarFromFrames(frame(rows, ["sponsor:B", "sponsor:A"])).events.toRecords()[0];
  const two = catalystCalendarFromFrames(frame([...rows].reverse(), ["sponsor:A", "sponsor:B"])).events
    .toRecords()[0];
  assert.deepEqual(one, two, "order of the inputs does not matter");
  assert.equal(one.trade_name, "Xalkori", "agreeing values are kept");
  assert.equal(one.patent_no, "US1 | US2", "disagreeing values are listed");
  assert.deepEqual(one.sponsors, ["A", "B"], "sponsor lists are unioned");
  assert.equal(one.exclusivity_code, null);
});

Deno.test("catalystCalendar() with only an indication makes one call", async () => {
  await withSandbox(async (sb, ri) => {
    const cal = await catalystCalendar(ri, { indication: "breast cancer", windowDays: 3650 });
    const truth = await raw(sb, PATH, { indication: "breast cancer", windowDays: 3650, limit: 500 });
    assert.equal(cal.provenance.length, 1);
    assert.equal(cal.events.height, truth.data.events.length);
  });
});

Deno.test("no sponsor, ticker, LEI, indication or drug: bad input in the parameters' names, before any request", async () => {
  await withSandbox(async (_sb, ri) => {
    for (const run of [() => catalystCalendar(ri, {}), () => lossOfExclusivity(ri, { sponsors: [] })]) {
      const e = await run().catch((e) => e);
      assert.ok(isBadInput(e), String(e));
      // Before: the service's words, "Invalid combination for regulatory.catalysts: pass at least one of
      // sponsor, indication, drugNames, lei, ticker [GET /api/v1/tools/regulatory/catalysts]".
      assert.match(
        String(e.message),
        /: sponsors is required, or one of tickers, leis, indication, drugNames/,
      );
      assert.doesNotMatch(String(e.message), /regulatory\.catalysts|\/api\//);
    }
  });
});

Deno.test("list parameters given as one string (a watchlist's JSON) fail naming the parameter and the fix", async () => {
  await withSandbox(async (_sb, ri) => {
    // deno-lint-ignore no-explicit-any
    const loose = (x: unknown) => x as any;
    await assert.rejects(
      catalystCalendar(ri, loose({ drugNames: "pembrolizumab" })),
      /catalystCalendar: drugNames must be a list, got "pembrolizumab"; pass \["pembrolizumab"\]/,
    );
    await assert.rejects(
      portfolioOverlap(ri, loose({ sponsors: "Pfizer", condition: "lung cancer" })),
      /portfolioOverlap: sponsors must be a list/,
    );
    await assert.rejects(diseaseComparison(ri, loose({ diseases: "asthma" })), /diseases must be a list/);
    // Marked as the caller's input (a watch run exits 2 for it), unlike a TypeError from a bug.
    const e = await catalystCalendar(ri, loose({ sponsors: "Pfizer" })).catch((e) => e);
    assert.ok(e instanceof TypeError && isBadInput(e), String(e));
    assert.ok(!isBadInput(new TypeError("Cannot read properties of undefined (reading 'map')")));
  });
});
