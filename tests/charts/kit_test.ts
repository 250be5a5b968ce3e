import assert from "node:assert/strict";
import { displayName, marginFor, maxLines, presentOnly, rowStep, wrapLabel } from "../../lib/charts/_kit.ts";
import { sizeLegendValues } from "../../lib/charts/_size_legend.ts";

Deno.test("wrapLabel() breaks long names at spaces and keeps every word", () => {
  assert.equal(wrapLabel("non-small cell lung carcinoma", 18), "non-small cell\nlung carcinoma");
  assert.equal(wrapLabel("asthma", 18), "asthma");
  assert.equal(
    wrapLabel("Pneumonoultramicroscopicsilicovolcanoconiosis", 10),
    "Pneumonoultramicroscopicsilicovolcanoconiosis",
  );
  assert.equal(
    wrapLabel("one two three four", 9, 2),
    "one two\nthree fo…",
    "only past maxLines is the last line cut",
  );
});

Deno.test("marginFor() and maxLines() measure wrapped labels by their longest line", () => {
  assert.equal(maxLines(["a", "b\nc\nd"]), 3);
  assert.equal(maxLines([]), 1);
  assert.equal(marginFor(["non-small cell\nlung carcinoma"]), marginFor(["lung carcinoma"]));
  assert.equal(rowStep(["a", "b\nc\nd"], 22), 42, "22 px, plus 10 px per extra line");
  assert.equal(rowStep(["a"], 18, 8), 18);
});

Deno.test("displayName() gives all-caps and all-lower drug names one display case", () => {
  assert.equal(displayName("FINGOLIMOD HYDROCHLORIDE"), "Fingolimod Hydrochloride");
  assert.equal(displayName("ADO-TRASTUZUMAB EMTANSINE"), "Ado-Trastuzumab Emtansine");
  assert.equal(displayName("lorlatinib"), "Lorlatinib");
  assert.equal(displayName("INSULIN NPH"), "Insulin NPH", "short all-caps tokens kept");
  assert.equal(displayName("Tagrisso"), "Tagrisso", "mixed case kept as written");
  assert.equal(displayName("ado-Trastuzumab"), "ado-Trastuzumab");
  assert.equal(displayName("  APIXABAN  "), "Apixaban");
  assert.equal(displayName("CD274"), "CD274", "tokens with digits kept");
  assert.equal(displayName("OR-101"), "OR-101", "a code with digits kept whole");
  assert.equal(displayName("AZD-9291 TABLETS"), "AZD-9291 Tablets");
  assert.equal(
    displayName("FLUTICASONE PROPIONATE AND SALMETEROL"),
    "Fluticasone Propionate and Salmeterol",
    "linking words are not kept as capitals",
  );
  assert.equal(displayName("WATER FOR INJECTION"), "Water for Injection");
  assert.equal(displayName("dextrose in water"), "Dextrose in Water");
  assert.equal(displayName("for injection"), "For Injection", "the first word is capitalised");
});

Deno.test("presentOnly() keeps the legend entries that occur, in the legend's order", () => {
  assert.deepEqual(presentOnly(["Branded", "Generic"], ["Branded", "Branded"]), ["Branded"]);
  assert.deepEqual(presentOnly(["a", "b", "c"], new Set(["c", "a"])), ["a", "c"]);
});

Deno.test("sizeLegendValues() picks up to three round values up to the maximum", () => {
  assert.deepEqual(sizeLegendValues(600), [60, 240, 600]);
  assert.deepEqual(sizeLegendValues(54), [5, 22, 54]);
  assert.deepEqual(sizeLegendValues(1), [1]);
  assert.deepEqual(sizeLegendValues(0), []);
});

Deno.test("a date option given as a string fails naming the option, the value and the fix", async () => {
  const pl = (await import("nodejs-polars")).default;
  const { catalystCalendarChart, researcherOutputChart } = await import("../../lib/charts/mod.ts");
  const events = pl.DataFrame({
    trade_name: ["Brandix"],
    type: ["approval"],
    days_to_event: [3],
    event_date: [new Date("2026-01-04")],
  });
  assert.throws(
    () => catalystCalendarChart(events, { today: "2026-01-01" as unknown as Date }),
    /catalystCalendarChart: options\.today must be a valid Date, got "2026-01-01"; pass e\.g\. new Date/,
  );
  const byYear = pl.DataFrame({ year: [2024], works: [1], citations: [0], open_access: [0] });
  assert.throws(
    () => researcherOutputChart(byYear, { asOf: new Date("not a date") }),
    /researcherOutputChart: options\.asOf must be a valid Date, got an invalid Date/,
  );
});
