/**
 * Plain-text tables for terminals and examples: a heading, the columns that matter (not Polars' elided
 * middle), numbers formatted by the column semantics (`semantics.ts`) and right-aligned, long texts cut.
 *
 * @module
 */
import { formatCell, frameSemantics, isNumeric } from "./semantics.ts";
import type { DataFrame } from "./polars.ts";

/** Options of {@linkcode formatTable}. */
export interface TableTextOptions {
  /** Heading printed above the table. */
  readonly title?: string;
  /** Columns to show, in order. @default {all columns} */
  readonly columns?: readonly string[];
  /** Rows to show. @default {10} */
  readonly rows?: number;
  /** Longer cells are cut with `…`. @default {40} */
  readonly maxChars?: number;
}

const cut = (text: string, max: number): string =>
  [...text].length > max ? `${[...text].slice(0, max - 1).join("")}…` : text;

/**
 * The frame as an aligned text table, formatted by the column semantics.
 *
 * @param df The frame.
 * @param options Heading, columns, rows, cell width.
 * @returns The table text (heading, header, a rule, rows, and how many rows were left out).
 * @throws {RangeError} When a requested column does not exist (names the known columns).
 * @example Shares as percentages, dollars with separators, right-aligned
 * ```ts
 * import assert from "node:assert/strict";
 * import pl from "nodejs-polars";
 * import { formatTable } from "./print_table.ts";
 * const df = pl.DataFrame({ sponsor: ["Pfizer", "Roche"], market_share: [0.0806, 0.12], total_spending: [5534546358, 1e6] });
 * const text = formatTable(df, { title: "Sponsors", columns: ["sponsor", "market_share"] });
 * assert.equal(text, "Sponsors (2 rows)\nsponsor  market_share\n-------  ------------\nPfizer           8.1%\nRoche           12.0%");
 * ```
 */
export function formatTable(df: DataFrame, options: TableTextOptions = {}): string {
  const { title, rows = 10, maxChars = 40 } = options;
  const columns = options.columns ?? df.columns;
  const unknown = columns.filter((c) => !df.columns.includes(c));
  if (unknown.length) {
    throw new RangeError(`No column ${unknown.join(", ")} in the frame; it has ${df.columns.join(", ")}`);
  }
  const head = df.head(rows);
  const semantics = frameSemantics(df);
  const cells = columns.map((c) => {
    const semantic = semantics[df.columns.indexOf(c)];
    const values = (head.getColumn(c).toArray() as unknown[]).map((v) =>
      cut(formatCell(semantic, v), maxChars)
    );
    return { name: c, values, right: isNumeric(semantic) };
  });
  const widths = cells.map((c) => Math.max(c.name.length, ...c.values.map((v) => [...v].length)));
  const pad = (text: string, i: number) => cells[i].right ? text.padStart(widths[i]) : text.padEnd(widths[i]);
  const line = (parts: string[]) => parts.map(pad).join("  ").trimEnd();
  const more = df.height > head.height ? `, showing first ${head.height}` : "";
  const out = [
    ...(title === undefined
      ? []
      : [`${title} (${df.height.toLocaleString("en-US")} row${df.height === 1 ? "" : "s"}${more})`]),
    line(cells.map((c) => c.name)),
    line(widths.map((w) => "-".repeat(w))),
    ...head.height ? Array.from({ length: head.height }, (_, r) => line(cells.map((c) => c.values[r]))) : [],
  ];
  if (!head.height) out.push("(no rows)");
  return out.join("\n");
}

/**
 * Prints {@linkcode formatTable} with a blank line before it.
 *
 * @param df The frame.
 * @param options Heading, columns, rows, cell width.
 */
export function printTable(df: DataFrame, options: TableTextOptions = {}): void {
  console.log(`\n${formatTable(df, options)}`);
}

/**
 * Prints what a script was asked (its inputs) and where the data comes from, before any table.
 *
 * @param what The analysis.
 * @param inputs Input names and values (arrays are joined; undefined ones are left out).
 * @param source Where the data comes from (a base URL or "embedded sandbox"; never a key).
 * @returns The printed text.
 * @example Inputs line
 * ```ts
 * import assert from "node:assert/strict";
 * import { printInputs } from "./print_table.ts";
 * const text = printInputs("Portfolio overlap", { condition: "lung cancer", sponsors: ["Pfizer", "Roche"] }, "sandbox");
 * assert.equal(text, "Portfolio overlap — condition: lung cancer; sponsors: Pfizer, Roche (data: sandbox)");
 * ```
 */
export function printInputs(what: string, inputs: Record<string, unknown>, source: string): string {
  const parts = Object.entries(inputs).filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`);
  const text = `${what} — ${parts.join("; ")} (data: ${source})`;
  console.log(text);
  return text;
}
