/**
 * The catalyst calendar's per-entity verdicts and warnings, checked against the raw service: `resolved`
 * and `status` from events, expiries and the organization lookup; one warning per entity with no events;
 * capped drugs and split windows recomputed from plain calls.
 *
 * @module
 */
import assert from "node:assert/strict";
import { catalystCalendar, EVENT_KEY } from "../../lib/analyses/catalyst_calendar.ts";
import { keyOf } from "../../lib/frames/mod.ts";
import type { Sandbox } from "../../lib/sandbox/mod.ts";
import { cellDays, days, raw, withSandbox } from "../frames/_raw.ts";

const PATH = "/api/v1/tools/regulatory/catalysts";
const AUTOCOMPLETE = "/api/v1/tools/resolution/autocomplete";
type Ev = { drug_name: string; type: string; event_date: string; days_to_event: number };
const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** What the definition says an entity's row holds, from plain calls. */
async function expected(sb: Sandbox, kind: "sponsor" | "ticker", value: string, windowDays: number) {
  const d = (await raw(sb, PATH, { [kind]: value, windowDays, limit: 500 })).data;
  const ahead = d.next_patent_expiry !== null || d.next_exclusivity_expiry !== null;
  const exact = kind === "sponsor"
    ? ((await raw(sb, AUTOCOMPLETE, { query: value, limit: 10 })).data as { name: string }[])
      .find((o) => norm(o.name) === norm(value))?.name ?? null
    : null;
  const resolved = d.events.length > 0 || ahead ? true : kind === "sponsor" ? exact !== null : null;
  const status = d.events.length > 0
    ? "events"
    : resolved === false
    ? "unresolved"
    : resolved
    ? "no-events"
    : "unknown";
  const day = (s: string | null) => s === null ? null : days(s);
  return {
    events: d.events.length,
    resolved,
    status,
    unresolved: resolved === false,
    resolved_name: exact,
    next_patent_expiry: day(d.next_patent_expiry),
    next_exclusivity_expiry: day(d.next_exclusivity_expiry),
  };
}

const WARNING_OF: Record<string, string> = {
  unresolved: "unresolved",
  "no-events": "no-events-in-window",
  unknown: "maybe-unresolved",
};

Deno.test("catalysts: resolved from events or expiries ahead, else the lookup; one verdict per entity with no events", async () => {
  await withSandbox(async (sb, ri) => {
    for (const windowDays of [1, 3650]) {
      const sponsors = ["Pfizer", "Zzz Nowhere Pharma"];
      const tickers = ["PFE", "MRK", "NVO"]; // NVO: an exclusivity expiry ahead, no patent one
      const cal = await catalystCalendar(ri, { sponsors, tickers, windowDays });
      const rows = cal.entities.toRecords();
      const inputs = [
        ...sponsors.map((v) => ["sponsor", v] as const),
        ...tickers.map((v) => ["ticker", v] as const),
      ];
      const statuses = new Set<string>();
      for (const [i, [kind, value]] of inputs.entries()) {
        const want = await expected(sb, kind, value, windowDays);
        const e = rows[i];
        const got = {
          events: e.events,
          resolved: e.resolved,
          status: e.status,
          unresolved: e.unresolved,
          resolved_name: e.resolved_name,
          next_patent_expiry: cellDays(e.next_patent_expiry),
          next_exclusivity_expiry: cellDays(e.next_exclusivity_expiry),
        };
        assert.deepEqual(got, want, `${kind}:${value} in ${windowDays} days`);
        assert.equal(e.entity, `${kind}:${value}`);
        assert.equal(e.capped, false);
        assert.equal(e.capped_drugs, null, "nothing capped: no capped drugs");
        assert.equal(e.complete_days, windowDays);
        statuses.add(want.status);
        // The warning names the entity as a reader does: Pfizer, ticker LLY (not sponsor:Pfizer).
        const named = kind === "sponsor" ? value : `${kind} ${value}`;
        const mine = cal.warnings.filter((w) =>
          !w.source && w.message.startsWith(`${named} `) ||
          !w.source && w.message.startsWith(`${named}:`)
        );
        if (want.events > 0) {
          assert.deepEqual(mine, [], `${kind}:${value} has events`);
          continue;
        }
        assert.deepEqual(mine.map((w) => w.code), [WARNING_OF[want.status]], `${kind}:${value}`);
        if (want.status === "no-events") {
          const as = want.resolved_name && want.resolved_name !== named ? ` (as ${want.resolved_name})` : "";
          assert.ok(
            mine[0].message.startsWith(
              `${named} resolved${as} but has no approval, patent or exclusivity event within ` +
                `${windowDays.toLocaleString("en-US")} days`,
            ),
            mine[0].message,
          );
        } else assert.equal(mine[0].pitfall, 16, "PITFALLS 16: an unresolvable value answers an empty list");
      }
      // The calls' own "no events: may not resolve" notice gives way to the verdicts above.
      assert.ok(
        !cal.warnings.some((w) => w.code === "maybe-unresolved" && w.source),
        JSON.stringify(cal.warnings),
      );
      if (windowDays === 1) assert.deepEqual([...statuses].sort(), ["no-events", "unknown", "unresolved"]);
      else assert.ok(statuses.has("events"));
      assert.deepEqual(keyOf(cal.events), EVENT_KEY, "events are keyed by drug + type + date");
      for (const name of ["byMonth", "byQuarter", "byType", "entities"] as const) {
        const key = keyOf(cal[name]) ?? [];
        assert.ok(key.length > 0 && key.every((c) => cal[name].columns.includes(c)), `${name}: ${key}`);
        assert.equal(cal[name].select(...key).unique().height, cal[name].height, `${name} rows are unique`);
      }
    }
  });
});

