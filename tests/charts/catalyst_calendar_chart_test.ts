import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { catalystCalendarChart, eventTypeLabel } from "../../lib/charts/mod.ts";
import { assertRenders, count, textsOf } from "./_assert_chart.ts";

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

Deno.test("catalystCalendarChart() plots events by type around the data's reference day, past hollow and upcoming filled", () => {
  const svg = assertRenders(catalystCalendarChart(events), [
    "Catalyst calendar",
    "3 upcoming and 1 past event around the data's",
    "Approval",
    "Patent expiry",
    "Exclusivity expiry",
    "Event date",
    ">reference day 2026-11-21<",
    ">Brandix<",
  ]);
  assert.ok(!svg.includes(">today<"), "the rule is the data's reference day, not today");
  assert.ok(textsOf(svg).includes("Curetol Extended Release Tablets"), "a long name is shown in full");
  assert.ok(!svg.includes("…"), "no name is cut");
  assert.equal(count(svg, /<circle/), 4, "one dot per event");
  assert.equal(count(svg, /fill="white"[^>]*>\s*<circle|<g[^>]*fill="white"/), 1, "the past event is hollow");
});

Deno.test("catalystCalendarChart() keeps the drugs nearest today and says how many are hidden", () => {
  const svg = catalystCalendarChart(events, { maxRows: 2 }).svg();
  assert.ok(svg.includes("1 more drug further from the reference day not shown"));
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

Deno.test("catalystCalendarChart() derives the reference day from the frame, not the clock", () => {
  const shifted = pl.DataFrame([{
    ...ev("Brandix", "patent_expiry", 10),
    event_date: new Date(Date.UTC(2030, 0, 11)),
  }]);
  const svg = catalystCalendarChart(shifted).svg();
  assert.ok(svg.includes(">reference day 2030-01-01<"), "event_date − days_to_event");
});

Deno.test("catalystCalendarChart() shows one display case, so all-caps and brand-case names of a drug are one row", () => {
  const mixed = pl.DataFrame([
    ev("APIXABAN", "approval", -100),
    ev("Apixaban", "patent_expiry", 200),
    ev("FINGOLIMOD HYDROCHLORIDE", "approval", -50),
  ]);
  const texts = textsOf(catalystCalendarChart(mixed).svg());
  assert.equal(texts.filter((t) => t === "Apixaban").length, 1, "one row for the drug");
  assert.ok(texts.includes("Fingolimod Hydrochloride"));
  assert.ok(!texts.some((t) => /APIXABAN|FINGOLIMOD/.test(t)), "no all-caps name left");
});

Deno.test("catalystCalendarChart() names whose event each row is when the events belong to two sponsors", () => {
  const two = events.withColumns(
    pl.Series("entities", [["sponsor:Acme"], ["sponsor:Acme"], ["sponsor:Globex"], ["ticker:LLY"]]),
  );
  const texts = textsOf(catalystCalendarChart(two).svg()).join(" | ");
  assert.match(texts, /Brandix \(Acme\)/);
  assert.match(texts, /Zenithra \(LLY\)/);
  // One sponsor: no suffix.
  const one = events.withColumns(
    pl.Series("entities", events.getColumn("drug_name").toArray().map(() => ["sponsor:Acme"])),
  );
  assert.doesNotMatch(textsOf(catalystCalendarChart(one).svg()).join(" | "), /\(Acme\)/);
});
