/**
 * Private: checks of analysis parameters that the types cannot enforce for callers from JSON or plain
 * JavaScript (a watchlist, a notebook cell): a list given as one string would otherwise be spread into
 * characters or fail deep inside with "map is not a function".
 *
 * @module
 */
import { badInput } from "../client/errors.ts";

/**
 * Throws a `TypeError` naming the analysis, the parameter, the value and the fix when a list parameter
 * holds something other than an array.
 *
 * @param analysis The analysis' function name, for the message.
 * @param params Its parameters.
 * @param names The list parameters to check (absent ones are fine).
 */
export function requireLists(analysis: string, params: object, names: readonly string[]): void {
  for (const name of names) {
    const value = (params as Record<string, unknown>)[name];
    if (value !== undefined && !Array.isArray(value)) {
      const shown = JSON.stringify(value) ?? String(value);
      throw badInput(new TypeError(`${analysis}: ${name} must be a list, got ${shown}; pass [${shown}]`));
    }
  }
}
