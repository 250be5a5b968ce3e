/**
 * Sandbox handlers: clinical trials (spec 4.1).
 *
 * @module
 */
import type { HandlerTable } from "../handler.ts";
import { trialsComposite } from "./_trials_composite.ts";
import { trialsPortfolio } from "./_trials_portfolio.ts";
import { trialsSearch, trialsTopics } from "./_trials_registry.ts";
import { trialsDetails, trialsPos } from "./_trials_single.ts";

/** Handlers of this domain, by endpoint name. */
export const handlers: HandlerTable = {
  "trials.search": trialsSearch,
  "trials.topics": trialsTopics,
  "trials.composite": trialsComposite,
  "trials.portfolio": trialsPortfolio,
  "trials.details": trialsDetails,
  "trials.pos": trialsPos,
};
