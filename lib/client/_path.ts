/**
 * Private: read a dotted path (`data.counts.total_unique_drugs`) out of a parsed JSON body, or every
 * string along a path that steps into arrays (`data[].indications[]`).
 *
 * @module
 */

/** The value at `path` in `body`, or `undefined` when any step is missing. */
export function getPath(body: unknown, path: string): unknown {
  let cur: unknown = body;
  for (const key of path.split(".")) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/**
 * The strings at a path where `name[]` steps into every element of an array (`data[].indications[]`);
 * empty strings and values that are not strings are left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { valuesAt } from "./_path.ts";
 * const body = { data: [{ tags: ["a", " "] }, { tags: ["b", 3] }, { tags: null }, { id: "x" }] };
 * assert.deepEqual(valuesAt(body, "data[].tags[]"), ["a", "b"]);
 * assert.deepEqual(valuesAt(body, "data[].id"), ["x"]);
 * ```
 */
export function valuesAt(body: unknown, path: string): string[] {
  let cur: unknown[] = [body];
  for (const seg of path.split(".")) {
    const many = seg.endsWith("[]");
    const key = many ? seg.slice(0, -2) : seg;
    cur = cur.flatMap((v) => {
      const x = v !== null && typeof v === "object" && !Array.isArray(v)
        ? (v as Record<string, unknown>)[key]
        : undefined;
      return many ? (Array.isArray(x) ? x : []) : [x];
    });
  }
  return cur.filter((v): v is string => typeof v === "string" && v.trim() !== "");
}