/** The first halved window (rounded down) whose plain call is not capped, or 0 when even one day is. */
async function completeDays(sb: Sandbox, q: Record<string, unknown>, windowDays: number, limit: number) {
  let w = windowDays;
  while ((await raw(sb, PATH, { ...q, windowDays: w, limit })).data.events.length >= limit) {
    if (w <= 1) return 0;
    w = Math.floor(w / 2);
  }
  return w;
}

Deno.test("catalysts: a split call is complete for a sponsor (drugs from the landscape); a ticker's is warned", async () => {
  await withSandbox(async (sb, ri) => {
    const limit = 20;
    const truth = (await raw(sb, PATH, { sponsor: "Pfizer", windowDays: 3650, limit: 500 })).data
      .events as Ev[];
    assert.ok(truth.length >= limit && truth.length < 500, `fixture: ${truth.length} events`);
    const lei =
      (sb.store.db.prepare("SELECT lei FROM sec_entities WHERE ticker = 'PFE'").get() as { lei: string })
        .lei;
    const cal = await catalystCalendar(ri, {
      sponsors: ["Pfizer"],
      tickers: ["PFE"],
      leis: [lei],
      windowDays: 3650,
      limit,
    });
    const [sponsor, ticker] = cal.entities.toRecords();
    assert.equal(sponsor.events, truth.length);
    assert.equal(sponsor.capped, false);
    assert.equal(sponsor.complete_days, 3650, "settled by splitting: complete over the whole window");
    assert.equal(cal.complete, true);
    const split = cal.warnings.filter((w) => w.code === "capped-split");
    // A ticker's or an LEI's drugs come from its events only: the split says what could be missing.
    assert.deepEqual(split.map((w) => w.message.split(" ")[0]), ["ticker", "LEI"], JSON.stringify(split));
    assert.equal(ticker.capped, false);
    const w = await completeDays(sb, { ticker: "PFE" }, 3650, limit);
    assert.ok(w < 3650, `fixture: the ticker's call is capped (±${w})`);
    assert.ok(split[0].message.includes(`complete within ±${w} days`), split[0].message);
    // An indication alone lists its drugs from the landscape too: complete, nothing to warn about.
    const all =
      (await raw(sb, PATH, { indication: "breast cancer", windowDays: 3650, limit: 500 })).data.events;
    assert.ok(all.length >= limit, `fixture: ${all.length} events`);
    const ind = await catalystCalendar(ri, { indication: "breast cancer", windowDays: 3650, limit });
    assert.equal(ind.events.height, all.length);
    assert.ok(!ind.warnings.some((w) => w.code.startsWith("capped")), JSON.stringify(ind.warnings));
  });
});

