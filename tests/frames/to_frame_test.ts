import assert from "node:assert/strict";
import pl from "nodejs-polars";
import {
  emptyFrame,
  emptyFromSchema,
  frameSchema,
  resourceOf,
  RESOURCES,
  toFrame,
} from "../../lib/frames/mod.ts";
import { cellDays, days, raw, withSandbox } from "./_raw.ts";

const dt = (df: pl.DataFrame): Record<string, string> =>
  Object.fromEntries(df.columns.map((c, i) => [c, S(df.dtypes[i])]));
const S = (t: pl.DataType) => String(t).replaceAll("Utf8", "String");

Deno.test("emptyFrame() gives every resource its columns and dtypes with no rows", () => {
  for (const r of RESOURCES) {
    const df = emptyFrame(r);
    assert.equal(df.height, 0, r);
    assert.deepEqual(
      dt(df),
      Object.fromEntries(Object.entries(frameSchema(r)).map(([k, t]) => [k, S(t)])),
      r,
    );
  }
});

Deno.test("frameSchema() maps zod types and date formats to Polars dtypes", () => {
  const want: Record<string, Record<string, pl.DataType>> = {
    trial: { trial_id: pl.Utf8, start_date: pl.Date, enrollment: pl.Int64, sponsors: pl.List(pl.Utf8) },
    patent: { publication_date: pl.Date, last_updated: pl.Datetime("ms"), cpc_codes: pl.List(pl.Utf8) },
    grant: { funding_amount: pl.Float64, start_date: pl.Date },
    work: { is_open_access: pl.Bool, cited_by_count: pl.Int64 },
    alert: { created_at: pl.Datetime("ms"), query: pl.Utf8 },
    medicareDrug: { molecule_chembl_id: pl.Utf8, approved_indications_efo_id: pl.List(pl.Utf8) },
    catalystEvent: { approval_key: pl.Utf8, event_date: pl.Date, sponsors_id: pl.List(pl.Utf8) },
    approval: { regulatory_flags_is_orphan: pl.Bool, drugs_chembl_id: pl.List(pl.Utf8) },
  };
  for (const [r, cols] of Object.entries(want)) {
    const s = frameSchema(r);
    for (const [c, t] of Object.entries(cols)) assert.equal(S(s[c]), S(t), `${r}.${c}`);
  }
  assert.ok(!("approval_id" in frameSchema("catalystEvent")), "internal key is approval_key (PITFALLS 17)");
  assert.equal(resourceOf("regulatory.catalysts"), "catalystEvent");
  assert.equal(resourceOf("trials.portfolio"), "portfolioTrial");
  assert.throws(() => toFrame("nope", []), /Unknown resource/);
});

Deno.test("toFrame() keeps nulls, parses bad dates to null and types a single row", () => {
  const df = toFrame("trial", [{
    trial_id: "NCT00000001",
    title: "t",
    status: "RECRUITING",
    phase: null,
    start_date: "2024-02-30",
    enrollment: null,
    completion_date: "2024-02-29",
  }]);
  assert.equal(df.height, 1);
  const r = df.toRecords()[0];
  assert.equal(r.phase, null);
  assert.equal(r.start_date, null, "2024-02-30 does not exist");
  assert.equal(cellDays(r.completion_date), days("2024-02-29"));
  assert.equal(r.enrollment, null);
  assert.equal(r.sponsors, null, "missing optional list stays null");
  assert.equal(dt(df).sponsors, S(pl.List(pl.Utf8)), "an all-null list column is still list[str]");
});

Deno.test("toFrame() types list columns holding only empty lists as list[str]", () => {
  const df = toFrame("patent", [{
    patent_id: "P1",
    title: "t",
    publication_date: null,
    priority_date: null,
    application_date: null,
    last_updated: null,
    country: "US",
    legal_status: null,
    assignees: [],
    cpc_codes: [],
  }]);
  assert.equal(dt(df).assignees, S(pl.List(pl.Utf8)));
  assert.deepEqual(df.toRecords()[0].assignees, []);
});

Deno.test("toFrame() matches raw trial rows: dates, ints, nulls and sponsor lists", async () => {
  await withSandbox(async (sb) => {
    const rows = (await raw(sb, "/api/v1/clinical-trials", { limit: 100, sort: "enrollment" })).data;
    const df = toFrame("trials.search", rows);
    assert.equal(df.height, rows.length);
    const recs = df.toRecords();
    rows.forEach((r: Record<string, unknown>, i: number) => {
      assert.equal(recs[i].trial_id, r.trial_id);
      assert.equal(cellDays(recs[i].start_date), r.start_date == null ? null : days(String(r.start_date)));
      assert.equal(recs[i].enrollment, r.enrollment);
      assert.equal(recs[i].phase, r.phase);
      assert.deepEqual(recs[i].sponsors, r.sponsors ?? null);
    });
  });
});

Deno.test("toFrame() parses patent YYYYMMDD dates and epoch-ms timestamps like the raw rows", async () => {
  await withSandbox(async (sb) => {
    const rows = (await raw(sb, "/api/v1/patents", { limit: 100, include_total: "true" })).data;
    assert.ok(rows.length > 0);
    const recs = toFrame("patent", rows).toRecords();
    let nulls = 0;
    rows.forEach((r: Record<string, unknown>, i: number) => {
      for (const c of ["publication_date", "priority_date", "application_date"]) {
        if (r[c] == null) nulls++;
        assert.equal(cellDays(recs[i][c]), r[c] == null ? null : days(String(r[c])), `${c} ${r[c]}`);
      }
      const lu = recs[i].last_updated as Date | null;
      assert.equal(lu === null ? null : lu.getTime(), r.last_updated ?? null);
      assert.deepEqual(recs[i].cpc_codes, r.cpc_codes);
    });
    assert.ok(rows.length * 3 > nulls);
  });
});

Deno.test("toFrame() turns approval sponsor and drug objects into parallel list columns", async () => {
  await withSandbox(async (sb) => {
    const rows = (await raw(sb, "/api/v1/regulatory", { limit: 50 })).data;
    const recs = toFrame("approval", rows).toRecords();
    rows.forEach((r: Record<string, Record<string, unknown>[]>, i: number) => {
      assert.deepEqual(recs[i].sponsors, r.sponsors.map((s) => s.name));
      assert.deepEqual(recs[i].sponsors_id, r.sponsors.map((s) => s.id));
      assert.deepEqual(recs[i].drugs_chembl_id, r.drugs.map((d) => d.chembl_id));
      assert.equal(
        recs[i].regulatory_flags_is_orphan,
        (r.regulatory_flags as unknown as Record<string, unknown>).is_orphan,
      );
    });
  });
});

Deno.test("toFrame() of no rows, and an empty schema, give typed empty frames", () => {
  for (const r of RESOURCES) assert.deepEqual(dt(toFrame(r, [])), dt(emptyFrame(r)), r);
  const none = emptyFromSchema({});
  assert.deepEqual([none.height, none.width], [0, 0]);
});
