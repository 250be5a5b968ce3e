import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { catalystCalendarChart, eventTypeLabel } from "../../lib/charts/mod.ts";
import { assertRenders, count } from "./_assert_chart.ts";

const day = 86_400_000;
const today = Date.UTC(2026, 10, 21);
const ev = (trade_name: string, type: string, days: number) => ({
  trade_name,
  drug_name: trade_name.toLowerCase(),
  type,
  days_to_event: days,
  event_date: new Date(today + days * day),
});
const events = pl.DataFrame([
  ev("Brandix", "approval", -200),
  ev("Brandix", "patent_expiry", 120),
  ev("Curetol Extended Release Tablets", "exclusivity_expiry", 30),
  ev("Zenithra", "patent_expiry", 700),
]);

Deno.test("catalystCalendarChart() plots events by type with a today rule, past hollow and upcoming filled", () => {
  const svg = assertRenders(catalystCalendarChart(events), [
    "Catalyst calendar",
    "3 upcoming and 1 past events around 2026-11-21",
    "Approval",
    "Patent expiry",
    "Exclusivity expiry",
    "Event date",
    ">today<",
    ">Brandix<",
    "Curetol Extended Release Ta…",
  ]);
  assert.equal(count(svg, /<circle/), 4, "one dot per event");
  assert.equal(count(svg, /fill="white"[^>]*>\s*<circle|<g[^>]*fill="white"/), 1, "the past event is hollow");
});

Deno.test("catalystCalendarChart() keeps the drugs nearest today and says how many are hidden", () => {
  const svg = catalystCalendarChart(events, { maxRows: 2 }).svg();
  assert.ok(svg.includes("1 more drug further from today not shown"));
  assert.ok(!svg.includes(">Zenithra<"));
});

Deno.test("catalystCalendarChart() rejects frames without event dates", () => {
  assert.throws(
    () => catalystCalendarChart(pl.DataFrame({ type: ["approval"] })),
    /lacks column\(s\) event_date/,
  );
});

Deno.test("eventTypeLabel() names event types", () => {
  assert.equal(eventTypeLabel("patent_expiry"), "Patent expiry");
  assert.equal(eventTypeLabel("label_change"), "Label change");
});
