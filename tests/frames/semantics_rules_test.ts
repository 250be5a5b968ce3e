/**
 * The rules of lib/frames/semantics.ts, one by one, from its documentation: how a column name becomes the
 * header an analyst reads, what a dtype says when the name says nothing, and how each kind of value is
 * written in a cell and in Excel.
 */
import assert from "node:assert/strict";
import {
  COLUMN_LABELS,
  columnLabel,
  columnSemantic,
  excelNumberFormat,
  formatCell,
  isNumeric,
  type SemanticKind,
} from "../../lib/frames/semantics.ts";

Deno.test("columnLabel: a name in words — camelCase split, usd/fraction and a leading n_ dropped, acronyms upper-case", () => {
  assert.equal(
    columnLabel("firstApprovalDate"),
    "First approval date",
    "camelCase split, first letter upper",
  );
  assert.equal(columnLabel("n_sponsors"), "Sponsors", "a leading n_ dropped");
  assert.equal(columnLabel("n"), "N", "n alone is the name itself");
  assert.equal(columnLabel("top_n_items"), "Top n items", "n elsewhere is a word");
  assert.equal(columnLabel("branded_fraction"), "Branded", "_fraction dropped (the cells show %)");
  assert.equal(columnLabel("grant_usd"), "Grant ($)", "_usd dropped, the unit in the header");
  for (const a of ["id", "efo", "cpc", "lei", "ror", "us", "fda", "ema", "nct", "pi", "yoy", "loe"]) {
    assert.equal(columnLabel(`x_${a}`), `X ${a.toUpperCase()}`, a);
  }
  assert.equal(columnLabel("lead_sponsor"), "Lead sponsor", "other words as written");
  assert.equal(columnLabel("spending_2023"), "Part D spend 2023 ($)");
  assert.equal(columnLabel("exposed_10y"), "Exposed within 10 y ($)");
  assert.equal(columnLabel("trial_count"), "Trials", "a label from the table");
  for (const [column, label] of Object.entries(COLUMN_LABELS)) {
    assert.ok(label.trim(), `${column} has a label`);
    assert.ok(columnLabel(column).startsWith(label), `${column}: the table's label is used as written`);
  }
  assert.equal(columnLabel("total_spending"), "Total spending ($)");
});

Deno.test("columnSemantic: the name first, then the dtype (dates, text; floats numbers, integers counts)", () => {
  const kind = (c: string, d?: string) => columnSemantic(c, d).kind;
  assert.equal(kind("market_share", "bool"), "text", "a boolean is text, whatever the name");
  assert.equal(kind("event_date", "str"), "text", "a date as text is text");
  assert.equal(kind("approved", "date"), "date", "a date dtype the name says nothing of");
  assert.equal(kind("fetched", "datetime[ms]"), "text", "a date-time keeps its time of day in cells");
  assert.equal(
    formatCell(columnSemantic("fetched", "datetime[ms]"), new Date("2026-03-01T14:05:09Z")),
    "2026-03-01 14:05:09",
  );
  assert.equal(kind("market_share", "null"), "fraction", "an all-null column goes by its name");
  assert.equal(kind("whatever", "f64"), "number");
  assert.equal(columnSemantic("whatever", "f64").digits, 2);
  assert.equal(kind("whatever", "u32"), "count");
  assert.equal(kind("whatever", "i64"), "count");
  assert.equal(kind("whatever"), "text", "no name rule and no dtype: text");
  assert.equal(kind("price_per_unit", "f64"), "usd");
  assert.equal(columnSemantic("price_per_unit").digits, 2, "a price keeps its cents");
  assert.equal(kind("novel_year_start", "i64"), "year");
  assert.equal(kind("z_score", "f64"), "score");
  assert.equal(kind("next_expiry"), "date");
});

