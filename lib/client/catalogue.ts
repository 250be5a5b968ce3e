/**
 * The endpoint catalogue: every documented endpoint of the Research Intelligence Data Service
 * (spec parts 4.1–4.9), as data. The client's methods, the sandbox's validation and routing, the
 * README's endpoint table and the coverage test all derive from this one table.
 *
 * @module
 */
import type { Tier } from "./schemas/vocab.ts";
import type { ParamDef } from "./params.ts";
import type { SchemaInput, SchemaOutput, StandardSchemaV1 } from "./standard_schema.ts";

/** Response envelope kind (spec part 4): implicit = any 2xx JSON; flagged = `success: true` + data. */
export type Envelope = "implicit" | "flagged";

/** Pagination style of an endpoint. */
export type Pagination = "page" | "none";

/** A cross-parameter rule. */
export interface Check {
  /** Parameters involved (named in the error). */
  readonly params: readonly string[];
  /** True when the combination is acceptable. */
  readonly ok: (p: Readonly<Record<string, unknown>>) => boolean;
  /** What is wrong and how to fix it. */
  readonly message: string;
  /** Status the service answers when the rule is broken; absent = it silently answers 200. */
  readonly server?: 400 | 500;
  /** PITFALLS.md rows. */
  readonly pitfalls?: readonly number[];
}

/** Where the exact total lives and what it means. */
export interface TotalDef {
  /** Dotted path in the body. */
  readonly path: string;
  /** `exact`: the number of matching rows; `hasMore`: only a more-pages flag (with `path` exact too). */
  readonly kind: "exact";
}

/**
 * The contract check's one cheap call of an endpoint (lib/client/contract.ts). A parameter value
 * written `{name}` is an id found by an earlier call of the same run (see `offers`), never a second
 * list of fixtures; the first parameter set whose ids are all known is used.
 */
export interface Probe {
  /** Parameter sets in order of preference. @default [{}] */
  readonly params?: readonly Readonly<Record<string, unknown>>[];
  /** Ids this endpoint's answer offers later calls: id name → paths of values (`data[].trial_id`). */
  readonly offers?: Readonly<Record<string, readonly string[]>>;
  /** The call spends a scarce daily quota (disease landscape, 1,000/day): made only when asked. */
  readonly scarce?: boolean;
}

/** One endpoint of the catalogue. */
export interface Endpoint<
  P extends Record<string, ParamDef> = Record<string, ParamDef>,
  R extends StandardSchemaV1 = StandardSchemaV1,
> {
  /** `namespace.method`, e.g. `trials.search`. */
  readonly name: string;
  /** HTTP method. */
  readonly method: "GET" | "POST";
  /** Path with `:param` placeholders. */
  readonly path: string;
  /** Spec section. */
  readonly section: string;
  /** One-line summary. */
  readonly summary: string;
  /** Parameters by wire name. */
  readonly params: P;
  /** Response body schema. */
  readonly response: R;
  /** Envelope kind. */
  readonly envelope: Envelope;
  /** Lowest tier that may call it (`any`, `pro`, or `pos` for trial-pos). */
  readonly tier: "any" | Tier;
  /** Daily quota per tier (spec part 8; trial-pos is the sandbox's documented choice). */
  readonly quota?: Readonly<Partial<Record<Tier, number>>>;
  /** Dotted paths to the rows; the first present wins (aggregate: `buckets` or `data`). */
  readonly rows?: readonly string[];
  /** Row groups concatenated with a group label (regulatory landscape tiers). */
  readonly rowGroups?: readonly string[];
  /** Where the exact total lives, when the endpoint has one. */
  readonly total?: string;
  /** Dotted path of a `hasMore` flag. */
  readonly hasMore?: string;
  /** Pagination style. */
  readonly pagination: Pagination;
  /** Rows are capped at this parameter's value (or fixed number): a full page means more may exist. */
  readonly cap?: { readonly param?: string; readonly fixed?: number; readonly total?: string };
  /** Cross-parameter rules. */
  readonly checks?: readonly Check[];
  /** Parameters the service rejects with 400 when present (PITFALLS 20). */
  readonly rejects?: readonly string[];
  /** Parameters the client always sends with a fixed value (PITFALLS 19). */
  readonly fixed?: Readonly<Record<string, string>>;
  /** Statuses the spec documents for this endpoint, with their meaning. */
  readonly errors: Readonly<Record<number, string>>;
  /**
   * Parameters naming the entity the service resolves (spec 4.1, 4.8): on these endpoints an HTTP 500
   * means "could not resolve", whatever the body, and the first of them present is the input named.
   */
  readonly entity?: readonly string[];
  /** The contract check's cheap call. */
  readonly probe?: Probe;
}

/**
 * Define an endpoint, keeping its literal types (parameter definitions, the response schema, the
 * `rows`/`rowGroups` paths and the pagination style) so the client can derive its method types.
 */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** The input type a caller passes for a parameter definition (its guard's input). */
export type Guard<D> = D extends ParamDef<infer G> ? SchemaInput<G> : never;
/** The names of the required parameters of a parameter table. */
export type ReqKeys<P> = { [K in keyof P]: P[K] extends { required: true } ? K : never }[keyof P];
/** Flatten an intersection into one object type (for readable hovers). */
// deno-lint-ignore ban-types
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The parameters a caller passes to an endpoint (required ones required), typed from the guards. */
export type ParamsOf<E> = E extends Endpoint<infer P, StandardSchemaV1> ? Simplify<
    & { [K in ReqKeys<P>]: Guard<P[K]> }
    & { [K in Exclude<keyof P, ReqKeys<P>>]?: Guard<P[K]> }
  >
  : never;

/** The parsed response body of an endpoint. */
export type ResponseOf<E> = E extends Endpoint<Record<string, ParamDef>, infer R> ? SchemaOutput<R> : never;
