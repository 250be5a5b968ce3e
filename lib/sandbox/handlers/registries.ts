/**
 * Sandbox handlers: grants (4.5), Medicare (4.6), researchers, resolution and financials (4.7),
 * alerts (4.9). The behaviour and the sandbox's documented choices live in the `_registries_*.ts`
 * files this table assembles.
 *
 * @module
 */
import type { HandlerTable } from "../handler.ts";
import { grantSample, searchGrants } from "./_registries_grants.ts";
import { searchMedicare } from "./_registries_medicare.ts";
import {
  getAlert,
  leiToTicker,
  listAlerts,
  researcherWorks,
  resolveOrganizations,
} from "./_registries_people.ts";

/** Handlers of this domain, by endpoint name. */
export const handlers: HandlerTable = {
  "grants.sample": grantSample,
  "grants.search": searchGrants,
  "medicare.search": searchMedicare,
  "researchers.works": researcherWorks,
  "resolve.organizations": resolveOrganizations,
  "financials.leiToTicker": leiToTicker,
  "alerts.list": listAlerts,
  "alerts.get": getAlert,
};
