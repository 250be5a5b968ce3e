/**
 * Dates in any ISO-8601 form (lib/client/schemas/dates.ts): read once in the schemas, as the calendar
 * date written; kept as dates in frames.
 */
import assert from "node:assert/strict";
import { calendarDate, instantMs } from "../../lib/client/schemas/dates.ts";
import { TrialRow } from "../../lib/client/schemas/trials.ts";
import { toFrame } from "../../lib/frames/mod.ts";

const MAY_8 = [
  "2023-05-08",
  "20230508",
  "2023-05-08T00:00:00Z",
  "2023-05-08T00:00:00.000+00:00",
  "2023-05-08T23:30:00-05:00",
  "20230508T023000+0530",
  "2023-05-08T12:00",
  "2023-05-08T10:15:30,5+01",
  "2023-05-08 10:00:00Z",
  "2023-128",
  "2023128",
  "2023-W19-1",
  "2023W191",
];

Deno.test("calendarDate() reads every ISO-8601 date and date-time form as the calendar date written", () => {
  for (const s of MAY_8) assert.equal(calendarDate(s), "2023-05-08", s);
  assert.equal(calendarDate("2020-W53-7"), "2021-01-03", "week 53 of 2020 ends in 2021");
  assert.equal(calendarDate("2024-02-29T00:00Z"), "2024-02-29");
  for (const bad of ["2023-05", "2023", "2023-02-29", "2021-W53-1", "2023-05-08T25:00", "08/05/2023", ""]) {
    assert.equal(calendarDate(bad), undefined, bad);
  }
});

Deno.test("instantMs() applies the offset; no offset written is UTC", () => {
  assert.equal(new Date(instantMs("2023-05-08T23:30:00-05:00")).toISOString(), "2023-05-09T04:30:00.000Z");
  assert.equal(new Date(instantMs("20230508T023000+0530")).toISOString(), "2023-05-07T21:00:00.000Z");
  assert.equal(new Date(instantMs("2023-05-08T12:00")).toISOString(), "2023-05-08T12:00:00.000Z");
  assert.ok(Number.isNaN(instantMs("next Tuesday")));
});

Deno.test("a row date in another ISO form passes the schema as YYYY-MM-DD; a non-date names the field", () => {
  const row = {
    trial_id: "NCT00000001",
    title: "T",
    status: "RECRUITING",
    phase: "PHASE2",
    start_date: "2023-05-08T23:30:00-05:00",
    enrollment: 10,
  };
  const ok = TrialRow.safeParse(row);
  assert.ok(ok.success);
  assert.equal(ok.data.start_date, "2023-05-08");
  const bad = TrialRow.safeParse({ ...row, start_date: "May 2023" });
  assert.ok(!bad.success);
  assert.deepEqual(bad.error.issues[0].path, ["start_date"]);
  assert.match(bad.error.issues[0].message, /ISO-8601/);
});

Deno.test("toFrame() keeps date-time row dates as dates (the date written)", () => {
  const rows = MAY_8.map((start_date, i) => ({
    trial_id: `NCT${String(i).padStart(8, "0")}`,
    title: "T",
    status: "RECRUITING",
    phase: "PHASE2",
    start_date,
  }));
  const df = toFrame("trial", rows);
  assert.match(String(df.getColumn("start_date").dtype), /\bDate\b/);
  const days = df.getColumn("start_date").toArray().map((d) =>
    (d as unknown as Date).toISOString().slice(0, 10)
  );
  assert.deepEqual(new Set(days), new Set(["2023-05-08"]));
});
