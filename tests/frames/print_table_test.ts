/**
 * Plain-text tables (lib/frames/print_table.ts) from their definition: a heading with the row count (and
 * how many are shown), the columns asked for in their order, numbers right-aligned and text left-aligned
 * under a rule as wide as each column, long cells cut with "…" to the width asked, no trailing blanks.
 */
import assert from "node:assert/strict";
import pl from "nodejs-polars";
import { formatTable, printInputs, printTable } from "../../lib/frames/print_table.ts";

const frame = (n = 3) =>
  pl.DataFrame({
    name: ["a", "bbbbbbbbbb", "c", "d", "e"].slice(0, n),
    n: [5, 1234, 12, 7, 8].slice(0, n),
  }).withColumns(pl.col("n").cast(pl.Int64));

/** Capture console.log while `body` runs. */
function logged(body: () => void): string[] {
  const lines: string[] = [];
  const real = console.log;
  console.log = (...a: unknown[]) => void lines.push(a.join(" "));
  try {
    body();
  } finally {
    console.log = real;
  }
  return lines;
}

Deno.test("formatTable: heading with the count shown, text left, numbers right, a rule per column", () => {
  assert.equal(
    formatTable(frame(), { title: "T", rows: 2, maxChars: 5 }),
    [
      "T (3 rows, showing first 2)",
      "name       n", // "n" right-aligned over its widest cell
      "-----  -----",
      "a          5",
      "bbbb…  1,234", // cut to 5 characters with "…"
    ].join("\n"),
  );
  assert.equal(
    formatTable(frame(), { title: "T" }),
    [
      "T (3 rows)",
      "name            n",
      "----------  -----",
      "a               5",
      "bbbbbbbbbb  1,234",
      "c              12",
    ]
      .join("\n"),
  );
  assert.match(formatTable(frame(1), { title: "One" }), /^One \(1 row\)\n/);
  const big = pl.DataFrame({ id: Array.from({ length: 1234 }, (_, i) => `x${i}`) });
  assert.match(formatTable(big, { title: "Big" }), /^Big \(1,234 rows, showing first 10\)\n/);
  assert.equal(formatTable(big).split("\n").length, 2 + 10, "no heading without a title; 10 rows by default");
});

Deno.test("formatTable: the columns asked for, in that order; an unknown one is named with the known ones", () => {
  assert.equal(formatTable(frame(1), { columns: ["n", "name"] }), "n  name\n-  ----\n5  a");
  // Cells are cut at 40 characters by default.
  const long = pl.DataFrame({ t: ["x".repeat(40), "y".repeat(41)] });
  assert.deepEqual(formatTable(long).split("\n").slice(2), ["x".repeat(40), `${"y".repeat(39)}…`]);
  assert.throws(
    () => formatTable(frame(), { columns: ["name", "x", "y"] }),
    (e: unknown) => e instanceof RangeError && e.message === "No column x, y in the frame; it has name, n",
  );
});

Deno.test("formatTable: cells cut by characters, not code units; short cells and no rows as they are", () => {
  const df = pl.DataFrame({ t: ["😀😀😀😀", "😀😀😀", "ab"] });
  assert.equal(formatTable(df, { maxChars: 3 }), "t\n---\n😀😀…\n😀😀😀\nab");
  assert.equal(formatTable(frame().head(0), { title: "None" }), "None (0 rows)\nname  n\n----  -\n(no rows)");
});

Deno.test("printTable prints the table after a blank line; printInputs prints and returns one line", () => {
  assert.deepEqual(logged(() => printTable(frame(1))), [`\n${formatTable(frame(1))}`]);
  let text = "";
  const lines = logged(() => {
    text = printInputs("Scan", { sponsor: "Pfizer", years: [2020, 2021], none: undefined, n: 0 }, "sandbox");
  });
  assert.equal(text, "Scan — sponsor: Pfizer; years: 2020, 2021; n: 0 (data: sandbox)");
  assert.deepEqual(lines, [text]);
});
