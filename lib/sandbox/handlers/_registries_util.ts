/**
 * Small helpers of the patents, registries and biology handlers (the SQL building blocks live in
 * `../_sql.ts`): the row type node:sqlite returns, patent date forms, JSON list columns, rounding.
 *
 * @module
 */
import type { SQLOutputValue } from "node:sqlite";

/** A row as node:sqlite returns it. */
export type SqlRow = Record<string, SQLOutputValue>;

/** `YYYY-MM-DD` → `YYYYMMDD` (patent stored form). */
export function compactDate(iso: string): string {
  return iso.replaceAll("-", "");
}

/** Parse a JSON array column into strings (empty on null or bad JSON). */
export function jsonList(v: SQLOutputValue | undefined): string[] {
  if (typeof v !== "string") return [];
  try {
    const a: unknown = JSON.parse(v);
    return Array.isArray(a) ? a.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Round to `digits` decimals. */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
