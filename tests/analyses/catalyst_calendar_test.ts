import assert from "node:assert/strict";
import { catalystCalendar } from "../../lib/analyses/catalyst_calendar.ts";
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

Deno.test("catalystCalendar() flags capped and unresolved entities, typed when empty", async () => {
  await withSandbox(async (sb, ri) => {
    const cal = await catalystCalendar(ri, { sponsors: ["Zzz Nowhere Pharma"] });
    const truth = await raw(sb, PATH, { sponsor: "Zzz Nowhere Pharma" });
    assert.equal(truth.data.events.length, 0);
    assert.equal(cal.events.height, 0);
    assert.ok(cal.events.columns.includes("entities") && cal.events.columns.includes("quarter"));
    assert.equal(cal.entities.getColumn("unresolved").toArray()[0], true);
    assert.ok(cal.warnings.some((w) => w.code === "maybe-unresolved"));
    const capped = await catalystCalendar(ri, {
      tickers: [],
      sponsors: ["Pfizer"],
      windowDays: 3650,
      limit: 3,
    });
    assert.equal(capped.events.height, 3);
    assert.equal(capped.entities.getColumn("capped").toArray()[0], true);
    assert.equal(capped.complete, false);
  });
});

Deno.test("catalystCalendar() with only an indication makes one call", async () => {
  await withSandbox(async (sb, ri) => {
    const cal = await catalystCalendar(ri, { indication: "breast cancer", windowDays: 3650 });
    const truth = await raw(sb, PATH, { indication: "breast cancer", windowDays: 3650, limit: 500 });
    assert.equal(cal.provenance.length, 1);
    assert.equal(cal.events.height, truth.data.events.length);
  });
});
