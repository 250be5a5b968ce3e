/**
 * Private, compile-time only: ties the generated {@linkcode Catalogue} to the catalogue's zod schemas in
 * both directions (`ENDPOINTS: Catalogue = catalogue` checks only that the schemas fit it): each
 * response's parsed body and each parameter guard's input and output are mutually assignable, so a
 * schema changed without `deno task api-types` fails `deno check`, naming the endpoint.
 *
 * @module
 */
import type { z } from "zod";
import type { catalogue } from "./mod.ts";
import type { Catalogue } from "./_catalogue.gen.ts";
import type { SchemaInput, SchemaOutput, StandardSchemaV1 } from "../standard_schema.ts";

type C = typeof catalogue;
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Guard<D> = D extends { readonly guard: infer G } ? G : never;
type SameGuard<Z, P> = Z extends z.ZodType ? P extends StandardSchemaV1 ? Same<
      [z.input<Z>, z.output<Z>],
      [SchemaInput<P>, SchemaOutput<P>]
    >
  : false
  : false;
type ParamsDrift<N extends keyof C> = {
  [K in keyof C[N]["params"]]: K extends keyof Catalogue[N]["params"]
    ? SameGuard<Guard<C[N]["params"][K]>, Guard<Catalogue[N]["params"][K]>>
    : false;
}[keyof C[N]["params"]];
/** The endpoints whose generated types differ from their schemas (none). */
type Drift = {
  [N in keyof C]: Same<z.output<C[N]["response"]>, SchemaOutput<Catalogue[N]["response"]>> extends true
    ? false extends ParamsDrift<N> ? N : never
    : N;
}[keyof C];

/** Fails to compile, naming the endpoints, when {@linkcode Catalogue} is stale. */
export const _noDrift: [Drift] extends [never] ? true : { stale: Drift } = true;
