/**
 * The zod types the client's public types use, named so that your code can write them: they are zod's own
 * (`z.ZodType`, `z.input`, `z.output`, …), aliased here because the package's documentation can only link
 * types it exports.
 *
 * @module
 */
import type { z } from "zod";

/** A zod schema parsing `Input` into `Output`: zod's `z.ZodType`. */
export type ZodType<Output = unknown, Input = unknown> = z.ZodType<Output, Input>;
/** A zod object schema: zod's `z.ZodObject`. */
export type ZodObject = z.ZodObject;
/** What schema `T` parses to: zod's `z.output<T>`. */
export type ZodOutput<T> = z.output<T>;
/** What schema `T` accepts: zod's `z.input<T>`. */
export type ZodInput<T> = z.input<T>;
/** A string schema whose output is branded `B` (e.g. `ApprovalId`): zod's `z.core.$ZodBranded`. */
export type ZodBrandedString<B extends string> = z.core.$ZodBranded<z.ZodString, B, "out">;