Deno.test("formatCell: each kind written as an analyst reads it", () => {
  const f = (kind: SemanticKind, digits: number, v: unknown) => formatCell({ kind, digits }, v);
  assert.equal(f("fraction", 1, 0.0815), "8.2%");
  assert.equal(f("fraction", 0, 0.5), "50%");
  assert.equal(f("usd", 2, 12.5), "$12.50", "cents below $100,000");
  assert.equal(f("usd", 2, 99_999.5), "$99,999.50");
  assert.equal(f("usd", 2, 100_000.4), "$100,000", "no cents from $100,000");
  assert.equal(f("usd", 0, 1_234_567.89), "$1,234,568");
  assert.equal(f("usd", 2, -12.5), "-$12.50", "the sign before the $");
  assert.equal(f("count", 0, 1234), "1,234");
  assert.equal(f("count", 0, 2.25), "2.3", "a count that is not whole keeps one decimal");
  assert.equal(f("year", 0, 2026), "2026", "a year has no separator");
  assert.equal(f("score", 3, 0.73449), "0.734");
  assert.equal(f("number", 2, 3), "3", "a number shows the decimals it has, up to its digits");
  assert.equal(f("number", 2, 3.14159), "3.14");
  assert.equal(f("text", 0, 42), "42", "a number without a known meaning is shown as stored");
  assert.equal(f("text", 0, 0.1 + 0.2), "0.3", "…to ten significant digits");
  assert.equal(f("date", 0, 7), "7");
  assert.equal(f("text", 0, 12_345_678_901), "12345678901", "a whole number keeps every digit");
  assert.equal(f("count", 0, Infinity), "Infinity", "not finite: as it is");
  assert.equal(f("usd", 2, Number.NaN), "NaN");
  assert.equal(f("count", 0, 12n), "12", "a bigint as a number");
  assert.equal(f("text", 0, { a: 1 }), '{"a":1}');
  assert.equal(f("text", 0, true), "true");
  assert.equal(f("count", 0, [1000, null, 2]), "1,000, , 2", "a list: each element, joined");
  assert.equal(f("count", 0, null), "");
  assert.equal(f("count", 0, undefined), "");
});

Deno.test("formatCell: a date is its day; a time of day shows only when there is one", () => {
  const day = new Date("2026-03-01T00:00:00Z");
  const at = new Date("2026-03-01T14:05:09Z");
  assert.equal(formatCell({ kind: "date", digits: 0 }, at), "2026-03-01", "a date column shows the day");
  assert.equal(formatCell({ kind: "text", digits: 0 }, day), "2026-03-01", "midnight UTC is a day");
  assert.equal(formatCell({ kind: "text", digits: 0 }, at), "2026-03-01 14:05:09");
  assert.equal(
    formatCell({ kind: "text", digits: 0 }, new Date("2026-03-01T14:05:09.250Z")),
    "2026-03-01 14:05:09.250",
  );
  assert.equal(formatCell({ kind: "date", digits: 0 }, new Date(Number.NaN)), "Invalid Date");
});

Deno.test("excelNumberFormat and isNumeric: one format per kind; dates and text are not numbers", () => {
  const x = (kind: SemanticKind, digits: number) => excelNumberFormat({ kind, digits });
  assert.deepEqual(
    [x("fraction", 1), x("fraction", 0), x("usd", 2), x("usd", 0), x("count", 0), x("year", 0)],
    ["0.0%", "0%", '"$"#,##0.00', '"$"#,##0', "#,##0", "0"],
  );
  assert.deepEqual([x("score", 3), x("number", 1), x("date", 0), x("text", 0)], [
    "#,##0.000",
    "#,##0.0",
    "yyyy-mm-dd",
    undefined,
  ]);
  const kinds: SemanticKind[] = ["fraction", "usd", "count", "year", "score", "number", "date", "text"];
  assert.deepEqual(kinds.filter((k) => isNumeric({ kind: k, digits: 0 })), kinds.slice(0, 6));
});
