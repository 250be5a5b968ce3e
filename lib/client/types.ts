/**
 * Types derived from the endpoint catalogue: each endpoint's parameters, row type and result type,
 * and the shape of the client's namespaces (`ri.trials.search`, `ri.patents.yoyGrowth`, …).
 *
 * @module
 */
import type { ParamsOf, ResponseOf } from "./catalogue.ts";
import type { ENDPOINTS } from "./endpoints/mod.ts";
import type { AllOptions } from "./paginate.ts";
import type { RequestOptions } from "./request.ts";
import type { BodyResult, RowsResult } from "./result.ts";
import type { SchemaOutput, StandardSchemaV1 } from "./standard_schema.ts";

/** The catalogue's type. */
export type Endpoints = typeof ENDPOINTS;
/** An endpoint name, e.g. `trials.search`. */
export type EndpointName = keyof Endpoints;

/** The property `K` of `T` (null/undefined stripped), or never. */
export type At<T, K extends string> = NonNullable<T> extends infer U ? K extends keyof U ? U[K] : never
  : never;
/** The type at dotted path `P` of `T`, e.g. `Get<Body, "data.trials">`. */
export type Get<T, P extends string> = P extends `${infer H}.${infer R}` ? Get<At<T, H>, R> : At<T, P>;
/** The element type of an array type (null/undefined stripped). */
export type Elem<T> = NonNullable<T> extends readonly (infer X)[] ? X : never;

/**
 * The row type of a list endpoint: the element type of the response schema at its first `rows`
 * path, or of its first row group (rows then carry the group name in `group`).
 */
export type RowOf<E> = E extends {
  readonly rows: readonly [infer F extends string, ...unknown[]];
  readonly response: infer R extends StandardSchemaV1;
} ? Elem<Get<SchemaOutput<R>, F>>
  : E extends {
    readonly rowGroups: readonly [infer F extends string, ...unknown[]];
    readonly response: infer R extends StandardSchemaV1;
  } ? Elem<Get<SchemaOutput<R>, F>> & { readonly group: string }
  : never;

/** What one call of an endpoint resolves to: rows for list endpoints, the body otherwise. */
export type ResultOf<E> = E extends
  { readonly rows: readonly string[] } | { readonly rowGroups: readonly string[] } ? RowsResult<RowOf<E>>
  : BodyResult<ResponseOf<E>>;

/** `true` when every property of `P` is optional. */
// deno-lint-ignore ban-types
export type NoRequired<P> = {} extends P ? true : false;

/** Arguments of a call: parameters (required when the endpoint has required ones), then options. */
export type ArgsOf<E, O = RequestOptions> = NoRequired<ParamsOf<E>> extends true
  ? [params?: ParamsOf<E>, options?: O]
  : [params: ParamsOf<E>, options?: O];

/** Arguments of `.all()` / `.iterate()` (no `page`). */
export type AllArgsOf<E> = NoRequired<Omit<ParamsOf<E>, "page">> extends true
  ? [params?: Omit<ParamsOf<E>, "page">, options?: AllOptions]
  : [params: Omit<ParamsOf<E>, "page">, options?: AllOptions];

/** A page-paginated endpoint method: one page, `.all()` pages, or `.iterate()` rows. */
export interface PagedMethod<E> {
  /** Fetch one page. */
  (...args: ArgsOf<E>): Promise<ResultOf<E>>;
  /** Fetch every page (concurrently after the first) and check completeness against the exact total. */
  all(...args: AllArgsOf<E>): Promise<RowsResult<RowOf<E>>>;
  /** Iterate every row, fetching a few pages ahead. */
  iterate(...args: AllArgsOf<E>): AsyncGenerator<RowOf<E>, void, undefined>;
}

/** The client method of an endpoint. */
export type MethodOf<E> = E extends { readonly pagination: "page" } ? PagedMethod<E>
  : (...args: ArgsOf<E>) => Promise<ResultOf<E>>;

/** The namespace part of an endpoint name (`trials` of `trials.search`). */
export type NsOf<N> = N extends `${infer A}.${string}` ? A : never;

/** The client's namespaces, derived from the catalogue names (`namespace.method`). */
export type Namespaces = {
  readonly [NS in NsOf<EndpointName>]: {
    readonly [N in EndpointName as N extends `${NS}.${infer M}` ? M : never]: MethodOf<Endpoints[N]>;
  };
};
