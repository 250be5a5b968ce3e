/**
 * Private: the zod schema behind a schema the public types name by the Standard Schema interface
 * (every schema of the catalogue, the analyses' parameters and the watchlist is a zod schema).
 *
 * @module
 */
import { z } from "zod";
import type { StandardSchemaV1 } from "./standard_schema.ts";

/** `s` as the zod schema it is; throws if it is not one (a schema from outside the toolkit). */
export function asZod(s: StandardSchemaV1): z.ZodType {
  if (!(s instanceof z.ZodType)) {
    throw new TypeError(`Expected one of the toolkit's zod schemas, got a ${s["~standard"].vendor} schema`);
  }
  return s;
}
