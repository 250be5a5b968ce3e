/**
 * Private: compact tool answers under a size budget. A frame is shown as its size, its columns and its
 * first rows; when the answer would pass the budget, rows are dropped (then long cells and warnings cut)
 * until it fits, and the answer says what it left out and how to get it.
 *
 * @module
 */
import type pl from "nodejs-polars";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** Tokens are estimated as characters / 4 (JSON text; close to real tokenizers on this content). */
export const CHARS_PER_TOKEN = 4;

/** Estimated tokens of a value's JSON text. */
export function tokensOf(value: unknown): number {
  return Math.ceil(JSON.stringify(value, jsonSafe).length / CHARS_PER_TOKEN);
}

/** JSON replacer: bigint as number, dates as ISO days or instants. */
export function jsonSafe(_k: string, v: unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  return v;
}

/** One frame as an answer shows it. */
export interface FrameView {
  /** SQL table name of the frame in the session. */
  readonly table: string;
  /** Rows of the full frame. */
  readonly rows_total: number;
  /** `name: dtype` of each column. */
  readonly columns: readonly string[];
  /** The first rows. */
  readonly rows: readonly Record<string, unknown>[];
}

const clip = (v: unknown, max: number): unknown => {
  if (typeof v === "string" && v.length > max) return `${v.slice(0, max)}…`;
  if (Array.isArray(v) && v.length > 8) return [...v.slice(0, 8), `…${v.length - 8} more`];
  return v;
};

/** The first `n` rows of a frame as records, long cells cut at `cell` characters. */
export function topRows(df: pl.DataFrame, n: number, cell: number): Record<string, unknown>[] {
  const rows = df.head(n).toRecords() as Record<string, unknown>[];
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, clip(v, cell)])));
}

/** A frame's view with its first `n` rows. */
export function frameView(table: string, df: pl.DataFrame, n: number, cell: number): FrameView {
  return {
    table,
    rows_total: df.height,
    columns: df.columns.map((c) => `${c}: ${String(df.getColumn(c).dtype)}`),
    rows: topRows(df, n, cell),
  };
}

/** What builds an answer: its text lines and a structured body for a given row count and cell width. */
export interface AnswerParts {
  /** First text line(s): the summary, what the data are. */
  readonly lead: string;
  /** Warnings to read before trusting the numbers. */
  readonly warnings: readonly string[];
  /** Frames by name. */
  readonly frames: Readonly<Record<string, { table: string; df: pl.DataFrame }>>;
  /** Other structured fields (handle, data source, …). */
  readonly extra: Readonly<Record<string, unknown>>;
  /** Rows to show per frame when the budget allows. */
  readonly rows: number;
}

const attempt = (p: AnswerParts, rows: number, cell: number, warnings: number, columns: boolean) => {
  const frames = Object.fromEntries(
    Object.entries(p.frames).map(([name, f]) => {
      const view = frameView(f.table, f.df, rows, cell);
      return [name, columns ? view : { ...view, columns: [`${view.columns.length} columns`] }];
    }),
  );
  const shownWarnings = p.warnings.slice(0, warnings).map((w) => String(clip(w, cell * 2)));
  const left: string[] = [];
  const hidden = Object.values(frames).filter((f) => f.rows.length < f.rows_total);
  if (hidden.length) {
    left.push(
      `rows beyond those shown in ${
        hidden.map((f) => `${f.table} (${f.rows.length} of ${f.rows_total})`).join(", ")
      }` +
        `: query them with query_frames, e.g. SELECT * FROM ${hidden[0].table} LIMIT 50 OFFSET ${
          hidden[0].rows.length
        }`,
    );
  }
  if (warnings < p.warnings.length) left.push(`${p.warnings.length - warnings} more warnings`);
  if (!columns) left.push("column names and types: call query_frames without sql");
  const structured = { ...p.extra, summary: p.lead, warnings: shownWarnings, frames, left_out: left };
  const text = [
    p.lead,
    ...shownWarnings.map((w) => `Warning: ${w}`),
    `Frames (SQL tables): ${
      Object.values(frames).map((f) => `${f.table} (${f.rows_total} rows)`).join(", ") || "none"
    }`,
    left.length ? `Left out: ${left.join("; ")}` : "Nothing left out.",
  ].join("\n");
  return { structured, text };
};

/**
 * The answer: a text block (summary, warnings, frame sizes, what was left out), the structured body, and
 * its JSON as a second text block (for clients that read only text), within `budget` tokens.
 *
 * @param p The answer's parts.
 * @param budget Tokens the whole answer may take.
 */
export function compactAnswer(p: AnswerParts, budget: number): CallToolResult {
  const build = (rows: number, cell: number, warnings: number, columns: boolean, json: boolean) => {
    const { structured, text } = attempt(p, rows, cell, warnings, columns);
    const body = JSON.stringify(structured, jsonSafe);
    return {
      // The body again as text, for clients that read only text, when it fits.
      content: [{ type: "text", text }, ...(json ? [{ type: "text", text: body }] : [])],
      structuredContent: JSON.parse(body),
    } as CallToolResult;
  };
  let rows = p.rows;
  let cell = 200;
  let warnings = p.warnings.length;
  let columns = true;
  let json = true;
  for (;;) {
    const answer = build(rows, cell, warnings, columns, json);
    if (tokensOf(answer) <= budget) return answer;
    if (rows > 0) rows = Math.floor(rows / 2);
    else if (cell > 40) cell = Math.floor(cell / 2);
    else if (warnings > 0) warnings = Math.floor(warnings / 2);
    else if (columns) columns = false;
    else if (json) json = false;
    else return answer; // the frames' names and sizes alone: the smallest answer there is
  }
}
