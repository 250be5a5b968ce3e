/**
 * How a capped catalyst call is split (lib/analyses/_catalyst_pull.ts), on data built to break each rule:
 * a real loopback service that answers `regulatory.catalysts` as the spec says (events within the window,
 * of the drugs named, sorted by date, cut at `limit`) over events placed on chosen days around today.
 * Entities are tickers, which need no other endpoint (their drugs come from the events alone).
 *
 * @module
 */
import assert from "node:assert/strict";
import { catalystCalendar } from "../../lib/analyses/catalyst_calendar.ts";
import { MAX_SPLIT_CALLS } from "../../lib/analyses/_catalyst_pull.ts";
import { createClient } from "../../lib/client/mod.ts";
import { hostile } from "../_hostile.ts";

const PATH = "/api/v1/tools/regulatory/catalysts";
const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 0, 15);

/** An event of `drug`, `days` from today (negative: an approval behind, else an expiry ahead). */
type At = { drug: string; days: number };

const row = ({ drug, days }: At) => ({
  trade_name: drug.toUpperCase(),
  type: days < 0 ? "approval" : "patent_expiry",
  event_date: new Date(TODAY + days * DAY).toISOString().slice(0, 10),
  days_to_event: days,
  drug_name: drug,
  patent_no: days < 0 ? null : `US${1000 + Math.abs(days)}`,
  exclusivity_code: null,
  exclusivity_description: null,
  approval_id: `regulatory_approval/${drug}${days}`,
  sponsors: [],
  sponsors_chain: [],
});

/** The catalysts service over `events`; every call is recorded in `seen`. */
function catalystService(events: readonly At[]) {
  return hostile((_req, url) => {
    if (url.pathname !== PATH) return Response.json({ success: false, error: "not here" }, { status: 404 });
    const q = url.searchParams;
    const window = Number(q.get("windowDays") ?? 365);
    const names = q.get("drugNames")?.split(",");
    const rows = events
      .filter((e) => Math.abs(e.days) <= window && (!names || names.includes(e.drug)))
      .sort((a, b) => a.days - b.days || a.drug.localeCompare(b.drug))
      .slice(0, Number(q.get("limit") ?? 100))
      .map(row);
    const counts: Record<string, number> = {};
    for (const r of rows) counts[r.type] = (counts[r.type] ?? 0) + 1;
    return Response.json({
      success: true,
      data: { events: rows, counts, next_patent_expiry: null, next_exclusivity_expiry: null },
    });
  });
}

/** The calendar of ticker `T` over `events`, and the calls the service received. */
async function calendar(
  events: readonly At[],
  params: { windowDays: number; limit: number; drugNames?: string[] },
) {
  const svc = catalystService(events);
  try {
    const ri = createClient({ baseUrl: svc.url, apiKey: "test-key", retry: 0 });
    const cal = await catalystCalendar(ri, { tickers: ["T"], ...params });
    const keys = cal.events.toRecords().map((r) => `${r.drug_name}@${r.days_to_event}`).sort();
    return { cal, entity: cal.entities.toRecords()[0], keys, calls: svc.seen.length };
  } finally {
    await svc.close();
  }
}

const all = (events: readonly At[]) => events.map((e) => `${e.drug}@${e.days}`).sort();

Deno.test("split: the window is halved until a call is not capped; complete within that window", async () => {
  // limit 2: ±4 days holds 3 events, ±2 holds 2 (capped), ±1 holds 1 → complete within ±1 day.
  // Drug a alone has 2 events (its own call is capped), b has 1.
  const events = [{ drug: "a", days: 0 }, { drug: "a", days: 2 }, { drug: "b", days: -4 }];
  const { cal, entity, keys, calls } = await calendar(events, { windowDays: 4, limit: 2 });
  assert.equal(entity.capped, true);
  assert.equal(entity.complete_days, 1);
  assert.equal(entity.capped_drugs, "a");
  const w = cal.warnings.find((x) => x.code === "capped");
  assert.ok(w?.message.includes("complete within ±1 days, not for a"), JSON.stringify(cal.warnings));
  // Events within ±1 day, and every event of b (its own call is complete), are all there.
  for (const k of ["a@0", "b@-4"]) assert.ok(keys.includes(k), `${k} in ${keys}`);
  assert.equal(cal.provenance.length, calls, "one provenance entry per call made");
  assert.deepEqual(
    cal.provenance[0].params,
    { ticker: "T", windowDays: 4, limit: 2 },
    "the caller's call first",
  );
  assert.equal(cal.complete, false);
});

Deno.test("split: capped even within one day of today → complete within 0 days", async () => {
  const events = [{ drug: "a", days: 0 }, { drug: "a", days: 1 }, { drug: "a", days: -1 }, {
    drug: "a",
    days: 30,
  }];
  const { entity, cal } = await calendar(events, { windowDays: 64, limit: 2 });
  assert.equal(entity.capped, true);
  assert.equal(entity.complete_days, 0);
  assert.equal(entity.capped_drugs, "a");
  assert.ok(cal.warnings.some((x) => x.code === "capped" && x.message.includes("±0 days")));
  // The call still capped keeps its own notice; the calls splitting settled do not, and are complete.
  const notices = cal.provenance.map((p) => p.warnings.some((w) => w.code === "capped"));
  assert.deepEqual(notices.map((n, i) => n === !cal.provenance[i].complete), notices.map(() => true));
  assert.equal(notices.filter(Boolean).length, 1, JSON.stringify(notices));
  assert.ok(
    cal.warnings.some((x) => x.code === "capped" && x.source),
    "the still-capped call's notice is shown",
  );
});

