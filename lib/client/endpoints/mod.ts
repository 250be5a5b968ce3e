/**
 * All 28 documented endpoints, keyed by `namespace.method`.
 *
 * @module
 */
import { biologyEndpoints } from "./biology.ts";
import { patentEndpoints } from "./patents.ts";
import { registryEndpoints } from "./registries.ts";
import { regulatoryEndpoints } from "./regulatory.ts";
import { trialEndpoints } from "./trials.ts";
import type { Catalogue } from "./_catalogue.gen.ts";

/**
 * The catalogue as written, its type inferred (the source of {@linkcode Catalogue}, which
 * `deno task api-types` writes; not public).
 */
export const catalogue = {
  ...trialEndpoints,
  ...regulatoryEndpoints,
  ...patentEndpoints,
  ...registryEndpoints,
  ...biologyEndpoints,
};

/** The endpoint catalogue: each endpoint's path, parameters and response schema, by `namespace.method`. */
export const ENDPOINTS: Catalogue = catalogue;

/** An endpoint name, e.g. `trials.search`. */
export type EndpointName = keyof typeof ENDPOINTS;
