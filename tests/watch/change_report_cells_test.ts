/**
 * The change report's cells, from hand-built diffs (pure, no service): a changed number reads as a signed
 * difference (+ when it rose, − when it fell; percentage points for fractions), a text of exactly the
 * cell width is not cut, an empty cell is empty, each item's warnings are quoted in the Markdown, and
 * the alerts headline names each fired alert by its name and query.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { withKey } from "../../lib/frames/mod.ts";
import { columnLabel } from "../../lib/frames/semantics.ts";
import { diff, type WatchOutcome } from "../../lib/watch/mod.ts";
import { changeReport, changeReportMarkdown } from "../../lib/watch/change_report.ts";

const SHARE = "orphan_share_fraction";
const KEY2 = ["id", "arm"];
const SOURCE = { source: "http://127.0.0.1:1", synthetic: false };
const frame = (rows: Record<string, unknown>[]) => withKey(pl.DataFrame(rows), ["id"]);

function outcome(
  before: pl.DataFrame,
  after: pl.DataFrame,
  warnings: { code: string; message: string }[] = [],
) {
  const d = diff({ t: before }, { t: after });
  return {
    date: "2026-11-21",
    items: [{
      name: "w",
      what: "hand",
      since: "2026-11-20",
      diff: d,
      provenance: [],
      warnings,
      size: d.totals.rows,
      frames: { t: after },
    }],
    changed: d.changed,
    failed: false,
    badInput: false,
  } as WatchOutcome;
}

Deno.test("a changed number reads as a signed difference: + when it rose, − when it fell, pp for fractions; keys by label", () => {
  const before = frame([
    { id: "a", arm: "x", enrollment: 100, orphan_share_fraction: 0.25 },
    { id: "b", arm: "x", enrollment: 50, orphan_share_fraction: 0.5 },
  ]);
  const after = frame([
    { id: "a", arm: "x", enrollment: 120, orphan_share_fraction: 0.3 },
    { id: "b", arm: "x", enrollment: 40, orphan_share_fraction: 0.4 },
  ]);
  const report = changeReport(outcome(withKey(before, KEY2), withKey(after, KEY2)), SOURCE);
  // Rows matched by two columns: both named, by their labels.
  assert.deepEqual(report.sections[1].tables![0].frame.getColumn("matched_by").toArray(), [
    KEY2.map((k) => columnLabel(k)).join(", "),
  ]);
  const table = report.sections[1].tables!.find((t) => /changed values/.test(t.title))!;
  const change = (id: string, column: string) =>
    String(table.frame.toRecords().find((r) => r.id === id && r.column === columnLabel(column))?.change);
  assert.match(change("a", "enrollment"), /^\+20$/);
  assert.match(change("b", "enrollment"), /^−10$/);
  assert.match(change("a", SHARE), /^\+5\.00 pp$/);
  assert.match(change("b", SHARE), /^−10\.00 pp$/);
});

Deno.test("Markdown cells: a text of exactly 80 characters whole, a longer one cut, an empty one empty; warnings quoted", () => {
  const exact = "x".repeat(80), long = "y".repeat(81);
  const before = frame([{ id: "a", title: "old" }]);
  const after = frame([{ id: "a", title: "old" }, { id: "b", title: exact }, { id: "c", title: long }, {
    id: "d",
    title: null,
  }]);
  const md = changeReportMarkdown(
    outcome(before, after, [{ code: "field-absent", message: "the service sent no title for some rows" }]),
    SOURCE,
  );
  assert.ok(md.includes(`| b | ${exact} |`), md);
  assert.ok(md.includes(`| c | ${"y".repeat(79)}… |`), md);
  assert.ok(md.includes("| d |  |"), md);
  assert.match(md, /^> ⚠ .*the service sent no title for some rows/m);
});

Deno.test("alerts headline: each fired alert by its name and query (a structured query as JSON); none fired says 0", () => {
  const alerts = (rows: Record<string, unknown>[]) => withKey(pl.DataFrame(rows), ["alert_id"]);
  const onc = { alert_id: "a1", name: "Oncology", query: { q: "cancer" } };
  const before = alerts([{ ...onc, match_count: 1 }]);
  const after = alerts([{ ...onc, match_count: 2 }, {
    alert_id: "a2",
    name: "New",
    query: { q: "x" },
    match_count: 0,
  }]);
  const headline = (older: pl.DataFrame, newer: pl.DataFrame) => {
    const d = diff({ alerts: older }, { alerts: newer });
    const out = {
      date: "2026-11-21",
      items: [{
        name: "alerts",
        what: "alerts",
        since: "2026-11-20",
        diff: d,
        provenance: [],
        warnings: [],
        size: d.totals.rows,
        frames: { alerts: newer },
      }],
      changed: d.changed,
      failed: false,
      badInput: false,
    } as WatchOutcome;
    return changeReport(out, SOURCE).sections[1].summary;
  };
  assert.equal(
    headline(before, after),
    `since 2026-11-20: 1 alert fired: “Oncology” (${JSON.stringify(onc.query)}); 1 new, 0 removed`,
  );
  assert.equal(
    headline(before, before.vstack(after.tail(1))),
    "since 2026-11-20: 0 alerts fired; 1 new, 0 removed",
  );
});
