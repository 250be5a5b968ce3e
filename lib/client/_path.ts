/**
 * Private: read a dotted path (`data.counts.total_unique_drugs`) out of a parsed JSON body.
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