Deno.test("split: drugs under the cap one by one are complete, though capped together even in one day", async () => {
  // a and b are within a day of today: every window is capped, but each drug's own call is not.
  const events = [{ drug: "a", days: 0 }, { drug: "b", days: 1 }];
  const { cal, entity, keys } = await calendar(events, { windowDays: 16, limit: 2 });
  assert.deepEqual(keys, all(events));
  assert.equal(entity.capped, false);
  assert.equal(entity.capped_drugs, null);
  assert.equal(cal.complete, true);
  assert.ok(!cal.warnings.some((x) => x.code === "capped"), JSON.stringify(cal.warnings));
  assert.ok(cal.provenance.every((p) => p.complete), "every capped call was settled by splitting");
  // Drugs came from the events seen (a ticker): the calendar says a drug never seen could be missing.
  const w = cal.warnings.find((x) => x.code === "capped-split");
  assert.ok(w?.message.includes("±0 days"), JSON.stringify(cal.warnings));
});

Deno.test("split: every drug the caller names is fetched over the whole window, the first one too", async () => {
  // The capped call returns the oldest events (b's); a's only event is the newest, beyond every near window.
  const events = [{ drug: "b", days: -10 }, { drug: "b", days: -5 }, { drug: "c", days: 0 }, {
    drug: "a",
    days: 300,
  }];
  const { keys, entity } = await calendar(events, { windowDays: 365, limit: 3, drugNames: ["a", "b", "c"] });
  assert.deepEqual(keys, all(events));
  assert.equal(entity.capped, false);
});

Deno.test("split: at most MAX_SPLIT_CALLS calls after the first; the drugs left unfetched are flagged", async () => {
  const drugs = Array.from({ length: 40 }, (_, i) => `d${String(i).padStart(2, "0")}`);
  const events = drugs.flatMap((drug) => [{ drug, days: 0 }, { drug, days: 200 }]);
  const { cal, entity, calls } = await calendar(events, { windowDays: 365, limit: 2, drugNames: drugs });
  assert.equal(calls, 1 + MAX_SPLIT_CALLS);
  assert.equal(cal.provenance.length, calls);
  assert.equal(entity.capped, true);
  // Every drug has 2 events, so each own call is capped: all are flagged, fetched or left by the bound.
  assert.deepEqual(String(entity.capped_drugs).split(", ").sort(), drugs);
});

Deno.test("split: a capped drug's own window is halved, so its events nearer today are found", async () => {
  // limit 3. b and c fill every window around today (complete within ±0 days); a is capped over the
  // whole ±16 days (its three oldest events), and its own call halved to ±8 days finds a@6 and a@7, which
  // no near-window call holds (nor a quarter window, ±4).
  const near = [{ drug: "b", days: -1 }, { drug: "b", days: 0 }, { drug: "c", days: 1 }];
  const a = [-12, -11, -10, 6, 7].map((days) => ({ drug: "a", days }));
  const { keys, entity } = await calendar([...near, ...a], { windowDays: 16, limit: 3 });
  assert.equal(entity.complete_days, 0);
  assert.equal(entity.capped_drugs, "a");
  for (const k of ["a@6", "a@7", ...all(near)]) assert.ok(keys.includes(k), `${k} in ${keys}`);
});

Deno.test("split: a drug list over 100 names goes in lists of at most 100, each fetched once", async () => {
  // 200 drugs, one approval each on days -1…-200; limit 150 caps the whole window, not ±91 days.
  const events = Array.from(
    { length: 200 },
    (_, i) => ({ drug: `d${String(i).padStart(3, "0")}`, days: -1 - i }),
  );
  const svc = catalystService(events);
  try {
    const ri = createClient({ baseUrl: svc.url, apiKey: "test-key", retry: 0 });
    const cal = await catalystCalendar(ri, { tickers: ["T"], windowDays: 365, limit: 150 });
    assert.equal(cal.events.height, 200);
    const lists = svc.seen.map((s) => new URL(s.path, svc.url).searchParams.get("drugNames")?.split(","))
      .filter((l) => l !== undefined);
    assert.ok(lists.every((l) => l.length <= 100), JSON.stringify(lists.map((l) => l.length)));
    // Neither list is capped, so none is split: every drug is named in exactly one call.
    assert.deepEqual(lists.flat().sort(), events.map((e) => e.drug));
  } finally {
    await svc.close();
  }
});

Deno.test("split: nothing capped — one event proves the entity resolved, and nothing is said about splitting", async () => {
  const { cal, entity } = await calendar([{ drug: "a", days: 5 }], { windowDays: 365, limit: 10 });
  assert.deepEqual([entity.events, entity.resolved, entity.status], [1, true, "events"]);
  assert.deepEqual(cal.warnings.filter((w) => !w.source), [], "no warning of the calendar's own");
});
