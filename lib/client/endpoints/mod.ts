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

/** The endpoint catalogue. */
export const ENDPOINTS = {
  ...trialEndpoints,
  ...regulatoryEndpoints,
  ...patentEndpoints,
  ...registryEndpoints,
  ...biologyEndpoints,
};

/** An endpoint name, e.g. `trials.search`. */
export type EndpointName = keyof typeof ENDPOINTS;