Deno.test("catalysts: capped drugs are those whose own whole-window call is capped; the warning names five", async () => {
  await withSandbox(async (sb, ri) => {
    const limit = 2;
    const truth = (await raw(sb, PATH, { sponsor: "Pfizer", windowDays: 3650, limit: 500 })).data
      .events as Ev[];
    const perDrug = new Map<string, number>();
    for (const e of truth) perDrug.set(e.drug_name, (perDrug.get(e.drug_name) ?? 0) + 1);
    const capped = [...perDrug].filter(([, n]) => n >= limit).map(([d]) => d).sort();
    assert.ok(capped.length >= 6, `fixture: ${capped.length} capped drugs`);
    const cal = await catalystCalendar(ri, {
      sponsors: ["Pfizer"],
      tickers: ["MRK"],
      windowDays: 3650,
      limit,
    });
    assert.ok(cal.provenance.length < 64, "fixture: the call bound is not reached");
    assert.equal(cal.complete, false, "one entity still capped: the calendar is incomplete");
    const e = cal.entities.toRecords()[0];
    const listed = String(e.capped_drugs).split(", ");
    assert.deepEqual([...listed].sort(), capped);
    assert.equal(e.capped, true);
    assert.equal(e.status, "events");
    assert.equal(e.complete_days, await completeDays(sb, { sponsor: "Pfizer" }, 3650, limit));
    const w = cal.warnings.find((x) => x.code === "capped");
    assert.ok(w?.message.endsWith(`not for ${listed.slice(0, 5).join(", ")}`), w?.message);
    // Nothing the capped call itself returned is lost.
    const first = (await raw(sb, PATH, { sponsor: "Pfizer", windowDays: 3650, limit })).data.events as Ev[];
    const got = new Set(cal.events.toRecords().map((r) => `${r.drug_name}|${r.type}|${r.days_to_event}`));
    for (const x of first) assert.ok(got.has(`${x.drug_name}|${x.type}|${x.days_to_event}`), x.drug_name);
  });
});

Deno.test("catalysts: an event one entity reports keeps the service's values", async () => {
  await withSandbox(async (sb, ri) => {
    const truth = (await raw(sb, PATH, { sponsor: "Pfizer", windowDays: 3650, limit: 500 })).data
      .events as Record<string, unknown>[];
    const cal = await catalystCalendar(ri, { sponsors: ["Pfizer"], windowDays: 3650 });
    const key = (r: Record<string, unknown>) => `${r.drug_name}|${r.type}|${r.days_to_event}`;
    const got = new Map(cal.events.toRecords().map((r) => [key(r), r]));
    assert.equal(got.size, truth.length);
    // byType: past (days_to_event < 0) and upcoming per type, in type order; the window is 3650 as asked.
    const byType = new Map<string, { type: string; past: number; upcoming: number; events: number }>();
    for (const e of truth) {
      const t = byType.get(String(e.type)) ?? { type: String(e.type), past: 0, upcoming: 0, events: 0 };
      if (Number(e.days_to_event) < 0) t.past++;
      else t.upcoming++;
      t.events++;
      byType.set(t.type, t);
    }
    const types = [...byType.keys()].sort();
    assert.ok(types.length > 1, "fixture: several types");
    assert.deepEqual(cal.byType.toRecords(), types.map((t) => byType.get(t)));
    const text = ["trade_name", "patent_no", "exclusivity_code", "exclusivity_description"];
    assert.ok(truth.some((e) => e.patent_no !== null && e.trade_name !== null), "fixture: values to keep");
    for (const e of truth) {
      const r = got.get(key(e))!;
      assert.deepEqual(text.map((c) => r[c]), text.map((c) => e[c]), key(e));
    }
  });
});

Deno.test("catalysts: the window is 365 days unless given; filters alone make one entity named by them", async () => {
  await withSandbox(async (_sb, ri) => {
    const cal = await catalystCalendar(ri, {
      indication: "breast cancer",
      drugNames: ["olaparib", "tamoxifen"],
    });
    assert.ok(cal.provenance.every((p) => p.params.windowDays === 365), JSON.stringify(cal.provenance));
    const [e] = cal.entities.toRecords();
    assert.deepEqual([e.entity, e.kind, e.value], [
      "filter:breast cancer olaparib,tamoxifen",
      "filter",
      "breast cancer olaparib,tamoxifen",
    ]);
    const only = await catalystCalendar(ri, { indication: "asthma" });
    assert.equal(only.entities.toRecords()[0].value, "asthma");
  });
});

Deno.test("catalysts: two entities' events are merged, each event once with the entities that report it", async () => {
  await withSandbox(async (sb, ri) => {
    const want = new Map<string, string[]>();
    for (const [kind, value] of [["sponsor", "Pfizer"], ["ticker", "NVO"]]) {
      for (
        const e of (await raw(sb, PATH, { [kind]: value, windowDays: 3650, limit: 500 })).data.events as Ev[]
      ) {
        const k = `${e.drug_name}|${e.type}|${e.days_to_event}`;
        want.set(k, [...want.get(k) ?? [], `${kind}:${value}`]);
      }
    }
    const cal = await catalystCalendar(ri, { sponsors: ["Pfizer"], tickers: ["NVO"], windowDays: 3650 });
    const got = new Map(
      cal.events.toRecords().map((r) => [`${r.drug_name}|${r.type}|${r.days_to_event}`, r.entities]),
    );
    assert.ok(new Set([...want.values()].map((v) => v.join())).size > 1, "fixture: events of each entity");
    assert.deepEqual(Object.fromEntries(got), Object.fromEntries(want));
  });
});
