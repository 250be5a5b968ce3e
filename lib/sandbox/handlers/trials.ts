/**
 * Sandbox handlers: clinical trials (spec 4.1).
 *
 * @module
 */
import type { HandlerTable } from "../handler.ts";
import { trialsSearch, trialsTopics } from "../_trials_registry.ts";

/** Handlers of this domain, by endpoint name. */
export const handlers: HandlerTable = {
  "trials.search": trialsSearch,
  "trials.topics": trialsTopics,
};
