/**
 * Sandbox handlers: diseases (spec 4.2) and regulatory (spec 4.3).
 *
 * @module
 */
import type { HandlerTable } from "../handler.ts";
import { diseasesAutocomplete, diseasesLandscape } from "./_diseases.ts";
import { regulatoryCatalysts } from "./_regulatory_catalysts.ts";
import { regulatoryLandscape, regulatorySearch } from "./_regulatory_search.ts";

/** Handlers of this domain, by endpoint name. */
export const handlers: HandlerTable = {
  "diseases.autocomplete": diseasesAutocomplete,
  "diseases.landscape": diseasesLandscape,
  "regulatory.search": regulatorySearch,
  "regulatory.landscape": regulatoryLandscape,
  "regulatory.catalysts": regulatoryCatalysts,
};
