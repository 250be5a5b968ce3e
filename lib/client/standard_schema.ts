/**
 * How the public API names a schema: the Standard Schema v1 interface (https://standardschema.dev),
 * declared here as its authors intend (copied, no dependency). The toolkit's schemas are zod schemas,
 * which implement it; its types say only `StandardSchemaV1<Input, Output>`, so your code type-checks
 * against plain types and can validate with any Standard Schema tool — or with zod, whose schemas
 * these are.
 *
 * @example Validate a value as the client does before sending it
 * ```ts
 * import assert from "node:assert/strict";
 * import { ENDPOINTS } from "@research-intel/toolkit/client";
 * const status = ENDPOINTS["trials.search"].params.status.guard["~standard"];
 * assert.deepEqual(await status.validate("recruiting"), { value: "RECRUITING" }); // the form sent
 * const bad = await status.validate("open");
 * assert.match(bad.issues?.[0].message ?? "", /must be one of/);
 * ```
 *
 * @module
 */

/** A schema that validates an `Input` into an `Output` (Standard Schema v1; zod schemas implement it). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly "~standard": StandardSchemaProps<Input, Output>;
}

/** The properties of a {@linkcode StandardSchemaV1}. */
export interface StandardSchemaProps<Input = unknown, Output = Input> {
  /** The version of the Standard Schema interface. */
  readonly version: 1;
  /** The library that made the schema (`zod` for the toolkit's). */
  readonly vendor: string;
  /** Validates an unknown value: its output, or the issues found. */
  readonly validate: (value: unknown) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>;
  /** The input and output types (for type inference only; absent at run time). */
  readonly types?: StandardSchemaTypes<Input, Output> | undefined;
}

/** The result of {@linkcode StandardSchemaProps.validate}: the output, or the issues. */
export type StandardSchemaResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardSchemaIssue> };

/** One problem found by a schema. */
export interface StandardSchemaIssue {
  /** What is wrong. */
  readonly message: string;
  /** Where: the keys from the root of the value to the problem. */
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** The input and output types of a schema. */
export interface StandardSchemaTypes<Input = unknown, Output = Input> {
  /** What the schema accepts. */
  readonly input: Input;
  /** What it validates into. */
  readonly output: Output;
}

/** What schema `S` accepts, e.g. the values a parameter's guard takes. */
export type SchemaInput<S extends StandardSchemaV1> = NonNullable<S["~standard"]["types"]>["input"];
/** What schema `S` validates into, e.g. the parsed body of a response schema. */
export type SchemaOutput<S extends StandardSchemaV1> = NonNullable<S["~standard"]["types"]>["output"];

/**
 * The mark of a branded string: `string & Brand<"ApprovalId">` is a string the toolkit has checked
 * to be an approval id, so a different kind of id cannot be passed in its place.
 */
export interface Brand<B extends string> {
  /** The brand's name (types only; absent at run time). */
  readonly "~brand": B;
}
